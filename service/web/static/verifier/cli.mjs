#!/usr/bin/env node
// Node runner: node cli.mjs [--key KEYFILE] FILE... prints one JSON result per file.
// A FILE ending in .json is read as an inclusion proof, any other as a match log.
import { readFileSync } from "node:fs";
import { parseStrict } from "./ijson.mjs";
import { verifyProof } from "./checkpoint.mjs";
import { lineHash, verifyLog } from "./verify.mjs";

const args = process.argv.slice(2);
const keyAt = args.indexOf("--key");
const key = keyAt >= 0 ? readFileSync(args.splice(keyAt, 2)[1], "utf8") : null;
for (const file of args) {
  const bytes = new Uint8Array(readFileSync(file));
  const result = file.endsWith(".json")
    ? await verifyProof(parseStrict(new TextDecoder().decode(bytes)), key, (line) => lineHash(line, 2))
    : await verifyLog(bytes, key);
  console.log(JSON.stringify({ file, ...result }));
}
