"""One fold of a line's table effects: the clocks, the rulings and the states a takeback may return to.

A line changes more than the engine's state. A move ends its seat's think and may end a one-move
autopilot; a ruling changes the table (replay/table.py) and may time a seat out; a takeback returns
to a kept state; every line charges the clocks (replay/clock.py) and moves the takeback horizon
(replay/takebacks.py). The server's record (service/core/records.py) and the audit
(replay/verify.py) both fold a line's table effects with these functions, so they cannot drift
apart.

The audit stays independent where it matters: it builds its `TableRules` from the header it parsed
itself, feeds the fold only what it re-derived from the lines, and compares each recorded value (a
clock reading, a seat's think) with what the fold gives. The fold computes; the audit compares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from engines.base import Engine
from replay.clock import Clocks, TimeControl
from replay.record import RulingLine
from replay.table import TIMEOUT, Table, moved, ruled, seats_on_clock
from replay.takebacks import Horizon, extend


class TableSide(NamedTuple):
    """A game's table after a line: the rulings so far, every seat's clock (None: no clock, or not
    started yet) and the states a takeback may return to (None: the game takes none)."""

    table: Table
    clocks: Clocks | None
    past: Horizon | None


@dataclass(frozen=True)
class TableRules:
    """What folding a line's table effects needs besides the line, fixed by the game's header."""

    engine: Engine
    seats: int
    control: TimeControl | None = None  # the game's clock, if it has one
    timeout_policy: str = ""  # the game's, if it has a clock
    takebacks: bool = False  # the game takes takebacks: keep the states they may return to

    def on_clock(self, state: Any, table: Table) -> tuple[int, ...]:
        """The seats whose time runs at `state` and `table`."""
        return seats_on_clock(self.engine, state, table)

    def started(self, state: Any, table: Table) -> Clocks | None:
        """Every seat's clock when they start (None: the game has no clock)."""
        if self.control is None:
            return None
        return Clocks.start(self.control, self.seats, self.on_clock(state, table))

    def clocks_after(
        self,
        charged: Clocks | None,
        state: Any,
        table: Table,
        *,
        moved: int | None = None,
        timed_out: int | None = None,
    ) -> Clocks | None:
        """The clocks after a line whose elapsed time `charged` holds already, leading to `state`
        and `table`: `moved` made a move, `timed_out` ran out of time."""
        if charged is None or self.control is None:
            return charged
        to_act = self.on_clock(state, table)
        return charged.after(self.control, moved=moved, timed_out=timed_out, to_act=to_act)

    def kept(self, past: Horizon | None, version: int, state: Any, *, final: bool) -> Horizon | None:
        """The takeback horizon once `version` reached `state`; `final`: nothing before it may be
        returned to (a draw, a reveal or a ruling)."""
        if not self.takebacks or state is None:
            return past
        return extend(past, version, state, final=final)

    def ruled_table(
        self, table: Table, line: RulingLine, state: Any, to_act: Iterable[int], charged: Clocks | None = None
    ) -> Table:
        """The table after a ruling line at `state`, `to_act` the seats on the clock before it and
        `charged` the clocks with the line's time charged; RulingRefused (replay/table.py) says why
        it cannot be made."""
        over = state is not None and self.engine.outcome(state) is not None
        late = charged.out_of_time(self.control) if charged is not None and self.control is not None else ()
        return ruled(
            table,
            self.seats,
            ruling=line.ruling,
            seat=line.seat,
            result=line.result,
            reason=line.reason,
            dealt=state is not None,
            over=over,
            timeout_policy=self.timeout_policy,
            to_act=tuple(to_act),
            out_of_time=late,
        )

    def after_move(
        self, side: TableSide, seat: int, version: int, state: Any, charged: Clocks | None, *, final: bool
    ) -> TableSide:
        """The table after `seat`'s command created `version`, leading to `state`; `final`: it drew."""
        table = moved(side.table, seat)
        if charged is None and not self.takebacks and table is side.table:
            return side  # no clock, no takebacks, no autopilot ended: most lines of most games
        clocks = self.clocks_after(charged, state, table, moved=seat)
        return TableSide(table, clocks, self.kept(side.past, version, state, final=final))

    def after_ruling(
        self, side: TableSide, line: RulingLine, state: Any, charged: Clocks | None
    ) -> TableSide:
        """The table after a ruling line (not a takeback) at `state`; RulingRefused if it cannot be made."""
        to_act = charged.to_act if charged is not None else ()
        table = self.ruled_table(side.table, line, state, to_act, charged)
        timed_out = line.seat if line.ruling == TIMEOUT else None
        clocks = self.clocks_after(charged, state, table, timed_out=timed_out)
        return TableSide(table, clocks, self.kept(side.past, line.version, state, final=True))

    def after_takeback(self, side: TableSide, version: int, state: Any, charged: Clocks | None) -> TableSide:
        """The table after a takeback line that returned the game to `state`."""
        clocks = self.clocks_after(charged, state, side.table)
        return TableSide(side.table, clocks, self.kept(side.past, version, state, final=True))
