// A Frontier Ledger client from proto/ alone: creates a game, plays every seat over its own Play
// stream (each seat sends the first of its legal commands whenever a message leaves it to act),
// and prints a JSON summary once the game is over.
//
//   node play.mjs HOST:PORT [GAME] [SEATS]        (default: most-wanted with 3 seats)
//
// Over TLS as the `frontier` command does: $FRONTIER_TLS_CA names the CA certificate to trust,
// or FRONTIER_TLS=1 trusts Node's own store (docs/operating.md).
//
// The contract when seats act at once (docs/api.md, "Playing a seat"): a command chosen from an
// update the game has moved past is refused (ABORTED STALE_VERSION with expected_version). The
// client then sends nothing more for that update: the next push brings fresh legal commands.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import grpc from "@grpc/grpc-js";
import protoLoader from "@grpc/proto-loader";
import { loadStatusTypes, statusDetails } from "./errors.mjs";
import { fromStruct, toStruct } from "./struct.mjs";

const PROTO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../proto");
const LOADER_OPTIONS = { keepCase: true, longs: Number, enums: String, defaults: true, oneofs: true };

const [address = "localhost:50051", game = "most-wanted", seatArg = "3"] = process.argv.slice(2);
const seats = Number(seatArg);
// Table options are a google.protobuf.Struct: built from a plain object (struct.mjs).
const OPTIONS = { "most-wanted": { max_turns: 60, tie_rule: "nobody_wins", last_call: true } };

function loadService() {
  const definition = protoLoader.loadSync("frontier/v1/frontier.proto", {
    ...LOADER_OPTIONS,
    includeDirs: [PROTO_DIR],
  });
  const { FrontierLedger } = grpc.loadPackageDefinition(definition).frontier.v1;
  return new FrontierLedger(address, credentials());
}

function credentials() {
  const ca = process.env.FRONTIER_TLS_CA;
  if (ca) return grpc.credentials.createSsl(readFileSync(ca));
  if (process.env.FRONTIER_TLS === "1") return grpc.credentials.createSsl();
  return grpc.credentials.createInsecure();
}

function unary(client, method, request, token) {
  const metadata = new grpc.Metadata();
  if (token) metadata.set("authorization", `Bearer ${token}`);
  return new Promise((resolve, reject) =>
    client[method](request, metadata, { deadline: Date.now() + 30_000 }, (error, reply) =>
      error ? reject(error) : resolve(reply),
    ),
  );
}

// One seat's stream: resolves with what the seat saw once the server ends it (the game is over).
function playSeat(client, gameId, seat, token) {
  const metadata = new grpc.Metadata();
  metadata.set("authorization", `Bearer ${token}`);
  const stream = client.Play(metadata);
  const tally = { seat, moves: 0, refused: {}, lastVersion: 0 };
  let sentFor = -1; // the version this seat last chose a command from: one command per update
  return new Promise((resolve, reject) => {
    stream.on("data", (update) => {
      tally.lastVersion = Math.max(tally.lastVersion, update.version);
      if (update.error) {
        // Refused, nothing recorded: not a fault when another seat moved first. Wait for the push.
        tally.refused[update.error.reason] = (tally.refused[update.error.reason] ?? 0) + 1;
        return;
      }
      if (update.command_id && !update.duplicate) tally.moves += 1;
      if (update.status !== "in_progress" || update.legal_commands.length === 0) return;
      if (update.version <= sentFor) return; // the same step again (its push and our answer)
      sentFor = update.version;
      stream.write({
        command_id: randomUUID(),
        expected_version: update.version,
        command: update.legal_commands[0],
      });
    });
    stream.on("error", reject);
    stream.on("end", () => resolve(tally));
    stream.write({ game_id: gameId });
  });
}

async function main() {
  const client = loadService();
  const statusTypes = loadStatusTypes(PROTO_DIR);

  // One rich error, decoded: an unknown table option is INVALID_ARGUMENT with an ErrorInfo.
  let badOption = null;
  try {
    await unary(client, "CreateGame", { game, seats, options: toStruct({ no_such_option: 1 }) });
  } catch (error) {
    badOption = { grpc_code: error.code, ...statusDetails(statusTypes, error) };
  }

  const players = Array.from({ length: seats }, (_, i) => `node-${i + 1}`);
  const created = await unary(client, "CreateGame", {
    game,
    seats,
    players,
    options: toStruct(OPTIONS[game] ?? {}),
  });
  const tallies = await Promise.all(
    created.seats.map(({ seat, token }) => playSeat(client, created.game_id, seat, token)),
  );
  const final = await unary(client, "GetState", { game_id: created.game_id }, created.seats[0].token);
  client.close();
  console.log(
    JSON.stringify({
      game_id: created.game_id,
      options: fromStruct(created.options),
      status: final.status,
      version: final.version,
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
