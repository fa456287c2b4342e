"""What a webhook says about a stored game event: its type and data, as the gate renders it for a spectator.

A receiver is anyone the organiser points a URL at, so a payload never carries more than a
spectator may see: every line is the gate's spectator rendering (`Rendering.log_line` and
`plain_line` with SPECTATOR: hidden events redacted, other seats' commands, draws and salts
withheld), never the stored event. A game the gate refuses a spectator (a duplicate-deal table
whose deal is in play) is named with its version and no line. A delayed game's line is owed
with `not_before`: it is sent once spectators may see it. The seed and the state hash never
go out; the end says the outcome, which is public once the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from engines.base import SPECTATOR, Seat
from service.core.auth import ANYONE, Caller
from service.core.errors import PermissionDenied
from service.core.records import GameRecord
from service.core.store_events import (
    CommandAccepted,
    GameCreated,
    GameDealt,
    GameFinished,
    RulingMade,
    TakebackAnswered,
    TakebackRequested,
)
from service.core.visibility import Gate

FOLLOWED = (
    GameCreated,
    GameDealt,
    CommandAccepted,
    RulingMade,
    TakebackRequested,
    TakebackAnswered,
    GameFinished,
)
RULING_TYPES = {"timeout": "game.clock_ran_out", "takeback": "game.takeback"}  # else game.ruling


@dataclass(frozen=True)
class Happening:
    """One thing that happened to a game, ready to be owed to the endpoints that want it."""

    event_type: str
    game_id: str
    tag: str
    data: dict[str, Any]
    timestamp: str  # ISO 8601: when it was stored
    not_before: str = ""  # ISO 8601 for a delayed game's line; "" to send at once


def happenings(gate: Gate, record: GameRecord, event: Any, caller: Caller = ANYONE) -> list[Happening]:
    """What `event` (a stored event of the game `record` is the latest record of) tells a webhook.

    Or tells `caller` (authenticated against the game) on an event stream: lines in their view.
    """
    if gate.hides(record, caller):  # a private game tells outsiders nothing, not even that it exists
        return []
    game_id = str(record.id)
    shown, viewer = _sight(gate, record, caller)
    base: dict[str, Any] = {"game_id": game_id, "game": record.header.game, "tag": record.header.tag}
    delay = record.spectator_delay
    not_before = (event.timestamp + timedelta(seconds=delay)).isoformat() if delay > 0 else ""

    def one(event_type: str, data: dict[str, Any], held: bool = True) -> Happening:
        return Happening(
            event_type,
            game_id,
            record.header.tag,
            {**base, **data},
            event.timestamp.isoformat(),
            not_before if held else "",
        )

    if isinstance(event, GameCreated):
        header = record.header
        created = one(
            "game.created",
            {
                "seats": header.seats,
                "players": list(header.players),
                "options": header.options,
                "seed_commitment": header.seed_commitment,
                "spectator_delay": delay,
            },
            held=False,  # the header is public at once: spectators of a delayed game see it
        )
        if header.player_entropy:
            return [created]
        return [
            created,
            one(
                "game.started", {"version": 1, "line": _line(gate, record, event.header, shown, viewer, True)}
            ),
        ]
    if isinstance(event, GameDealt):
        return [
            one("game.started", {"version": 1, "line": _line(gate, record, event.line, shown, viewer, True)})
        ]
    if isinstance(event, CommandAccepted):
        entry = event.entry
        return [
            one(
                "game.move",
                {"version": entry["version"], "line": _line(gate, record, entry, shown, viewer, False)},
            )
        ]
    if isinstance(event, RulingMade):
        line = event.line
        rendered = gate.plain_line(line, viewer) if shown else None
        return [
            one(
                RULING_TYPES.get(line["ruling"], "game.ruling"),
                {"version": line["version"], "line": rendered},
            )
        ]
    if isinstance(event, TakebackRequested):
        return [one("game.takeback", {"asked": True, "seat": event.seat, "to_version": event.to_version})]
    if isinstance(event, TakebackAnswered):
        return [one("game.takeback", {"answered": True, "seat": event.seat, "accept": event.accept})]
    if isinstance(event, GameFinished):
        return [
            one(
                "game.finished", {"version": record.game_version, "outcome": event.outcome if shown else None}
            )
        ]
    return []


def _sight(gate: Gate, record: GameRecord, caller: Caller) -> tuple[bool, Seat | None]:
    """Whether the gate shows this game to `caller` now (not a table whose deal is in play), and as whom.

    A spectator's lines are always the spectator's view: a webhook owed before the game ended
    and sent after it says what it said then.
    """
    try:
        sight = gate.sight(record, caller)
    except PermissionDenied:
        return False, SPECTATOR
    return True, SPECTATOR if caller.is_spectator else sight.viewer


def _line(
    gate: Gate, record: GameRecord, data: dict[str, Any], shown: bool, viewer: Seat | None, header: bool
) -> Any:
    if not shown:
        return None
    return gate.log_line(record.engine, record.header.game, data, viewer, is_header=header)
