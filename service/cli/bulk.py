"""Bulk work on many games: NDJSON export of a tournament or tag, and one audit over many logs.

An NDJSON bundle holds one JSON object per line, one game each:
`{"game_id": ..., "log": "<the game's whole match log>"}` plus, for a tournament,
`"tournament_id"`, `"round"`, `"table"` and `"ranking"` (the table's result as the tournament
records it: tiers of 0-based seats, best first). Every log is audited exactly as `frontier audit
FILE` audits one (`replay.verify.verify`, then `replay.trust.verdict.judge` on its signed checkpoint);
where a ranking is given, the result the rules give must be that ranking, so standings built from
the tournament's results stand on verified logs.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from engines.wording import counted
from replay import logfile
from replay.record import Header
from replay.trust.checkpoint import CheckpointError
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import TrustedKey, judge, overall
from replay.verify import verify
from service.cli import trust as commands

PASSED, FAILED, UNREADABLE, UNTRUSTED = "passed", "failed", "unreadable", "untrusted"
INCOMPLETE = "incomplete"  # the log verifies, but the game has no finished trailer
# The exit status of a bulk audit: the worst verdict in this order, each with its one-file code.
WORST_FIRST = (FAILED, UNREADABLE, UNTRUSTED, INCOMPLETE)


@dataclass(frozen=True)
class GameLog:
    source: str  # where it came from, for people: a file, a bundle line, a server
    game_id: str  # as the bundle or server names it; "" when unknown
    text: str
    round: int = 0
    table: int = 0
    error: str = ""  # why the source could not be read as a log at all
    ranking: list[list[int]] | None = None  # the result the tournament records for this game


@dataclass(frozen=True)
class Verdict:
    source: str
    game_id: str
    verdict: str
    rules: str  # what the rules check said
    signature: str  # what the signature check said
    round: int = 0
    table: int = 0


def bundle_line(log: GameLog, tournament_id: str = "") -> str:
    record: dict[str, Any] = {"game_id": log.game_id}
    if tournament_id:
        record.update(tournament_id=tournament_id, round=log.round, table=log.table, ranking=log.ranking)
    record["log"] = log.text
    return json.dumps(record, ensure_ascii=False)


def names_a_game(target: str) -> bool:
    """A game id (no folder, no suffix) that is no file here, rather than a file's name."""
    return not any(mark in target for mark in "/.\\") and not Path(target).is_file()


