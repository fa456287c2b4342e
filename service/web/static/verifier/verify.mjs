// The checks of LOG-FORMAT.md "Verification" that need no rules engine, in its order,
// and the checkpoint of CHECKPOINT-FORMAT.md "Verifying a signed log".
import { canonical } from "./ijson.mjs";
import { ed25519Verify, fromHex, hmacHex, sha256Hex } from "./hashes.mjs";
import { readLog } from "./logfile.mjs";
import { checkCheckpoint } from "./checkpoint.mjs";
import { firstDifferingDraw, mixedSeed } from "./draws.mjs";

export const GENERATORS = ["frontier-sha256-v1"];
const GENESIS = "0".repeat(64);

class Problem {
  constructor(line, version, code, reason) {
    Object.assign(this, { line, version, code, reason });
  }
}

const withoutHash = (line) => Object.fromEntries(Object.entries(line).filter(([k]) => k !== "hash"));
export const lineHash = (line, format) => sha256Hex(canonical(withoutHash(line), format));

/** Step 1: the hash chain (LOG-FORMAT.md "Canonical JSON and hashes"). */
async function checkChain(lines, format) {
  let prev = GENESIS;
  for (const [i, line] of lines.entries()) {
    if (line.prev !== prev) return new Problem(i + 1, line.version, "BROKEN_CHAIN", "prev does not link");
    if ((await lineHash(line, format)) !== line.hash) {
      return new Problem(i + 1, line.version, "BROKEN_CHAIN", "hash does not recompute");
    }
    prev = line.hash;
  }
  return null;
}

/** Step 1, last: only a tabletop log (no seed commitment) lists items nobody saw (LOG-FORMAT.md "unseen"). */
function checkUnseen(lines) {
  if (lines[0].seed_commitment === null) return null;
  const at = lines.findIndex((line) => "unseen" in line);
  if (at < 0) return null;
  const reason = "a line lists items nobody saw (unseen), but the header commits to a seed";
  return new Problem(at + 1, lines[at].version, "UNSEEN_IN_SEEDED_LOG", reason);
}

/**
 * Step 1, after `unseen`: a seat whose seat line records a key (`seat_key`) signed each of its moves
 * (LOG-FORMAT.md "Seat signatures"); autopilot moves and rulings are the server's and are only counted.
 */
async function checkSeatSignatures(lines) {
  const gameId = lines[0].game_id;
  const keys = new Map();
  const signed = {};
  let server = 0;
  for (const [i, line] of lines.entries()) {
    const bad = (reason) => ({ problem: new Problem(i + 1, line.version, "SEAT_SIGNATURE", reason) });
    if (line.type === "seat" && "seat_key" in line) {
      keys.set(line.seat, line.seat_key);
      signed[line.seat + 1] = 0;
    } else if (line.type === "ruling" || (line.type === "entry" && "by" in line)) {
      server += 1;
    } else if (line.type === "entry") {
      const who = `seat ${line.seat + 1}`;
      const key = keys.get(line.seat);
      const given = line.seat_signature;
      if (key === undefined) {
        if (given !== undefined) return bad(`${who} claimed no key, yet the line carries a seat signature`);
        continue;
      }
      if (given === undefined) return bad(`${who} holds a key (its seat line), but this move carries no signature of it`);
      const fields = { command: line.command, command_id: given.command_id, game_id: gameId, seat: line.seat, version: line.version };
      const message = new TextEncoder().encode("frontier-move-v1:" + canonical(fields));
      if (!(await ed25519Verify(fromHex(key), fromHex(given.signature), message))) {
        return bad(`the signature is not ${who}'s key's over this move`);
      }
      signed[line.seat + 1] += 1;
    }
  }
  return keys.size ? { signed_by_seat: signed, server_lines: server } : {};
}

/** Step 2: the revealed seed, usable or the problem to report at the trailer. */
async function checkSeed(header, trailer) {
  const seed = trailer?.seed ?? null;
  const at = (code, reason) => ({ problem: [code, reason] });
  if (trailer?.status === "finished" && header.seed_commitment !== null && seed === null) {
    return at("SEED_WITHHELD", "finished, but the seed is withheld");
  }
  if (seed === null) return {};
  if (header.seed_commitment === null) return at("NO_COMMITMENT", "a seed revealed for a header that commits to none");
  if ((await sha256Hex("frontier-seed-v1:", fromHex(seed))) !== header.seed_commitment) {
    return at("SEED_MISMATCH", "the seed does not match the commitment");
  }
  return { usable: fromHex(seed) };
}

/**
 * Step 3 without the rules: salts, seat lines, the deal line (LOG-FORMAT.md "Salts", 3.2, 3.5-3.7),
 * and from format 5 every draw re-derived from the seed where the rules would draw it ("Format 5").
 */
