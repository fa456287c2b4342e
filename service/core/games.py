"""The Game application: the engine decides, the record folds, the store saves.

Built on the eventsourcing library's `Application`: the store is chosen by its
environment variables (SQLite file by default, PostgreSQL to scale), the
repository cache keeps each game's latest immutable record so a command costs
the same at move 10 as at move 10,000, and a lost write race surfaces as the
library's `IntegrityError`, which we answer by re-reading and re-deciding.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.domain import ImmutableAggregateProtocol
from eventsourcing.persistence import (
    EventStore,
    IntegrityError,
    OperationalError,
    PersistenceError,
    StoredEvent,
    Transcoder,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder

from engines.base import (
    Command,
    Engine,
    Event,
    JsonValue,
    OptionError,
    RuleViolation,
    fold,
    known_rules_versions,
    options_as_recorded,
    options_for_log,
)
from engines.bot import autopilot_command
from engines.codec import encode
from engines.registry import UnknownGame, get_engine
from engines.rng import SEEDED_RNG_ID, Deal, SeededRng, rng_key, seed_commitment
from replay.clock import ClockError, clock_json, parse_policy, parse_time_control
from replay.entropy import ENTROPY_FORMAT_VERSION
from replay.record import (
    AUTOPILOT,
    FORMAT_VERSION,
    DealLine,
    Entry,
    Header,
    Line,
    RulingLine,
    SeatLine,
    UpgradeLine,
    deal_salt,
    line_salt,
    mixed_seed,
    written_draws,
)
from replay.table import (
    ABANDON,
    ENDED_TIMEOUT,
    RESIGN,
    RESUME,
    TIMEOUT,
    RulingRefused,
    Table,
    autopilot_seat,
    ruled,
)
from replay.table import moved as moved_table
from replay.takebacks import OFF, TAKEBACK, header_policy, policy_of
from replay.verify import outcome_json
from service.core import metrics, seed_reveal
from service.core.auth import Caller, authenticate, new_token, seat_of, token_hash
from service.core.clocks.deadlines import due_seat, elapsed_ms, join_deadline_of
from service.core.commits.group import GroupCommitter
from service.core.commits.sqlite_insert import SingleStatementInsert
from service.core.errors import (
    AlreadyExists,
    Conflict,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    RuleBroken,
    StoreUnavailable,
)
from service.core.fanout import Broker, LocalBroker, Update
from service.core.idempotency import Keyed, KeyTaken, earlier
from service.core.late_commands import made_before_timeout, timed_out
from service.core.listing import GameIndex
from service.core.moved_on import refusal, stale_version
from service.core.records import (
    FINISHED,
    GameRecord,
    accept,
    entry_from_json,
    line_of,
    next_clocks,
    project_game,
    remember_command_id,
    ruling_from_json,
)
from service.core.store_events import (
    CommandAccepted,
    GameCreated,
    GameDealt,
    GameFinished,
    RelayResealed,
    RulesUpgraded,
    RulingMade,
    SeatClaimed,
    SeatTokenReissued,
    SeedRevealed,
    TakebackAnswered,
    TakebackRequested,
    event_after,
    event_at,
)
from service.core.store_reader import StoreEventStore
from service.core.store_transcoder import StoreTranscoder
from service.core.write_cut import WriteCut
from service.core.write_health import WriteHealth

MAX_SAVE_ATTEMPTS = 8
MAX_JOIN_DEADLINE_SECONDS = 30 * 86_400
# A refused ruling is the request's fault (INVALID_ARGUMENT, naming the field) for these codes,
# and the game's state's (FAILED_PRECONDITION) for the rest.
BAD_RULING_FIELDS = {
    "BAD_RESULT": "result",
    "RESULT_NOT_ALLOWED": "result",
    "REASON_REQUIRED": "reason",
    "REASON_TOO_LONG": "reason",
}
# Moves the server plays in a row for seats that are out; every game ends long before
# (tests/engines/test_autopilot.py), so reaching it means a broken engine, not a long game.
MAX_AUTOPILOT_MOVES = 10_000


@dataclass(frozen=True)
class Accepted:
    """The answer to a submitted command."""

    record: GameRecord  # the record after the command
    entry: Entry
    duplicate: bool  # the command id had been accepted before; nothing was appended
    events: tuple[Event, ...] = ()  # the engine events as decided (empty for a duplicate)


class Games(Application[UUID]):
    """Creates, plays and reads games; one instance per server process."""

    name = "Games"
    env = {
        "AGGREGATE_CACHE_MAXSIZE": "10000",
        # Records are immutable, so copying them out of the cache buys nothing.
        "DEEPCOPY_FROM_AGGREGATE_CACHE": "n",
    }

    def __init__(self, env: Mapping[str, str] | None = None, broker: Broker | None = None) -> None:
        super().__init__(env)
        self.broker: Broker = broker or LocalBroker()
        self.index = GameIndex(self)
        # Serialises commands on one game inside this process; other processes
        # are kept honest by the store's optimistic concurrency.
        self._locks = [threading.Lock() for _ in range(256)]
        # Concurrent saves (of different games: each game's lock is held through its save)
        # share one transaction and one fsync.
        self.committer = GroupCommitter(self.record_stored)
        self.write_cut = WriteCut()  # a stopping server stores nothing after it (service/server.py)
        self._single_insert: SingleStatementInsert | None = None
        if isinstance(self.recorder, SQLiteApplicationRecorder):
            self._single_insert = SingleStatementInsert(self.recorder)
        self._insert_events = (
            self._single_insert.insert_events if self._single_insert else self.recorder.insert_events
        )
        # Told of every record saved here whose game has a clock (service/core/clocks/keeper.py).
        self.on_clock: Callable[[GameRecord], None] | None = None
        # The clock every stored line is stamped with (a property test sets its own).
        self.now: Callable[[], datetime] = _utc_now
        # Whether the store takes writes: the health checks' answer (service/core/write_health.py).
        self.writes = WriteHealth(self.probe_write)

    def construct_transcoder(self) -> Transcoder:
        # A rebuild decodes every stored event: msgspec reads those it reads as the library does.
        transcoder = StoreTranscoder()
        self.register_transcodings(transcoder)
        return transcoder

    def construct_event_store(self) -> EventStore[UUID]:
        # A rebuild reads every stored event of a game: one pass over the rows, not three layers.
        return StoreEventStore(mapper=self.mapper, recorder=self.recorder)

    def close(self) -> None:
        self.writes.close()
        if self._single_insert is not None:
            self._single_insert.close()
        super().close()

    # -- reading ---------------------------------------------------------------

    def get(self, game_id: str) -> GameRecord:
        uid = parse_game_id(game_id)
        try:
            record: GameRecord | None = self.repository.get(uid, projector_func=project_game)
        except (AggregateNotFoundError, TypeError):  # TypeError: another aggregate's id (a tournament)
            raise NotFound("GAME_NOT_FOUND", f"no game with id {game_id}") from None
        except (OperationalError, PersistenceError) as error:
            metrics.STORE_ERRORS.inc()
            raise StoreUnavailable("STORE_UNAVAILABLE", f"the event store is unavailable: {error}") from None
        if not isinstance(record, GameRecord):  # the cache holds another aggregate under this id
            raise NotFound("GAME_NOT_FOUND", f"no game with id {game_id}")
        if self.repository.fastforward and record.version > self._cached_version(uid):
            # The library fast-forwards a copy and leaves the cache where it was: keep the
            # newer record, or each read re-fetches every event appended since the game was
            # first cached (on a server that only watches a game, that grows without bound).
            self.remember(record)
        return record

    def _cached_version(self, uid: UUID) -> int:
        if self.repository.cache is None:
            return 1 << 62  # nothing to keep
        with contextlib.suppress(KeyError):
            cached = self.repository.cache.get(uid)
            return int(cached.version) if cached is not None else 0
        return 0

    def engine_of(self, game_id: str) -> Engine:
        """The game's engine: from any cached record (a game never changes its kind), else a read.

        On PostgreSQL every `get` asks the store for newer events; a command needs the engine
        only to decode itself before `submit` reads the game again under its lock.
        """
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                cached = self.repository.cache.get(parse_game_id(game_id))
                if isinstance(cached, GameRecord):
                    return cached.engine
        return self.get(game_id).engine

    def record_at(self, game_id: str, game_version: int | None) -> GameRecord:
        """The game as it stood at `game_version` (the latest when None)."""
        latest = self.get(game_id)
        if game_version is None or game_version == latest.game_version:
            return latest
        if not 1 <= game_version <= latest.game_version:
            raise InvalidArgument(
                "VERSION_OUT_OF_RANGE",
                f"version {game_version} is out of range: this game has versions 1 to {latest.game_version}",
            )
        record: GameRecord | None = None
        found: GameRecord | None = None
        for event in self.events.get(latest.id):
            record = project_game(record, [event])
            if record is None:
                continue
            if record.game_version > game_version:
                break
            # The last record at this version: a player-entropy game is dealt at version 1.
            found = record
        assert found is not None
        return found

    def lines(self, game_id: str) -> Iterator[Line]:
        """Every line after the header, in chain order: entries, seat lines and the deal."""
        stored: list[Line] = []
        for event in self.events.get(parse_game_id(game_id)):
            if isinstance(event, RelayResealed):  # a relayed log re-expanded whole (service/core/relays/)
                stored = [entry_from_json(data) for data in event.entries]
                continue
            line = line_of(event)
            if line is not None:
                stored.append(line)
        yield from stored

    def entries(self, game_id: str, after: int = 1) -> Iterator[Entry | RulingLine]:
        """The lines that make versions > after, in order, from the store: entries and rulings."""
        uid = parse_game_id(game_id)
        stored: list[dict[str, Any]] = []
        for event in self.events.get(uid):
            if isinstance(event, CommandAccepted):
                stored.append(event.entry)
            elif isinstance(event, RulingMade):
                stored.append(event.line)
            elif isinstance(event, RelayResealed):  # a relayed log re-expanded whole (service/core/relays/)
                stored = list(event.entries)
        for data in stored:
            if data["version"] > after:
                yield ruling_from_json(data) if data["type"] == "ruling" else entry_from_json(data)

    # -- writing ---------------------------------------------------------------

    def create_game(
        self,
        game: str,
        seats: int,
        players: Sequence[str],
        options: Mapping[str, JsonValue],
        tag: str,
        deal: Deal | None = None,
        player_entropy: bool = False,
        spectator_delay: int = 0,
        time_control: str = "",
        timeout_policy: str = "",
        join_deadline_seconds: int = 0,
        takeback_policy: str = OFF,
        rules_version: str = "",
        keyed: Keyed | None = None,
    ) -> tuple[GameRecord, list[tuple[int, str, str]]]:
        """Deal a new game; returns its record and (seat, player, token) for seats taken now.

        With `deal` (a tournament's duplicate deal) the game takes the deal's seed and keys
        its generator by the deal key, so every table of the deal is dealt alike.
        With `player_entropy` nothing is dealt until every seat is taken (see `claim_seat`),
        unless every seat is named now: then it is dealt at once, with no client seed.
        `rules_version` plays an older rules version the engine keeps, as its server stored it.
        With `keyed` the idempotency key is stored with the game (service/core/idempotency.py).
        """
        engine = engine_for(game)
        clock = header_clock(time_control, timeout_policy)
        if not 0 <= join_deadline_seconds <= MAX_JOIN_DEADLINE_SECONDS:
            raise InvalidArgument(
                "BAD_JOIN_DEADLINE",
                f"join_deadline_seconds must be 0 (none) to {MAX_JOIN_DEADLINE_SECONDS} (30 days)",
                field="join_deadline_seconds",
            )
        if not engine.min_seats <= seats <= engine.max_seats:
            raise InvalidArgument(
                "BAD_SEAT_COUNT",
                f"{engine.title} needs {engine.min_seats} to {engine.max_seats} seats, not {seats}",
                field="seats",
            )
        if len(players) > seats:
            raise InvalidArgument("TOO_MANY_PLAYERS", f"{len(players)} players named for {seats} seats")
        try:
            takebacks = header_policy(policy_of(takeback_policy))
        except RulingRefused as refused:
            raise InvalidArgument(refused.code, refused.message, field="takeback_policy") from None
        uid = uuid4()
        seed = deal.seed if deal is not None else secrets.token_bytes(32)
        rng = SeededRng(seed, rng_key(str(uid), deal.key if deal is not None else None), 0)
        try:
            complete, stored = older_options(engine, options, rules_version)
            # setup checks the options that depend on the seats; a player-entropy game deals
            # only when seated, so a trial deal from a throwaway seed checks them now
            trial = SeededRng(secrets.token_bytes(32), str(uid), 0) if player_entropy else rng
            events = engine.setup(complete, seats, trial)
        except OptionError as error:
            raise InvalidArgument("BAD_OPTION", str(error), field="options") from None
        names = [name.strip() for name in players] + [""] * (seats - len(players))
        if player_entropy and not all(names[: len(players)]):
            # The log tells a seat taken at creation by its name: an empty one would read as open.
            raise InvalidArgument(
                "UNNAMED_PLAYER",
                "a player-entropy game needs a name for every seat taken at creation",
                field="players",
            )
        if player_entropy:
            events = []
        format_version = ENTROPY_FORMAT_VERSION if player_entropy else FORMAT_VERSION
        header = Header(
            game_id=str(uid),
            game=engine.game_id,
            options=stored,
            seats=seats,
            players=tuple(names),
            tag=tag,
            seed_commitment=seed_commitment(seed),
            setup_events=tuple(encode(e) for e in events),
            setup_draws=tuple(written_draws(rng.draws, format_version)),
            # A player-entropy game commits to its client seeds, then reveals them (format 4).
            format_version=format_version,
            rules_version=rules_version or engine.rules_version,
            rng=SEEDED_RNG_ID,
            salt=line_salt(seed, str(uid), 1),
            deal=deal.key if deal is not None else None,
            player_entropy=player_entropy,
            clock=clock,
            takeback_policy=takebacks,
        ).sealed()
        # A seat named now is taken now; an unnamed one is open, as the log says, and gets no token.
        grants = [(seat, names[seat], new_token()) for seat in range(len(players)) if names[seat]]
        hashes = [""] * seats
        for seat, _, token in grants:
            hashes[seat] = token_hash(token)
        now = self.now()
        join_by = now + timedelta(seconds=join_deadline_seconds) if join_deadline_seconds else None
        created = _created(
            header, seed.hex(), hashes, spectator_delay=spectator_delay, at=now, join_deadline=join_by
        )
        to_save: list[Any] = [created]
        if player_entropy and len(players) == seats:
            to_save.append(_deal(project_game(None, [created]), self.now()))
        if keyed is not None:  # remembered with the game, in its transaction
            made = project_game(None, to_save)
            assert made is not None
            answer = {"seats": [list(grant) for grant in grants], "version": made.game_version}
            to_save.append(keyed.event(str(uid), answer))
        try:
            self.store(*to_save)
        except IntegrityError:
            if keyed is None:
                raise
            raise KeyTaken() from None  # another call with this key stored first
        record = self.get(str(uid))
        if record.clocks is not None and self.on_clock is not None:
            self.on_clock(record)
        return record, grants

    def claim_seat(
        self, game_id: str, player: str, seat: int | None, client_seed: str = "", client_commitment: str = ""
    ) -> tuple[int, str]:
        """Take an open seat. In format 3 the claim is a seat line of the chain; in a
        player-entropy game it carries the claimant's client seed, and the last one deals. In
        format 4 it carries a commitment to the seed instead, and the last reveal deals."""
        uid = parse_game_id(game_id)
        with self._lock_for(uid):
            record = self._join_deadline_first(self.get(str(uid)))
            if not record.seed:
                raise PermissionDenied(
                    "IMPORTED_GAME", "an imported game is a record; its seats cannot be taken"
                )
            open_seats = [s for s, h in enumerate(record.token_hashes) if not h]
            if seat is None:
                if not open_seats:
                    raise RuleBroken("NO_OPEN_SEAT", "every seat of this game is taken", rule="SEATS")
                seat = open_seats[0]
            elif not 0 <= seat < record.header.seats:
                last = record.header.seats - 1
                raise InvalidArgument(
                    "BAD_SEAT",
                    f"seat {seat + 1} (field seat={seat}) does not exist: this game has seats 0 to {last}"
                    f" in the API's numbering, 1 to {last + 1} for people",
                    field="seat",
                )
            elif seat not in open_seats:
                holder = record.players[seat] or "someone"
                raise RuleBroken(
                    "SEAT_TAKEN",
                    f"seat {seat + 1} (field seat={seat}) is already taken by {holder}",
                    rule="SEATS",
                )
            # After the seat: a taken seat is the clearer error.
            seed_reveal.check_claim(record, client_seed, client_commitment)
            token = new_token()
            name = player.strip()
            line = None
            if record.header.format_version >= 3:
                line = seed_reveal.seat_line(record, seat, name, client_seed, client_commitment)
            claimed = event_after(
                SeatClaimed,
                record,
                seat=seat,
                player=name,
                token_hash=token_hash(token),
                line=None if line is None else line.to_json(),
            )
            after = project_game(record, [claimed])
            assert after is not None
            to_save: list[Any] = [claimed]
            waiting = after.header.player_entropy and not after.dealt and not seed_reveal.commits(after)
            if waiting and all(after.token_hashes):
                to_save.append(_deal(after, self.now()))
            self._append(record, to_save, "the game changed while claiming the seat; try again")
            return seat, token

    def reveal_seed(self, game_id: str, caller: Caller, client_seed: str) -> GameRecord:
        """Store the caller's seat's revealed client seed (format 4); the last reveal deals.

        A refused reveal stores nothing; the same seed revealed again answers as before."""
        uid = parse_game_id(game_id)
        with self._lock_for(uid):
            record = self._join_deadline_first(self.get(str(uid)))
            seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
            assert seat is not None
            if not seed_reveal.check_reveal(record, seat, client_seed):
                return record
            revealed = event_after(SeedRevealed, record, seat=seat, client_seed=client_seed)
            after = project_game(record, [revealed])
            assert after is not None
            to_save: list[Any] = [revealed]
            if not seed_reveal.awaiting_reveal(after):
                to_save.append(_deal(after, self.now()))
            return self._append(record, to_save, "the game changed while revealing; reveal again")

    def submit(
        self,
        game_id: str,
        caller: Caller,
        command_id: str,
        expected_version: int | None,
        command: Command,
    ) -> Accepted:
        """Decide and store one command, retrying against fresh state after a lost race.

        The command id is looked up only once the caller's token names its seat, and
        under that seat: another seat's id, or no token at all, never reaches it.
        """
        uid = parse_game_id(game_id)  # every spelling of one id takes the same lock
        with metrics.command() as counted, self._lock_for(uid):
            for attempt in range(MAX_SAVE_ATTEMPTS):
                record = self.get(str(uid))
                counted.game = record.header.game
                # A token of no seat here (not even the organiser's) is UNKNOWN_TOKEN, as on every call.
                seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
                assert seat is not None
                earlier = self._earlier_answer(record, seat, command_id, command)
                if earlier is not None:
                    counted.status = "duplicate"
                    return earlier
                now = self.now()
                record, _ = self._timeouts_first(record, now)
                # A command made before its seat's timeout is never applied after it (under
                # `autopilot` the position has moved on by the server's move).
                late = made_before_timeout(record, seat, expected_version, now)
                if late is not None:
                    raise late
                if expected_version is not None and expected_version != record.game_version:
                    raise stale_version(record.game_version, expected_version)
                if seat in record.table.out:
                    raise _out_of_the_game(record, seat)
                if record.status == FINISHED:
                    raise RuleBroken(
                        "GAME_OVER", "the game is over; no more commands are accepted", rule="END"
                    )
                if record.table.paused:
                    raise RuleBroken(
                        "PAUSED",
                        "the game is paused after a timeout: the organiser adjudicates or abandons it",
                        rule="CLOCK",
                    )
                if not record.dealt:
                    open_seats = ", ".join(str(s + 1) for s, h in enumerate(record.token_hashes) if not h)
                    raise RuleBroken(
                        "NOT_DEALT",
                        "the game is waiting: it is dealt when every seat has given its client seed "
                        f"(open: seat {open_seats})",
                        rule="SEATS",
                    )
                try:
                    return self._decide_and_save(record, seat, command_id, command, now)
                except RuleViolation as violation:
                    # After a lost race the command met a newer state than the client saw.
                    raise refusal(violation, lost_race=attempt > 0) from None
                except IntegrityError:
                    # Another writer took this version (or a save we saw fail was durable
                    # after all): re-read, and the index folded from the store tells which.
                    self._forget(record.id)
            raise Conflict("CONTENTION", "the game changed too often while deciding; try again")

    def _earlier_answer(
        self, record: GameRecord, seat: int, command_id: str, command: Command
    ) -> Accepted | None:
        """The stored answer if this seat already sent `command_id`; an error if for another command."""
        store_version = record.command_ids.get(seat, command_id)
        if store_version is None:
            return None
        entry = self._entry_at(record.id, store_version)
        if canonical_json(entry.command) != canonical_json(encode(command)):
            raise RuleBroken(
                "COMMAND_ID_REUSED",
                f"command id {command_id!r} was already used by this seat for a different command, "
                f"accepted at version {entry.version}; send a new command with a new id",
                field="command_id",
                original_version=str(entry.version),
            )
        return Accepted(record, entry, duplicate=True)

    def _decide_and_save(
        self, record: GameRecord, seat: int, command_id: str, command: Command, now: datetime
    ) -> Accepted:
        accepted, state, events = _decided(record, seat, command, command_id, at=now)
        after = accept(record, accepted, state)
        to_save: list[Any] = [accepted]
        after = _then_autopilot(after, to_save, now)
        self.store(*to_save)
        remember_command_id(after, accepted)  # only now: a failed save must leave no trace
        self.remember(after)
        self._publish(after, to_save)
        return Accepted(after, entry_from_json(accepted.entry), duplicate=False, events=tuple(events))

    def _publish(self, after: GameRecord, saved: Sequence[Any]) -> None:
        """Tell watchers of each line just saved, in order; the last one says if the game is over."""
        if after.clocks is not None and self.on_clock is not None:
            self.on_clock(after)
        lines = [e.entry if isinstance(e, CommandAccepted) else e.line for e in saved if _makes_version(e)]
        for number, line in enumerate(lines, start=1):
            finished = number == len(lines) and after.status == FINISHED
            self.broker.publish(Update(str(after.id), line, finished))

    # -- rulings: resignations and the organiser's end ------------------------------------

    def rule(
        self,
        game_id: str,
        caller: Caller,
        ruling: str,
        *,
        result: Sequence[Sequence[int]] | None = None,
        reason: str = "",
    ) -> GameRecord:
        """Store a ruling (replay/table.py): `resign` for the caller's seat, or the organiser's
        `adjudicate` / `abandon`; then the moves the server plays for seats that are out."""
        uid = parse_game_id(game_id)
        with self._lock_for(uid):
            now = self.now()  # one instant: the timeouts due then, then the ruling
            record, _ = self._timeouts_first(self.get(str(uid)), now)
            if ruling == RESIGN:
                seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
                by = "seat"
            else:
                seat, by = None, "organiser"
            return self._rule(record, ruling, seat, by, result, reason, now)

    def _rule(
        self,
        record: GameRecord,
        ruling: str,
        seat: int | None,
        by: str,
        result: Sequence[Sequence[int]] | None,
        reason: str,
        now: datetime,
    ) -> GameRecord:
        """Check and store a ruling made by `by` at `now` (the caller holds the game's lock)."""
        if record.imported and not record.relay_token_hash:
            raise PermissionDenied("IMPORTED_GAME", "an imported game is a record; it cannot be ruled on")
        try:
            table = ruled(
                record.table,
                record.header.seats,
                ruling=ruling,
                seat=seat,
                result=result,
                reason=reason,
                dealt=record.dealt,
                over=record.status == FINISHED or record.outcome is not None,
            )
        except RulingRefused as refused:
            if refused.code in BAD_RULING_FIELDS:
                field = BAD_RULING_FIELDS[refused.code]
                raise InvalidArgument(refused.code, refused.message, field=field) from None
            raise RuleBroken(refused.code, refused.message, rule="RULING") from None
        version = record.game_version + 1
        line = RulingLine(
            version=version,
            ruling=ruling,
            seat=seat,
            by=by,
            reason=reason,
            result=None if result is None else tuple(tuple(tier) for tier in result),
            prev=record.head,
            salt=_salt(record, version),
            format_version=record.header.format_version,
            clock=_line_clock(record, now, record.state, table),
        ).sealed()
        return self._save_ruling(record, line, now)

    def _save_ruling(
        self,
        record: GameRecord,
        line: RulingLine,
        now: datetime,
        contention: str = "the game changed while ruling; try again",
    ) -> GameRecord:
        """Store a ruling made at `now`, then the moves the server plays after it."""
        made = event_after(RulingMade, record, line=line.to_json(), at=now)
        after = project_game(record, [made])
        assert after is not None
        to_save: list[Any] = [made]
        after = _then_autopilot(after, to_save, now)
        after = self._append(record, to_save, contention)
        self._publish(after, to_save)
        return after

    # -- the clock: timeouts the server records itself -------------------------------------

    def record_due(self, game_id: str) -> GameRecord | None:
        """Record what is due now (the clock keeper's call): the timeout of a seat whose time has run
        out, or the abandonment of a game still waiting for a seat at its join deadline; None when
        nothing is. Another server that recorded it first makes this CONTENTION."""
        uid = parse_game_id(game_id)
        with self._lock_for(uid):
            record = self.get(str(uid))
            if record.imported:  # a record: its clock, if its log had one, is the past's
                return None
            after = self._join_deadline_first(record, refuse=False)
            if after is not record:
                return after
            return self._time_out(record, self.now())

    def resume_clocks(self, game_id: str, kept_until: datetime | None) -> GameRecord | None:
        """Mark that no server kept `game_id`'s clocks since `kept_until` (this store's last
        heartbeat; None: unknown, so since its last line): a `resume` line charging the seats to act
        only the time up to then, so they keep the time they had when the server went away. None
        when there is nothing to resume, or a seat's time ran out while the server still kept it
        (the keeper records that timeout)."""
        uid = parse_game_id(game_id)
        with self._lock_for(uid):
            record = self.get(str(uid))
            control, clocks = record.control, record.clocks
            if record.imported or record.status == FINISHED or control is None or clocks is None:
                return None
            if not clocks.to_act or record.clock_at is None:
                return None
            now = self.now()
            kept = min(now, max(record.clock_at, kept_until or record.clock_at))
            if due_seat(record, kept) is not None:
                return None
            charged = elapsed_ms(record, kept)
            stopped = elapsed_ms(record, now) - charged
            if stopped <= 0:
                return None
            after = next_clocks(record, charged, record.state, record.table)
            assert after is not None
            version = record.game_version + 1
            line = RulingLine(
                version=version,
                ruling=RESUME,
                seat=None,
                by="server",
                reason=f"no server kept the clocks for {stopped / 1000:.1f} s (a restart): they stopped",
                result=None,
                prev=record.head,
                salt=_salt(record, version),
                format_version=record.header.format_version,
                clock=clock_json(charged, None, after.readings(control), stopped_ms=stopped),
            ).sealed()
            return self._save_ruling(record, line, now)

    def _join_deadline_first(self, record: GameRecord, *, refuse: bool = True) -> GameRecord:
        """Abandon a game still waiting for a seat once its join deadline has passed (the caller
        holds its lock); with `refuse`, then refuse the call that found it so (a late claim or reveal)."""
        now = self.now()
        joined_by = join_deadline_of(record)
        if joined_by is None or now < joined_by:
            if refuse and record.status == FINISHED and record.table.ended is not None:
                raise RuleBroken("GAME_OVER", f"the game is over: {record.table.ended.reason}", rule="END")
            return record
        waiting = ", ".join(str(s + 1) for s in _waited_for(record)) or "none"
        reason = f"the join deadline passed while the game waited for seat(s) {waiting}"
        after = self._rule(record, ABANDON, None, "server", None, reason, now)
        if refuse:
            raise RuleBroken(
                "JOIN_DEADLINE_PASSED", f"too late: {reason}; the game is abandoned", rule="SEATS"
            )
        return after

    def _timeouts_first(self, record: GameRecord, now: datetime) -> tuple[GameRecord, list[int]]:
        """Record every timeout due at `now` before anything else happens to the game (the caller
        holds its lock): the record after them, and the seats that timed out."""
        timed_out: list[int] = []
        while (seat := due_seat(record, now)) is not None:
            after = self._time_out(record, now)
            if after is None:
                break
            timed_out.append(seat)
            record = after
        return record, timed_out

    def _time_out(self, record: GameRecord, now: datetime) -> GameRecord | None:
        """The caller holds the game's lock; `record` is the game as it stands."""
        seat = due_seat(record, now)
        if seat is None or record.status == FINISHED:
            return None
        clocks = record.clocks
        assert clocks is not None
        table = ruled(
            record.table,
            record.header.seats,
            ruling=TIMEOUT,
            seat=seat,
            result=None,
            reason="",
            dealt=True,
            over=False,
            timeout_policy=record.timeout_policy,
            to_act=tuple(clocks.to_act),
        )
        line = RulingLine(
            version=record.game_version + 1,
            ruling=TIMEOUT,
            seat=seat,
            by="server",
            reason="",
            result=None,
            prev=record.head,
            salt=_salt(record, record.game_version + 1),
            format_version=record.header.format_version,
            clock=_line_clock(record, now, record.state, table, seat=seat, timed_out=seat),
        ).sealed()
        after = self._save_ruling(record, line, now)
        metrics.TIMEOUTS.labels(record.header.game).inc()
        return after

    def store_ruling(self, record: GameRecord, line: RulingLine, contention: str) -> GameRecord:
        """Append a ruling line decided elsewhere (a takeback: service/core/takebacks.py) after
        `record` (the caller holds the game's lock): its chain fields and clock reading are filled
        in here. A timeout due first is recorded first, and the ruling is then refused."""
        now = self.now()
        timed_out = self._timeouts_first(record, now)[1]
        if timed_out:
            seats = ", ".join(str(s + 1) for s in timed_out)
            raise RuleBroken("TIMED_OUT", f"seat {seats}'s time ran out first; ask again", rule="CLOCK")
        version = record.game_version + 1
        state = record.state
        if line.ruling == TAKEBACK and record.past is not None and line.to_version is not None:
            state = record.past.state_at(line.to_version)
        sealed = replace(
            line,
            version=version,
            prev=record.head,
            salt=_salt(record, version),
            format_version=record.header.format_version,
            clock=_line_clock(record, now, state, record.table),
        ).sealed()
        return self._save_ruling(record, sealed, now, contention)

    def store_upgrade(self, record: GameRecord, line: UpgradeLine) -> GameRecord:
        """Append an upgrade line decided elsewhere (service/core/upgrades.py) after `record`; the
        caller holds the game's lock. It changes no state, so watchers are told of the next line only."""
        upgraded = event_after(RulesUpgraded, record, line=line.to_json(), at=self.now())
        return self._append(record, [upgraded], "the game changed while upgrading it; try again")

    def store_takeback_request(self, record: GameRecord, seat: int, to_version: int) -> GameRecord:
        """Store a seat's takeback request after `record` (service/core/takebacks.py decides it)."""
        requested = event_after(TakebackRequested, record, seat=seat, to_version=to_version)
        return self._append(record, [requested], "the game changed while asking for the takeback; ask again")

    def store_takeback_answer(self, record: GameRecord, seat: int | None, accept: bool) -> GameRecord:
        """Store a consent (a seat) or a refusal (a seat, or None: the organiser) of the pending takeback."""
        answered = event_after(TakebackAnswered, record, seat=seat, accept=accept)
        return self._append(record, [answered], "the game changed while answering the takeback; try again")

    # -- records made elsewhere: imported logs, forks, relays ----------------------

    def store_imported(
        self, header: Header, seed: str, lines: Sequence[Line], finished: bool, keyed: Keyed | None = None
    ) -> None:
        """Save a verified imported record in one transaction: all of it or nothing.

        `seed` is the trailer's revealed seed (hex), or "" when the log reveals none; `keyed`, the
        call's idempotency key, is stored in the same transaction.
        """
        uid = UUID(header.game_id)
        created = _created(header, seed, [""] * header.seats, imported=True)
        lines_stored = [_imported(uid, 2 + i, line) for i, line in enumerate(lines)]
        self._store_new(created, lines_stored, finished, keyed)

    def store_fork(
        self, header: Header, seed: bytes, token_hashes: Sequence[str], spectator_delay: int
    ) -> GameRecord:
        """Save a fork (service/core/relays/fork.py), a new live game whose header copies its source."""
        created = _created(
            header, seed.hex(), list(token_hashes), spectator_delay=spectator_delay, at=self.now()
        )
        self._store_new(created, [], finished=False)
        record = self.get(header.game_id)
        if record.clocks is not None and self.on_clock is not None:  # a fork may have a clock of its own
            self.on_clock(record)
        return record

    def start_relayed(
        self, header: Header, relay_header: str, relay_token_hash: str, spectator_delay: int
    ) -> GameRecord:
        """Save a relayed table game's setup (service/core/relays/live.py): no seed, no seats' tokens."""
        created = _created(
            header,
            "",  # a table game: its chance was the table's
            [""] * header.seats,
            imported=True,
            spectator_delay=spectator_delay,
            relay_header=relay_header,
            relay_token_hash=relay_token_hash,
        )
        self._store_new(created, [], finished=False)
        return self.get(header.game_id)

    def relay_entry(
        self, record: GameRecord, line: str, entry: Entry, outcome: dict[str, Any] | None
    ) -> GameRecord:
        """Append a relayed line's entry after `record`; with `outcome`, the line ended the game."""
        accepted = event_after(CommandAccepted, record, entry=entry.to_json(), command_id="", relay_line=line)
        return self._append_relayed(record, accepted, outcome)

    def relay_reseal(
        self,
        record: GameRecord,
        line: str,
        header: Header,
        entries: Sequence[Entry],
        outcome: dict[str, Any] | None,
    ) -> GameRecord:
        """Replace a relayed log whole after `record`: the line revealed a card the plan had put elsewhere."""
        resealed = event_after(
            RelayResealed,
            record,
            header=header.to_json(),
            entries=[e.to_json() for e in entries],
            relay_line=line,
        )
        return self._append_relayed(record, resealed, outcome)

    def store_token_reissue(self, record: GameRecord, seat: int, new_hash: str) -> GameRecord:
        """Give `seat` the token hashing to `new_hash` after `record`: its old token stops working.

        The caller holds `lock_for(record.id)` and has checked who asks (service/core/seat_tokens.py).
        """
        reissued = event_after(
            SeatTokenReissued,
            record,
            seat=seat,
            token_hash=new_hash,
            reissued_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        return self._append(record, [reissued], "the game changed while reissuing the token; try again")

    def _store_new(
        self,
        created: GameCreated,
        lines: Sequence[CommandAccepted | SeatClaimed | GameDealt | RulingMade | RulesUpgraded],
        finished: bool,
        keyed: Keyed | None = None,
    ) -> None:
        try:
            self.events.get(created.originator_id, limit=1).__next__()
        except StopIteration:
            pass
        else:
            raise AlreadyExists("GAME_EXISTS", f"a game with id {created.originator_id} is already stored")
        events: list[Any] = [created, *lines]
        if finished:
            record = project_game(None, events)
            assert record is not None
            events.append(_finished(record))
        if keyed is not None:
            events.append(keyed.event(str(created.originator_id), {}))
        try:
            self.store(*events)
        except IntegrityError:
            if keyed is not None and earlier(self.events, keyed) is not None:
                raise KeyTaken() from None  # another call with this key stored first
            raise AlreadyExists(
                "GAME_EXISTS", f"a game with id {created.originator_id} is already stored"
            ) from None

    def _append_relayed(
        self, record: GameRecord, line: CommandAccepted | RelayResealed, outcome: dict[str, Any] | None
    ) -> GameRecord:
        """Save a relayed line's stored events after `record`, then tell watchers.

        The caller holds `lock_for(record.id)`; another server that appended first makes
        this a CONTENTION conflict, as for any command.
        """
        events: list[Any] = [line]
        if outcome is not None:
            events.append(event_at(GameFinished, record.id, record.version + 2, outcome=outcome))
        after = self._append(record, events, "the relay changed while storing the line; retry")
        entry = line.entry if isinstance(line, CommandAccepted) else line.entries[-1]
        self.broker.publish(Update(str(record.id), entry, after.status == FINISHED))
        return after

    def _append(self, record: GameRecord, events: list[Any], contention: str) -> GameRecord:
        """Store `events` after `record` and cache the record they lead to.

        Another server that changed the game first makes this CONTENTION, saying `contention`.
        """
        try:
            self.store(*events)
        except IntegrityError:  # another server changed the game first
            self._forget(record.id)
            raise Conflict("CONTENTION", contention) from None
        after = project_game(record, events)
        assert after is not None
        self.remember(after)
        return after

    def lock_for(self, game_id: str) -> threading.Lock:
        """The lock that serialises writes to one game inside this process."""
        return self._lock_for(parse_game_id(game_id))

    # -- plumbing --------------------------------------------------------------

    def store(self, *events: Any) -> None:
        """Store `events` durably in one transaction, maybe with other games' concurrent saves.

        A tournament's events (service/core/tournaments/) share this store and its transactions too.
        """
        try:
            # Mapped here, outside the group's transaction: the leader then only writes.
            stored = [self.mapper.to_stored_event(event) for event in events]
            with self.write_cut.writing():  # a stopping server's cut refuses it before it writes
                self.committer.save(*stored)
        except IntegrityError:
            raise
        except (OperationalError, PersistenceError) as error:
            metrics.STORE_ERRORS.inc()
            self.writes.refused(error)
            raise StoreUnavailable("STORE_UNAVAILABLE", f"the event store is unavailable: {error}") from None
        self.writes.stored()

    def probe_write(self) -> None:
        """One small write transaction, beside the events' table: raises if the store refuses it."""
        datastore = getattr(self.recorder, "datastore", None)
        if datastore is None:  # the memory store: nothing on disk to refuse
            return
        with datastore.transaction(commit=True) as cursor:
            cursor.execute(
                "CREATE TABLE IF NOT EXISTS frontier_write_probe (id INTEGER PRIMARY KEY, at TEXT)"
            )
            cursor.execute("DELETE FROM frontier_write_probe")
            cursor.execute("INSERT INTO frontier_write_probe (id, at) VALUES (1, CURRENT_TIMESTAMP)")

    def record_stored(self, *stored: StoredEvent) -> None:
        """Write mapped events in one transaction to the library's recorder's table.

        `Application.save` would do the same write after collecting, caching and notifying,
        none of which this application uses, and its collecting costs a runtime protocol check
        per event. On SQLite the transaction is one statement (service/core/commits/sqlite_insert.py).
        """
        self._insert_events(list(stored))

    def _entry_at(self, uid: UUID, store_version: int) -> Entry:
        try:
            (event,) = self.events.get(uid, gt=store_version - 1, lte=store_version)
        except (OperationalError, PersistenceError) as error:
            metrics.STORE_ERRORS.inc()
            raise StoreUnavailable("STORE_UNAVAILABLE", f"the event store is unavailable: {error}") from None
        assert isinstance(event, CommandAccepted)
        return entry_from_json(event.entry)

    def remember(self, record: ImmutableAggregateProtocol[UUID] | None) -> None:
        """Hand the cache the newest record of an aggregate stored here: it keeps what it first read."""
        if record is not None and self.repository.cache is not None:
            self.repository.cache.put(record.id, record)

    def _forget(self, uid: UUID) -> None:
        if self.repository.cache is not None:
            with contextlib.suppress(KeyError):
                self.repository.cache.get(uid, evict=True)

    def _lock_for(self, uid: UUID) -> threading.Lock:
        return self._locks[uid.int % len(self._locks)]


def _created(
    header: Header,
    seed: str,
    token_hashes: list[str],
    *,
    imported: bool = False,
    spectator_delay: int = 0,
    relay_header: str = "",
    relay_token_hash: str = "",
    at: datetime | None = None,
    join_deadline: datetime | None = None,
) -> GameCreated:
    """A game's first stored event, however it came to be: dealt here, imported, forked or relayed."""
    return event_at(
        GameCreated,
        UUID(header.game_id),
        1,
        at=at,
        header=header.to_json(),
        seed=seed,
        token_hashes=token_hashes,
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        imported=imported,
        spectator_delay=spectator_delay,
        relay_header=relay_header,
        relay_token_hash=relay_token_hash,
        join_deadline=join_deadline.isoformat(timespec="milliseconds") if join_deadline else "",
    )


def _imported(
    uid: UUID, version: int, line: Line
) -> CommandAccepted | SeatClaimed | GameDealt | RulingMade | RulesUpgraded:
    """The stored event of one imported line (an imported game's seats have no tokens)."""
    if isinstance(line, UpgradeLine):
        return event_at(RulesUpgraded, uid, version, line=line.to_json())
    if isinstance(line, SeatLine):
        return event_at(
            SeatClaimed, uid, version, seat=line.seat, player=line.player, token_hash="", line=line.to_json()
        )
    if isinstance(line, DealLine):
        return event_at(GameDealt, uid, version, line=line.to_json())
    if isinstance(line, RulingLine):
        return event_at(RulingMade, uid, version, line=line.to_json())
    return event_at(CommandAccepted, uid, version, entry=line.to_json(), command_id="")


def _out_of_the_game(record: GameRecord, seat: int) -> RuleBroken:
    """The answer to a command from a seat that is out: it resigned, or its time ran out."""
    how = record.table.how_out[record.table.out.index(seat)]
    timeout = record.timeout_of(seat)
    if how == ENDED_TIMEOUT and timeout is not None:
        return timed_out(seat, timeout.version)
    said = f"seat {seat + 1} resigned: it is out of the game, and the server plays its turns"
    return RuleBroken("SEAT_OUT", said, rule="RULING")


def _line_clock(
    record: GameRecord,
    now: datetime,
    state: Any,
    table: Table,
    *,
    seat: int | None = None,
    moved: int | None = None,
    timed_out: int | None = None,
) -> dict[str, Any] | None:
    """A new line's clock reading in a game with a clock: the time since the last line, for `seat`
    (a move or a timeout of a seat on the clock) its think, and every seat's time after the line,
    which leads to `state` and `table`."""
    control, clocks = record.control, record.clocks
    if control is None or clocks is None:
        return None
    elapsed = elapsed_ms(record, now)
    used = clocks.charged(elapsed).think_ms[seat] if seat is not None and seat in clocks.to_act else None
    after = next_clocks(record, elapsed, state, table, moved=moved, timed_out=timed_out)
    assert after is not None
    return clock_json(elapsed, used, after.readings(control))


def _utc_now() -> datetime:
    return datetime.now(UTC)


def _decided(
    record: GameRecord,
    seat: int,
    command: Command,
    command_id: str,
    by: str | None = None,
    *,
    at: datetime,
) -> tuple[CommandAccepted, Any, list[Event]]:
    """The stored event of `command` decided by the engine at `record`, and the state it leads to.

    In a game with a clock the entry records the time since the last line, the seat's think and
    every seat's time after it; the caller has recorded every timeout due at `at` first.
    """
    engine = record.engine
    rng = SeededRng(record.rng_seed, rng_key(record.header.game_id, record.header.deal), record.game_version)
    events = engine.decide(record.state, seat, command, rng)
    state = fold(engine, record.state, events)
    entry = Entry(
        version=record.game_version + 1,
        seat=seat,
        command=encode(command),
        # A game stored in format 1 keeps appending format-1 entries (and draws as its format records them).
        draws=tuple(written_draws(rng.draws, record.header.format_version)),
        events=tuple(encode(e) for e in events),
        prev=record.head,
        format_version=record.header.format_version,
        salt=_salt(record, record.game_version + 1),
        by=by,
        clock=_line_clock(record, at, state, moved_table(record.table, seat), seat=seat, moved=seat),
    ).sealed()
    accepted = event_after(CommandAccepted, record, entry=entry.to_json(), command_id=command_id, at=at)
    return accepted, state, events


def _then_autopilot(record: GameRecord, to_save: list[Any], at: datetime) -> GameRecord:
    """Add to `to_save` the moves the server plays for seats that are out, then the finish if
    the game is over; the record after them all."""
    after = record
    for _ in range(MAX_AUTOPILOT_MOVES):
        seat = autopilot_seat(after.engine, after.state, after.table)
        if seat is None:
            break
        command = autopilot_command(after.engine, after.state, seat)
        assert command is not None, "a seat to act always has a legal command"
        accepted, state, _ = _decided(after, seat, command, "", by=AUTOPILOT, at=at)
        to_save.append(accepted)
        after = accept(after, accepted, state)
    if after.outcome is not None and after.status != FINISHED:
        finished = _finished(after)
        to_save.append(finished)
        after = project_game(after, [finished]) or after
    return after


def _makes_version(event: Any) -> bool:
    return isinstance(event, (CommandAccepted, RulingMade))


def header_clock(time_control: str, timeout_policy: str) -> dict[str, JsonValue] | None:
    """The header's `clock` for a time control and timeout policy as a request gives them."""
    try:
        control = parse_time_control(time_control)
    except ClockError as error:
        raise InvalidArgument("BAD_TIME_CONTROL", str(error), field="time_control") from None
    if control is None:
        if timeout_policy.strip():
            message = "a timeout policy needs a time control: without a clock nobody's time runs out"
            raise InvalidArgument("BAD_TIMEOUT_POLICY", message, field="timeout_policy")
        return None
    try:
        policy = parse_policy(timeout_policy)
    except ClockError as error:
        raise InvalidArgument("BAD_TIMEOUT_POLICY", str(error), field="timeout_policy") from None
    return {"time_control": control.text, "timeout_policy": policy}


def _waited_for(record: GameRecord) -> list[int]:
    """The seats a game waits for: open ones, then (commit-reveal) those still to reveal."""
    open_seats = [s for s, token in enumerate(record.token_hashes) if not token]
    return open_seats or list(seed_reveal.awaiting_reveal(record))


def _finished(record: GameRecord) -> GameFinished:
    """Saved right after the line that ended the game, with the outcome that line reached."""
    return event_after(GameFinished, record, outcome=outcome_json(record.outcome) or {})


def _deal(record: GameRecord | None, at: datetime) -> GameDealt:
    """The deal of a player-entropy game whose seats are all taken: setup from the mixed seed."""
    assert record is not None
    engine, header = record.engine, record.header
    rng = SeededRng(mixed_seed(record.seed, record.client_seeds), rng_key(header.game_id, header.deal), 0)
    # The header stores the options as its rules version does (`older_options`): read them so.
    events = engine.setup(options_for_log(engine, header.options, header.rules_version), header.seats, rng)
    line = DealLine(
        events=tuple(encode(e) for e in events),
        draws=tuple(written_draws(rng.draws, header.format_version)),
        prev=record.head,
        salt=deal_salt(record.seed, header.game_id),
        format_version=header.format_version,
        client_seeds=record.client_seeds,  # format 4 writes them: every seat's revealed seed
    ).sealed()
    return event_after(GameDealt, record, line=line.to_json(), at=at)


def _salt(record: GameRecord, version: int) -> str | None:
    if record.header.format_version < 2:
        return None
    return line_salt(record.seed, record.header.game_id, version)


def older_options(
    engine: Engine, raw: Mapping[str, JsonValue], rules_version: str
) -> tuple[dict[str, JsonValue], dict[str, JsonValue]]:
    """(the complete options, the header's) of a new game under `rules_version` ("": the newest)."""
    if not rules_version or rules_version == engine.rules_version:
        complete = engine.options(raw)
        return complete, complete
    if rules_version not in known_rules_versions(engine):
        known = ", ".join(known_rules_versions(engine))
        raise InvalidArgument(
            "UNKNOWN_RULES_VERSION",
            f"{engine.title} has no rules version {rules_version!r}; it keeps {known}",
            field="rules_version",
        )
    return options_as_recorded(engine, raw, rules_version)


def engine_for(game: str) -> Engine:
    try:
        return get_engine(game)
    except UnknownGame as error:
        raise NotFound("UNKNOWN_GAME", str(error.args[0])) from None


def canonical_json(value: Any) -> str:
    """One spelling of a JSON value (stored commands come back with lists for tuples)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def parse_game_id(game_id: str) -> UUID:
    """The game's UUID from any spelling Python's UUID accepts (case, braces, urn:uuid:).

    Everything keyed by a game (lock, cache, store) uses this value, never the raw text.
    """
    try:
        return UUID(game_id)
    except (ValueError, TypeError, AttributeError):
        raise InvalidArgument("BAD_GAME_ID", f"game_id {game_id!r} is not a UUID", field="game_id") from None
