"""The organiser's desk: create a tournament, start its rounds, read its results.

A tournament is an aggregate of its own (`TournamentCreated`, `RoundStarted`) kept by the tournaments'
application (service/core/tournaments/application.py), which shares the kernel's store, its transactions
and optimistic concurrency; its tables are games, created and read through the kernel.
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from uuid import UUID, uuid4

from eventsourcing.persistence import IntegrityError

from engines.base import JsonValue, OptionError, options_for_table
from engines.rng import seed_commitment
from replay.reasons import Reason
from replay.table import ENDED_ABANDONED
from service.core.create_policy import tournament_tag
from service.core.creation import create_game, engine_for, header_clock
from service.core.errors import Conflict, InvalidArgument, RuleBroken
from service.core.games import Games
from service.core.players.registry import Players
from service.core.records import FINISHED
from service.core.scheduled import parse_start
from service.core.store_events import event_after, event_at
from service.core.tournaments.application import Tournaments
from service.core.tournaments.deals import deal_for
from service.core.tournaments.record import (
    FORMATS,
    Definition,
    Table,
    TableResult,
    TournamentRecord,
    project_tournament,
)
from service.core.tournaments.store_events import RoundStarted, TournamentCreated
from service.core.tournaments.tables import AssignmentError, assign, check_sizes

MAX_TEXT = 200
MAX_ROUNDS = 100
MAX_PLAYERS = 1000
# Round-robin seating costs grow with the square of the field (measured: 0.4 s a round for 200
# players, 23 s for 1,000 on this machine); a larger field plays Swiss (0.7 s at 1,000).
MAX_ROUND_ROBIN_PLAYERS = 256

WAITING, PLAYING, DONE = "waiting", "playing", "finished"


@dataclass(frozen=True)
class Grant:
    table: int
    game_id: str
    seat: int
    player: str
    token: str


@dataclass(frozen=True)
class Progress:
    """A tournament with its games' state now: results of finished games and whose are still on."""

    record: TournamentRecord
    results: dict[str, TableResult]
    finished: frozenset[str]
    # Finished games whose results are held back while their duplicate deal plays on
    # (service/core/tournaments/disclosure.py); empty in the organiser's view.
    withheld: frozenset[str] = frozenset()

    @property
    def status(self) -> str:
        if any(t.game_id not in self.finished for _, _, t in self.record.games):
            return PLAYING
        return DONE if len(self.record.rounds) >= self.record.definition.rounds else WAITING

    @property
    def seed_revealed(self) -> bool:
        return self.status == DONE


