"""What a takeback may undo, and who must grant it: the table rules of TABLE-TAKEBACK-*.

A takeback is a ruling (replay/table.py): a seat asks to take the game back to an earlier
version, and the other seats still in (policy `consent`) or the organiser (policy `organiser`)
grant it. It never undoes a random outcome, anything hidden shown to anyone, or a ruling:
a takeback must not re-roll a die, reshuffle a deck or make anyone un-see a card.

"Shown" is decided from the engine's own visibility, for every seat and the spectator, and
conservatively: a line reveals something unless its events are whole for every viewer and
nothing hidden from any viewer changed (a card played from a hand changes what the others
cannot see, so it counts as a reveal even when it was public from then on).

The service decides with these functions and the audit re-runs them, so both refuse the same
takebacks for the same reasons.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import SPECTATOR, Engine, Event, JsonValue, Message, Seat, fold
from engines.codec import encode
from replay.numbering import step_name
from replay.reasons import Reason
from replay.record import Entry, Line, RulingLine
from replay.table import RulingRefused, Table, seat_name

TAKEBACK = "takeback"  # the `ruling` of a takeback line
OFF, CONSENT, ORGANISER = "off", "consent", "organiser"
POLICIES = (OFF, CONSENT, ORGANISER)
GRANTED_BY_ORGANISER = "organiser"  # a takeback line's `granted_by` under policy `organiser`


def policy_of(value: str | None) -> str:
    """The policy named by `value` ("" and None: off), or RulingRefused BAD_TAKEBACK_POLICY."""
    policy = value or OFF
    if policy not in POLICIES:
        raise RulingRefused(
            Reason.BAD_TAKEBACK_POLICY,
            f"unknown takeback policy {value!r}; the policies are {', '.join(POLICIES)}",
        )
    return policy


def header_policy(policy: str) -> str | None:
    """The header's `takeback_policy`: absent for `off`, so every earlier header hashes as before."""
    return None if policy == OFF else policy


@dataclass(frozen=True)
class Horizon:
    """The states a takeback may return to: every version since the last chance outcome or
    ruling, newest first (a chain, so remembering one more state costs nothing to copy)."""

    version: int
    state: Any
    earlier: Horizon | None = None

    def after(self, version: int, state: Any, *, final: bool) -> Horizon:
        """The horizon once `version` reached `state`; `final`: nothing before it can be returned to."""
        return Horizon(version, state) if final else Horizon(version, state, self)

    def state_at(self, version: int) -> Any:
        """The state at `version`; KeyError when it is past the horizon."""
        kept: Horizon | None = self
        while kept is not None:
            if kept.version == version:
                return kept.state
            kept = kept.earlier
        raise KeyError(version)

    @property
    def oldest(self) -> int:
        kept = self
        while kept.earlier is not None:
            kept = kept.earlier
        return kept.version


def extend(horizon: Horizon | None, version: int, state: Any, *, final: bool) -> Horizon:
    """`horizon` after a line reaching `state` at `version` (a new horizon when there was none)."""
    if horizon is None:
        return Horizon(version, state)
    return horizon.after(version, state, final=final)


def needed_consents(seats: int, table: Table, requester: int) -> tuple[int, ...]:
    """The seats whose consent a takeback needs under policy `consent`: every other seat still in."""
    return tuple(s for s in range(seats) if s != requester and s not in table.out)


def default_to_version(lines: Iterable[Line], seat: int) -> int | None:
    """Just before `seat`'s own last command among `lines` (not the server's autopilot move for it)."""
    last = None
    for line in lines:
        if isinstance(line, Entry) and line.seat == seat and line.by is None:
            last = line.version
    return None if last is None else last - 1


