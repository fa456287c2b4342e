"""The events a player's record and an invitation are made of, stored in the games' event store."""

from __future__ import annotations

from dataclasses import dataclass

from eventsourcing.domain import DomainEvent


@dataclass(frozen=True)
class PlayerRegistered(DomainEvent):
    """A player joined the registry: by the organiser, or by redeeming an invitation."""

    display_name: str
    public_key: str  # hex Ed25519 public key, "" without one
    registered_at: str  # ISO 8601
    via: str  # "organiser" or "invitation"


@dataclass(frozen=True)
class InvitationIssued(DomainEvent):
    """The organiser issued an invitation; its aggregate id derives from the code's hash, never the code."""

    issued_at: str  # ISO 8601


@dataclass(frozen=True)
class PlayerSeated(DomainEvent):
    """The player claimed a seat of a game, proving it with a signature by their key."""

    game_id: str
    seat: int
