"""Commit, then reveal: the claim and reveal steps of a player-entropy game in log format 4.

A seat claims with a commitment to its client seed (the seat line records it) and reveals
the seed with RevealSeed once no seat is open; the last reveal deals. The server never sees
a seed before every commitment is recorded, so refusing a claim or a reveal and waiting for
the retry cannot steer the deal (seeds/LOG-FORMAT.md, "Player entropy").
"""

from __future__ import annotations

from replay.entropy import COMMIT_REVEAL_FORMAT, is_commitment, reveal_matches, seat_salt_4
from replay.reasons import Reason
from replay.record import MAX_CLIENT_SEED, SeatLine, seat_salt
from service.core.errors import InvalidArgument, RuleBroken
from service.core.records import GameRecord


def commits(record: GameRecord) -> bool:
    """Whether the game's seats commit to their client seeds and reveal them later (format 4 on)."""
    return record.header.player_entropy and record.header.format_version >= COMMIT_REVEAL_FORMAT


def check_claim(record: GameRecord, client_seed: str, client_commitment: str) -> None:
    """What a claim must carry: a commitment in a format-4 game waiting for its seats, a client
    seed in a format-3 one, neither anywhere else. A seed sent where a commitment is due is
    refused before anything is stored: the claim would hand the server the seed early."""
    waiting = record.header.player_entropy and not record.dealt
    if waiting and commits(record):
        if client_seed:
            raise InvalidArgument(
                Reason.CLIENT_SEED_TOO_EARLY,
                "this game takes a commitment to your client seed with the claim (client_commitment) "
                "and the seed itself only with RevealSeed, once every seat has committed",
                field="client_seed",
            )
        if not is_commitment(client_commitment):
            raise InvalidArgument(
                Reason.BAD_CLIENT_COMMITMENT,
                'this player-entropy game needs client_commitment = hex(SHA-256("frontier-client-seed-v1:" '
                "|| client seed)), 64 lowercase hex digits, with the claim",
                field="client_commitment",
            )
        return
    if client_commitment:
        raise InvalidArgument(
            Reason.CLIENT_COMMITMENT_UNUSED,
            "this game's deal does not wait for committed client seeds; claim the seat without one",
            field="client_commitment",
        )
    if waiting:
        if not 1 <= len(client_seed) <= MAX_CLIENT_SEED:
            raise InvalidArgument(
                Reason.BAD_CLIENT_SEED,
                f"this player-entropy game needs a client seed of 1 to {MAX_CLIENT_SEED} characters "
                f"with the claim (got {len(client_seed)}); the client should draw it at random",
                field="client_seed",
            )
    elif client_seed:
        raise InvalidArgument(
            Reason.CLIENT_SEED_UNUSED,
            "this game's deal does not wait for client seeds (it was not created with player_entropy); "
            "claim the seat without one",
            field="client_seed",
        )


def seat_line(record: GameRecord, seat: int, player: str, client_seed: str, commitment: str) -> SeatLine:
    """The seat line of a claim, in the game's format: a commitment (4 on; null in a game whose
    deal does not wait for its seats) or the client seed (3)."""
    header = record.header
    if header.format_version >= COMMIT_REVEAL_FORMAT:
        given = commitment or None
        salt = seat_salt_4(record.seed, header.game_id, seat, player, given)
        return SeatLine(
            version=record.game_version,
            seat=seat,
            player=player,
            client_seed=None,
            prev=record.head,
            salt=salt,
            format_version=header.format_version,
            client_commitment=given,
        ).sealed()
    return SeatLine(
        version=record.game_version,
        seat=seat,
        player=player,
        client_seed=client_seed or None,
        prev=record.head,
        salt=seat_salt(record.seed, header.game_id, seat, player, client_seed or None),
        format_version=header.format_version,
    ).sealed()


def awaiting_reveal(record: GameRecord) -> list[int]:
    """Seats that committed and have not revealed yet (none once dealt)."""
    if record.dealt or not commits(record):
        return []
    return [
        seat
        for seat, commitment in enumerate(record.client_commitments)
        if commitment is not None and record.client_seeds[seat] is None
    ]


def check_reveal(record: GameRecord, seat: int, client_seed: str) -> bool:
    """Whether `seat`'s reveal is new, to be stored; False when it already revealed this very seed.

    Every refusal is raised before anything is stored: a seed that is not the committed one,
    a reveal before every seat has committed, one for a game or seat that committed to nothing."""
    if not commits(record):
        raise RuleBroken(
            Reason.NO_COMMITMENT,
            "this game's seats do not commit to client seeds, so there is nothing to reveal",
            rule="SEATS",
        )
    commitment = record.client_commitments[seat]
    if commitment is None:
        raise RuleBroken(
            Reason.NO_COMMITMENT,
            f"seat {seat + 1} was taken at creation and committed to no client seed: nothing to reveal",
            rule="SEATS",
        )
    open_seats = [s + 1 for s, h in enumerate(record.token_hashes) if not h]
    if open_seats:
        raise RuleBroken(
            Reason.COMMITMENTS_PENDING,
            "reveal once every seat has committed: seat(s) "
            f"{', '.join(map(str, open_seats))} are still open; nothing was stored",
            rule="SEATS",
        )
    if not 1 <= len(client_seed) <= MAX_CLIENT_SEED or not reveal_matches(client_seed, commitment):
        raise InvalidArgument(
            Reason.SEED_REVEAL_DIFFERS,
            f'this is not the client seed seat {seat + 1} committed to: SHA-256("frontier-client-seed-v1:" '
            f"|| seed) must be {commitment}; nothing was stored",
            field="client_seed",
        )
    # Revealed before: the same seed (it matched the commitment), a retry.
    return record.client_seeds[seat] is None
