// Reading a match log: LOG-FORMAT.md "The file" and the line tables, and
// CHECKPOINT-FORMAT.md "The checkpoint line". A file that breaks them is unreadable at a line.
import { isObject, parseStrict, Unreadable } from "./ijson.mjs";
import { isHex } from "./hashes.mjs";

const int = (x) => Number.isInteger(x);
const str = (x) => typeof x === "string";
const bool = (x) => typeof x === "boolean";
const list = (x) => Array.isArray(x);
const obj = isObject;
const h64 = (x) => isHex(x, 64);
const orNull = (check) => (x) => x === null || check(x);
const clientSeed = (x) => str(x) && [...x].length >= 1 && [...x].length <= 128;
const signer = (x) => str(x) && /^[\x21-\x7e][\x20-\x7e]{0,98}[\x21-\x7e]$|^[\x21-\x7e]$/.test(x);

// [field, check, first format that has it, last format (or none)]
const LINES = {
  header: [
    ["type", str], ["format", (x) => x === "frontier-log"], ["format_version", int], ["game_id", str],
    ["game", str], ["options", obj], ["seats", (x) => int(x) && x >= 1], ["players", (x) => list(x) && x.every(str)],
    ["tag", str], ["seed_commitment", orNull(h64)], ["version", (x) => x === 1], ["events", list], ["draws", list],
    ["prev", h64], ["hash", h64], ["rules_version", str, 2], ["rng", str, 2], ["salt", h64, 2],
    ["player_entropy", bool, 3],
  ],
  entry: [
    ["type", str], ["version", int], ["seat", int], ["command", obj], ["draws", list], ["events", list],
    ["prev", h64], ["hash", h64], ["salt", h64, 2],
  ],
  ruling: [
    ["type", str], ["version", int], ["ruling", str], ["seat", orNull(int)], ["by", str], ["reason", str],
    ["result", orNull(list)], ["prev", h64], ["hash", h64], ["salt", h64, 2],
  ],
  upgrade: [
    ["type", str], ["version", int], ["from", str], ["to", str], ["by", str], ["prev", h64], ["salt", h64],
    ["hash", h64],
  ],
  seat: [
    ["type", str], ["version", int], ["seat", int], ["player", str], ["prev", h64], ["salt", h64], ["hash", h64],
    ["client_seed", orNull(clientSeed), 3, 3], ["client_commitment", orNull(h64), 4],
  ],
  deal: [
    ["type", str], ["version", (x) => x === 1], ["events", list], ["draws", list], ["prev", h64], ["salt", h64],
    ["hash", h64], ["client_seeds", list, 4],
  ],
  trailer: [
    ["type", str], ["version", int], ["status", (x) => x === "finished" || x === "in_progress"],
    ["outcome", orNull(obj)], ["state_hash", h64], ["seed", orNull((x) => isHex(x) && x.length > 0)], ["prev", h64], ["hash", h64],
  ],
  checkpoint: [
    ["type", str], ["format", (x) => x === "frontier-checkpoint"], ["format_version", (x) => x === 1 || x === 2],
    ["game_id", str], ["tree_size", (x) => int(x) && x >= 1], ["root", h64], ["header_hash", h64],
    ["imported", bool], ["key_id", h64], ["signature", (x) => isHex(x, 128)],
    ["trailer_hash", orNull(h64), 2], ["signer", signer, 2],
  ],
};
// `unseen` (format 5, an expanded tabletop recording): the items a line names that nobody saw, each once.
const unseen = (x) => list(x) && x.length > 0 && x.every((i) => str(i) && i !== "") && new Set(x).size === x.length;
const UNSEEN_FORMAT = 5;
const sameKeys = (x, keys) => Object.keys(x).sort().join() === [...keys].sort().join();
// A move signed by its seat (LOG-FORMAT.md "Seat signatures"): its command id and an Ed25519 signature.
const seatSignature = (x) =>
  isObject(x) && sameKeys(x, ["command_id", "signature"]) && str(x.command_id) &&
  x.command_id.length >= 1 && x.command_id.length <= 128 && isHex(x.signature, 128);
const OPTIONAL = {
  header: {
    deal: (x) => str(x) && /^[\x20-\x7e]{1,200}$/.test(x), forked_from: obj, clock: obj, takeback_policy: str,
    unseen,
  },
  entry: { by: (x) => x === "autopilot", clock: obj, unseen, seat_signature: seatSignature },
  seat: { seat_key: (x) => isHex(x, 64) },
  ruling: { clock: obj, to_version: int, granted_by: (x) => list(x) || x === "organiser" },
  // An upgrade's setup migration (LOG-FORMAT.md, "Upgrade line"): absent when there is none.
  upgrade: { events: (x) => list(x) && x.length > 0 && x.every(isObject) },
};

