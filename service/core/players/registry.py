"""The player registry: an application of its own over the kernel's store, as the tournaments' is.

The organiser registers a player, or issues an invitation code that one person redeems to register
themselves. The server keeps no code: an invitation is stored under an id derived from the code's
SHA-256, and the player it makes gets an id derived from the invitation's, so redeeming a code twice
writes version 1 of the same aggregate twice and the store's optimistic concurrency refuses the
second (on any number of servers over one database).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime
from uuid import UUID, uuid4, uuid5

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from eventsourcing.application import AggregateNotFoundError, Repository
from eventsourcing.persistence import IntegrityError

from replay.reasons import Reason
from service.core.creations import CreationIndex
from service.core.errors import InvalidArgument, NotFound
from service.core.fields import parse_uuid
from service.core.games import Games
from service.core.players.record import PlayerRecord, project_player
from service.core.players.store_events import InvitationIssued, PlayerRegistered
from service.core.store_events import event_at

MAX_NAME = 200
CACHE_SIZE = 10000
# Fixed namespaces: ids derived from them are the same on every server and after every restart.
_INVITATIONS = UUID("5b0f3c1e-7d0a-4f43-9a55-3f5c2a1e9d01")
_INVITED_PLAYERS = UUID("5b0f3c1e-7d0a-4f43-9a55-3f5c2a1e9d02")


class Players:
    """The registered players of one server: register, invite, redeem, read, list."""

    def __init__(self, games: Games) -> None:
        self._games = games
        self.repository: Repository[UUID] = Repository(
            games.events,
            cache_maxsize=CACHE_SIZE,
            fastforward=games.repository.fastforward,
            deepcopy_from_cache=False,  # records are immutable
        )
        self.index = CreationIndex(games.recorder, PlayerRegistered)

    def register(self, display_name: str, public_key: str = "") -> PlayerRecord:
        """The organiser registers a player."""
        return self._register(uuid4(), display_name, public_key, "organiser")

    def invite(self) -> str:
        """A new invitation code: the caller hands it to one person; only its hash is stored."""
        code = secrets.token_urlsafe(24)
        self._games.store(event_at(InvitationIssued, _invitation_id(code), 1, issued_at=_now()))
        return code

    def join(self, code: str, display_name: str, public_key: str = "") -> PlayerRecord:
        """Register the holder of an unused invitation code."""
        uid = _invitation_id(code)
        if not isinstance(next(iter(self._games.events.get(uid, limit=1)), None), InvitationIssued):
            raise InvalidArgument(Reason.BAD_INVITATION, _BAD_CODE, field="invitation")
        try:
            return self._register(uuid5(_INVITED_PLAYERS, str(uid)), display_name, public_key, "invitation")
        except IntegrityError:  # this code already made its player
            raise InvalidArgument(Reason.BAD_INVITATION, _BAD_CODE, field="invitation") from None

    def get(self, player_id: str) -> PlayerRecord:
        record = self.find(parse_uuid(player_id, "player_id", Reason.BAD_PLAYER_ID))
        if record is None:
            raise NotFound(Reason.PLAYER_NOT_FOUND, f"no registered player with id {player_id}")
        return record

    def find(self, uid: UUID) -> PlayerRecord | None:
        try:
            record: PlayerRecord | None = self.repository.get(uid, projector_func=project_player)
        except AggregateNotFoundError:
            return None
        return record

    def store(self, *events: object) -> None:
        """Store a player's events in the kernel's store: one transaction, maybe with others."""
        self._games.store(*events)

    def remember(self, record: PlayerRecord | None) -> None:
        """Hand the cache the newest record: it keeps what it first read."""
        if record is not None and self.repository.cache is not None:
            self.repository.cache.put(record.id, record)

    def ids(self) -> list[str]:
        """Every player's id, first registered first."""
        return self.index.ids()

    def _register(self, uid: UUID, display_name: str, public_key: str, via: str) -> PlayerRecord:
        name, key = check_name(display_name), check_public_key(public_key)
        event = event_at(
            PlayerRegistered, uid, 1, display_name=name, public_key=key, registered_at=_now(), via=via
        )
        self._games.store(event)
        return self.get(str(uid))


_BAD_CODE = "this invitation code was never issued here, or has been used; ask the organiser for a new one"


def check_name(display_name: str) -> str:
    name = display_name.strip()
    if not 0 < len(name) <= MAX_NAME or not name.isprintable():
        raise InvalidArgument(
            Reason.BAD_NAME, "display_name must be 1-200 printable characters", field="display_name"
        )
    return name


def check_public_key(public_key: str) -> str:
    """'' or 64 lowercase hex digits that are an Ed25519 public key (the seats' signing keys to come)."""
    key = public_key.strip().lower()
    if not key:
        return ""
    try:
        Ed25519PublicKey.from_public_bytes(bytes.fromhex(key))
    except ValueError:
        raise InvalidArgument(
            Reason.BAD_PUBLIC_KEY,
            "public_key must be an Ed25519 public key: 64 hex digits (32 bytes)",
            field="public_key",
        ) from None
    return key


def _invitation_id(code: str) -> UUID:
    return uuid5(_INVITATIONS, hashlib.sha256(code.encode("utf-8", "surrogatepass")).hexdigest())


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
