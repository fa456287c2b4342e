// A Frontier Ledger client from proto/ alone, over @connectrpc/connect-node: creates a game, plays
// every seat over its own Play stream (each seat sends the first of its legal commands whenever a
// message leaves it to act), and prints a JSON summary once the game is over.
//
//   node play.mjs HOST:PORT [GAME] [SEATS]        (default: most-wanted with 3 seats)
//
// Over TLS as the `frontier` command does: $FRONTIER_TLS_CA names the CA certificate to trust,
// or FRONTIER_TLS=1 trusts Node's own store (docs/operating.md).
//
// The contract when seats act at once (docs/api.md, "Playing a seat"): a command chosen from an
// update the game has moved past is refused (ABORTED STALE_VERSION with expected_version). The
// client then sends nothing more for that update: the next push brings fresh legal commands.
//
// Messages are built and read in protobuf's JSON form (snake_case names kept), so a table's options,
// a google.protobuf.Struct, are a plain object. Play is a bidirectional stream: it needs HTTP/2, so
// the transport speaks gRPC to the gRPC port (Connect's own protocol serves the unary calls and server
// streams on the web port too, docs/api.md).

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fromJson, toJson } from "@bufbuild/protobuf";
import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { loadRegistry } from "./descriptors.mjs";
import { statusDetails } from "./errors.mjs";

const PROTO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../proto");
const JSON_OPTIONS = { useProtoFieldName: true, alwaysEmitImplicit: true };

const [address = "localhost:50051", game = "most-wanted", seatArg = "3"] = process.argv.slice(2);
const seats = Number(seatArg);
// Table options are a google.protobuf.Struct: in the JSON form, a plain object.
const OPTIONS = { "most-wanted": { max_turns: 60, tie_rule: "nobody_wins", last_call: true } };

const registry = loadRegistry(PROTO_DIR);
const service = registry.getService("frontier.v1.FrontierLedger");
const client = createClient(service, transport());

function transport() {
  const ca = process.env.FRONTIER_TLS_CA;
  const tls = Boolean(ca) || process.env.FRONTIER_TLS === "1";
  return createGrpcTransport({
    baseUrl: `${tls ? "https" : "http"}://${address}`,
    nodeOptions: ca ? { ca: readFileSync(ca) } : {},
  });
}

function headers(token) {
  return token ? { authorization: `Bearer ${token}` } : {};
}

// A unary call in the JSON form: its request built from `request`, its answer read back as JSON.
async function unary(method, request, token) {
  const desc = service.method[method];
  const reply = await client[method](fromJson(desc.input, request, { registry }), {
    headers: headers(token),
    timeoutMs: 30_000,
  });
  return toJson(desc.output, reply, { ...JSON_OPTIONS, registry });
}

// A queue the Play stream reads its requests from: the seat writes as updates arrive.
function outbox() {
  const waiting = [];
  let wake = null;
  let closed = false;
  return {
    write(message) {
      waiting.push(message);
      wake?.();
    },
    close() {
      closed = true;
      wake?.();
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (waiting.length) yield waiting.shift();
        else if (closed) return;
        else await new Promise((resolve) => (wake = resolve));
      }
    },
  };
}

// One seat's stream: resolves with what the seat saw once the server ends it (the game is over).
async function playSeat(gameId, seat, token) {
  const play = service.method.play;
  const requests = outbox();
  const send = (json) => requests.write(fromJson(play.input, json, { registry }));
  const tally = { seat, moves: 0, refused: {}, lastVersion: 0 };
  let sentFor = -1; // the version this seat last chose a command from: one command per update
  send({ game_id: gameId });
  try {
    for await (const message of client.play(requests, { headers: headers(token) })) {
      const update = toJson(play.output, message, { ...JSON_OPTIONS, registry });
      const version = Number(update.version); // a uint64: a string in the JSON form
      tally.lastVersion = Math.max(tally.lastVersion, version);
      if (update.error) {
        // Refused, nothing recorded: not a fault when another seat moved first. Wait for the push.
        tally.refused[update.error.reason] = (tally.refused[update.error.reason] ?? 0) + 1;
        continue;
      }
      if (update.command_id && !update.duplicate) tally.moves += 1;
      if (update.status !== "in_progress" || update.legal_commands.length === 0) continue;
      if (version <= sentFor) continue; // the same step again (its push and our answer)
      sentFor = version;
      send({ command_id: randomUUID(), expected_version: update.version, command: update.legal_commands[0] });
    }
  } finally {
    requests.close();
  }
  return tally;
}

async function main() {
  // One rich error, decoded: an unknown table option is INVALID_ARGUMENT with an ErrorInfo.
  let badOption = null;
  try {
    await unary("createGame", { game, seats, options: { no_such_option: 1 } });
  } catch (error) {
    const status = statusDetails(registry, error);
    badOption = { grpc_code: status.code, ...status };
  }

  const players = Array.from({ length: seats }, (_, i) => `node-${i + 1}`);
  const created = await unary("createGame", { game, seats, players, options: OPTIONS[game] ?? {} });
  const tallies = await Promise.all(created.seats.map(({ seat, token }) => playSeat(created.game_id, seat, token)));
  const final = await unary("getState", { game_id: created.game_id }, created.seats[0].token);
  console.log(
    JSON.stringify({
      game_id: created.game_id,
      options: created.options,
      status: final.status,
      version: Number(final.version),
      outcome: {
        ranking: final.outcome.ranking.map((tier) => tier.seats),
        reason: final.outcome.reason,
      },
      seats: tallies,
      bad_option: badOption,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
