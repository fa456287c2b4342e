// What a verified log records (its game, players, steps and result), and whether the viewer page
// around the panel shows that record. The page draws from its data block (#game-data), which no
// signature and no script hash covers: the panel may call the page verified only when what the
// page shows is what the log it checked records.
import { readLog } from "./verifier/logfile.mjs";
import { REASON_WORDS } from "./reason_words.mjs";

/** "seat 2 (Ann)", or "seat 2" when the seat has no name of its own (replay/narrative.py). */
export function seatLabel(seat, names) {
  const plain = `seat ${seat + 1}`;
  const name = (names[seat] ?? "").trim();
  return name && name !== plain ? `${plain} (${name})` : plain;
}

/** The result line as the log's outcome gives it, in the game's words (service/web/steps.py `told_result`). */
export function resultText(game, outcome, labels) {
  if (!outcome) return "";
  const winners = outcome.ranking[0] ?? [];
  const who = winners.map((s) => labels[s] ?? `seat ${s + 1}`).join(" and ") || "nobody";
  let text = `${who} ${winners.length > 1 ? "share the win" : "wins"}`;
  const words = Object.hasOwn(REASON_WORDS, game) && Object.hasOwn(REASON_WORDS[game], outcome.reason);
  const reason = words ? REASON_WORDS[game][outcome.reason] : outcome.reason;
  if (reason) text += ` (${reason})`;
  if (outcome.scores?.length) text += `. Scores: ${outcome.scores.map((n, s) => `${labels[s]} ${n}`).join(", ")}`;
  return `${text}.`;
}

/** A time control as the page spells it (replay/clock.py `parse_time_control`): "10M + 5s" is "10m+5s". */
const spelled = (text) => String(text ?? "").trim().toLowerCase().replaceAll(" ", "");

/** The record of a log the verifier found no problem in: the lines the viewer draws steps from. */
export function recordOf(bytes) {
  const { lines } = readLog(bytes);
  const header = lines[0];
  const names = [...header.players];
  for (const line of lines) if (line.type === "seat") names[line.seat] = line.player;
  const labels = names.map((_, seat) => seatLabel(seat, names));
  const trailer = lines.at(-1).type === "trailer" ? lines.at(-1) : null;
  // A step per line that changes the game (replay/verify.py `steps`): seat and upgrade lines make none.
  const drawn = (line) =>
    line.type === "entry" || line.type === "ruling" || line.type === "deal" ||
    (line.type === "header" && header.player_entropy !== true);
  const steps = lines.filter(drawn).map((line) => ({
    version: line.version,
    seat: line.seat ?? null,
    type: line.type,
    left: line.clock?.left_ms ?? null, // every seat's time left after the line, in a game with a clock
  }));
  const outcome = trailer?.status === "finished" ? trailer.outcome : null;
  const status = trailer?.status ?? "in_progress";
  return { gameId: header.game_id, game: header.game, labels, steps, outcome, status, clocked: "clock" in header, timeControl: spelled(header.clock?.time_control) };
}

/** The record in the panel's words: the game, its players and its result. */
export function describe(record) {
  const result = record.outcome ? resultText(record.game, record.outcome, record.labels) : "none yet: the game is not over";
  return [`game ${record.gameId} (${record.game})`, `players: ${record.labels.join(", ")}`, `result: ${result}`];
}

const quoted = (value) => JSON.stringify(value);

/**
 * How the page (`data`: its #game-data; `shown`: the game id and players its heading prints, null
 * where the heading has lost them)
 * differs from the record: one sentence per difference, none when the page shows the record.
 */
export function differences(data, shown, record) {
  const found = [];
  const differ = (what, page, log) => found.push(`the page shows ${what} ${quoted(page)}, the log records ${quoted(log)}`);
  if (data.game_id !== record.gameId) differ("game", data.game_id, record.gameId);
  if (shown.gameId !== record.gameId) differ("game", shown.gameId, record.gameId);
  if (data.game !== record.game) differ("a game of", data.game, record.game);
  const labels = Array.isArray(data.labels) ? data.labels : [];
  if (labels.join("\n") !== record.labels.join("\n")) differ("the players", labels.join(", "), record.labels.join(", "));
  if (shown.players !== record.labels.join(", ")) {
    differ("the players", shown.players, record.labels.join(", "));
  }
  if (data.status !== record.status) differ("the game as", data.status, record.status);
  if ((data.time_control ?? "") !== record.timeControl) differ("a clock of", data.time_control, record.timeControl);
  const result = resultText(record.game, record.outcome, record.labels);
  if (data.result !== result) differ("the result", data.result, result);
  const steps = Array.isArray(data.steps) ? data.steps : [];
  const pageSteps = steps.map((s) => `${s?.version}/${s?.seat ?? "-"}`).join(" ");
  const logSteps = record.steps.map((s) => `${s.version}/${s.seat ?? "-"}`).join(" ");
  if (pageSteps !== logSteps) differ("the steps (version/seat)", pageSteps, logSteps);
  else {
    // Who acted, in the story's own words: "Step 4 — seat 2 (Ann): ...".
    for (const [i, step] of record.steps.entries()) {
      const told = String(steps[i].narrative ?? "");
      const start = step.version === 1 ? "Setup" : `Step ${step.version - 1} — `;
      const actor = step.type === "entry" ? `${start}${record.labels[step.seat]}: ` : start;
      if (!told.startsWith(actor)) {
        differ(`step ${step.version - 1} as`, told, `${actor}…`);
        break;
      }
      // Clocks a page shows must be the line's readings (a step before the deal shows none).
      const clocks = Array.isArray(steps[i].clocks) ? steps[i].clocks : [];
      const left = clocks.map((c) => c?.left_ms);
      const read = step.left ?? [];
      if (clocks.length && (!record.clocked || (step.left !== null && left.join() !== read.join()))) {
        differ(`the clocks (ms left) after step ${step.version - 1} as`, left.join(", "), read.join(", "));
        break;
      }
    }
  }
  return found;
}
