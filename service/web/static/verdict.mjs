// The verdict panel: runs the independent verifier (./verifier/) on a log in this browser and
// says what it proved, or the first problem. The log is the page's own (a data block,
// #match-log), one fetched (data-log-url) or one the reader pastes or drops (the /verify page).
import { verifyLog } from "./verifier/verify.mjs";
import { rawPublicKey, sha256Hex } from "./verifier/hashes.mjs";
import { checkWitnessed } from "./verifier/witnessed.mjs";
import { describe, differences, recordOf } from "./page_check.mjs";

const panel = document.getElementById("verdict");
const $ = (id) => document.getElementById(id);
const short = (hex) => `${hex.slice(0, 4)}…${hex.slice(-4)}`;
let logBytes = null;

/** The fingerprint (key_id: SHA-256 of the raw key) of the key typed, "" for none, null if unreadable. */
async function fingerprint(text) {
  if (!text.trim()) return "";
  try {
    return await sha256Hex(rawPublicKey(text));
  } catch {
    return null;
  }
}

function signedBy(signature, given) {
  const at = `key ${short(signature.key_id)}${signature.signer ? ` (${signature.signer})` : ""} at size ${signature.tree_size}`;
  switch (signature.status) {
    case "verified":
      return [true, `signed by ${at}, the key given`];
    case "unsigned":
      return [false, "not signed: the log carries no checkpoint"];
    case "invalid":
      return [false, `the signed checkpoint does not match this log (${signature.code})`];
    default:
      if (given === "") return [null, `signed by ${at}: give the organiser's published key to check the signature`];
      if (given === null) return [false, "the key given is not an Ed25519 public key (64 hex digits or a PEM block)"];
      return [false, `the key differs from the one given: signed by key ${signature.key_id}, not ${given}`];
  }
}

function draws(result) {
  // Formats before 5 record outcomes without their questions: those draws are only counted.
  if (result.draws_rederived === result.draws_recorded) return `${result.draws_rederived} draws re-derived from the seed`;
  return `${result.draws_recorded} draws counted (not re-derived)`;
}

/** Which lines key-holding seats signed (LOG-FORMAT.md "Seat signatures"), and how many the server decided. */
function seatSignatures(result) {
  if (!result.signed_by_seat) return [];
  const seats = Object.entries(result.signed_by_seat).map(([seat, n]) => `signed by seat ${seat}: ${n} lines`);
  return [`moves signed by their seats: ${seats.join("; ")}; decided by the server (autopilot, rulings): ${result.server_lines} lines`];
}

function show({ state, summary, details = [], signature = "not checked", keyGiven = "no", unlike = false }) {
  Object.assign(panel.dataset, { verdict: state, signature, keyGiven });
  warnAbove(unlike);
  $("verdict-summary").textContent = summary;
  $("verdict-details").replaceChildren(
    ...details.map((text) => Object.assign(document.createElement("li"), { textContent: text })),
  );
}

/** A redacted export (LOG-FORMAT.md, "Salts"): every line says whose view it is. */
function redactedFor(bytes) {
  const end = bytes.indexOf(0x0a);
  const first = new TextDecoder().decode(end < 0 ? bytes : bytes.subarray(0, end));
  try {
    const header = JSON.parse(first);
    return header !== null && typeof header === "object" && "redacted_for" in header;
  } catch {
    return false;
  }
}

/** What the verifier makes of `bytes` with the key typed as `keyText`, in the panel's words. */
async function verdictOf(bytes, keyText) {
  const given = await fingerprint(keyText);
  const keyGiven = given ? "yes" : "no";
  if (redactedFor(bytes)) {
    const why = "its hidden parts and salts are stripped, so its hashes no longer cover what it shows";
    const summary = `not checked: this is a log redacted for one view; ${why}`;
    return { state: "redacted", summary, details: ["ask for the full log once the game is over"], keyGiven };
  }
  const result = await verifyLog(bytes, given ? keyText : null);
  const rules = "rules not re-run: this browser checks the record, not the play (frontier audit re-runs the rules)";
  const [signed, signedWords] = signedBy(result.signature ?? { status: "unsigned" }, given);
  const said = { signature: result.signature?.status ?? "unsigned", keyGiven };
  if (result.problem) {
    const { line, code, reason } = result.problem;
    return { ...said, state: "failed", summary: `problem at line ${line}: ${code}: ${reason}`, details: [signedWords, rules] };
  }
  // What the panel vouches for is named from the log itself, never from the page around it.
  const record = recordOf(bytes);
  const recorded = [...describe(record).map((text) => `the log: ${text}`), ...seatSignatures(result)];
  const unlike = page === null ? [] : differences(page, shownHeading(), record);
  if (unlike.length) {
    const summary = `not verified: this page does not show the log it carries: ${unlike.join("; ")}`;
    return { ...said, state: "failed", summary, details: [...recorded, signedWords, drawing, rules], unlike: true };
  }
  const about = page === null ? recorded : [...recorded, drawing];
  const intact = `chain, seed, ${draws(result)}`;
  if (result.verdict === "passed" && signed) {
    return { ...said, state: "verified", summary: `verified in this browser: ${intact}, ${signedWords}`, details: [...about, rules] };
  }
  if (result.verdict === "passed") {
    const state = said.signature === "unsigned" ? "unsigned" : signed === null ? "key-needed" : "failed";
    return { ...said, state, summary: `record intact in this browser: ${intact}; ${signedWords}`, details: [...about, rules] };
  }
  const summary = `nothing wrong so far, but the game is not over: chain checked, seed ${result.seed}, ${draws(result)}`;
  return { ...said, state: "incomplete", summary, details: [...about, signedWords, rules] };
}

