"""What the table decides outside a game's rules: a seat resigns, or the organiser ends the game.

No rules statement says what happens when a player leaves a game (each says "no source"), so
Frontier Ledger does what Board Game Arena does. A seat that resigns is out: it ranks below every
seat still in (the first seat out ranks last), and the server plays its turns by the autopilot
choice (`engines.bot.autopilot_command`) so the others can finish. When one seat is left in, the
game ends at once with that seat first. The organiser may end a game at any time: adjudicated (a
ranking of every seat and a reason) or abandoned (no result, and a reason).

The service decides rulings with these functions and the audit re-runs them, so both refuse the
same things for the same reasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.base import Engine, Outcome

RESIGN = "resign"
ADJUDICATE = "adjudicate"
ABANDON = "abandon"
RULINGS = (RESIGN, ADJUDICATE, ABANDON)
MAX_REASON = 500  # characters: a sentence or two, as an arbiter writes it

# How a game ended when not by its rules' own end (Outcome.ended).
ENDED_RESIGNED = "resigned"
ENDED_ADJUDICATED = "adjudicated"
ENDED_ABANDONED = "abandoned"


class RulingRefused(Exception):
    """A ruling the table cannot make now; `code` is UPPER_SNAKE, `message` says why to a person."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Table:
    """The rulings made so far: the seats out, in the order they left, and a ruled end."""

    out: tuple[int, ...] = ()
    ended: Outcome | None = None  # set by an adjudication, an abandonment or the last resignation


def seat_name(seat: int) -> str:
    return f"seat {seat + 1}"


def ruled(
    table: Table,
    seats: int,
    *,
    ruling: str,
    seat: int | None,
    result: Sequence[Sequence[int]] | None,
    reason: str,
    dealt: bool,
    over: bool,
) -> Table:
    """The table after a ruling, or RulingRefused saying why it cannot be made.

    `over`: the game has an outcome already; `dealt`: its setup is done (a player-entropy game
    waits for its seats before that, and may only be abandoned).
    """
    if over or table.ended is not None:
        raise RulingRefused("GAME_OVER", "the game is over; it cannot be ruled on any more")
    if ruling not in RULINGS:
        raise RulingRefused("UNKNOWN_RULING", f"unknown ruling {ruling!r}; rulings are {', '.join(RULINGS)}")
    if len(reason) > MAX_REASON:
        raise RulingRefused(
            "REASON_TOO_LONG", f"the reason is {len(reason)} characters; at most {MAX_REASON}"
        )
    if ruling == RESIGN:
        return _resigned(table, seats, seat, dealt)
    if not reason.strip():
        raise RulingRefused("REASON_REQUIRED", "say why the game ends: the reason is part of the record")
    if ruling == ABANDON:
        if result is not None:
            raise RulingRefused(
                "RESULT_NOT_ALLOWED", "an abandoned game has no result; adjudicate to give one"
            )
        return Table(table.out, Outcome((), (), f"abandoned: {reason}", ENDED_ABANDONED))
    if not dealt:
        raise RulingRefused(
            "NOT_DEALT", "the game was never dealt: abandon it, there is nothing to adjudicate"
        )
    ranking = _ranking(result, seats)
    return Table(table.out, Outcome(ranking, (), f"adjudicated: {reason}", ENDED_ADJUDICATED))


def _resigned(table: Table, seats: int, seat: int | None, dealt: bool) -> Table:
    if seat is None or not 0 <= seat < seats:
        raise RulingRefused("BAD_SEAT", f"only a seat of the game can resign (seats 1 to {seats})")
    if not dealt:
        raise RulingRefused("NOT_DEALT", "the game has not been dealt yet; there is nothing to resign")
    if seat in table.out:
        raise RulingRefused("ALREADY_OUT", f"{seat_name(seat)} is already out of the game")
    out = (*table.out, seat)
    still_in = [s for s in range(seats) if s not in out]
    if len(still_in) > 1:
        return Table(out)
    (last,) = still_in
    ranking = ((last,), *((s,) for s in reversed(out)))
    reason = f"{_names(out)} resigned; {seat_name(last)} is the last seat in"
    return Table(out, Outcome(ranking, (), reason, ENDED_RESIGNED))


def _ranking(result: Sequence[Sequence[int]] | None, seats: int) -> tuple[tuple[int, ...], ...]:
    """An adjudicated ranking: tiers best first, every seat exactly once."""
    if not result:
        raise RulingRefused("BAD_RESULT", "an adjudication needs a result: the seats' ranking, best first")
    ranking = tuple(tuple(tier) for tier in result)
    placed = [seat for tier in ranking for seat in tier]
    if any(not tier for tier in ranking) or sorted(placed) != list(range(seats)):
        raise RulingRefused(
            "BAD_RESULT",
            f"the result must rank every seat 0 to {seats - 1} exactly once, in non-empty tiers "
            f"(got {[list(tier) for tier in ranking]})",
        )
    return ranking


def outcome(engine: Engine, state: object, table: Table) -> Outcome | None:
    """The game's result: a ruled end, else the rules' result with the seats out ranked last."""
    if table.ended is not None:
        return table.ended
    if state is None:
        return None
    ruled_by_rules = engine.outcome(state)
    if ruled_by_rules is None or not table.out:
        return ruled_by_rules
    still_in = tuple(
        kept
        for kept in (tuple(s for s in tier if s not in table.out) for tier in ruled_by_rules.ranking)
        if kept
    )
    ranking = (*still_in, *((s,) for s in reversed(table.out)))
    reason = f"{ruled_by_rules.reason}; {_names(table.out)} resigned and rank last".lstrip("; ")
    return Outcome(ranking, ruled_by_rules.scores, reason)


def autopilot_seat(engine: Engine, state: object, table: Table) -> int | None:
    """A seat that is out but is to act, which the server plays for; None when there is none."""
    if not table.out or table.ended is not None or state is None or engine.outcome(state) is not None:
        return None
    for seat in engine.seats_to_act(state):
        if seat in table.out:
            return seat
    return None


def _names(seats: Sequence[int]) -> str:
    return ", ".join(seat_name(s) for s in seats)
