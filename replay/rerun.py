"""Re-run a match log under another rules version: would the game have been played the same?

When an engine's rules version changes, the games stored under an older one either re-run
line for line under the new rules (unchanged: a game in progress may move to them, an upgrade line) or
diverge at a first line, whose recorded and re-run sides `Rerun` names. Pure: a record in,
a verdict out; the CLI (`frontier rules check`) and the server's upgrade use it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.base import JsonValue
from engines.registry import UnknownGame, get_engine
from replay.record import Entry, Header, Line, Trailer, UpgradeLine, canonical_json
from replay.table import seat_name
from replay.verify import Problem, verify

UNCHANGED, DIVERGES, INVALID = "unchanged", "diverges", "invalid"
SHORT = 160  # characters of a divergence's reason in a one-line report


@dataclass(frozen=True)
class Rerun:
    """The verdict of re-running one log under `target`.

    `status` is UNCHANGED (every line re-runs as recorded), DIVERGES (the log verifies under
    its own rules but not under `target`: `problem` is the first line that differs) or INVALID
    (the log fails under its own rules too, or names a game or version this engine lacks).
    """

    game_id: str
    game: str
    recorded: str  # the rules version in force at the end of the log
    target: str
    status: str
    problem: Problem | None = None
    tag: str = ""
    # Where play would differ, as a person reads it: None at the setup or a line not a command.
    first: FirstDifference | None = None

    @property
    def unchanged(self) -> bool:
        return self.status == UNCHANGED

    def summary(self) -> str:
        """One line: the game, its verdict and, for a divergence, where and how (shortened)."""
        head = f"{self.game_id} ({self.game}, {self.recorded})" if self.game_id else "unread"
        if self.problem is None:
            return f"{head}: plays the same: {self.status} under {self.target}"
        where = f"version {self.problem.version} (line {self.problem.line})"
        if self.first is not None:
            where = f"{where}, {self.first.spelled()}"
        elif self.status == DIVERGES and self.problem.version == 1:
            where = f"{where}, the setup"
        return f"{head}: {self.status} at {where}: {self.problem.code}: {shorten(self.problem.reason)}"

    def to_json(self) -> dict[str, JsonValue]:
        problem: JsonValue = None
        if self.problem is not None:
            problem = {
                "version": self.problem.version,
                "line": self.problem.line,
                "code": self.problem.code,
                "reason": self.problem.reason,
            }
        return {
            "game_id": self.game_id,
            "game": self.game,
            "tag": self.tag,
            "recorded": self.recorded,
            "target": self.target,
            "status": self.status,
            "problem": problem,
            "first_difference": None if self.first is None else self.first.to_json(),
        }


@dataclass(frozen=True)
class FirstDifference:
    """The first command whose events or legality differ under the target rules."""

    step: int  # its version - 1: the "Step N" of the narrative and the replay viewer
    seat: int  # 0-based, as the log writes it
    command: dict[str, JsonValue]

    def spelled(self) -> str:
        kind = self.command.get("kind", "command")
        return f"step {self.step}, {seat_name(self.seat)}'s {kind} {canonical_json(self.command)}"

    def to_json(self) -> dict[str, JsonValue]:
        return {"step": self.step, "seat": self.seat, "command": self.command}


def first_difference(entries: Sequence[Line], problem: Problem) -> FirstDifference | None:
    """The command at the problem's line, numbered as a person counts them (None: not a command)."""
    lines = entries[: problem.line - 1]  # the header is line 1
    if len(lines) < problem.line - 1 or not lines or not isinstance(lines[-1], Entry):
        return None
    entry = lines[-1]
    return FirstDifference(entry.version - 1, entry.seat, dict(entry.command))


def newest_rules(game: str) -> str:
    """The rules version the current engine of `game` plays (raises UnknownGame)."""
    return get_engine(game).rules_version


def rules_in_force(header: Header, entries: Sequence[Line]) -> str:
    """The rules version the log's last line was played under: the header's, or the last upgrade's."""
    upgrades = [line for line in entries if isinstance(line, UpgradeLine)]
    if upgrades:
        return upgrades[-1].to_rules
    return header.rules_version or f"{header.game}/1"


def rerun(
    header: Header, entries: Sequence[Line], trailer: Trailer | None, target: str | None = None
) -> Rerun:
    """Re-run the whole log under `target` (default: the engine's newest rules version)."""
    recorded = rules_in_force(header, entries)
    try:
        wanted = target or newest_rules(header.game)
    except UnknownGame as error:
        problem = Problem(1, 1, "UNKNOWN_GAME", str(error.args[0]))
        return Rerun(header.game_id, header.game, recorded, "", INVALID, problem, header.tag)
    verdict = Rerun(header.game_id, header.game, recorded, wanted, UNCHANGED, tag=header.tag)
    under_target = verify(header, entries, trailer, rules_version=wanted)
    if under_target.problem is None:
        return verdict
    # Only a log that holds under its own rules diverges; a broken one is reported as such.
    own = verify(header, entries, trailer)
    if own.problem is not None:
        return replace(verdict, status=INVALID, problem=own.problem)
    where = first_difference(entries, under_target.problem)
    return replace(verdict, status=DIVERGES, problem=under_target.problem, first=where)


def shorten(text: str, limit: int = SHORT) -> str:
    """`text` cut to `limit` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
