// CHECKPOINT-FORMAT.md, "The service log" and "Witnesses": that a game's checkpoint is an entry of
// the service log, under a log checkpoint its key signed, cosigned by at least K of the witnesses a
// reader names (c2sp.org/signed-note, tlog-checkpoint, tlog-cosignature; Ed25519 only).
import { rootFromPath } from "./checkpoint.mjs";
import { concat, ed25519Verify, fromHex, sha256 } from "./hashes.mjs";

const utf8 = new TextEncoder();
const base64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A note's text (up to and with its blank line's newline) and its signature lines, as [name, bytes]. */
function splitNote(note) {
  const at = note.indexOf("\n\n");
  if (at < 0 || !note.endsWith("\n")) throw new Error("the log checkpoint is not a signed note");
  const signatures = note.slice(at + 2, -1).split("\n").map((line) => {
    const parts = line.split(" ");
    if (parts.length !== 3 || parts[0] !== "\u2014") throw new Error("a signature line of the log checkpoint is malformed");
    return [parts[1], base64(parts[2])];
  });
  return [note.slice(0, at + 1), signatures];
}

/** The first 4 bytes of SHA-256(name || "\n" || algorithm || key): a key's ID in a note. */
const keyId = async (name, algorithm, raw) => (await sha256(utf8.encode(`${name}\n`), Uint8Array.of(algorithm), raw)).slice(0, 4);

/** A witness's verifier key, `name+keyID+base64(0x04 || key)`, as [name, raw key]. */
async function parseWitnessKey(text) {
  const trimmed = text.trim();
  const at = trimmed.indexOf("+"); // the base64 key may hold "+" too: only the first two split
  const parts = [trimmed.slice(0, at), trimmed.slice(at + 1, at + 9), trimmed.slice(at + 10)];
  if (at < 1 || trimmed[at + 9] !== "+") throw new Error(`not a witness key: ${trimmed}`);
  const material = base64(parts[2]);
  if (material.length !== 33 || material[0] !== 0x04) throw new Error(`not a cosignature/v1 key: ${parts[0]}`);
  const raw = material.slice(1);
  if (!same(await keyId(parts[0], 0x04, raw), fromHex(parts[1]))) throw new Error(`the key ID of ${parts[0]} does not match its key`);
  return [parts[0], raw];
}

async function cosigned(text, signatures, name, raw) {
  const wanted = await keyId(name, 0x04, raw);
  for (const [signer, bytes] of signatures) {
    if (signer !== name || bytes.length !== 76 || !same(bytes.slice(0, 4), wanted)) continue;
    const time = new DataView(bytes.buffer, bytes.byteOffset + 4, 8).getBigUint64(0);
    if (await ed25519Verify(raw, bytes.slice(12), concat(`cosignature/v1\ntime ${time}\n`, text))) return true;
  }
  return false;
}

/**
 * Whether `evidence` ({note, index, path: hex[]}, as `frontier replay --html --log` embeds it) shows
 * `checkpointLine` (the log's last line) in the service log signed by `logKey` (raw bytes), cosigned by
 * `quorum` of `witnessKeys`. Returns { ok, said, cosignedBy }.
 */
export async function checkWitnessed(evidence, checkpointLine, logKey, witnessKeys, quorum) {
  const [text, signatures] = splitNote(evidence.note);
  const [origin, sizeText, rootText] = text.split("\n");
  const logSigned = await Promise.all(
    signatures.map(async ([name, bytes]) =>
      name === origin && bytes.length === 68 && same(bytes.slice(0, 4), await keyId(origin, 0x01, logKey)) &&
      (await ed25519Verify(logKey, bytes.slice(4), text))),
  );
  if (!logSigned.includes(true)) return { ok: false, said: "the log checkpoint is not signed by the key given", cosignedBy: [] };
  const size = Number(sizeText);
  const leaf = await sha256(Uint8Array.of(0), utf8.encode(checkpointLine));
  const root = await rootFromPath(evidence.index, size, leaf, evidence.path.map(fromHex));
  if (root === null || !same(root, base64(rootText))) {
    return { ok: false, said: `the game's checkpoint is not entry ${evidence.index} of the log at size ${size}`, cosignedBy: [] };
  }
  const cosignedBy = [];
  for (const key of witnessKeys) {
    const [name, raw] = await parseWitnessKey(key);
    if (await cosigned(text, signatures, name, raw)) cosignedBy.push(name);
  }
  const where = `entry ${evidence.index} of the service log ${origin} at size ${size}`;
  if (cosignedBy.length < quorum) {
    const by = cosignedBy.join(", ") || "none";
    return { ok: false, said: `${where}, cosigned by ${cosignedBy.length} of the witnesses (${by}), fewer than the ${quorum} required`, cosignedBy };
  }
  const by = cosignedBy.length ? `, witnessed by ${cosignedBy.join(", ")} (${quorum} of ${witnessKeys.length} required)` : "";
  return { ok: true, said: `${where}${by}`, cosignedBy };
}
