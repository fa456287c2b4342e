"""Takebacks on a running server: a seat asks (`RequestTakeback`), the others or the organiser answer.

The rules are the table's (replay/takebacks.py), the same the audit re-runs. A request is a stored
event, not a line of the record; the last consent (or the organiser's grant) appends one ruling
line, `"ruling": "takeback"`, after which the game stands where it stood at the line's `to_version`.
A refusal clears the request, and so does any new line (a command, an autopilot move, a ruling).
"""

from __future__ import annotations

from replay.reasons import Reason
from replay.record import RulingLine
from replay.table import RulingRefused, seat_name
from replay.takebacks import (
    CONSENT,
    GRANTED_BY_ORGANISER,
    OFF,
    TAKEBACK,
    Pending,
    check_no_chance,
    check_requester,
    check_to_version,
    check_undo,
    default_to_version,
    policy_of,
)
from service.core import refused_rulings
from service.core.auth import Caller, authenticate, seat_of
from service.core.errors import PermissionDenied, RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch, TakebackAsk, TakebackReply
from service.core.records import FINISHED, GameRecord, event_codec
from service.core.rulings import store_ruling


def request_takeback(app: Games, game_id: str, caller: Caller, to_version: int | None) -> GameRecord:
    """Store the caller's seat's request to take the game back to `to_version` (None: to just
    before the seat's own last command); refused, storing nothing, if it may not be granted."""
    with app.lock_for(game_id):
        record = app.get(game_id)
        seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
        assert seat is not None
        _open_policy(record)
        if record.takeback is not None:
            raise RuleBroken(
                Reason.TAKEBACK_PENDING,
                f"{seat_name(record.takeback.seat)} asked for a takeback already; it must be answered first",
                rule="TAKEBACK",
            )
        try:
            check_requester(record.header.seats, record.table, seat)
            target = _checked_target(app, record, seat, to_version)
        except RulingRefused as refused:
            raise refused_rulings.answer(refused, "TAKEBACK") from None
        batch = Batch(record)
        batch.add(TakebackAsk(seat, target))
        return app.append(batch, "the game changed while asking for the takeback; ask again")


def answer_takeback(app: Games, game_id: str, caller: Caller, accept: bool) -> tuple[GameRecord, bool]:
    """Store a seat's consent or the organiser's grant (the last one takes the game back), or a
    refusal, which clears the request. The game after it, and whether it was taken back."""
    with app.lock_for(game_id):
        record = app.get(game_id)
        caller = authenticate(caller, record.token_hashes)
        seat = None if caller.is_organiser else seat_of(caller, record.token_hashes, required=True)
        policy = _open_policy(record)
        pending = record.takeback
        if pending is None:
            raise RuleBroken(
                Reason.NO_TAKEBACK_PENDING, "no takeback is asked for in this game", rule="TAKEBACK"
            )
        awaiting = pending.awaiting(record.header.seats, record.table)
        _check_answerer(policy, pending, seat, awaiting)
        if not accept or (seat is not None and set(awaiting) != {seat}):
            batch = Batch(record)
            batch.add(TakebackReply(seat, accept))
            return app.append(batch, "the game changed while answering the takeback; try again"), False
        granted: tuple[int, ...] | str = (
            GRANTED_BY_ORGANISER if seat is None else tuple(sorted((*pending.consents, seat)))
        )
        try:  # nothing changed since the request (any new line clears it); checked again all the same
            _checked_target(app, record, pending.seat, pending.to_version)
        except RulingRefused as refused:
            raise refused_rulings.answer(refused, "TAKEBACK") from None
        line = RulingLine(
            version=0,  # the chain fields are filled in by store_ruling
            ruling=TAKEBACK,
            seat=pending.seat,
            by="seat",
            reason="",
            result=None,
            prev="",
            to_version=pending.to_version,
            granted_by=granted,
        )
        return store_ruling(
            app, record, line, "the game changed while granting the takeback; try again"
        ), True


def _open_policy(record: GameRecord) -> str:
    """The game's takeback policy, if the game may still take one back."""
    if record.imported:
        raise PermissionDenied(
            Reason.IMPORTED_GAME, "an imported game is a record; nothing in it can be taken back"
        )
    if record.status == FINISHED or record.outcome is not None:
        raise RuleBroken(Reason.GAME_OVER, "the game is over; nothing can be taken back", rule="TAKEBACK")
    policy = policy_of(record.header.takeback_policy)
    if policy == OFF:
        raise RuleBroken(
            Reason.TAKEBACK_OFF,
            "this game takes no takebacks: it was created with takeback policy off, and a game's policy "
            "is chosen when it is created (consent or organiser)",
            rule="TAKEBACK",
        )
    return policy


def _checked_target(app: Games, record: GameRecord, seat: int, to_version: int | None) -> int:
    """The version to take the game back to, once the table rules allow undoing every line after it."""
    if record.past is None:
        raise RulingRefused(
            Reason.NOTHING_TO_TAKE_BACK, "the game has not been dealt: there is nothing to take back"
        )
    lines = list(app.entries(record.header.game_id))
    target = to_version or default_to_version(lines, seat)
    if target is None:
        raise RulingRefused(
            Reason.NOTHING_TO_TAKE_BACK, f"{seat_name(seat)} has sent no command to take back"
        )
    check_to_version(target, record.game_version)
    undone = [line for line in lines if line.version > target]
    check_no_chance(undone)
    codec = event_codec(record.header.game)
    check_undo(record.engine, record.header.seats, record.past.state_at(target), undone, codec.decode)
    return target


def _check_answerer(policy: str, pending: Pending, seat: int | None, awaiting: tuple[int, ...]) -> None:
    if policy == CONSENT and seat is None:
        raise PermissionDenied(
            Reason.NOT_YOURS_TO_ANSWER,
            "under takeback policy consent the other seats answer, not the organiser",
        )
    if policy != CONSENT and seat is not None:
        raise PermissionDenied(
            Reason.NOT_YOURS_TO_ANSWER,
            "under takeback policy organiser only the organiser answers a takeback",
        )
    if seat is not None and seat not in awaiting:
        why = (
            "asked for it"
            if seat == pending.seat
            else "consented already"
            if seat in pending.consents
            else "is out of the game"
        )
        raise PermissionDenied(
            Reason.NOT_YOURS_TO_ANSWER, f"{seat_name(seat)} {why}: it does not answer this takeback"
        )
