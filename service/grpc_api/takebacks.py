"""The API's shape of takebacks (service/core/takebacks.py): a pending request and the answers."""

from __future__ import annotations

from typing import Any

from replay.record import RulingLine
from replay.takebacks import CONSENT, TAKEBACK, policy_of
from service.core.games import Games
from service.core.records import GameRecord
from service.generated.frontier.v1 import frontier_pb2


def pending_proto(record: GameRecord) -> frontier_pb2.PendingTakeback | None:
    """The takeback waiting for answers, if any: nothing in it is secret."""
    pending = record.takeback
    if pending is None:
        return None
    return frontier_pb2.PendingTakeback(
        seat=pending.seat,
        to_version=pending.to_version,
        awaiting=list(pending.awaiting(record.header.seats, record.table))
        if record.header.takeback_policy == CONSENT
        else [],
    )


def takeback_response(record: GameRecord, *, taken_back: bool) -> frontier_pb2.TakebackResponse:
    return frontier_pb2.TakebackResponse(
        version=record.game_version,
        status=record.shown_status,
        pending=pending_proto(record),
        taken_back=taken_back,
    )


def show_takebacks(state: frontier_pb2.GameState, record: GameRecord) -> None:
    """GetState's takeback fields: the game's policy and a pending request."""
    state.takeback_policy = policy_of(record.header.takeback_policy)
    pending = pending_proto(record)
    if pending is not None:
        state.pending_takeback.CopyFrom(pending)


def state_after_takeback(app: Games, game_id: str, line: RulingLine, state: Any) -> Any:
    """The state after a ruling line: a takeback's is the state at its `to_version`, read back from
    the store (takebacks are rare; a replay keeps no state it has passed)."""
    if line.ruling != TAKEBACK or line.to_version is None:
        return state
    return app.record_at(game_id, line.to_version).state