def check_to_version(to_version: int, current: int) -> None:
    """A version of the game before the current one (said as people number steps)."""
    if to_version == current:
        raise RulingRefused(
            Reason.NOTHING_TO_TAKE_BACK, f"the game stands at {step_name(current)} already: nothing to undo"
        )
    if not 1 <= to_version < current:
        raise RulingRefused(
            Reason.BAD_TO_VERSION,
            f"to_version {to_version} (step {to_version - 1}) is not an earlier step of this game, which "
            f"stands at {step_name(current)}: to_version 1 is the setup, to_version v is step v - 1",
        )


def check_undo(
    engine: Engine,
    seats: int,
    start: Any,
    undone: Sequence[Line],
    decode: Callable[[Mapping[str, JsonValue]], Message],
) -> None:
    """Refuse (RulingRefused) a takeback from `start` undoing `undone` if any line is a ruling,
    drew at random or revealed anything hidden to anyone (TABLE-TAKEBACK-2, -3)."""
    check_no_chance(undone)
    state = start
    for line in undone:
        assert isinstance(line, Entry)  # check_no_chance refused every other line
        events = [_event(decode(event)) for event in line.events]
        after = fold(engine, state, events)
        viewer = revealed_to(engine, seats, state, events, after)
        if viewer is not None:
            who = "the spectators" if viewer == SPECTATOR else seat_name(viewer)
            raise RulingRefused(
                Reason.TAKEBACK_PAST_REVEAL,
                f"{step_name(line.version)} showed {who} something hidden: "
                "a takeback must not make anyone un-see a card",
            )
        state = after


def _event(message: Message) -> Event:
    assert isinstance(message, Event), "the events codec decodes events"
    return message


def check_no_chance(undone: Sequence[Line]) -> None:
    """Refuse undoing a ruling, a line that is not a command, or a command that drew at random."""
    for line in undone:
        if not isinstance(line, Entry):
            what = f"a ruling ({line.ruling})" if isinstance(line, RulingLine) else "not a command"
            raise RulingRefused(
                Reason.TAKEBACK_PAST_RULING, f"{step_name(line.version)} is {what}: a takeback cannot undo it"
            )
        if line.draws:
            raise RulingRefused(
                Reason.TAKEBACK_PAST_CHANCE,
                f"{step_name(line.version)} drew at random: a takeback must not re-roll a die or reshuffle",
            )


def revealed_to(engine: Engine, seats: int, before: Any, events: Sequence[Event], after: Any) -> Seat | None:
    """The first viewer (a seat, or SPECTATOR) that a step from `before` to `after` by `events`
    may have shown something hidden; None when it showed nobody anything hidden."""
    whole = [encode(event) for event in events]
    omniscient_before, omniscient_after = engine.view(before, None), engine.view(after, None)
    viewers: list[Seat] = [*range(seats), SPECTATOR]
    for viewer in viewers:
        if any(
            encode(engine.redact(event, viewer)) != spelled
            for event, spelled in zip(events, whole, strict=True)
        ):
            return viewer  # part of the step is hidden from this viewer: someone else saw it
        if hidden(omniscient_before, engine.view(before, viewer)) != hidden(
            omniscient_after, engine.view(after, viewer)
        ):
            return viewer  # what this viewer cannot see changed: something hidden moved or showed
    return None


def hidden(whole: JsonValue, seen: JsonValue) -> list[tuple[tuple[str | int, ...], JsonValue, JsonValue]]:
    """Where the view `seen` differs from the omniscient view `whole`: (path, whole's, seen's)."""
    found: list[tuple[tuple[str | int, ...], JsonValue, JsonValue]] = []
    _hidden(whole, seen, (), found)
    return found


def _hidden(
    whole: JsonValue,
    seen: JsonValue,
    path: tuple[str | int, ...],
    found: list[tuple[tuple[str | int, ...], JsonValue, JsonValue]],
) -> None:
    if whole == seen:
        return
    if isinstance(whole, dict) and isinstance(seen, dict):
        for key in sorted(set(whole) | set(seen)):
            _hidden(whole.get(key), seen.get(key), (*path, key), found)
            if (key in whole) != (key in seen):  # a key only one side has differs even if null
                found.append(((*path, key), key in whole, key in seen))
        return
    if isinstance(whole, list) and isinstance(seen, list) and len(whole) == len(seen):
        for index, (mine, theirs) in enumerate(zip(whole, seen, strict=True)):
            _hidden(mine, theirs, (*path, index), found)
        return
    found.append((path, whole, seen))


