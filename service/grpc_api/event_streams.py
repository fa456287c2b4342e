"""The API's shape of an event stream's events (service/core/event_streams.py)."""

from __future__ import annotations

import json

from service.core.event_streams import Followed
from service.generated.frontier.v1 import frontier_pb2


def ledger_event(followed: Followed) -> frontier_pb2.LedgerEvent:
    return frontier_pb2.LedgerEvent(
        cursor=followed.cursor,
        game_id=followed.game_id,
        tag=followed.tag,
        lines=[
            frontier_pb2.EventLine(
                type=line.event_type,
                data_json=json.dumps(line.data, sort_keys=True, separators=(",", ":")),
                timestamp=line.timestamp,
            )
            for line in followed.lines
        ],
    )
