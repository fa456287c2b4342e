"""Idempotency keys for the writes that make a game (CreateGame, ImportLog): a retry stores nothing new.

A key is remembered as a stored event of its own aggregate, saved in the same transaction as the
game it made, so the two are stored together or not at all, on any store and for every server
sharing it; a second writer with the same key loses on the aggregate's version (`KeyTaken`).
The aggregate's id is a hash of the caller's scope and the key: another caller (another scope) or
anyone without the key never reaches it, and the store holds neither the key nor, in clear, the
answer's seat tokens: those are sealed (AES-GCM) under a key derived from the idempotency key,
as a token's hash is all the store keeps of it.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from eventsourcing.domain import DomainEvent

from replay.reasons import Reason
from service.core.auth import Caller, token_hash
from service.core.errors import Conflict, InvalidArgument, RuleBroken
from service.core.store_events import event_at
from service.core.write_health import reading_store

KEY_FORM = re.compile(r"[A-Za-z0-9_-]{22,128}")  # 22 base64url characters: 128 bits, if random


@dataclass(frozen=True)
class KeyUsed(DomainEvent):
    """The one event of a key's aggregate: the key made `game_id`. Not part of any game's record.

    Its class path is its stored topic: this module's path and its name must not change.
    """

    method: str  # "CreateGame" or "ImportLog"
    fingerprint: str  # keyed hash of the request
    game_id: str
    sealed: str  # base64: nonce and AES-GCM ciphertext of the answer's secret part


class KeyTaken(Conflict):
    """Another call with this key stored its game first: read its answer (`earlier`)."""

    def __init__(self) -> None:
        super().__init__(
            Reason.CONTENTION, "another call with this idempotency key was stored meanwhile; send it again"
        )


@dataclass(frozen=True)
class Keyed:
    """A call's idempotency key within its caller's scope, and its request's fingerprint."""

    method: str
    uid: UUID  # the key's aggregate
    fingerprint: str  # keyed hash of the method and the request: another request is refused
    seal_key: bytes

    def event(self, game_id: str, secret: dict[str, Any]) -> KeyUsed:
        """The stored event remembering this key: it made `game_id`; `secret` is sealed."""
        nonce = secrets.token_bytes(12)
        sealed = nonce + AESGCM(self.seal_key).encrypt(nonce, json.dumps(secret).encode(), self.uid.bytes)
        return event_at(
            KeyUsed,
            self.uid,
            1,
            method=self.method,
            fingerprint=self.fingerprint,
            game_id=game_id,
            sealed=base64.b64encode(sealed).decode(),
        )


@dataclass(frozen=True)
class Earlier:
    """What a key made before: its game and the secret part of the answer."""

    game_id: str
    secret: dict[str, Any]


def keyed(caller: Caller, key: str, method: str, request: bytes) -> Keyed | None:
    """The call's key (None without one); INVALID_ARGUMENT for a key too short to be a secret."""
    if not key:
        return None
    if not KEY_FORM.fullmatch(key):
        raise InvalidArgument(
            Reason.BAD_IDEMPOTENCY_KEY,
            "idempotency_key must be 22 to 128 letters, digits, '-' or '_', chosen at random (e.g. 16 "
            "random bytes in base64url): it is the secret that gives a retry the first answer",
            field="idempotency_key",
        )
    scoped = f"{_scope(caller)}\0{key}".encode()
    uid = UUID(bytes=hashlib.sha256(b"frontier idempotency id\0" + scoped).digest()[:16])
    seal_key = hashlib.sha256(b"frontier idempotency seal\0" + scoped).digest()
    fingerprint = hmac.new(seal_key, method.encode() + b"\0" + request, hashlib.sha256).hexdigest()
    return Keyed(method, uid, fingerprint, seal_key)


def earlier(events: Any, key: Keyed) -> Earlier | None:
    """What `key` made before (None if nothing); FAILED_PRECONDITION if it came with another request.

    `events` is the application's event store.
    """
    with reading_store():
        found = list(events.get(key.uid, limit=1))
    if not found:
        return None
    used: KeyUsed = found[0]
    if used.method != key.method or not hmac.compare_digest(used.fingerprint, key.fingerprint):
        raise RuleBroken(
            Reason.IDEMPOTENCY_KEY_REUSED,
            f"this idempotency key was already used for a different {used.method} request; "
            "send the new request with a new key",
            field="idempotency_key",
        )
    sealed = base64.b64decode(used.sealed)
    secret = AESGCM(key.seal_key).decrypt(sealed[:12], sealed[12:], key.uid.bytes)
    return Earlier(used.game_id, json.loads(secret))


def _scope(caller: Caller) -> str:
    """Whose keys: the organiser's, one token's holder's, or the callers with no token."""
    if caller.is_organiser:
        return "organiser"
    return f"token {token_hash(caller.token)}" if caller.token else "anyone"
