"""A seat claimed as a registered player: proven by the player's Ed25519 key, remembered in their record.

The claimant signs `frontier-seat-claim-v1:<game_id>:<player_id>` (UTF-8) with the key the registry
holds for the player; the seat then takes the player's display name, and the player's record gains
the (game, seat), so their history lists it. A player without a key cannot claim this way: nothing
else would prove the claimant is them. The signature names the game, so it claims in no other game.
"""

from __future__ import annotations

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from eventsourcing.persistence import IntegrityError

from replay.reasons import Reason
from replay.seat_signatures import public_key_of
from service.core.errors import Conflict, InvalidArgument, PermissionDenied, RuleBroken
from service.core.players.record import PlayerRecord, project_player
from service.core.players.registry import Players
from service.core.players.store_events import PlayerSeated
from service.core.store_events import event_after

CLAIM_CONTEXT = "frontier-seat-claim-v1"


def claim_message(game_id: str, player_id: str) -> bytes:
    return f"{CLAIM_CONTEXT}:{game_id}:{player_id}".encode()


def claimant(players: Players, game_id: str, player_id: str, signature: str, name: str) -> PlayerRecord:
    """The registered player this claim proves, before the seat is taken; refused otherwise."""
    player = players.get(player_id)
    if name and name.strip() != player.display_name:
        raise InvalidArgument(
            Reason.BAD_NAME,
            "a claim as a registered player takes the player's display name: leave `player` empty",
            field="player",
        )
    if not player.public_key:
        raise RuleBroken(
            Reason.PLAYER_HAS_NO_KEY,
            "this player has no public key, so no claim can prove it is them; the organiser seats them",
            rule="SEATS",
        )
    if any(seated == game_id for seated, _ in player.seats):
        raise InvalidArgument(Reason.DUPLICATE_PLAYER, "this player already holds a seat of this game")
    try:
        key = Ed25519PublicKey.from_public_bytes(bytes.fromhex(player.public_key))
        key.verify(bytes.fromhex(signature), claim_message(game_id, str(player.id)))
    except (ValueError, InvalidSignature):
        raise PermissionDenied(
            Reason.BAD_PLAYER_SIGNATURE,
            "player_signature is not the player's Ed25519 signature of "
            f"{CLAIM_CONTEXT}:<game_id>:<player_id>",
        ) from None
    return player


def claimed_key(given: str, registered: str | None) -> str | None:
    """The key the seat line records, so the seat signs its moves: the registered player's, or one
    the claim gives; None for neither. A claim as a player may repeat its key, never name another."""
    if given and public_key_of(given) is None:
        raise InvalidArgument(
            Reason.BAD_PUBLIC_KEY,
            "seat_key is not 32 bytes of Ed25519 public key in lowercase hex",
            field="seat_key",
        )
    if registered and given and given != registered:
        raise InvalidArgument(
            Reason.BAD_PUBLIC_KEY,
            "a claim as a registered player signs with the player's key: leave seat_key empty",
            field="seat_key",
        )
    return registered or given or None


def remember_seat(players: Players, player: PlayerRecord, game_id: str, seat: int) -> None:
    """Add the claimed seat to the player's record (their history lists it)."""
    for _ in range(3):  # another seat of the same player may be stored first: read it and add again
        seated = event_after(PlayerSeated, player, game_id=game_id, seat=seat)
        try:
            players.store(seated)
        except IntegrityError:
            player = players.get(str(player.id))
            continue
        players.remember(project_player(player, [seated]))
        return
    raise Conflict(Reason.CONTENTION, "the player's record kept changing; the seat is taken, re-read it")
