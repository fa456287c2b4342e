"""The `frontier.v1.Tournaments` gRPC service: it answers each tournament as the visibility gate shows it."""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

import grpc

from service.core.auth import Caller, caller_from_metadata
from service.core.convert import dict_to_struct, struct_to_dict
from service.core.fields import MAX_TAG_LENGTH, check_length, require_id
from service.core.publishing import publish_tournament
from service.core.rate_limit import TokenFailures
from service.core.root import Ledger
from service.core.tournaments.app import Progress
from service.core.tournaments.deals import comparison
from service.core.tournaments.disclosure import DEAL_IN_PLAY
from service.core.tournaments.ratings import ordinal, rate
from service.core.tournaments.standings import RULES, standings
from service.generated.frontier.v1 import tournaments_pb2, tournaments_pb2_grpc
from service.grpc_api.servicer import handles_errors

SERVICE_NAME = tournaments_pb2.DESCRIPTOR.services_by_name["Tournaments"].full_name


class TournamentsServicer(tournaments_pb2_grpc.TournamentsServicer):
    def __init__(self, ledger: Ledger, failures: TokenFailures | None = None) -> None:
        self.ledger = ledger
        self.desk = ledger.tournaments
        self.organiser_token = ledger.organiser_token
        self.failures = failures or TokenFailures()

    def _caller(self, context: grpc.ServicerContext) -> Caller:
        """Who calls; `handles_errors` asks first, so a malformed header is refused on every call."""
        return caller_from_metadata(context.invocation_metadata() or (), self.organiser_token)

    def _require_organiser(self, context: grpc.ServicerContext) -> None:
        self.ledger.permissions.check_tournament(self._caller(context))

    @handles_errors
    def CreateTournament(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        record = self.desk.create(
            name=request.name,
            game=request.game,
            options=struct_to_dict(request.options),
            format=request.format,
            players=list(request.players),
            table_size=request.table_size,
            rounds=request.rounds,
            tag=request.tag,
            duplicate_deals=request.duplicate_deals,
            time_control=check_length(request.time_control, "time_control"),
            timeout_policy=check_length(request.timeout_policy, "timeout_policy"),
            private=request.private,
        )
        return tournament_message(self._shown(self.desk.progress(str(record.id)), context))

    @handles_errors
    def GetTournament(self, request: Any, context: grpc.ServicerContext) -> Any:
        return tournament_message(self._progress(request, context))

    @handles_errors
    def StartRound(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)
        progress, number, grants = self.desk.start_round(_id(request), request.start_at)
        return tournaments_pb2.StartRoundResponse(
            tournament=tournament_message(self._shown(progress, context)),
            round=number,
            seats=[
                tournaments_pb2.SeatGrant(
                    table=g.table, game_id=g.game_id, seat=g.seat, player=g.player, token=g.token
                )
                for g in grants
            ],
        )

    @handles_errors
    def GetStandings(self, request: Any, context: grpc.ServicerContext) -> Any:
        progress = self._progress(request, context)
        record = progress.record
        rows = standings(record.definition.players, [t for _, _, t in record.games], progress.results)
        return tournaments_pb2.Standings(
            standings=[tournaments_pb2.Standing(**asdict(r)) for r in rows],  # the message's very fields
            rules=RULES,
        )

    @handles_errors
    def GetRatings(self, request: Any, context: grpc.ServicerContext) -> Any:
        progress = self._progress(request, context)
        record = progress.record
        final, updates = rate(record.definition.players, record.games, progress.results)
        ordered = sorted(final.items(), key=lambda item: (-ordinal(*item[1]), item[0]))
        return tournaments_pb2.Ratings(
            ratings=[
                tournaments_pb2.Rating(player=p, mu=mu, sigma=sigma, ordinal=ordinal(mu, sigma))
                for p, (mu, sigma) in ordered
            ],
            updates=[
                tournaments_pb2.RatingUpdate(
                    game_id=u.game_id,
                    round=u.round,
                    table=u.table,
                    model=u.model,
                    constants=dict_to_struct(u.constants),
                    changes=[
                        tournaments_pb2.RatingChange(
                            player=c.player,
                            mu_before=c.before[0],
                            sigma_before=c.before[1],
                            mu_after=c.after[0],
                            sigma_after=c.after[1],
                            rank=c.rank,
                        )
                        for c in u.changes
                    ],
                )
                for u in updates
            ],
        )

    @handles_errors
    def PublishTournament(self, request: Any, context: grpc.ServicerContext) -> Any:
        self._require_organiser(context)  # before the id is looked up: others learn nothing of it
        publish_tournament(self.ledger.games, self.ledger.tournament_app, _id(request))
        return tournament_message(self._progress(request, context))

    def _progress(self, request: Any, context: grpc.ServicerContext) -> Progress:
        return self._shown(self.desk.progress(_id(request)), context)

    def _shown(self, progress: Progress, context: grpc.ServicerContext) -> Progress:
        """The tournament as this caller may see it: open duplicate deals' results for the organiser only."""
        return self.ledger.gate.tournament(progress, self._caller(context))


def _id(request: Any) -> str:
    return require_id(request.tournament_id, "tournament_id", MAX_TAG_LENGTH)


def tournament_message(progress: Progress) -> tournaments_pb2.Tournament:
    record = progress.record
    definition = record.definition
    rounds = []
    for number, tables in enumerate(record.rounds, start=1):
        shown = []
        for table_number, table in enumerate(tables, start=1):
            result = progress.results.get(table.game_id)
            status = "finished" if result is not None else "in_progress"
            if table.game_id in progress.withheld:
                status = DEAL_IN_PLAY
            message = tournaments_pb2.Table(
                number=table_number, game_id=table.game_id, players=list(table.players), status=status
            )
            if result is not None:
                message.result.CopyFrom(
                    tournaments_pb2.TableResult(
                        ranking=[
                            tournaments_pb2.SeatGroupNames(players=[table.players[s] for s in tier])
                            for tier in result.ranking
                        ],
                        scores=list(result.scores),
                    )
                )
            shown.append(message)
        rounds.append(tournaments_pb2.Round(number=number, tables=shown))
    return tournaments_pb2.Tournament(
        tournament_id=definition.tournament_id,
        name=definition.name,
        game=definition.game,
        options=dict_to_struct(dict(definition.options)),
        format=definition.format,
        players=list(definition.players),
        table_size=definition.table_size,
        rounds_planned=definition.rounds,
        tag=definition.tag,
        seed_commitment=definition.seed_commitment,
        seed=record.seed.hex() if progress.seed_revealed else "",
        status=progress.status,
        rounds=rounds,
        created_at=record.created_at,
        record_json=json.dumps(record_json(progress), sort_keys=True),
        duplicate_deals=definition.duplicate_deals,
        time_control=definition.time_control,
        timeout_policy=definition.timeout_policy,
        private=definition.private,
        published_at=record.published_at,
    )


def record_json(progress: Progress) -> dict[str, Any]:
    """The published record; with duplicate deals, each deal's results side by side."""
    data = progress.record.to_json(progress.seed_revealed)
    if progress.record.definition.duplicate_deals:
        data["deals"] = comparison(progress.record.rounds, progress.results)
    return data


def register(server: grpc.Server, ledger: Ledger, failures: TokenFailures | None = None) -> str:
    """Add the Tournaments service to `server`; returns its full name for reflection."""
    tournaments_pb2_grpc.add_TournamentsServicer_to_server(TournamentsServicer(ledger, failures), server)
    return SERVICE_NAME
