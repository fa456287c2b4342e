"""The delivery worker: one thread that follows the store and sends what each endpoint is owed.

It reads the store's notification log (never the live fan-out, which a restart or another server
misses), so an event is owed only once it is durable, and an owed delivery is stored before its
first attempt: a server killed at any point sends, after its restart, everything still owed.
The kernel's publish wakes it at once; it also looks every `poll` seconds, for what other servers
over the same database stored. Each endpoint's deliveries go one at a time, in the order owed, so
a game's arrive in order; a failing one is retried on the `retries` schedule (seconds after each
failure), then dead-lettered, and the next goes. A delivery may arrive twice (a crash between the
receiver's answer and the store's note of it, or two servers sending): always with the same
`webhook-id`, as the Standard Webhooks specification asks receivers to expect.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid5

from service.core.event_streams import record_at
from service.core.games import Games
from service.core.records import FINISHED
from service.core.shards import recorders_of
from service.core.store_events import topics_of
from service.core.thread_names import name_os_thread
from service.core.tournaments.application import Tournaments
from service.core.visibility import Gate
from service.core.webhooks.application import Webhooks
from service.core.webhooks.outbox import Delivery
from service.core.webhooks.payloads import FOLLOWED, Happening, happenings
from service.core.webhooks.registry import Endpoint
from service.core.webhooks.sending import send
from service.core.webhooks.settings import WebhookSettings
from service.core.webhooks.urls import check_url

log = logging.getLogger(__name__)
PAGE = 500  # notifications read at a time
BURST = 50  # deliveries sent to one endpoint before the others' turn, noted done in one write
TOPICS = sorted(topic for kind in FOLLOWED for topic in topics_of(kind))
THREAD_NAME = "frontier-hooks"  # 15 bytes at most: the system keeps no more (thread_names.py)


@dataclass
class _Attempts:
    count: int = 0
    next_at: float = 0.0  # time.monotonic() of the next attempt


@dataclass
class _Seen:
    """How far the follower has read for each endpoint, past what its outbox stores."""

    positions: dict[str, dict[str, int]] = field(default_factory=dict)


class DeliveryWorker:
    def __init__(
        self,
        games: Games,
        tournaments: Tournaments,
        app: Webhooks,
        gate: Callable[[], Gate],
        settings: WebhookSettings,
    ) -> None:
        self.games = games
        self.tournaments = tournaments
        self.app = app
        self.gate = gate  # asked at each use: a gate installed later decides from then on
        self.settings = settings
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._attempts: dict[str, _Attempts] = {}  # by message id
        self._seen = _Seen()
        self._tags: dict[str, str] = {}  # tournament tag -> its id (a tag never changes)
        self._tournaments_read = 0  # how many of the tournaments (oldest first) `_tags` holds

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name=THREAD_NAME, daemon=True)
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def stop(self, timeout: float = 15.0) -> None:
        """Stop after the attempt under way (at most one attempt's timeout)."""
        self._stopping.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)

    def _run(self) -> None:
        name_os_thread()
        while not self._stopping.is_set():
            wait = self.settings.poll
            try:
                self.follow()
                wait = min(wait, self.send_due())
            except Exception:  # a store that fails now may answer later: keep the thread alive
                log.exception("webhook deliveries: will try again")
            self._wake.wait(max(wait, 0.01))
            self._wake.clear()

    # -- following the store -----------------------------------------------------

    def follow(self) -> None:
        """Owe each endpoint what the notifications stored since it last read tell it."""
        endpoints = list(self.app.registry().endpoints.values())
        if not endpoints:
            return
        for place, recorder in enumerate(recorders_of(self.games.recorder)):
            key = str(place)
            read = {e.endpoint_id: self._position(e, key) for e in endpoints}
            while not self._stopping.is_set():
                start = min(read.values()) + 1
                batch = recorder.select_notifications(start=start, limit=PAGE, topics=TOPICS)
                if not batch:
                    break
                owed: dict[str, list[Delivery]] = {e.endpoint_id: [] for e in endpoints}
                for notification in batch:
                    hearing = [
                        e
                        for e in endpoints
                        if notification.id > read[e.endpoint_id] and _may_hear(e, notification.originator_id)
                    ]
                    if not hearing:  # a game only game-scoped endpoints of other games follow: not rendered
                        continue
                    event = self.games.mapper.to_domain_event(notification)
                    told = self._happenings(event)
                    for endpoint in hearing:
                        owed[endpoint.endpoint_id] += _deliveries(endpoint, event, told)
                last = batch[-1].id
                for endpoint in endpoints:
                    if read[endpoint.endpoint_id] < last:
                        self._owe(endpoint, owed[endpoint.endpoint_id], key, last)
                        read[endpoint.endpoint_id] = last
                if len(batch) < PAGE:
                    break

    def _position(self, endpoint: Endpoint, key: str) -> int:
        stored = self.app.outbox(endpoint.endpoint_id).positions.get(key, 0)
        seen = self._seen.positions.get(endpoint.endpoint_id, {}).get(key, 0)
        return max(stored, seen, endpoint.positions.get(key, 0))

    def _owe(self, endpoint: Endpoint, deliveries: list[Delivery], key: str, last: int) -> None:
        # Nothing owed: remember how far we read, and store nothing (a game-scoped endpoint would
        # otherwise write once per move of every other game). After a restart it reads that again.
        if deliveries:
            self.app.owe(endpoint.endpoint_id, deliveries, {key: last})
        self._seen.positions.setdefault(endpoint.endpoint_id, {})[key] = last

    def _happenings(self, event: Any) -> list[Happening]:
        record = record_at(self.games, event)
        told = happenings(self.gate(), record, event)
        if any(h.event_type == "game.finished" for h in told):
            told += self._round_finished(record.header.tag, event.timestamp.isoformat())
        return told

    def _round_finished(self, tag: str, at: str) -> list[Happening]:
        """A tournament round whose last table this finish ended (every table of it is over)."""
        if not tag:
            return []
        if tag not in self._tags:
            ids = self.tournaments.ids()  # only tournaments created since the last look are read
            for known in ids[self._tournaments_read :]:
                self._tags.setdefault(self.tournaments.get(known).definition.tag, known)
            self._tournaments_read = len(ids)
        tournament_id = self._tags.get(tag)
        if tournament_id is None:
            return []
        tournament = self.tournaments.get(tournament_id)
        if not tournament.rounds:
            return []
        tables = tournament.rounds[-1]
        if any(self.games.get(table.game_id).status != FINISHED for table in tables):
            return []
        data = {
            "tournament_id": tournament_id,
            "tag": tag,
            "round": len(tournament.rounds),
            "games": [table.game_id for table in tables],
        }
        return [Happening("tournament.round_finished", "", tag, data, at)]

    # -- sending ------------------------------------------------------------------

    def send_due(self) -> float:
        """Send each endpoint's due deliveries, BURST at a time; seconds until the next is due."""
        wait = self.settings.poll
        progress = True
        while progress and not self._stopping.is_set():
            progress = False
            for endpoint in list(self.app.registry().endpoints.values()):
                answered: list[str] = []
                for delivery in self.app.outbox(endpoint.endpoint_id).owed[:BURST]:
                    settled, due_in = self._attempt(endpoint, delivery, answered)
                    if not settled:
                        wait = min(wait, due_in)
                        break
                    progress = True
                if answered:  # one write for the burst: a kill before it sends them again, same ids
                    self.app.done(endpoint.endpoint_id, answered)
        return wait

    def _attempt(self, endpoint: Endpoint, delivery: Delivery, answered: list[str]) -> tuple[bool, float]:
        """Try `delivery` if due: (whether it is settled, seconds until the endpoint's next attempt).

        Answered 2xx, its id joins `answered`; out of retries, it is dead-lettered at once.
        """
        now = datetime.now(UTC)
        if delivery.not_before and now < datetime.fromisoformat(delivery.not_before):
            return False, (datetime.fromisoformat(delivery.not_before) - now).total_seconds()
        attempts = self._attempts.setdefault(delivery.message_id, _Attempts())
        if time.monotonic() < attempts.next_at:
            return False, attempts.next_at - time.monotonic()
        try:  # checked again: the name may resolve elsewhere since it was registered
            check_url(endpoint.url, self.settings.allow_private)
            error = send(
                endpoint.url,
                endpoint.signing_secrets(now),
                delivery.message_id,
                delivery.body,
                self.settings.timeout,
            )
        except Exception as refused:
            error = str(refused)
        attempts.count += 1
        if not error:
            answered.append(delivery.message_id)
        elif attempts.count > len(self.settings.retries):
            at = datetime.now(UTC).isoformat()
            self.app.dead(endpoint.endpoint_id, delivery.message_id, attempts.count, error, at)
        else:
            attempts.next_at = time.monotonic() + self.settings.retries[attempts.count - 1]
            return False, self.settings.retries[attempts.count - 1]
        del self._attempts[delivery.message_id]
        return True, 0.0


