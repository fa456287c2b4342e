"""The `frontier.v1.Players` and `frontier.v1.Ladders` gRPC services: the registry and the rated ladders."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import grpc

from replay.reasons import Reason
from service.core.auth import Caller, caller_from_metadata
from service.core.convert import struct_to_dict
from service.core.errors import InvalidArgument, NotFound, PermissionDenied
from service.core.fields import MAX_TAG_LENGTH, check_length, require_id
from service.core.ladders.desk import LadderProgress, record_json
from service.core.players.history import history
from service.core.players.record import PlayerRecord
from service.core.rate_limit import TokenFailures
from service.core.records import GameRecord
from service.core.root import Ledger
from service.core.tournaments.app import Progress
from service.generated.frontier.v1 import ladders_pb2, ladders_pb2_grpc
from service.grpc_api.servicer import handles_errors

PLAYERS_NAME = ladders_pb2.DESCRIPTOR.services_by_name["Players"].full_name
LADDERS_NAME = ladders_pb2.DESCRIPTOR.services_by_name["Ladders"].full_name
MAX_KEY = 200


class _Organised:
    def __init__(self, ledger: Ledger, failures: TokenFailures | None = None) -> None:
        self.ledger = ledger
        self.organiser_token = ledger.organiser_token
        self.failures = failures or TokenFailures()

    def _caller(self, context: grpc.ServicerContext) -> Caller:
        return caller_from_metadata(context.invocation_metadata() or (), self.organiser_token)


class PlayersServicer(_Organised, ladders_pb2_grpc.PlayersServicer):
    @handles_errors
    def AddPlayer(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.ledger.permissions.check_registry(self._caller(context), "register players")
        key = check_length(request.public_key, "public_key", MAX_KEY)
        return player_message(self.ledger.players.register(request.display_name, key))

    @handles_errors
    def InvitePlayer(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.ledger.permissions.check_registry(self._caller(context), "invite players")
        return ladders_pb2.InvitePlayerResponse(code=self.ledger.players.invite())

    @handles_errors
    def JoinWithInvitation(self, request: Any, context: grpc.ServicerContext) -> Any:
        code = require_id(request.code, "code", MAX_KEY)
        key = check_length(request.public_key, "public_key", MAX_KEY)
        return player_message(self.ledger.players.join(code, request.display_name, key))

    @handles_errors
    def GetPlayer(self, request: Any, context: grpc.ServicerContext) -> Any:
        return player_message(self.ledger.players.get(_player_id(request)))

    @handles_errors
    def ListPlayers(self, request: Any, context: grpc.ServicerContext) -> Any:
        players = self.ledger.players
        return ladders_pb2.ListPlayersResponse(
            players=[player_message(players.get(p)) for p in players.ids()]
        )

    @handles_errors
    def GetPlayerHistory(self, request: Any, context: grpc.ServicerContext) -> Any:
        player = self.ledger.players.get(_player_id(request))
        caller = self._caller(context)
        played = history(
            player.id,
            self._shown_ladders(caller),
            self._shown_tournaments(caller),
            self._shown_claims(player),
        )
        return ladders_pb2.PlayerHistory(
            player=player_message(player),
            games=[ladders_pb2.HistoryGame(**vars(p)) for p in played],
        )

    def _shown_ladders(self, caller: Caller) -> Iterator[LadderProgress]:
        """Every ladder as the gate shows it to `caller`; one it refuses is left out."""
        desk = self.ledger.ladders
        for ladder_id in desk.ladders.ids():
            try:
                yield self.ledger.gate.ladder(desk.progress(ladder_id), caller)
            except PermissionDenied:
                continue

    def _shown_claims(self, player: PlayerRecord) -> Iterator[tuple[int, GameRecord]]:
        """Each seat the player claimed, with its game as the public sees it (a history is public)."""
        for game_id, seat in player.seats:
            try:
                yield seat, self.ledger.gate.public_record(self.ledger.games.get(game_id))
            except (PermissionDenied, NotFound):  # a deal in play; a private game
                continue

    def _shown_tournaments(self, caller: Caller) -> Iterator[Progress]:
        desk = self.ledger.tournaments
        for tournament_id in self.ledger.tournament_app.ids():
            try:
                yield self.ledger.gate.tournament(desk.progress(tournament_id), caller)
            except (PermissionDenied, NotFound):  # the gate refuses it; a private one is no tournament
                continue


class LaddersServicer(_Organised, ladders_pb2_grpc.LaddersServicer):
    @handles_errors
    def CreateLadder(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.ledger.permissions.check_ladder(self._caller(context))
        if request.period_seconds < 0:
            raise InvalidArgument(
                Reason.BAD_PERIOD, "period_seconds cannot be negative", field="period_seconds"
            )
        record = self.ledger.ladders.create(
            name=request.name,
            game=request.game,
            options=struct_to_dict(request.options),
            time_control=check_length(request.time_control, "time_control"),
            timeout_policy=check_length(request.timeout_policy, "timeout_policy"),
            period_seconds=request.period_seconds,
        )
        return self._ladder(str(record.id), context)

    @handles_errors
    def GetLadder(self, request: Any, context: grpc.ServicerContext) -> Any:
        return self._ladder(_ladder_id(request), context)

    @handles_errors
    def PairLadderGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.ledger.permissions.check_ladder(self._caller(context))
        players = [check_length(p, "players", MAX_TAG_LENGTH) for p in request.players]
        game_id, seats = self.ledger.ladders.pair(_ladder_id(request), players, request.start_at)
        return ladders_pb2.PairLadderGameResponse(
            game_id=game_id,
            seats=[ladders_pb2.LadderSeat(seat=s.seat, player_id=s.player_id, token=s.token) for s in seats],
        )

    @handles_errors
    def EndSeason(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.ledger.permissions.check_ladder(self._caller(context))
        self.ledger.ladders.end_season(_ladder_id(request))
        return self._ladder(_ladder_id(request), context)

    def _ladder(self, ladder_id: str, context: grpc.ServicerContext) -> ladders_pb2.Ladder:
        """The ladder as the visibility gate shows it to this caller."""
        desk = self.ledger.ladders
        progress = self.ledger.gate.ladder(desk.progress(ladder_id), self._caller(context))
        as_of = datetime.now(UTC)
        rows = desk.table(progress, as_of)
        names = {}
        for row in rows:
            names[row.player] = self.ledger.players.get(row.player).display_name
        definition = progress.record.definition
        return ladders_pb2.Ladder(
            ladder_id=definition.ladder_id,
            name=definition.name,
            game=definition.game,
            season=progress.record.season,
            as_of=as_of.isoformat(),
            table=[
                ladders_pb2.LadderRow(
                    rank=r.rank,
                    player_id=r.player,
                    display_name=names[r.player],
                    mu=r.mu,
                    sigma=r.sigma,
                    ordinal=r.ordinal,
                    games=r.games,
                    last_played=r.last_played,
                )
                for r in rows
            ],
            games_in_play=len(progress.in_play),
            record_json=json.dumps(record_json(progress, rows, as_of), sort_keys=True),
        )


def player_message(record: PlayerRecord) -> ladders_pb2.Player:
    return ladders_pb2.Player(
        player_id=str(record.id),
        display_name=record.display_name,
        public_key=record.public_key,
        registered_at=record.registered_at,
        via=record.via,
    )


def _player_id(request: Any) -> str:
    return require_id(request.player_id, "player_id", MAX_TAG_LENGTH)


def _ladder_id(request: Any) -> str:
    return require_id(request.ladder_id, "ladder_id", MAX_TAG_LENGTH)


def register(server: grpc.Server, ledger: Ledger, failures: TokenFailures | None = None) -> tuple[str, str]:
    """Add the Players and Ladders services to `server`; returns their full names for reflection."""
    ladders_pb2_grpc.add_PlayersServicer_to_server(PlayersServicer(ledger, failures), server)
    ladders_pb2_grpc.add_LaddersServicer_to_server(LaddersServicer(ledger, failures), server)
    return PLAYERS_NAME, LADDERS_NAME
