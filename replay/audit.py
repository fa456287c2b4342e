"""The audit report a tournament organiser publishes: what was checked and what was found.

Built from a `Verification` and the record it checked; `to_markdown()` renders
it as a self-contained Markdown page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.base import JsonValue
from engines.registry import UnknownGame, get_engine
from engines.wording import counted
from replay.narrative import describe_outcome, people_names, seat_label
from replay.record import DealLine, Entry, Header, Line, Trailer, canonical_json
from replay.verify import Problem, Verification


@dataclass(frozen=True)
class AuditReport:
    """The findings of one audit, ready to render."""

    ok: bool
    verdict: str  # passed | failed | incomplete (see Verification.verdict)
    game_id: str
    game: str
    title: str
    tag: str
    players: tuple[str, ...]  # labels, "seat 1 (Ann)"
    options: dict[str, JsonValue]  # the table options of the header
    rules_version: str | None  # None in a format 1 log, which does not record it
    rng: str | None
    origin: str  # live, imported or tabletop, in words
    signature: str | None  # the record's signature status, when the caller knows it
    entropy: str | None  # a player-entropy game: whose client seeds were mixed in; None otherwise
    seed_commitment: str | None
    seed_revealed: bool
    seed_matches: bool | None  # None when no seed was revealed
    commands: int  # commands in the log
    commands_verified: int  # commands re-run before the first problem (all of them when ok)
    draws_recorded: int
    draws_rederived: int
    checks: tuple[str, ...]
    problem: Problem | None
    status: str  # "finished", "in_progress" or "no trailer"
    result: str
    rules_in_force: str | None = None  # the rules after the last line checked: an upgrade's, or the header's
    unseen: str | None = None  # an expanded recording: the items it names that nobody saw; None otherwise
    signed_moves: str | None = None  # who signed which lines, when a seat holds a key; None otherwise

    def to_markdown(self) -> str:
        verdict = {
            "passed": "**PASSED** — the log agrees with the rules",
            "incomplete": "**INCOMPLETE** — every line agrees with the rules, but the game is not finished",
        }.get(self.verdict, "**FAILED**")
        lines = [
            f"# Audit of {self.title} game `{self.game_id}`",
            "",
            f"Verdict: {verdict}",
            "",
            "| | |",
            "| --- | --- |",
            f"| Game | {self.title} (`{self.game}`) |",
            f"| Tournament tag | {_cell(self.tag or '—')} |",
            f"| Players | {_cell(', '.join(self.players))} |",
            f"| Table options | {_cell(self._options_text())} |",
            f"| Rules version | {_rules_text(self.rules_version, self.rules_in_force)} |",
            f"| Random generator | {_recorded(self.rng)} |",
            f"| Played | {_cell(self.origin)} |",
            f"| Status | {self.status} |",
            f"| Commands | {self.commands_verified} of {self.commands} re-run through the rules |",
            f"| Seed commitment | {_code(self.seed_commitment)} |",
            f"| Seed | {self._seed_text()} |",
            f"| Random draws | {self._draws_text()} |",
            f"| Result | {_cell(self.result)} |",
        ]
        if self.entropy is not None:
            lines.append(f"| Player entropy | {_cell(self.entropy)} |")
        if self.signature is not None:
            lines.append(f"| Signature | {_cell(self.signature)} |")
        if self.unseen is not None:
            lines.append(f"| Items nobody saw | {_cell(self.unseen)} |")
        if self.signed_moves is not None:
            lines.append(f"| Seat signatures | {_cell(self.signed_moves)} |")
        lines += [
            "",
            "## Checks passed",
            "",
        ]
        lines += [f"- {_cell(check)}" for check in self.checks] or ["- none"]
        lines += ["", "## First problem", ""]
        if self.problem is None:
            lines.append("None found.")
        else:
            p = self.problem
            lines += [
                f"- Line: {p.line}",
                f"- Version: {p.version}",
                f"- Code: `{p.code}`",
                f"- Reason: {_cell(p.reason)}",
            ]
        return "\n".join(lines) + "\n"

    def _options_text(self) -> str:
        if not self.options:
            return "none"
        return ", ".join(f"{key} = {canonical_json(value)}" for key, value in sorted(self.options.items()))

    def _seed_text(self) -> str:
        if self.seed_commitment is None:
            return "none (a tabletop log: outcomes as observed at the table)"
        if not self.seed_revealed:
            return "not revealed yet"
        if self.seed_matches:
            return "revealed; matches the commitment"
        if self.seed_matches is False:
            return "revealed; **does not match** the commitment"
        return "revealed; not checked"

    def _draws_text(self) -> str:
        if self.draws_rederived:
            return f"{self.draws_rederived} of {self.draws_recorded} re-derived from the seed"
        if self.seed_revealed and self.seed_matches:
            return f"{self.draws_recorded} recorded; re-derivation stopped at the first problem"
        return f"{self.draws_recorded} recorded; each checked as possible"


def build_report(
    header: Header,
    entries: Sequence[Line],
    trailer: Trailer | None,
    verification: Verification,
    *,
    names: Sequence[str] | None = None,
    imported: bool | None = None,
    signature: str | None = None,
    where: str = "this server",
) -> AuditReport:
    """The audit report for a record and what `verify` found in it.

    `names` are the seats' names where the caller knows better than the log (by default
    the header's, and those its seat lines record for seats taken later); `imported` is known to the
    server only (a file cannot tell, its verified checkpoint can: None when nothing trusted says);
    `where` names the server that `imported` is about; `signature` is the record's signature status.
    """
    try:
        title = get_engine(header.game).title
    except UnknownGame:
        title = header.game
    recorded = verification.players or header.players
    names = people_names(recorded if names is None else names, header.seats)
    commands = [line for line in entries if isinstance(line, Entry)]
    draws = len(header.setup_draws) + sum(
        len(line.draws) for line in entries if isinstance(line, (Entry, DealLine))
    )
    if verification.verdict == "passed":
        result = describe_outcome(verification.outcome, names)
    elif verification.ok:
        result = describe_outcome(None, names)  # no finished trailer attests a result
    else:
        result = "Not established: the log was rejected."
    return AuditReport(
        ok=verification.ok,
        verdict=verification.verdict,
        game_id=header.game_id,
        game=header.game,
        title=title,
        tag=header.tag,
        players=tuple(seat_label(s, names) for s in range(header.seats)),
        options=dict(header.options),
        rules_version=header.rules_version,
        rules_in_force=verification.rules_version,
        rng=header.rng,
        origin=_origin(header, imported, where),
        signature=signature,
        entropy=_entropy(header, verification, names),
        seed_commitment=header.seed_commitment,
        seed_revealed=verification.seed_revealed,
        seed_matches=verification.seed_matches,
        commands=len(commands),
        commands_verified=verification.steps,
        draws_recorded=draws,
        draws_rederived=verification.draws_rederived,
        checks=verification.checks,
        problem=verification.problem,
        status=trailer.status if trailer is not None else "no trailer",
        result=result,
        unseen=_unseen(header, commands),
        signed_moves=_signed_moves(verification),
    )


def _signed_moves(verification: Verification) -> str | None:
    """Which lines each key-holding seat signed, and how many the server decided (autopilot, rulings)."""
    found = verification.signatures
    if found is None or not found.keyed_seats:
        return None
    seats = "; ".join(
        f"signed by seat {seat + 1}: {counted(found.signed[seat], 'line')}" for seat in found.keyed_seats
    )
    return f"{seats}; decided by the server (autopilot moves, rulings): {counted(found.server_lines, 'line')}"


def _unseen(header: Header, commands: Sequence[Entry]) -> str | None:
    """What the log lists as nobody saw it (an expanded tabletop recording), in words; None if nothing."""
    listed = [unseen for unseen in (header.unseen, *(line.unseen for line in commands)) if unseen]
    if not listed:
        return None
    items = {item for unseen in listed for item in unseen}
    return (
        f"{counted(len(items), 'item')} named on {counted(len(listed), 'line')} were filled in when the "
        "recording was expanded: nobody at the table saw them, the rules needed one there (the log lists "
        'them as unseen; its narrative says "(unseen)")'
    )


def _entropy(header: Header, verification: Verification, names: Sequence[str]) -> str | None:
    """Which seats gave client seeds (seat lines) and which were taken at creation without one."""
    if not header.player_entropy:
        return None
    seeds = verification.client_seeds or (None,) * header.seats
    gave = [seat_label(s, names) for s in range(header.seats) if seeds[s] is not None]
    named = [seat_label(s, names) for s in range(header.seats) if seeds[s] is None and header.players[s]]
    text = f"the deal waited for every seat; client seeds from {', '.join(gave) or 'no seat yet'}"
    if named:
        text += f"; taken at creation without a client seed: {', '.join(named)}"
    return text if verification.dealt else text + "; not dealt yet (seats open, or seeds not revealed yet)"


def _origin(header: Header, imported: bool | None, where: str) -> str:
    """Live or imported, as far as the record and its holder can tell, and a fork's origin."""
    if imported and header.seed_commitment is None:
        text = (
            f"imported: a tabletop log {where} re-verified line by line; no seed commitment "
            "(chance as observed at the table)"
        )
    elif imported:
        text = (
            f"imported: {where} re-verified it line by line but did not see it played; whoever made "
            "the log chose its seed and could have tried several, so its chance is not shown to be fair"
        )
    elif header.seed_commitment is None:
        text = "at the table: a tabletop log, no seed commitment (chance as observed)"
    elif imported is False:
        text = f"live on {where}, its chance committed before play"
    else:
        # A commitment in a log proves nothing about when its seed was chosen: an importer can
        # grind seeds offline and commit to the one that deals what they want.
        text = (
            "not established: the log commits to a seed, but nothing trusted says a server saw it "
            "played (an importer could have chosen the seed)"
        )
    fork = header.forked_from
    if fork is not None:
        text += (
            f"; forked from game {fork.get('game_id')} at version {fork.get('version')}: its starting "
            "position matches the state hash its header claims, but this audit did not compare it with "
            "the source's log (audit the source and compare)"
        )
    return text


def _cell(text: str) -> str:
    """Text safe inside a Markdown table cell or list item."""
    return text.replace("|", "\\|").replace("\n", " ")


def _rules_text(recorded: str | None, now: str | None) -> str:
    """The header's rules version, and ", upgraded to `X`" when an upgrade line moved the game on."""
    upgraded = f", upgraded to {_code(now)}" if now and recorded and now != recorded else ""
    return _recorded(recorded) + upgraded


def _recorded(text: str | None) -> str:
    """A header field of format 2; a format 1 log does not record it."""
    return _code(text) if text else "not recorded (format 1 log)"


def _code(text: str | None) -> str:
    return f"`{text}`" if text else "—"
