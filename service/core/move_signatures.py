"""A key-holding seat's command must carry its signature (replay/seat_signatures.py); others none.

Checked before the command is decided, so a refused command stores nothing.
"""

from __future__ import annotations

from engines.base import Command
from engines.codec import encode
from replay.reasons import Reason
from replay.seat_signatures import move_message, signed_by
from service.core.errors import InvalidArgument, Unauthenticated
from service.core.records import GameRecord


def checked_signature(
    record: GameRecord,
    seat: int,
    expected_version: int | None,
    command: Command,
    command_id: str,
    signature: str,
) -> dict[str, str] | None:
    """The entry's `seat_signature` for this command, None for a seat without a key; refused otherwise."""
    key = record.seat_keys[seat] if record.seat_keys else None
    if key is None:
        if signature:
            raise InvalidArgument(
                Reason.BAD_SEAT_SIGNATURE,
                f"seat {seat + 1} claimed without a key: send its commands without seat_signature",
                field="seat_signature",
            )
        return None
    if not signature:
        raise InvalidArgument(
            Reason.BAD_SEAT_SIGNATURE,
            f"seat {seat + 1} claimed with a key: every command it sends carries seat_signature",
            field="seat_signature",
        )
    if expected_version is None:
        raise InvalidArgument(
            Reason.BAD_SEAT_SIGNATURE,
            "a signed command names the version it creates: send expected_version with it",
            field="expected_version",
        )
    message = move_message(record.header.game_id, seat, expected_version + 1, encode(command), command_id)
    if not signed_by(key, signature, message):
        raise Unauthenticated(  # the command does not prove it comes from the seat
            Reason.BAD_SEAT_SIGNATURE,
            f"seat_signature is not seat {seat + 1}'s key's signature of frontier-move-v1: || RFC 8785 "
            '{"command", "command_id", "game_id", "seat", "version": expected_version + 1}',
        )
    return {"command_id": command_id, "signature": signature}
