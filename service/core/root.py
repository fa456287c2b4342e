"""The composition root: the core of one server, built once at start-up and handed to every front end.

It holds the parts that belong to one server and must be shared by every channel: the kernel
(`Games`), the tournaments' application beside it over the same store, the organiser's tournament desk,
the player registry and the ladders' desk,
the visibility gate, the spectators' public views of delayed games, the deals known closed, the
permissions, the webhooks (their application over the same store and their delivery worker) and the
event streams.
A front end (the gRPC services, the web viewer, Play over WebSocket) receives it and asks its
parts; nothing looks them up in a module-level registry, so two servers in one process (as the
tests run them) share nothing.
"""

from __future__ import annotations

from service.core.event_streams import EventStreams
from service.core.games import Games
from service.core.ladders.application import Ladders
from service.core.ladders.desk import LadderDesk
from service.core.permissions import Permissions
from service.core.players.registry import Players
from service.core.relays.public_view import PublicViews
from service.core.service_log import ServiceLog
from service.core.tournaments.app import TournamentDesk
from service.core.tournaments.application import Tournaments
from service.core.visibility import Gate
from service.core.webhooks.application import Webhooks
from service.core.webhooks.desk import WebhookDesk
from service.core.webhooks.settings import WebhookSettings
from service.core.webhooks.worker import DeliveryWorker

__all__ = ["Ledger"]


class Ledger:
    """One server's core: its kernel, tournaments, gate, public views and permissions."""

    def __init__(
        self,
        games: Games,
        organiser_token: str | None = None,
        *,
        open_create: bool = True,
        open_import: bool = False,
        webhooks: WebhookSettings | None = None,
    ) -> None:
        self.games = games
        # Tournaments are an application of their own, storing through the kernel's store.
        self.tournament_app = Tournaments(games)
        self.public_views = PublicViews(games)  # one fold per delayed game, shared by every spectator
        self.closed_deals: set[str] = set()  # duplicate deals known closed for good
        # One desk: one round start at a time in this process.
        # Players and ladders: applications of their own over the same store, as tournaments are.
        self.players = Players(games)
        self.tournaments = TournamentDesk(games, self.tournament_app, self.players)
        self.ladders = LadderDesk(games, Ladders(games), self.players)
        self.permissions = Permissions(organiser_token, open_create=open_create, open_import=open_import)
        # Read by every channel at each call, so a gate installed later decides from the next call on.
        self.gate = Gate(games, self.public_views, self.closed_deals, self.tournament_app)
        # Webhooks are an application of their own over the same store; their worker renders
        # through whichever gate is installed when it renders, and the kernel's publish wakes it.
        settings = webhooks or WebhookSettings()
        hooks = Webhooks(games)
        worker = DeliveryWorker(games, self.tournament_app, hooks, lambda: self.gate, settings)
        games.on_publish.append(worker.wake)
        self.webhooks = WebhookDesk(games, self.tournament_app, hooks, worker, settings)
        # Event streams follow the store as the webhooks do; the kernel's publish wakes them.
        self.event_streams = EventStreams(games, self.tournament_app, self.players, lambda: self.gate)
        games.on_publish.append(self.event_streams.wake)
        # One log of every game's seals, kept once for every channel; it asks the gate installed now.
        self.service_log = ServiceLog(games, lambda: self.gate)

    @property
    def organiser_token(self) -> str | None:
        return self.permissions.organiser_token

    def install_gate(self, gate: Gate) -> None:
        """Make `gate` decide for every read channel from the next call on (a test's refusing gate)."""
        self.gate = gate
