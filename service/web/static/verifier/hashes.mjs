// SHA-256, HMAC-SHA256 and Ed25519 from Web Crypto (browsers, and Node 20 as globalThis.crypto).

const subtle = globalThis.crypto.subtle;
const utf8 = new TextEncoder();

export const toBytes = (x) => (typeof x === "string" ? utf8.encode(x) : x);

export function concat(...parts) {
  const bytes = parts.map(toBytes);
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of bytes) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}

export const hex = (bytes) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

export const isHex = (s, length) =>
  typeof s === "string" && /^([0-9a-f]{2})*$/.test(s) && (length === undefined || s.length === length);

export const fromHex = (s) => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));

export const sha256 = async (...parts) => new Uint8Array(await subtle.digest("SHA-256", concat(...parts)));

export const sha256Hex = async (...parts) => hex(await sha256(...parts));

export async function hmacHex(key, message) {
  const k = await subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return hex(await subtle.sign("HMAC", k, toBytes(message)));
}

/** The raw 32-byte Ed25519 key from 64 hex digits or a PEM "PUBLIC KEY" (SPKI) block. */
export function rawPublicKey(text) {
  const trimmed = text.trim();
  if (isHex(trimmed.toLowerCase(), 64)) return fromHex(trimmed.toLowerCase());
  const body = trimmed.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, "");
  const der = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  if (der.length !== 44) throw new Error("not an Ed25519 public key");
  return der.slice(12); // the SPKI prefix of an Ed25519 key is 12 bytes
}

export async function ed25519Verify(rawKey, signature, message) {
  const key = await subtle.importKey("raw", rawKey, { name: "Ed25519" }, false, ["verify"]);
  return subtle.verify({ name: "Ed25519" }, key, signature, toBytes(message));
}