def _deliveries(endpoint: Endpoint, event: Any, told: list[Happening]) -> list[Delivery]:
    wanted = [h for h in told if h.event_type in endpoint.events and _in_scope(endpoint, h)]
    return [_delivery(endpoint, event, h, number) for number, h in enumerate(wanted)]


def _may_hear(endpoint: Endpoint, game: UUID) -> bool:
    """Whether anything about `game` could be for `endpoint` (a tournament's are known only once read)."""
    return endpoint.scope != "game" or endpoint.target == str(game)


def _in_scope(endpoint: Endpoint, happening: Happening) -> bool:
    if endpoint.scope == "game":
        return happening.game_id == endpoint.target
    if endpoint.scope == "tournament":
        return happening.data.get("tournament_id", "") == endpoint.target or (
            happening.game_id != "" and happening.tag == endpoint.tag
        )
    return True


def _delivery(endpoint: Endpoint, event: Any, happening: Happening, number: int) -> Delivery:
    # The same stored event makes the same message id: a delivery owed twice (two servers, or a
    # round's end seen twice after a restart) is the same message, which receivers drop.
    if happening.event_type == "tournament.round_finished":
        key = f"{happening.data['tournament_id']}:round:{happening.data['round']}"
    else:
        key = f"{event.originator_id}:{event.originator_version}:{number}"
    message_id = "msg_" + uuid5(UUID(endpoint.endpoint_id), key).hex
    body = {"type": happening.event_type, "timestamp": happening.timestamp, "data": happening.data}
    return Delivery(
        message_id,
        happening.event_type,
        happening.game_id,
        json.dumps(body, sort_keys=True, separators=(",", ":")),
        happening.not_before,
    )