// Format 5: a draw names its question, {op: randint, low <= high, value} or {op: shuffle, items, value}.
const isDraw = (d) =>
  (d.op === "randint" && sameKeys(d, ["op", "low", "high", "value"]) && int(d.low) && int(d.high) &&
    int(d.value) && d.low <= d.high) ||
  (d.op === "shuffle" && sameKeys(d, ["op", "items", "value"]) && list(d.items) && list(d.value));

function checkFields(line, format) {
  if (!isObject(line)) throw new Unreadable("not an object");
  const fields = typeof line.type === "string" && Object.hasOwn(LINES, line.type) ? LINES[line.type] : null;
  // The first format that has each line type (LOG-FORMAT.md): seat and deal lines 3, upgrade lines 2.
  const since = !fields ? 1 : line.type === "seat" || line.type === "deal" ? 3 : line.type === "upgrade" ? 2 : 1;
  if (!fields || format < since) {
    throw new Unreadable(`unknown line type ${JSON.stringify(line.type)}`);
  }
  const known = Object.assign(Object.create(null), OPTIONAL[line.type]);
  if (format < UNSEEN_FORMAT) delete known.unseen;
  for (const [name, check, since = 1, until = Infinity] of fields) {
    if (format < since || format > until) continue;
    known[name] = check;
    if (!(name in line)) throw new Unreadable(`no field ${name}`);
  }
  for (const [name, value] of Object.entries(line)) {
    if (!(name in known)) throw new Unreadable(`unknown field ${name}`);
    if (!known[name](value)) throw new Unreadable(`field ${name} has the wrong type`);
  }
}

/** Read the file's bytes into {lines, checkpoint}; throws {line, reason} when unreadable. */
export function readLog(bytes) {
  const texts = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === 0x0a) {
      if (i > start || i < bytes.length) texts.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const raw = texts.map((b) => (b.length && b[b.length - 1] === 0x0d ? b.subarray(0, -1) : b));
  let count = raw.length;
  while (count > 0 && raw[count - 1].length === 0) count--;
  const parsed = [];
  const at = (n, reason) => ({ line: n, reason });
  for (let n = 1; n <= count; n++) {
    const b = raw[n - 1];
    if (b.length === 0) throw at(n, "a blank line before the end");
    if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) throw at(n, "a byte-order mark");
    try {
      parsed.push(parseStrict(decoder.decode(b)));
    } catch (e) {
      throw at(n, e instanceof Unreadable ? e.message : "not UTF-8");
    }
  }
  if (count === 0) throw at(1, "an empty file");
  let checkpoint = null;
  if (isObject(parsed[count - 1]) && parsed[count - 1].type === "checkpoint") checkpoint = parsed.pop();
  const lines = parsed;
  const format = isObject(lines[0]) ? lines[0].format_version : undefined;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i];
    try {
      if (i === 0 && (!isObject(line) || line.type !== "header")) throw new Unreadable("the first line is not a header");
      if (i === 0 && ![1, 2, 3, 4, 5].includes(format)) throw new Unreadable(`format_version ${format} is not known`);
      checkFields(line, format);
      if (i > 0 && line.type === "header") throw new Unreadable("a second header");
      if (i > 0 && lines[i - 1].type === "trailer") throw new Unreadable("a line after the trailer");
      if (line.type === "header" && line.players.length !== line.seats) throw new Unreadable("players do not match seats");
      if (i > 0) {
        const previous = lines[i - 1].version;
        const repeats = line.type === "seat" || line.type === "deal" || line.type === "trailer";
        if (line.version !== (repeats ? previous : previous + 1)) throw new Unreadable("versions out of order");
      }
      if (line.type === "trailer" && line.seed !== null && line.seed.length % 2) throw new Unreadable("odd seed");
      if (format >= 5 && line.draws && !line.draws.every(isDraw)) throw new Unreadable("a draw without its question");
      if (line.type === "deal" && format >= 4) {
        if (line.client_seeds.length !== lines[0].seats || !line.client_seeds.every(orNull(clientSeed))) {
          throw new Unreadable("client_seeds is not one seed or null per seat");
        }
      }
    } catch (e) {
      if (e instanceof Unreadable) throw at(n, e.message);
      throw e;
    }
  }
  if (checkpoint) {
    try {
      checkFields(checkpoint, checkpoint.format_version);
    } catch (e) {
      throw at(count, e.message);
    }
  }
  return { lines, checkpoint, format };
}
