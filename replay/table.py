"""What the table decides outside a game's rules: a seat resigns or runs out of time, or the
organiser (or a join deadline) ends the game. Takebacks are `replay/takebacks.py`'s.

No rules statement says what happens when a player leaves a game (each says "no source"), so
Frontier Ledger does what Board Game Arena does. A seat that resigns, or forfeits on time, is out:
it ranks below every seat still in (the first seat out ranks last), and the server plays its turns
by the autopilot choice (`engines.bot.autopilot_command`) so the others can finish. When one seat
is left in, the game ends at once with that seat first. A timeout under the `autopilot` policy has
the server play that one move instead; under `pause` the game stops for the organiser. The
organiser may end a game at any time: adjudicated (a ranking of every seat and a reason) or
abandoned (no result, and a reason); the server abandons a game still waiting for a seat at its
join deadline.

The service decides rulings with these functions and the audit re-runs them, so both refuse the
same things for the same reasons.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.base import Engine, JsonValue, Outcome
from replay.numbering import ranking_text
from replay.reasons import Reason
from replay.record import RulingLine

RESIGN = "resign"
TIMEOUT = "timeout"  # the server's: a seat's time ran out (replay/clock.py)
ADJUDICATE = "adjudicate"
ABANDON = "abandon"
# The server's mark that no server kept the clocks for a while (a restart): they resume where the
# last line left them. It changes nothing at the table; the clock reading says how long they stopped.
RESUME = "resume"
RULINGS = (RESIGN, TIMEOUT, ADJUDICATE, ABANDON, RESUME)
# Who may make each ruling: the seat itself, the server (its clock, or a join deadline that
# passed with seats open), or the organiser.
MADE_BY = {
    RESIGN: ("seat",),
    TIMEOUT: ("server",),
    ADJUDICATE: ("organiser",),
    ABANDON: ("organiser", "server"),
    RESUME: ("server",),
}
FOR_A_SEAT = (RESIGN, TIMEOUT)  # the rulings about one seat; the others are about the game
MAX_REASON = 500  # characters: a sentence or two, as an arbiter writes it

# How a game ended when not by its rules' own end (Outcome.ended).
ENDED_RESIGNED = "resigned"
ENDED_TIMEOUT = "timeout"
ENDED_ADJUDICATED = "adjudicated"
ENDED_ABANDONED = "abandoned"


class RulingRefused(Exception):
    """A ruling the table cannot make now; `code` is its reason, `message` says why to a person."""

    def __init__(self, code: Reason, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Table:
    """The rulings made so far: the seats out, in the order they left, and a ruled end."""

    out: tuple[int, ...] = ()
    how_out: tuple[str, ...] = ()  # per seat out: ENDED_RESIGNED or ENDED_TIMEOUT
    ended: Outcome | None = None  # set by an adjudication, an abandonment or the last resignation
    autopilot_now: int | None = None  # timed out under the autopilot policy: the server moves for it next
    paused: bool = False  # timed out under the pause policy: the organiser adjudicates


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
    timeout_policy: str = "",
    to_act: Sequence[int] = (),
    out_of_time: Sequence[int] = (),
) -> Table:
    """The table after a ruling, or RulingRefused saying why it cannot be made.

    `over`: the game has an outcome already; `dealt`: its setup is done (a player-entropy game
    waits for its seats before that, and may only be abandoned). A timeout needs the game's
    `timeout_policy` and the seats on the clock now (`to_act`); whether the seat's time had run
    out is the clock's to say (replay/clock.py), and so are the seats out of time with it
    (`out_of_time`).
    """
    if over or table.ended is not None:
        raise RulingRefused(Reason.GAME_OVER, "the game is over; it cannot be ruled on any more")
    if ruling not in RULINGS:
        raise RulingRefused(
            Reason.UNKNOWN_RULING, f"unknown ruling {ruling!r}; rulings are {', '.join(RULINGS)}"
        )
    if len(reason) > MAX_REASON:
        raise RulingRefused(
            Reason.REASON_TOO_LONG, f"the reason is {len(reason)} characters; at most {MAX_REASON}"
        )
    if ruling == RESIGN:
        if table.paused:
            raise RulingRefused(Reason.PAUSED, "the game is paused after a timeout: the organiser ends it")
        return _resigned(table, seats, seat, dealt, ENDED_RESIGNED)
    if ruling == TIMEOUT:
        return _timed_out(table, seats, seat, timeout_policy, to_act, out_of_time)
    if ruling == RESUME:
        if not to_act:
            raise RulingRefused(
                Reason.NO_CLOCK_RUNNING, "a resume mark where no seat's clock runs stops nothing"
            )
        return table
    if not reason.strip():
        raise RulingRefused(Reason.REASON_REQUIRED, "say why the game ends: the reason is part of the record")
    if ruling == ABANDON:
        if result is not None:
            raise RulingRefused(
                Reason.RESULT_NOT_ALLOWED, "an abandoned game has no result; adjudicate to give one"
            )
        return replace(table, ended=Outcome((), (), f"abandoned: {reason}", ENDED_ABANDONED))
    if not dealt:
        raise RulingRefused(
            Reason.NOT_DEALT, "the game was never dealt: abandon it, there is nothing to adjudicate"
        )
    ranking = _ranking(result, seats)
    return replace(table, ended=Outcome(ranking, (), f"adjudicated: {reason}", ENDED_ADJUDICATED))


def _resigned(table: Table, seats: int, seat: int | None, dealt: bool, how: str) -> Table:
    if seat is None or not 0 <= seat < seats:
        raise RulingRefused(Reason.BAD_SEAT, f"only a seat of the game can resign (seats 1 to {seats})")
    if not dealt:
        raise RulingRefused(Reason.NOT_DEALT, "the game has not been dealt yet; there is nothing to resign")
    if seat in table.out:
        raise RulingRefused(Reason.ALREADY_OUT, f"{seat_name(seat)} is already out of the game")
    after = replace(table, out=(*table.out, seat), how_out=(*table.how_out, how), autopilot_now=None)
    still_in = [s for s in range(seats) if s not in after.out]
    if len(still_in) > 1:
        return after
    (last,) = still_in
    ranking = ((last,), *((s,) for s in reversed(after.out)))
    reason = f"{_departures(after)}; {seat_name(last)} is the last seat in"
    return replace(after, ended=Outcome(ranking, (), reason, how))


def _timed_out(
    table: Table, seats: int, seat: int | None, policy: str, to_act: Sequence[int], out_of_time: Sequence[int]
) -> Table:
    """A seat's time ran out: `forfeit` puts it out as a resignation does; `autopilot` has the server
    play its move now; `pause` stops the game until the organiser ends it.

    SVC-TIMEOUT-ALL: under `forfeit`, a timeout that would leave one seat in while that seat's
    time has run out too ends the game with no result, as an abandoned game: every seat still in
    ran out, and which ran out first (or the lower seat of a tie) is no play to win by."""
    if not policy:
        raise RulingRefused(Reason.NO_CLOCK, "the game has no clock: nobody's time can run out")
    if table.paused:
        raise RulingRefused(Reason.PAUSED, "the game is paused after a timeout already")
    if seat is None or seat not in to_act or seat in table.out:
        raise RulingRefused(Reason.NOT_ON_THE_CLOCK, "only a seat that is to act can run out of time")
    if policy == "forfeit":
        after = _resigned(table, seats, seat, True, ENDED_TIMEOUT)
        last = after.ended.ranking[0][0] if after.ended is not None else None
        if last is None or last not in out_of_time:
            return after
        reason = (
            f"no result: every seat still in ran out of time ({_departures(after)}, {seat_name(last)} too)"
        )
        return replace(after, ended=Outcome((), (), reason, ENDED_ABANDONED))
    if policy == "autopilot":
        return replace(table, autopilot_now=seat)
    return replace(table, paused=True)


def _ranking(result: Sequence[Sequence[int]] | None, seats: int) -> tuple[tuple[int, ...], ...]:
    """An adjudicated ranking: tiers best first, every seat exactly once."""
    if not result:
        raise RulingRefused(
            Reason.BAD_RESULT, "an adjudication needs a result: the seats' ranking, best first"
        )
    ranking = tuple(tuple(tier) for tier in result)
    placed = [seat for tier in ranking for seat in tier]
    if any(not tier for tier in ranking) or sorted(placed) != list(range(seats)):
        raise RulingRefused(
            Reason.BAD_RESULT,
            f"the result must rank every seat, seat 1 to seat {seats}, exactly once in non-empty places; "
            f"got {ranking_text(ranking) or 'no seat'} (seats counted from 1, places best first separated "
            "by ',', tied seats by '=')",
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
    reason = f"{ruled_by_rules.reason}; {_departures(table)}, and rank last".lstrip("; ")
    return Outcome(ranking, ruled_by_rules.scores, reason)


def autopilot_seat(engine: Engine, state: object, table: Table) -> int | None:
    """A seat that is out but is to act, which the server plays for; None when there is none."""
    if not table.out and table.autopilot_now is None:  # every command asks: most games have no one out
        return None
    if table.ended is not None or table.paused or state is None or engine.outcome(state) is not None:
        return None
    to_act = engine.seats_to_act(state)
    if table.autopilot_now is not None and table.autopilot_now in to_act:
        return table.autopilot_now
    for seat in to_act:
        if seat in table.out:
            return seat
    return None


def moved(table: Table, seat: int) -> Table:
    """The table after `seat` made a move: a one-move autopilot after its timeout is done."""
    return replace(table, autopilot_now=None) if table.autopilot_now == seat else table


def seats_on_clock(engine: Engine, state: object, table: Table) -> tuple[int, ...]:
    """The seats whose time runs: those to act and still in, while the game goes on."""
    if state is None or table.ended is not None or table.paused or engine.outcome(state) is not None:
        return ()
    return tuple(s for s in engine.seats_to_act(state) if s not in table.out)


def _departures(table: Table) -> str:
    """ "seat 2 resigned, seat 3 ran out of time" """
    said = {ENDED_RESIGNED: "resigned", ENDED_TIMEOUT: "ran out of time"}
    return ", ".join(f"{seat_name(s)} {said[how]}" for s, how in zip(table.out, table.how_out, strict=True))


def resume_line(
    version: int,
    stopped_ms: int,
    clock: dict[str, JsonValue],
    *,
    prev: str,
    salt: str | None,
    format_version: int,
) -> RulingLine:
    """The server's unsealed resume line: its clocks stopped `stopped_ms` while no server kept them."""
    return RulingLine(
        version=version,
        ruling=RESUME,
        seat=None,
        by="server",
        reason=f"no server kept the clocks for {stopped_ms / 1000:.1f} s (a restart): they stopped",
        result=None,
        prev=prev,
        salt=salt,
        format_version=format_version,
        clock=clock,
    )


# Scheduled play: a game made ahead waits, no clock running, until its announced start; the
# server's start line is a resume mark whose stopped time is the wait, so a reader and the audit
# fold it as any resume, and its reason names the announced time.
SCHEDULED_START = "scheduled start at "


def start_line(
    version: int,
    starts_at: str,
    clock: dict[str, JsonValue],
    *,
    prev: str,
    salt: str | None,
    format_version: int,
) -> RulingLine:
    """The server's unsealed start line: the clocks start at `starts_at` (ISO 8601), the announced time."""
    return RulingLine(
        version=version,
        ruling=RESUME,
        seat=None,
        by="server",
        reason=f"{SCHEDULED_START}{starts_at}: the clocks start",
        result=None,
        prev=prev,
        salt=salt,
        format_version=format_version,
        clock=clock,
    )


def is_start_line(line: RulingLine) -> bool:
    """Whether `line` is a scheduled game's start line (its clocks ran from then on)."""
    return line.ruling == RESUME and line.by == "server" and line.reason.startswith(SCHEDULED_START)
