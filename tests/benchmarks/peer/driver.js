// Load drivers for the peer, in the benchmark's two play models:
//   node driver.js SERVER driver MATCHES SECONDS  one driver per match (all its seats), a round trip per move
//   node driver.js SERVER seats GAMES SECONDS     one client per seat of 4-seat games, each acting when a
//                                                 push from the server says it is its turn
//   ... durable                                 the server stores on bgio-postgres: seats join one by one
// Prints `measuring` when the timed window opens, then one JSON line: {"moves": N, "seconds": S, "p50_ms": P, "p99_ms": Q}.
const { Client } = require('boardgame.io/client');
const { SocketIO } = require('boardgame.io/multiplayer');
const { Counter } = require('./counter');

const [server, model, countText, secondsText, storage] = process.argv.slice(2);
const durable = storage === 'durable';
const count = Number(countText);
const seconds = Number(secondsText);
const latencies = [];
let moves = 0;
let measuring = false;
let stopping = false;
const clients = new Set(); // the clients of the matches in play

// Nearest rank, as the benchmark's Python side computes it.
function percentile(q) {
  if (latencies.length === 0) return 0;
  const ordered = [...latencies].sort((a, b) => a - b);
  const rank = Math.max(0, Math.min(ordered.length - 1, Math.round((q / 100) * ordered.length + 0.5) - 1));
  return ordered[rank];
}

function seat(matchID, playerID, numPlayers) {
  const client = Client({
    game: Counter,
    numPlayers,
    matchID,
    playerID: String(playerID),
    // WebSocket from the start, as a deployed client would: no long-polling phase before the upgrade.
    multiplayer: SocketIO({ server: `http://${server}`, socketOpts: { transports: ['websocket'] } }),
    debug: false,
  });
  return client;
}

function join(client) {
  clients.add(client); // only started clients: stopping one never started throws
  client.start();
}

// boardgame.io pushes a move's state before its storage has written it; on bgio-postgres the next
// move can reach the server first, be checked against the older stored state and be dropped with no
// answer. A move unanswered this long is sent again, then after twice as long each time (a resend
// costs the server a read of the whole match), its time still counted from the first send.
const RESEND_MS = 20;
const JOIN_AFTER_MS = 100;

function resendLater(client, move, wait) {
  move.resend = setTimeout(() => {
    if (stopping) return;
    client.moves.increment();
    resendLater(client, move, 2 * wait);
  }, wait);
}

// A seat that moves whenever the server's latest push says it is its turn; a move is timed until
// the push that answers it (the next state id). `ended` is called once the match is over.
function actor(client, ended) {
  let pending = null; // { stateID, started, resend }
  let over = false;
  client.subscribe((state) => {
    if (state === null || stopping || over) return;
    if (pending !== null) {
      if (state._stateID <= pending.stateID) return;
      clearTimeout(pending.resend);
      if (measuring) {
        latencies.push(Number(process.hrtime.bigint() - pending.started) / 1e6);
        moves += 1;
      }
      pending = null;
    }
    if (state.ctx.gameover !== undefined) {
      over = true;
      setImmediate(ended);
      return;
    }
    if (state.ctx.currentPlayer === client.playerID) {
      pending = { stateID: state._stateID, started: process.hrtime.bigint(), resend: undefined };
      if (durable) resendLater(client, pending, RESEND_MS);
      client.moves.increment();
    }
  });
}

// One table: a match with its seats' clients; when every seat has seen the end, the next match.
function table(index, numPlayers, round = 0) {
  if (stopping) return;
  const matchID = `bench-${process.pid}-${model}-${index}-${round}`;
  const seats = [];
  let left = numPlayers;
  const ended = () => {
    left -= 1;
    if (left === 0) {
      for (const client of seats) {
        client.stop();
        clients.delete(client);
      }
      table(index, numPlayers, round + 1);
    }
  };
  for (let playerID = 0; playerID < numPlayers; playerID += 1) {
    const client = seat(matchID, playerID, numPlayers);
    seats.push(client);
    actor(client, ended);
  }
  if (!durable) {
    seats.forEach(join);
    return;
  }
  // Seat 0 first, the others once its first move is answered: the server found the match in storage
  // to check that move, so they join an existing match (bgio-postgres crashes its server, or leaves
  // a seat unsynced, when several seats create one match at once).
  const [first, ...others] = seats;
  let joined = false;
  const unsubscribe = first.subscribe((state) => {
    if (state === null || (state._stateID === 0 && others.length > 0) || joined) return;
    joined = true;
    setImmediate(unsubscribe);
    // boardgame.io answers a move before its storage has written it: wait for the write, or a seat's
    // sync may read the state before that move and wait for a turn that has passed.
    setTimeout(() => {
      if (!stopping) others.forEach(join);
    }, JOIN_AFTER_MS);
  });
  join(first);
}

function start() {
  const numPlayers = model === 'driver' ? 1 : 4;
  for (let index = 0; index < count; index += 1) table(index, numPlayers);
}

start();
setTimeout(() => {
  measuring = true;
  process.stdout.write('measuring\n'); // the benchmark samples the server's CPU time now and at the end
  const began = process.hrtime.bigint();
  setTimeout(() => {
    measuring = false;
    stopping = true;
    const elapsed = Number(process.hrtime.bigint() - began) / 1e9;
    for (const client of clients) client.stop();
    const line = JSON.stringify({ moves, seconds: elapsed, p50_ms: percentile(50), p99_ms: percentile(99) });
    process.stdout.write(line + '\n', () => process.exit(0));
  }, seconds * 1000);
}, 1000); // warm up: connections made, first moves played