async function checkLines(lines, format, seed) {
  const header = lines[0];
  const salt = (v) => hmacHex(seed, `frontier-log/v2/salt/${header.game_id}/${v}`);
  const rederives = seed && format >= 5;
  let rngSeed = header.player_entropy === true ? null : seed; // a player-entropy game draws from its deal on
  const drawProblem = async (n, line, counter) => {
    const at = rngSeed ? await firstDifferingDraw(line.draws, rngSeed, header.deal ?? header.game_id, counter) : 0;
    return at ? new Problem(n, line.version, "DRAW_DIFFERS", `draw ${at} is not the one the seed gives`) : null;
  };
  if (!GENERATORS.includes(header.rng ?? "frontier-sha256-v1")) {
    return new Problem(1, 1, "UNKNOWN_RNG", `no generator ${header.rng}`);
  }
  if (seed && format >= 2 && header.salt !== (await salt(1))) {
    return new Problem(1, 1, "SALT_DIFFERS", "the header's salt is not the seed's");
  }
  if (rederives) {
    const problem = await drawProblem(1, header, 0);
    if (problem) return problem;
  }
  const entropy = header.player_entropy === true;
  const taken = header.players.map((name) => name !== "");
  const commitments = header.players.map(() => null);
  let dealt = !entropy;
  for (const [i, line] of lines.entries()) {
    const n = i + 1;
    const problem = (code, reason) => new Problem(n, line.version, code, reason);
    if (line.type === "entry" || line.type === "ruling" || line.type === "upgrade") {
      if (!dealt && line.type === "entry") return problem("NOT_DEALT", "a command before the deal");
      if (rederives && line.type === "entry") {
        const differs = await drawProblem(n, line, line.version - 1);
        if (differs) return differs;
      }
      if (seed && format >= 2 && line.salt !== (await salt(line.version))) return problem("SALT_DIFFERS", "salt");
    } else if (line.type === "seat") {
      const claim = format >= 4 ? "client_commitment" : "client_seed";
      if (line.seat < 0 || line.seat >= header.seats) return problem("BAD_SEAT", `no seat ${line.seat + 1}`);
      if (taken[line.seat]) return problem("SEAT_TAKEN", `seat ${line.seat + 1} is taken`);
      if (entropy && line[claim] === null) return problem("MISSING_CLIENT_SEED", `no ${claim}`);
      if (!entropy && line[claim] !== null) return problem("UNEXPECTED_CLIENT_SEED", `a ${claim} without player entropy`);
      taken[line.seat] = true;
      commitments[line.seat] = line[claim];
      const message = canonical({ [claim]: line[claim], game_id: header.game_id, player: line.player, seat: line.seat });
      const prefix = format >= 4 ? "frontier-log/v4/seat/" : "frontier-log/v3/seat/";
      if (seed && line.salt !== (await hmacHex(seed, prefix + message))) {
        return problem("SEAT_ALTERED", "the seat line is not the one the server acknowledged");
      }
    } else if (line.type === "deal") {
      if (!entropy || dealt) return problem("UNEXPECTED_DEAL", "a deal line in a game dealt at creation");
      if (taken.includes(false)) return problem("SEATS_OPEN", "dealt with a seat open");
      for (const [s, revealed] of (format >= 4 ? line.client_seeds : []).entries()) {
        if (commitments[s] !== null && revealed === null) return problem("REVEAL_MISSING", `seat ${s + 1} not revealed`);
        if (commitments[s] === null && revealed !== null) return problem("UNEXPECTED_REVEAL", `seat ${s + 1}`);
        if (revealed !== null && (await sha256Hex("frontier-client-seed-v1:", revealed)) !== commitments[s]) {
          return problem("SEED_REVEAL_DIFFERS", `seat ${s + 1}'s seed is not the one it committed to`);
        }
      }
      if (seed && line.salt !== (await hmacHex(seed, `frontier-log/v3/deal/${header.game_id}`))) {
        return problem("SALT_DIFFERS", "the deal line's salt");
      }
      if (rederives) {
        rngSeed = await mixedSeed(lines.at(-1).seed, line.client_seeds);
        const differs = await drawProblem(n, line, 0);
        if (differs) return differs;
      }
      dealt = true;
    }
  }
  return { dealt };
}

/**
 * Verify a log file's bytes. `key` is the trusted Ed25519 public key (hex or PEM), or null.
 * The rules are never re-run: `rules` says so in every result.
 */
export async function verifyLog(bytes, key = null) {
  const result = { rules: "not re-run", verdict: null, problem: null, signature: null };
  let log;
  try {
    log = readLog(bytes);
  } catch (e) {
    if (!("line" in e)) throw e;
    return { ...result, verdict: "unreadable", problem: new Problem(e.line, null, "MALFORMED_LINE", e.reason) };
  }
  const { lines, checkpoint, format } = log;
  const header = lines[0];
  const trailer = lines.at(-1).type === "trailer" ? lines.at(-1) : null;
  result.lines = lines.length;
  result.draws_recorded = lines.reduce((n, l) => n + (l.draws?.length ?? 0), 0);
  result.draws_rederived = 0;
  result.signature = await checkCheckpoint(lines, trailer, checkpoint, key);
  const seed = await checkSeed(header, trailer);
  let problem = (await checkChain(lines, format)) ?? checkUnseen(lines);
  if (!problem) {
    const seats = await checkSeatSignatures(lines);
    problem = seats.problem ?? null;
    if (seats.signed_by_seat) Object.assign(result, { signed_by_seat: seats.signed_by_seat, server_lines: seats.server_lines });
  }
  let checked = null;
  if (!problem) checked = await checkLines(lines, format, seed.usable);
  if (checked instanceof Problem) problem = checked;
  if (!problem && seed.problem) problem = new Problem(lines.length, trailer.version, ...seed.problem);
  if (!problem && seed.usable && format >= 5) result.draws_rederived = result.draws_recorded;
  result.problem = problem;
  if (problem) result.verdict = "failed";
  else if (trailer?.status === "finished" && checked.dealt) result.verdict = "passed";
  else result.verdict = "incomplete";
  result.seed = seed.usable ? "revealed and matches its commitment" : header.seed_commitment ? "not revealed" : "none";
  return result;
}
