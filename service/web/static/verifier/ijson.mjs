// Strict I-JSON reader and canonical JSON (LOG-FORMAT.md, "The file" and
// "Canonical JSON and hashes"). JSON.parse is too lenient for a verifier: it keeps
// the last of two equal keys, reads 1.0 as 1, rounds big integers and accepts lone
// surrogates, so a line could mean one thing here and another to the signer.

const MAX_DEPTH = 32;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export class Unreadable extends Error {}

/** Parse one line's text; throws Unreadable for anything that is not I-JSON with integer numbers. */
export function parseStrict(text) {
  let pos = 0;
  const fail = (why) => {
    throw new Unreadable(`${why} at character ${pos}`);
  };
  const space = () => {
    while (pos < text.length && " \t\n\r".includes(text[pos])) pos++;
  };
  const literal = (word, value) => {
    if (text.startsWith(word, pos)) {
      pos += word.length;
      return value;
    }
    return fail("not JSON");
  };
  const string = () => {
    pos++; // opening quote
    let out = "";
    for (;;) {
      if (pos >= text.length) fail("unterminated string");
      const c = text[pos++];
      if (c === '"') break;
      if (c < " ") fail("control character in a string");
      if (c !== "\\") {
        out += c;
        continue;
      }
      const e = text[pos++];
      const simple = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
      if (e in simple) out += simple[e];
      else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(pos, pos + 4))) {
        out += String.fromCharCode(parseInt(text.slice(pos, pos + 4), 16));
        pos += 4;
      } else fail("bad escape");
    }
    if (LONE_SURROGATE.test(out)) fail("lone surrogate");
    return out;
  };
  const number = () => {
    const m = /^-?(0|[1-9][0-9]*)/.exec(text.slice(pos, pos + 400));
    if (!m) fail("not JSON");
    pos += m[0].length;
    if (pos < text.length && ".eE".includes(text[pos])) fail("a number that is not an integer");
    const n = Number(m[0]);
    if (m[0].replace("-", "").length > 16 || !Number.isSafeInteger(n)) fail("an integer beyond 2**53 - 1");
    return n === 0 ? 0 : n;
  };
  const value = (depth) => {
    space();
    const c = text[pos];
    if (c === "{" || c === "[") {
      if (depth >= MAX_DEPTH) fail("nested deeper than 32");
      pos++;
      const isObject = c === "{";
      const out = isObject ? Object.create(null) : [];
      space();
      if (text[pos] === (isObject ? "}" : "]")) {
        pos++;
        return out;
      }
      for (;;) {
        if (isObject) {
          space();
          if (text[pos] !== '"') fail("an object key that is not a string");
          const key = string();
          if (Object.hasOwn(out, key)) fail(`key ${JSON.stringify(key)} twice`);
          space();
          if (text[pos++] !== ":") fail("not JSON");
          out[key] = value(depth + 1);
        } else out.push(value(depth + 1));
        space();
        const sep = text[pos++];
        if (sep === ",") continue;
        if (sep === (isObject ? "}" : "]")) return out;
        fail("not JSON");
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true", true);
    if (c === "f") return literal("false", false);
    if (c === "n") return literal("null", null);
    return number();
  };
  const result = value(0);
  space();
  if (pos !== text.length) fail("text after the value");
  return result;
}

export const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);

const byCodePoint = (a, b) => {
  const x = [...a].map((c) => c.codePointAt(0));
  const y = [...b].map((c) => c.codePointAt(0));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
};

/**
 * RFC 8785 canonical text (format 2 and later). With integers only, RFC 8785's
 * number and string forms are ECMAScript's own, and its key order is UTF-16 code
 * units, which is what Array.prototype.sort does. Format 1 sorts keys by code point
 * (Python's json.dumps with sort_keys and ensure_ascii=False), otherwise the same here.
 */
export function canonical(value, formatVersion = 2) {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, formatVersion)).join(",")}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort(formatVersion === 1 ? byCodePoint : undefined);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k], formatVersion)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