def read_sources(paths: Iterable[Path]) -> Iterator[GameLog]:
    """Game logs from files: a `.ndjson` bundle gives one per line; any other file is one log."""
    for path in paths:
        # Checked as UTF-8 line by line, as `frontier audit FILE` reads one: a bad byte or a missing
        # file is that source's `unreadable` verdict, never a replaced character or the end of the run.
        try:
            lines = logfile.decode_lines(path.read_bytes())
        except OSError as error:
            yield GameLog(str(path), "", "", error=f"cannot read the file: {error.strerror or error}")
            continue
        except logfile.LogFormatError as error:
            yield GameLog(str(path), "", "", error=f"not a valid match log: {error}")
            continue
        if path.suffix != ".ndjson":
            yield GameLog(str(path), "", "\n".join(lines))
            continue
        for number, line in enumerate(lines, start=1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
                ranking = record.get("ranking")
                yield GameLog(
                    where,
                    str(record.get("game_id", "")),
                    str(record["log"]),
                    int(record.get("round", 0)),
                    int(record.get("table", 0)),
                    ranking=None if ranking is None else [[int(s) for s in tier] for tier in ranking],
                )
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                yield GameLog(where, "", "", error=f"not a bundle record ({{game_id, log}}): {error}")
            except RecursionError:  # the JSON parser's own depth limit: a line no bundle writes
                yield GameLog(where, "", "", error="not a bundle record ({game_id, log}): nested too deep")


class KeyRing:
    """The keys the audit trusts, settled once per checkpoint key id (a --server is asked once)."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self._by_key_id: dict[str | None, list[TrustedKey]] = {}

    def trusted(self, key_id: str | None) -> list[TrustedKey]:
        if key_id not in self._by_key_id:
            self._by_key_id[key_id] = commands.trusted_keys(self.args, key_id)
        return self._by_key_id[key_id]


def audit_one(log: GameLog, keys: KeyRing) -> Verdict:
    def verdict(name: str, rules: str, signature: str, game_id: str = log.game_id) -> Verdict:
        return Verdict(log.source, game_id, name, rules, signature, log.round, log.table)

    if log.error:
        return verdict(UNREADABLE, log.error, "not checked")
    try:
        header, entries, trailer, checkpoint = read_signed(logfile.split_lines(log.text))
    except (logfile.LogFormatError, CheckpointError) as error:
        return verdict(UNREADABLE, f"not a valid match log: {error}", "not checked")
    if log.game_id and header.game_id != log.game_id:
        return verdict(FAILED, f"the log is of game {header.game_id}, filed as {log.game_id}", "not checked")
    verification = verify(header, entries, trailer)
    signature = judge(
        header.game_id,
        line_hashes(header, entries),
        checkpoint,
        keys.trusted(checkpoint.key_id if checkpoint else None),
        trailer=trailer,
    )
    rules = (
        f"{verification.verdict}: {verification.steps} commands re-run"
        + (
            f", {verification.draws_rederived} draws re-derived from the revealed seed"
            if verification.seed_revealed
            else ""
        )
        if verification.ok
        else f"FAILED at {verification.problem}"
    )
    if verification.ok and log.ranking is not None:
        given = [list(tier) for tier in verification.outcome.ranking] if verification.outcome else None
        if given != log.ranking:
            rules = f"the tournament records the ranking {log.ranking}; the log's rules give {given}"
            return verdict(FAILED, rules, f"{signature.status}: {signature.message}", header.game_id)
    name = overall(verification.verdict, signature)
    return verdict(name, rules, f"{signature.status}: {signature.message}", header.game_id)


def check_deals(logs: Sequence[GameLog], verdicts: Sequence[Verdict]) -> list[Verdict]:
    """Games naming one duplicate deal must be dealt alike: one seed commitment, one setup.

    Each log verifies alone against its own seed; only side by side can a server that dealt two
    tables of one deal differently be caught. A game dealt unlike the first of its deal fails.
    """
    first: dict[str, tuple[str, Any]] = {}
    checked = []
    for log, verdict in zip(logs, verdicts, strict=True):
        header = _header(log)
        if header is not None and header.deal is not None:
            dealt = (header.seed_commitment, header.setup_events, header.setup_draws)
            game_id, reference = first.setdefault(header.deal, (header.game_id, dealt))
            if dealt != reference:
                verdict = replace(
                    verdict,
                    verdict=FAILED,
                    rules=f"duplicate deal {header.deal}: dealt unlike game {game_id} "
                    "(another seed commitment or setup)",
                )
        checked.append(verdict)
    return checked


def _header(log: GameLog) -> Header | None:
    if log.error or not log.text:
        return None
    try:
        return logfile.read_lines(logfile.split_lines(log.text)[:1])[0]
    except logfile.LogFormatError:
        return None


def exit_status(verdicts: Iterable[Verdict]) -> int:
    seen = {v.verdict for v in verdicts}
    for name in WORST_FIRST:
        if name in seen:
            return commands.EXIT[name]
    return commands.PASSED


def summary(verdicts: list[Verdict]) -> dict[str, int]:
    counts = Counter(v.verdict for v in verdicts)
    return {
        "games": len(verdicts),
        **{name: counts[name] for name in (PASSED, FAILED, UNREADABLE, UNTRUSTED, INCOMPLETE)},
    }


def verdict_json(verdict: Verdict) -> dict[str, Any]:
    """A verdict as JSON; round and table only for a tournament's game (a loose file has neither)."""
    row = asdict(verdict)
    if not verdict.round:
        del row["round"], row["table"]
    return row


def report_json(verdicts: list[Verdict]) -> str:
    return json.dumps({"games": [verdict_json(v) for v in verdicts], "summary": summary(verdicts)}, indent=2)


def report_text(verdicts: list[Verdict]) -> str:
    lines = []
    for v in verdicts:
        where = f"round {v.round} table {v.table}  " if v.round else ""
        lines.append(f"{v.verdict.upper():10} {v.game_id or '?':36}  {where}{v.source}")
        lines.append(f"           rules: {v.rules}")
        lines.append(f"           signature: {v.signature}")
    counts = summary(verdicts)
    lines.append(
        f"{counted(counts['games'], 'game')}: {counts[PASSED]} passed, {counts[FAILED]} failed, "
        f"{counts[UNTRUSTED]} untrusted, {counts[UNREADABLE]} unreadable, {counts[INCOMPLETE]} incomplete"
    )
    return "\n".join(lines) + "\n"
