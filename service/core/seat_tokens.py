"""Reissuing a seat's token: the organiser gives a taken seat a new token, and the old one dies.

For a player who lost the token, or a tournament round resumed after its runner was killed (the
tokens it held are gone: the store keeps only their hashes). The reissue is a stored event of the
game (`SeatTokenReissued`), not a line of its log: who holds a seat's token is not part of the record.
"""

from __future__ import annotations

from replay.reasons import Reason
from service.core.auth import Caller, authenticate, new_token, token_hash
from service.core.errors import InvalidArgument, RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch, Reissue
from service.core.permissions import Permissions
from service.core.records import FINISHED, GameRecord


def reissue_seat_token(
    app: Games, game_id: str, caller: Caller, permissions: Permissions, seat: int
) -> tuple[GameRecord, str]:
    """The game after `seat`'s token was replaced, and the new token (shown once)."""
    with app.lock_for(game_id):
        record = app.get(game_id)
        caller = authenticate(caller, record.token_hashes)  # a token of no one here: UNKNOWN_TOKEN
        permissions.check_reissue(caller)
        _check_seat(record, seat)
        token = new_token()
        batch = Batch(record)
        batch.add(Reissue(seat, token_hash(token)))
        return app.append(batch, "the game changed while reissuing the token; try again"), token


def _check_seat(record: GameRecord, seat: int) -> None:
    seats = record.header.seats
    if not 0 <= seat < seats:
        raise InvalidArgument(
            Reason.BAD_SEAT,
            f"seat {seat + 1} (field seat={seat}) does not exist: this game has seats 0 to {seats - 1}"
            f" in the API's numbering, 1 to {seats} for people",
            field="seat",
        )
    if not record.seed:
        raise RuleBroken(
            Reason.NO_SEAT_TOKENS,
            "an imported or relayed game is a record: its seats hold no tokens",
            rule="SEATS",
        )
    if record.status == FINISHED:
        raise RuleBroken(Reason.GAME_OVER, "the game is over; its seats need no tokens", rule="END")
    if not record.token_hashes[seat]:
        raise RuleBroken(
            Reason.SEAT_OPEN, f"seat {seat + 1} (field seat={seat}) is open: ClaimSeat takes it", rule="SEATS"
        )