class TournamentDesk:
    """The organiser's desk: every tournament operation, over the tournaments' application and the
    kernel that keeps their games."""

    def __init__(self, games: Games, tournaments: Tournaments, players: Players | None = None) -> None:
        self.games = games
        self.tournaments = tournaments
        self.players = players  # the registry: a player given by id sits under its display name
        self._lock = threading.Lock()  # one round start at a time in this process

    def create(
        self,
        *,
        name: str,
        game: str,
        options: Mapping[str, JsonValue],
        format: str,
        players: Sequence[str],
        table_size: int,
        rounds: int,
        tag: str,
        duplicate_deals: bool = False,
        time_control: str = "",
        timeout_policy: str = "",
        private: bool = False,
    ) -> TournamentRecord:
        engine = engine_for(game)
        clock = header_clock(time_control, timeout_policy) or {}  # checked as CreateGame checks it
        names = [p.strip() for p in players]
        _require(
            bool(name.strip()) and len(name) <= MAX_TEXT,
            Reason.BAD_NAME,
            "name must be 1-200 characters",
            "name",
        )
        _require(
            format in FORMATS, Reason.BAD_FORMAT, f"format must be one of {', '.join(FORMATS)}", "format"
        )
        _require(1 <= rounds <= MAX_ROUNDS, Reason.BAD_ROUNDS, f"rounds must be 1 to {MAX_ROUNDS}", "rounds")
        _require(len(tag) <= MAX_TEXT, Reason.FIELD_TOO_LONG, "tag is longer than 200 characters", "tag")
        _require(
            len(names) <= MAX_PLAYERS, Reason.TOO_MANY_PLAYERS, f"at most {MAX_PLAYERS} players", "players"
        )
        for player in names:
            _require(
                0 < len(player) <= MAX_TEXT,
                Reason.BAD_PLAYER,
                "every player needs a name of 1-200 characters",
                "players",
            )
        self._check_registered(names)
        duplicates = sorted(p for p, count in Counter(names).items() if count > 1)
        _require(
            not duplicates,
            Reason.DUPLICATE_PLAYER,
            f"player names must differ: {duplicates} appear twice",
            "players",
        )
        _require(
            format != "round-robin" or len(names) <= MAX_ROUND_ROBIN_PLAYERS,
            Reason.TOO_MANY_PLAYERS,
            f"round-robin seats at most {MAX_ROUND_ROBIN_PLAYERS} players; play a larger field as swiss",
            "players",
        )
        try:
            check_sizes(len(names), table_size, engine.min_seats, engine.max_seats)
            complete = options_for_table(engine, options)
        except AssignmentError as error:
            raise InvalidArgument(Reason.BAD_TABLE_SIZE, str(error), field="table_size") from None
        except OptionError as error:
            raise InvalidArgument(Reason.BAD_OPTION, str(error), field="options") from None
        uid = uuid4()
        seed = secrets.token_bytes(32)
        definition = Definition(
            tournament_id=str(uid),
            name=name.strip(),
            game=engine.game_id,
            options=complete,
            format=format,
            players=tuple(names),
            table_size=table_size,
            rounds=rounds,
            tag=tag or tournament_tag(str(uid)),
            seed_commitment=seed_commitment(seed),
            duplicate_deals=duplicate_deals,
            time_control=str(clock.get("time_control", "")),
            timeout_policy=str(clock.get("timeout_policy", "")),
            private=private,
        )
        created = event_at(
            TournamentCreated,
            uid,
            1,
            definition=definition.to_json(),
            seed=seed.hex(),
            created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        self.tournaments.store(created)
        return self.get(str(uid))

    def get(self, tournament_id: str) -> TournamentRecord:
        return self.tournaments.get(tournament_id)

    def _check_registered(self, names: Sequence[str]) -> None:
        """A player given as an id (a UUID) must be registered: PLAYER_NOT_FOUND before anything is stored."""
        if self.players is not None:
            for name in names:
                if _is_uuid(name):
                    self.players.get(name)

    def _seat_name(self, player: str) -> str:
        """The name a table's game shows for a tournament player: a registered player's display name."""
        if self.players is not None and _is_uuid(player):
            found = self.players.find(UUID(player))
            if found is not None:
                return found.display_name
        return player

    def progress(self, tournament_id: str) -> Progress:
        record = self.get(tournament_id)
        results: dict[str, TableResult] = {}
        finished: set[str] = set()
        for _, _, table in record.games:
            game = self.games.get(table.game_id)
            outcome = game.outcome
            if game.status == FINISHED and outcome is not None:
                finished.add(table.game_id)
                # An abandoned table was never decided: it scores for nobody, and holds up no round.
                if outcome.ended != ENDED_ABANDONED:
                    results[table.game_id] = TableResult(outcome.ranking, tuple(outcome.scores))
        return Progress(record, results, frozenset(finished))

    def start_round(self, tournament_id: str, start_at: str = "") -> tuple[Progress, int, list[Grant]]:
        """Assign and create the next round's games; every earlier game must be over. With
        `start_at` (ISO 8601 or "+90s") the games wait for it: no seat moves and no clock runs before."""
        starts_at = parse_start(start_at, self.games.now())
        with self._lock:
            progress = self.progress(tournament_id)
            record = progress.record
            if progress.status == PLAYING:
                waiting = sum(1 for _, _, t in record.games if t.game_id not in progress.finished)
                raise RuleBroken(
                    Reason.ROUND_IN_PROGRESS,
                    f"{waiting} {'game' if waiting == 1 else 'games'} of round {len(record.rounds)} "
                    f"{'is' if waiting == 1 else 'are'} not over; the next round follows their results",
                    rule="TOURNAMENT-ROUNDS",
                )
            if progress.status == DONE:
                raise RuleBroken(
                    Reason.TOURNAMENT_OVER,
                    f"all {record.definition.rounds} rounds have been played",
                    rule="TOURNAMENT-ROUNDS",
                )
            number = len(record.rounds) + 1
            earlier = [t for _, _, t in record.games]
            seatings = assign(record.definition, record.seed, number, earlier, progress.results)
            definition = record.definition
            tables, grants = [], []
            for table_number, players in enumerate(seatings, start=1):
                deal = None
                if definition.duplicate_deals:  # one deal per seat count: tables of equal size share it
                    deal = deal_for(record.seed, definition.tournament_id, number, len(players))
                game, tokens = create_game(
                    self.games,
                    definition.game,
                    len(players),
                    [self._seat_name(p) for p in players],
                    definition.options,
                    definition.tag,
                    deal,
                    time_control=definition.time_control,
                    timeout_policy=definition.timeout_policy,
                    starts_at=starts_at,
                    private=definition.private,  # a private tournament's tables are private
                )
                table = Table(game.header.game_id, tuple(players))
                if deal is not None:
                    table = replace(table, deal=deal.key, seed_commitment=game.header.seed_commitment or "")
                tables.append(table.to_json())
                grants += [Grant(table_number, game.header.game_id, s, players[s], t) for s, _, t in tokens]
            started = event_after(
                RoundStarted,
                record,
                round=number,
                tables=tables,
                results={g: r.to_json() for g, r in sorted(progress.results.items())},
            )
            try:
                self.tournaments.store(started)
            except IntegrityError:  # another server started this round first; our games stay unused
                raise Conflict(
                    Reason.CONTENTION, "another organiser started this round first; re-read it"
                ) from None
            # The cache keeps what it first read; hand it the record with this round.
            self.tournaments.remember(project_tournament(record, [started]))
            return self.progress(tournament_id), number, grants


def _is_uuid(text: str) -> bool:
    try:
        UUID(text)
    except ValueError:
        return False
    return True


def _require(condition: bool, reason: Reason, message: str, field: str) -> None:
    if not condition:
        raise InvalidArgument(reason, message, field=field)