// The viewer page's own data, when the panel sits on one: its game, players, result and steps are
// held to the log (page_check.mjs); the pictures and the story's words are the rules' to draw.
const dataBlock = $("game-data");
const page = dataBlock ? JSON.parse(dataBlock.textContent) : null;
const drawing =
  "the game, players, result, who acted at each step and the clocks' readings are this log's; the pictures and the story's words are drawn from it by the rules, which this browser does not re-run";

/** A page that is not its log says so at its top too, where its reader starts: the panel is far below. */
function warnAbove(unlike) {
  let warning = $("page-differs");
  if (!unlike) return warning?.remove();
  if (!warning) {
    warning = Object.assign(document.createElement("p"), { id: "page-differs", className: "page-differs" });
    warning.setAttribute("role", "alert");
    document.querySelector("main")?.prepend(warning);
  }
  warning.textContent =
    "Not verified: this page does not show the game its log records. The result, players or steps shown here are not the log's; the panel below says what differs.";
}

/** The game id and the players the page's heading prints (null where it prints none). */
function shownHeading() {
  return { gameId: $("game-id")?.textContent ?? null, players: $("players")?.textContent ?? null };
}

/** The service log evidence the page carries, against the reader's witness policy (CHECKPOINT-FORMAT.md). */
async function witnessedOf(bytes, keyText) {
  if (!keyText.trim()) return ["key-needed", "the service log: give the organiser's published key to check it"];
  try {
    const lines = new TextDecoder().decode(bytes).split("\n").filter((line) => line.trim());
    const keys = $("verdict-witnesses").value.split("\n").filter((line) => line.trim());
    const quorum = keys.length ? Number($("verdict-quorum").value) : 0;
    if (keys.length && !(quorum >= 1 && quorum <= keys.length)) return ["failed", `the quorum is 1 to the ${keys.length} witness keys given`];
    const found = await checkWitnessed(evidence, lines.at(-1), rawPublicKey(keyText), keys, quorum);
    return [found.ok ? "yes" : "no", `the service log: ${found.said}`];
  } catch (error) {
    return ["no", `the service log: ${error.message}`];
  }
}

let asked = 0; // only the newest check is shown: a slower, older one must not overwrite it
async function check() {
  if (logBytes === null) return;
  const mine = ++asked;
  const shown = await verdictOf(logBytes, $("verdict-key").value);
  const witnessed = evidence ? await witnessedOf(logBytes, $("verdict-key").value) : null;
  if (mine !== asked) return;
  show(shown);
  if (witnessed) {
    panel.dataset.witnessed = witnessed[0];
    $("verdict-witnessed").textContent = witnessed[1];
  }
}

const evidenceBlock = $("log-evidence");
const evidence = evidenceBlock ? JSON.parse(evidenceBlock.textContent) : null;
if (evidence) for (const id of ["verdict-witnesses", "verdict-quorum"]) $(id).addEventListener("input", check);
const embedded = $("match-log");
if (embedded) logBytes = new TextEncoder().encode(JSON.parse(embedded.textContent));
else if (panel.dataset.logUrl) {
  const answer = await fetch(panel.dataset.logUrl, { credentials: "same-origin" });
  if (answer.ok) logBytes = new Uint8Array(await answer.arrayBuffer());
  else show({ state: "unavailable", summary: `the log could not be fetched (HTTP ${answer.status})` });
}
// A results page may link each game as PAGE#key=HEX: the key then comes from that page, not this one.
const linked = /(?:^#|&)key=([0-9a-fA-F]{64})(?:&|$)/.exec(location.hash);
if (linked) $("verdict-key").value = linked[1];
$("verdict-key").addEventListener("input", check);

const pasted = $("verdict-log");
if (pasted) {
  const take = async (bytes) => {
    logBytes = bytes;
    await check();
  };
  pasted.addEventListener("input", () => take(new TextEncoder().encode(pasted.value)));
  $("verdict-file").addEventListener("change", async (e) => {
    if (e.target.files.length) await take(new Uint8Array(await e.target.files[0].arrayBuffer()));
  });
  panel.addEventListener("dragover", (e) => e.preventDefault());
  panel.addEventListener("drop", async (e) => {
    e.preventDefault();
    if (e.dataTransfer.files.length) await take(new Uint8Array(await e.dataTransfer.files[0].arrayBuffer()));
  });
}
await check();
