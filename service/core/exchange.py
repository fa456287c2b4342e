"""Match logs in and out of the store: export a game, import a verified log.

A full export is the stored record line for line, closed by a trailer with the
result and (once the game is over) the revealed seed, then the server's signed
checkpoint over the lines' Merkle tree (trust.checkpoint). A redacted export keeps
the same lines with secrets stripped for one viewer; it says so in every line
and cannot be imported, since its hashes no longer cover its content.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any
from uuid import UUID

from engines.base import Seat
from replay import logfile
from replay.reasons import Reason
from replay.record import DealLine, Header, Line, RulingLine, SeatLine, Trailer, UpgradeLine, canonical_json
from replay.trust import checkpoint
from replay.trust.keys import SigningKey
from replay.verify import final_state_hash, outcome_json, verify
from service.core.deciding import finish
from service.core.errors import DataLoss, InvalidArgument, RuleBroken
from service.core.games import Games
from service.core.idempotency import Keyed
from service.core.ledger_lines import Batch, Creation
from service.core.records import FINISHED, GameRecord
from service.core.relays.fork import check_fork_claim
from service.core.rendering import Rendering
from service.core.visibility import Gate


def trailer_for(record: GameRecord, *, reveal_seed: bool = False) -> Trailer | None:
    """The closing line; the seed is revealed once the game is over (or for a server-side audit).

    None for a game imported without a trailer whose moves end the game: its result
    was never attested, so its export stays as cut as the log it came from.
    """
    if record.status != FINISHED and record.outcome is not None:
        return None
    finished = record.status == FINISHED or reveal_seed
    return Trailer(
        version=record.game_version,
        status=record.status,
        outcome=outcome_json(record.outcome) if record.status == FINISHED else None,
        state_hash=final_state_hash(record.engine, record.state, record.header.format_version),
        seed=record.seed.hex() if finished and record.seed else None,
        prev=record.head,
        format_version=record.header.format_version,
    ).sealed()


def export_lines(
    app: Games, render: Rendering, record: GameRecord, viewer: Seat | None, signing_key: SigningKey
) -> Iterator[str]:
    """The match log of `record`, one canonical JSON object per line, then its signed checkpoint.

    Each line is as `render` (the gate that named `viewer`) shows it.

    Redacted lines keep their `hash`, so the checkpoint signs the same tree either way.
    """
    previous = record.header.hash
    line_hashes = [previous]
    header = record.header
    if header.hash != header.sealed().hash:
        raise DataLoss(
            Reason.BROKEN_CHAIN, f"the stored header of game {header.game_id} does not match its hash"
        )
    yield _line(render, header.to_json(), record, viewer, is_header=True)
    for entry in app.lines(header.game_id, settled=True):  # a replica may serve it
        if entry.version > record.game_version:
            break  # a record read earlier, or held back for spectators (service/core/relays/delay.py)
        if entry.prev != previous or entry.hash != entry.sealed().hash:
            raise DataLoss(
                Reason.BROKEN_CHAIN,
                f"the stored record of game {header.game_id} is broken at version {entry.version}",
            )
        previous = entry.hash
        line_hashes.append(entry.hash)
        if isinstance(entry, (SeatLine, RulingLine, UpgradeLine)):
            # Nothing in a seat line (a name, a client seed), a ruling or an upgrade is secret: only the salt
            # is withheld.
            yield canonical_json(render.plain_line(entry.to_json(), viewer), header.format_version)
            continue
        yield _line(render, entry.to_json(), record, viewer, is_header=isinstance(entry, DealLine))
    closing = trailer_for(record)
    trailer: dict[str, Any] | None = None
    if closing is not None:  # None: imported without a trailer, and exported as cut as it came
        trailer = render.trailer(closing.to_json(), viewer)
        yield canonical_json(trailer, record.header.format_version)
    # The trailer is signed as shown: a result added, removed or edited later breaks the signature.
    yield checkpoint.sign(
        signing_key, record.header.game_id, line_hashes, imported=record.imported, trailer=trailer
    ).to_line()


def _line(
    render: Rendering, data: dict[str, Any], record: GameRecord, viewer: Seat | None, *, is_header: bool
) -> str:
    shown = render.log_line(record.engine, record.header.game, data, viewer, is_header=is_header)
    return canonical_json(shown, record.header.format_version)


def import_log(app: Games, gate: Gate, content: str, keyed: Keyed | None = None) -> GameRecord:
    """Re-run a match log through the rules; store it only if every line agrees."""
    try:
        # The sender's checkpoint is not kept: this server signs what it re-verified, as imported.
        lines, _their_checkpoint = checkpoint.split_checkpoint(logfile.split_lines(content))
        bodies: list[str | None] = []  # each entry's own text, hashed as it stands (replay/verify.py)
        header, entries, trailer = logfile.read_lines(lines, checkpoint_allowed=False, bodies=bodies)
    except checkpoint.CheckpointError as error:
        raise InvalidArgument(Reason.MALFORMED_LOG, str(error), field="content", code=error.code) from None
    except logfile.LogFormatError as error:
        raise InvalidArgument(
            Reason.MALFORMED_LOG, str(error), field="content", code="MALFORMED_LINE", line=str(error.line)
        ) from None
    try:
        UUID(header.game_id)  # stored under it
    except ValueError:
        raise InvalidArgument(
            Reason.BAD_GAME_ID, f"header game_id {header.game_id!r} is not a UUID"
        ) from None
    result = verify(header, entries, trailer, bodies=bodies)
    if not result.ok:
        problem = result.problem
        assert problem is not None
        raise RuleBroken(
            Reason.LOG_REJECTED,
            f"the log disagrees with the rules at line {problem.line} (version {problem.version}): "
            f"{problem.code}: {problem.reason}",
            rule="IMPORT",
            code=problem.code,
            line=str(problem.line),
            version=str(problem.version),
        )
    check_fork_claim(app, gate, header)  # a fork of a game stored here: checked against that game
    seed = trailer.seed if trailer is not None and trailer.seed else ""
    finished = trailer is not None and trailer.status == FINISHED
    _store_imported(app, header, seed, entries, finished, keyed)
    return app.get(header.game_id)


def _store_imported(
    app: Games, header: Header, seed: str, lines: Sequence[Line], finished: bool, keyed: Keyed | None
) -> None:
    """Save a verified imported record in one transaction: all of it or nothing.

    `seed` is the trailer's revealed seed (hex), or "" when the log reveals none; an imported
    game's seats have no tokens. `keyed`, the call's idempotency key, is stored in the same transaction.
    """
    batch = Batch(None)
    batch.add(Creation(header, seed, ("",) * header.seats, imported=True))
    for line in lines:
        batch.add(line)
    if finished:
        batch.add(finish(batch.after()))
    app.store_new(batch, keyed)


def stored_record(
    app: Games, record: GameRecord, *, reveal_seed: bool
) -> tuple[Header, list[Line], Trailer | None]:
    """The full record of a stored game, as the verifier reads it."""
    entries = list(app.lines(record.header.game_id, settled=True))  # a replica may serve it
    return record.header, entries, trailer_for(record, reveal_seed=reveal_seed)