def check_grant(
    policy: str, seats: int, table: Table, requester: int, granted_by: Sequence[int] | str | None
) -> None:
    """A takeback line's grant is complete: every other seat in consented, or the organiser granted."""
    if policy == OFF:
        raise RulingRefused(Reason.TAKEBACK_OFF, "this game takes no takebacks (its takeback policy is off)")
    if policy == ORGANISER:
        if granted_by != GRANTED_BY_ORGANISER:
            raise RulingRefused(
                Reason.TAKEBACK_NOT_GRANTED,
                f"under policy organiser only the organiser grants, not {granted_by!r}",
            )
        return
    needed = list(needed_consents(seats, table, requester))
    if not isinstance(granted_by, (list, tuple)) or sorted(granted_by) != needed:
        raise RulingRefused(
            Reason.TAKEBACK_NOT_GRANTED,
            f"a takeback needs the consent of {', '.join(map(seat_name, needed))}; "
            f"it was granted by {granted_by!r}",
        )


def check_requester(seats: int, table: Table, seat: int | None) -> int:
    """The requesting seat: a seat of the game still in it."""
    if seat is None or not 0 <= seat < seats:
        raise RulingRefused(
            Reason.BAD_SEAT, f"only a seat of the game can ask for a takeback (seats 1 to {seats})"
        )
    if seat in table.out:
        raise RulingRefused(
            Reason.SEAT_OUT, f"{seat_name(seat)} is out of the game; it cannot take anything back"
        )
    return seat


@dataclass(frozen=True)
class Pending:
    """A takeback asked for and not granted yet: not a line of the record (the service stores it)."""

    seat: int  # the seat asking
    to_version: int
    consents: tuple[int, ...] = ()  # the seats that accepted so far (policy consent)

    def awaiting(self, seats: int, table: Table) -> tuple[int, ...]:
        """The seats whose consent is still needed under policy consent."""
        return tuple(s for s in needed_consents(seats, table, self.seat) if s not in self.consents)


def remake(
    engine: Engine,
    policy: str | None,
    seats: int,
    table: Table,
    line: RulingLine,
    past: Horizon | None,
    undone: Sequence[Line],
    decode: Callable[[Mapping[str, JsonValue]], Message],
    *,
    over: bool,
) -> Any:
    """Re-make a takeback line as the audit does; the state the game returns to.

    `past` is the horizon before the line, `undone` the lines between its `to_version` and it.
    Raises RulingRefused naming what is wrong with the line.
    """
    if over or table.ended is not None:
        raise RulingRefused(Reason.GAME_OVER, "the game is over; nothing can be taken back")
    if line.by != "seat" or line.result is not None or line.reason:
        raise RulingRefused(
            Reason.BAD_RULING, "a takeback is asked for by a seat (`by` seat), with no result and no reason"
        )
    requester = check_requester(seats, table, line.seat)
    check_grant(policy_of(policy), seats, table, requester, line.granted_by)
    if line.to_version is None or past is None:
        raise RulingRefused(
            Reason.NOTHING_TO_TAKE_BACK, "a takeback before the game was dealt, or to no version"
        )
    check_to_version(line.to_version, line.version - 1)
    check_no_chance(undone)
    try:
        start = past.state_at(line.to_version)
    except KeyError:  # only a forged line gets here: the lines undone hide a draw or a ruling
        raise RulingRefused(
            Reason.TAKEBACK_PAST_RULING, f"{step_name(line.to_version)} is before the last draw or ruling"
        ) from None
    check_undo(engine, seats, start, undone, decode)
    return start
