"""A game as the viewer's steps: for each version, the narrative line and the table picture.

Both come from the engine's `redact` and `view` for one viewer (None = everything, SPECTATOR =
public, or a seat), exactly as the gRPC replay stream makes them, so the web can show no more
than gRPC would show the same viewer.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from engines.base import Outcome, Seat
from engines.game import GameEngine
from engines.registry import get_engine
from replay.clock import parse_time_control
from replay.narrative import (
    describe_outcome,
    describe_pause,
    describe_ruling,
    describe_step,
    describe_upgrade,
    seat_label,
)
from replay.record import Header, Line
from replay.table import Table
from replay.table import outcome as table_outcome
from replay.unseen import NOTHING_UNSEEN, held_after, masked, masked_events, unseen_by_version
from replay.verify import steps
from service.core.rendering import Rendering
from service.web.clock_view import SeatTime, step_clocks
from service.web.pictures import draw


@dataclass(frozen=True)
class StepView:
    version: int
    seat: int | None  # who acted (0-based, as in the API); None for the setup
    narrative: str
    picture: str  # inline SVG
    clocks: tuple[SeatTime, ...] = ()  # every seat's time after the step, in a game with a clock

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class ForkOrigin:
    """Where a forked game starts: the source game, at the step people see numbered there."""

    game_id: str
    step: int


@dataclass(frozen=True)
class GameView:
    """Everything the viewer page shows of one game, for one viewer."""

    game_id: str
    game: str
    title: str
    tag: str
    labels: tuple[str, ...]  # "seat 1 (Ann)", for people: 1-based
    viewer: str  # who the page shows the game as: "public", "seat 2 (Ann)", "everything (...)"
    status: str  # "in_progress" or "finished"
    steps: tuple[StepView, ...]
    result: str  # the outcome line once the game is over, else ""
    time_control: str = ""  # "" without a clock
    forked_from: ForkOrigin | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["steps"] = [s.to_json() for s in self.steps]
        return data


def seat_labels(header: Header, names: Sequence[str]) -> tuple[str, ...]:
    return tuple(seat_label(seat, names) for seat in range(header.seats))


WHOLE_WHEN_OVER = "everything (the game is over, so everyone sees it whole)"


def viewer_name(viewer: Seat | None, labels: Sequence[str], finished: bool = False) -> str:
    """Who the page shows the game as. A finished game is shown whole to every visitor, not only
    to the organiser: the label says why the visitor sees everything."""
    if viewer is None:
        return WHOLE_WHEN_OVER if finished else "everything (organiser)"
    if 0 <= viewer < len(labels):
        return labels[viewer]
    return "public"


def game_view(
    render: Rendering,
    header: Header,
    entries: Iterable[Line],
    names: Sequence[str],
    viewer: Seat | None,
    *,
    after: int = 0,
) -> GameView:
    """The steps after version `after` as `viewer` may see them (as `render` shows them), and the result.

    Folding starts at the setup every time (a state at version N needs every event before it);
    only the steps after `after` are drawn and told, so a live page's poll costs one fold. An item
    nobody at the table saw (an expanded recording lists it) is told and drawn as "(unseen)".
    """
    entries = list(entries)
    unseen = unseen_by_version(header, entries)
    engine = get_engine(header.game)
    control = parse_time_control(str(header.clock["time_control"])) if header.clock else None
    labels = seat_labels(header, names)
    origin = fork_origin(header)
    count = header.forked_from.get("events") if header.forked_from else 0
    copied = count if isinstance(count, int) else 0  # how many setup events are the source's history
    shown: list[StepView] = []
    state: Any = None
    table = Table()
    paused_by: Seat | None = None  # the seat whose timeout paused the game, once one has
    for step in steps(header, entries):
        state, table = step.state, step.table
        if step.ruling is not None and table.paused and paused_by is None:
            paused_by = step.ruling.seat
        if step.version <= after:
            continue
        events = step.events
        if origin is not None and step.seat is None:
            events = events[copied:]  # the source's history is the source's story, not this one's
        visible = masked_events(
            engine,
            render.events(engine, events, viewer),
            unseen.get(step.version, NOTHING_UNSEEN).named,
        )
        if step.upgrade is not None:
            told = describe_upgrade(step.upgrade)
        elif step.ruling is not None:
            told = describe_ruling(step.ruling, names)
        else:
            told = describe_step(engine, step.version, step.seat, visible, names)
        if origin is not None and step.seat is None:
            told = told.replace(
                "Setup —", f"Setup — forked from game {origin.game_id} at step {origin.step};", 1
            )
        shown.append(
            StepView(
                version=step.version,
                seat=step.seat,
                narrative=told,
                picture=draw(
                    header.game,
                    _view(render, engine, state, viewer, held_after(unseen, step.version)),
                    labels,
                )
                if state is not None
                else "",
                clocks=step_clocks(control, engine, header.seats, state, table, step.clock),
            )
        )
    outcome = table_outcome(engine, state, table)
    finished = outcome is not None
    return GameView(
        game_id=header.game_id,
        game=header.game,
        title=engine.title,
        tag=header.tag,
        labels=labels,
        viewer=viewer_name(viewer, labels, finished),
        status="finished" if finished else "in_progress",
        steps=tuple(shown),
        result=describe_pause(paused_by, names)
        if outcome is None and table.paused
        else told_result(engine, outcome, names),
        time_control=control.text if control is not None else "",
        forked_from=origin,
    )


def _view(
    render: Rendering, engine: GameEngine, state: Any, viewer: Seat | None, unseen: frozenset[str]
) -> dict[str, Any]:
    """The state as `viewer` sees it, each item nobody at the table saw named "(unseen)"."""
    view = render.view_of(engine, state, viewer)
    shown = masked(view, unseen) if unseen else view
    assert isinstance(shown, dict)
    return shown


def told_result(engine: GameEngine, outcome: Outcome | None, names: Sequence[str]) -> str:
    """The result line once the game is over (its reason in the game's words), else ""."""
    if outcome is None:
        return ""
    return describe_outcome(replace(outcome, reason=engine.describe_reason(outcome.reason)), names)


def short_result(outcome: Outcome | None, names: Sequence[str]) -> str:
    """Who won, for a list of games: "Ann wins", "Ann and Bo share the win", "no winner"."""
    if outcome is None:
        return ""
    if not outcome.winners:
        return "no winner"
    verb = "share the win" if len(outcome.winners) > 1 else "wins"
    return " and ".join(seat_label(seat, names) for seat in outcome.winners) + f" {verb}"


def fork_origin(header: Header) -> ForkOrigin | None:
    """A fork's source and the step it was forked at (version v is step v - 1, as the pages number)."""
    origin = header.forked_from
    if origin is None:
        return None
    version = origin.get("version")
    return ForkOrigin(str(origin.get("game_id", "")), version - 1 if isinstance(version, int) else 0)
