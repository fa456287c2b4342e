// CHECKPOINT-FORMAT.md: the RFC 9162 Merkle tree, the signed checkpoint and inclusion proofs.
import { canonical, parseStrict } from "./ijson.mjs";
import { ed25519Verify, fromHex, hex, rawPublicKey, sha256, sha256Hex } from "./hashes.mjs";

/** MTH(D[n]) of RFC 9162 section 2.1.1 over leaf data (byte arrays). */
export async function merkleRoot(leaves) {
  if (leaves.length === 0) return sha256();
  if (leaves.length === 1) return sha256(Uint8Array.of(0), leaves[0]);
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha256(Uint8Array.of(1), await merkleRoot(leaves.slice(0, k)), await merkleRoot(leaves.slice(k)));
}

/** RFC 9162 section 2.1.3.2: the root an audit path gives for a leaf hash, or null. */
export async function rootFromPath(leafIndex, treeSize, leafHash, path) {
  if (leafIndex >= treeSize) return null;
  let [fn, sn, r] = [leafIndex, treeSize - 1, leafHash];
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await sha256(Uint8Array.of(1), p, r);
      while (fn % 2 === 0 && fn !== 0) [fn, sn] = [fn >> 1, sn >> 1];
    } else r = await sha256(Uint8Array.of(1), r, p);
    [fn, sn] = [fn >> 1, sn >> 1];
  }
  return sn === 0 ? r : null;
}

const withoutSignature = (c) => Object.fromEntries(Object.entries(c).filter(([k]) => k !== "signature"));

/** Steps 3-4 of "Verifying a signed log": the key named and the signature. */
async function checkSigner(checkpoint, key) {
  const raw = key === null ? null : rawPublicKey(key);
  if (raw === null || (await sha256Hex(raw)) !== checkpoint.key_id) {
    return { status: "untrusted", code: "UNTRUSTED_KEY" };
  }
  const signed = canonical(withoutSignature(checkpoint));
  if (!(await ed25519Verify(raw, fromHex(checkpoint.signature), signed))) {
    return { status: "invalid", code: "CHECKPOINT_SIGNATURE_INVALID" };
  }
  return { status: "verified", code: null };
}

/** "Verifying a signed log", steps 2-5, for a log already read. */
export async function checkCheckpoint(lines, trailer, checkpoint, key) {
  if (checkpoint === null) return { status: "unsigned", code: "UNSIGNED" };
  const about = { key_id: checkpoint.key_id, signer: checkpoint.signer ?? null, tree_size: checkpoint.tree_size };
  const leaves = lines.filter((l) => l.type !== "trailer");
  const differs = (code) => ({ ...about, status: "invalid", code });
  if (checkpoint.game_id !== lines[0].game_id) return differs("CHECKPOINT_GAME_DIFFERS");
  if (checkpoint.tree_size !== leaves.length) return differs("CHECKPOINT_SIZE_DIFFERS");
  if (checkpoint.header_hash !== lines[0].hash) return differs("CHECKPOINT_HEADER_DIFFERS");
  if (hex(await merkleRoot(leaves.map((l) => fromHex(l.hash)))) !== checkpoint.root) {
    return differs("CHECKPOINT_ROOT_DIFFERS");
  }
  if (checkpoint.format_version >= 2) {
    const trailerHash = trailer === null ? null : await sha256Hex(canonical(trailer));
    if (checkpoint.trailer_hash !== trailerHash) return differs("CHECKPOINT_TRAILER_DIFFERS");
  }
  return { ...about, ...(await checkSigner(checkpoint, key)) };
}

/** CHECKPOINT-FORMAT.md "Inclusion proofs": what a proof proves, or the code of its first problem. */
export async function verifyProof(proof, key, lineHashOf) {
  const c = proof.checkpoint;
  const failed = (code) => ({ result: "failed", code, proves: "nothing" });
  if (c.game_id !== proof.game_id || c.tree_size !== proof.tree_size) return failed("CHECKPOINT_DIFFERS");
  if ((proof.leaf_index === 0) !== (proof.version === 1) || proof.leaf_index < proof.version - 1) {
    return failed("LEAF_INDEX_DIFFERS");
  }
  const signer = await checkSigner(c, key);
  if (signer.status !== "verified") return failed(signer.code);
  const leaf = await sha256(Uint8Array.of(0), fromHex(proof.line_hash));
  const root = await rootFromPath(proof.leaf_index, proof.tree_size, leaf, proof.audit_path.map(fromHex));
  if (root === null || hex(root) !== c.root) return failed("ROOT_DIFFERS");
  if (proof.leaf_index === 0 && proof.line_hash !== c.header_hash) return failed("HEADER_DIFFERS");
  if (proof.line === null) return { result: "verified", code: null, proves: `leaf ${proof.leaf_index} of ${c.tree_size}` };
  let line = proof.line;
  try {
    if (typeof line === "string") line = parseStrict(line); // the line as the log spells it
  } catch {
    return failed("LINE_UNREADABLE");
  }
  if (line.hash !== proof.line_hash || (await lineHashOf(line)) !== proof.line_hash) return failed("LINE_HASH_DIFFERS");
  if (line.version !== proof.version || line.type !== (proof.version === 1 ? "header" : "entry")) {
    return failed("LINE_VERSION_DIFFERS");
  }
  return { result: "verified", code: null, proves: `version ${proof.version}` };
}
