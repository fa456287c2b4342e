"""The FrontierLedger gRPC servicer: decode the request, call the application, encode the answer.

Errors leave as a `google.rpc.Status` with an `ErrorInfo` whose `reason` is a
stable UPPER_SNAKE code; nothing here decides a rule.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import itertools
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from datetime import UTC, datetime
from typing import Any, Protocol, TypeVar

import grpc

from engines.base import fold
from engines.registry import game_ids, get_engine
from replay.audit import build_report
from replay.narrative import describe_ruling, describe_step
from replay.reasons import Reason
from replay.record import RulingLine
from replay.table import ABANDON, ADJUDICATE, MAX_REASON, RESIGN
from replay.trust import keys, proofs
from replay.trust.keys import SigningKey
from replay.unseen import NOTHING_UNSEEN, masked_events, unseen_by_version
from replay.verify import final_state_hash, verify
from service.core.auth import Caller, authenticate, authorization_of, caller_from_metadata, seat_of
from service.core.client_address import client_address
from service.core.commands import Accepted, submit, submit_on_loop
from service.core.commits.awaited import cached
from service.core.convert import command_from_proto, dict_to_struct, struct_to_dict
from service.core.creation import claim_seat, create_game, engine_for, reveal_seed
from service.core.errors import (
    DOMAIN,
    InvalidArgument,
    NotFound,
    RuleBroken,
    ServiceError,
)
from service.core.exchange import export_lines, import_log, stored_record
from service.core.fields import MAX_TAG_LENGTH, check_length, check_names, require_id
from service.core.games import parse_game_id
from service.core.idempotency import Earlier, Keyed, KeyTaken, earlier, keyed
from service.core.permissions import Permissions
from service.core.players.claims import claimant, claimed_key, remember_seat
from service.core.publishing import publish_game
from service.core.rate_limit import TokenFailures
from service.core.recordings import expand_or_refuse
from service.core.records import FINISHED, GameRecord, decode_events
from service.core.relays.delay import delayed_updates
from service.core.relays.fork import check_delay, fork_game
from service.core.relays.live import relay_line, start_relay, stored_relay
from service.core.relays.messages import fork_origin
from service.core.root import Ledger
from service.core.rulings import rule
from service.core.scheduled import parse_start
from service.core.seat_tokens import reissue_seat_token
from service.core.seed_reveal import awaiting_reveal, commits
from service.core.stream_slots import StreamLimits
from service.core.takebacks import answer_takeback, request_takeback
from service.core.typed import typed_view
from service.core.upgrades import upgrade_rules
from service.core.views import (
    clocks_proto,
    outcome_proto,
    redacted_entry_events,
    redacted_events,
    ruling_proto,
    to_json,
)
from service.core.visibility import Gate
from service.core.watching import Watching
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.grpc_api.event_streams import ledger_event
from service.grpc_api.statuses import abort_arguments
from service.grpc_api.takebacks import show_takebacks, state_after_takeback, takeback_response
from service.grpc_api.worker_context import in_thread, in_worker
from service.play.legal import add_legal_commands
from service.play.session import Plays

__all__ = ["DOMAIN", "Servicer"]
DEFAULT_MAX_WATCHERS = 20_000

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")
REPLAY_BATCH = 32  # steps made per hop to a worker thread


def handles_errors(method: F) -> F:
    """Turn ServiceError into a rich gRPC status (unary methods and async streams alike).

    Every call checks the authorization header's form first, whether or not it reads the
    token, so a malformed header is UNAUTHENTICATED everywhere. Handlers run on a
    `grpc.aio` server: plain methods in its worker threads, async ones on its loop; both
    kinds of context have `abort(code, message, trailing_metadata)`.
    """

    @functools.wraps(method)
    def unary(self: Servicer, request: Any, context: grpc.ServicerContext) -> Any:
        caller = None
        try:
            caller = _checked_caller(self, context)
            answer = method(self, request, context)
            self.failures.after_call(context.peer(), caller, request)
            return answer
        except ServiceError as error:
            if caller is not None:  # a refused presentation was counted when it was refused
                self.failures.refused(context.peer(), caller, error)
            context.abort(*abort_arguments(error))

    @functools.wraps(method)
    async def async_unary(self: Servicer, request: Any, context: Any) -> Any:
        caller = None
        try:
            caller = _checked_caller(self, context)
            answer = await method(self, request, context)
            self.failures.after_call(context.peer(), caller, request)
            return answer
        except ServiceError as error:
            if caller is not None:
                self.failures.refused(context.peer(), caller, error)
            await context.abort(*abort_arguments(error))

    @functools.wraps(method)
    async def async_streaming(self: Servicer, request: Any, context: Any) -> AsyncIterator[Any]:
        caller = None
        try:
            caller = _checked_caller(self, context)
            async for item in method(self, request, context):
                yield item
        except ServiceError as error:
            if caller is not None:
                self.failures.refused(context.peer(), caller, error)
            await context.abort(*abort_arguments(error))

    if inspect.isasyncgenfunction(method):
        return async_streaming  # type: ignore[return-value]
    if inspect.iscoroutinefunction(method):
        return async_unary  # type: ignore[return-value]
    if inspect.isgeneratorfunction(method):  # grpc.aio would serve it from a thread waiting on the loop
        raise TypeError(f"{method.__name__}: a streaming handler is an async generator (see Replay)")
    return unary  # type: ignore[return-value]


class Front(Protocol):
    """What `handles_errors` needs of a servicer: its organiser token and its count of wrong tokens."""

    organiser_token: str | None
    failures: TokenFailures


def _checked_caller(servicer: Front, context: Any) -> Caller:
    """The call's caller, read and rate-limited as on every front end (a guessing address waits)."""
    authorization = authorization_of(context.invocation_metadata() or ())
    return servicer.failures.caller(client_address(context.peer()), authorization, servicer.organiser_token)


def _importable(permissions: Permissions, caller: Caller, content: str, empty: Reason, whose: str) -> None:
    """An import's checks before its content is read: the caller may import, and sent some text."""
    permissions.check_import(caller)
    if not content.strip():
        raise InvalidArgument(empty, f"content is empty: send {whose} text", field="content")


def _take(items: Iterator[T], count: int) -> list[T]:
    return list(itertools.islice(items, count))


def _refuse_token(request: frontier_pb2.PlayRequest) -> None:
    """PlayRequest.token is for WebSocket clients (service/wsplay/), which cannot set headers."""
    if request.token:
        raise InvalidArgument(
            Reason.TOKEN_NOT_ALLOWED,
            "over gRPC the token goes in metadata (authorization: Bearer ...), not in the message",
            field="token",
        )


async def _without_tokens(requests: AsyncIterator[Any]) -> AsyncIterator[Any]:
    async for request in requests:
        _refuse_token(request)
        yield request


class Servicer(frontier_pb2_grpc.FrontierLedgerServicer):
    def __init__(
        self,
        ledger: Ledger,
        max_watchers: int = DEFAULT_MAX_WATCHERS,
        *,
        signing_key: SigningKey,
        failures: TokenFailures | None = None,
        stream_limits: StreamLimits | None = None,
    ) -> None:
        self.ledger = ledger
        self.app = ledger.games
        self.permissions = ledger.permissions  # who may do what: every write right is decided there
        self.organiser_token = ledger.organiser_token
        self.failures = failures or TokenFailures()  # wrong tokens per address (service.core.rate_limit)
        self.signing_key = signing_key
        self.watching = Watching(ledger, max_watchers, limits=stream_limits)
        self.plays = Plays(ledger, self.watching)

    @property
    def gate(self) -> Gate:
        """What callers may see: asked by every read method (service.core.visibility)."""
        return self.ledger.gate

    def _caller(self, context: Any, record: GameRecord | None = None) -> Caller:
        """Who calls; with the game's record, a token that is not of this game is refused."""
        caller = caller_from_metadata(context.invocation_metadata() or (), self.organiser_token)
        if record is None:
            return caller
        self.gate.admit(record, caller)  # a private game: an outsider's token is no clue it exists
        return authenticate(caller, record.token_hashes)

    def _game(self, game_id: str) -> GameRecord:
        return self.app.get(require_id(game_id, "game_id"))

    # -- games and seats -----------------------------------------------------------

    @handles_errors
    def ListGameTypes(self, request: Any, context: grpc.ServicerContext) -> Any:
        types = []
        for game in game_ids():
            engine = get_engine(game)
            types.append(
                frontier_pb2.GameType(
                    game=game,
                    title=engine.title,
                    min_seats=engine.min_seats,
                    max_seats=engine.max_seats,
                    default_options=dict_to_struct(engine.options({})),
                )
            )
        return frontier_pb2.ListGameTypesResponse(games=types)

    @handles_errors
    def CreateGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        require_id(request.game, "game")
        engine_for(request.game)
        check_length(request.tag, "tag", MAX_TAG_LENGTH)
        caller = self._caller(context)
        self.permissions.check_create(caller, request.tag, request.timeout_policy, request.takeback_policy)
        check_names(request.players, "players")
        options = struct_to_dict(request.options)  # bad options: BAD_OPTION from create_game
        if request.rules_version:  # an older version is for replaying how it was played: the organiser's
            self.permissions.require_organiser(caller, "create games under older rules")
        key = keyed(caller, request.idempotency_key, "CreateGame", _without_key(request))
        if key is not None and (made := earlier(self.app.events, key)) is not None:
            return self._created_before(made)
        try:
            record, grants = self._create(request, options, key)
        except KeyTaken:  # a call with this key was stored meanwhile: its answer is this one's
            assert key is not None
            made = earlier(self.app.events, key)
            if made is None:
                raise
            return self._created_before(made)
        return frontier_pb2.CreateGameResponse(
            game_id=record.header.game_id,
            seed_commitment=record.header.seed_commitment or "",
            seats=[frontier_pb2.SeatToken(seat=s, player=p, token=t) for s, p, t in grants],
            version=record.game_version,
            options=dict_to_struct(record.header.options),
        )

    def _create(
        self, request: Any, options: dict[str, Any], key: Keyed | None
    ) -> tuple[GameRecord, list[tuple[int, str, str]]]:
        return create_game(
            self.app,
            request.game,
            request.seats,
            list(request.players),
            options,
            request.tag,
            player_entropy=request.player_entropy,
            spectator_delay=check_delay(request.spectator_delay_seconds),
            time_control=check_length(request.time_control, "time_control"),
            timeout_policy=check_length(request.timeout_policy, "timeout_policy"),
            join_deadline_seconds=request.join_deadline_seconds,
            starts_at=parse_start(request.start_at, self.app.now()),
            takeback_policy=request.takeback_policy,
            rules_version=check_length(request.rules_version, "rules_version"),
            keyed=key,
            private=request.private,
        )

    def _created_before(self, made: Earlier) -> frontier_pb2.CreateGameResponse:
        """The first answer of a CreateGame retried with its idempotency key."""
        record = self.app.get(made.game_id)
        return frontier_pb2.CreateGameResponse(
            game_id=made.game_id,
            seed_commitment=record.header.seed_commitment or "",
            seats=[frontier_pb2.SeatToken(seat=s, player=p, token=t) for s, p, t in made.secret["seats"]],
            version=made.secret["version"],
            options=dict_to_struct(record.header.options),
            duplicate=True,
        )

    @handles_errors
    def ClaimSeat(self, request: Any, context: grpc.ServicerContext) -> Any:
        require_id(request.game_id, "game_id")
        name = check_length(request.player, "player")
        seat = request.seat if request.HasField("seat") else None
        player = None
        if request.player_id:  # as a registered player, proven by their key's signature
            check_length(request.player_signature, "player_signature")
            player = claimant(
                self.ledger.players, request.game_id, request.player_id, request.player_signature, name
            )
            name = player.display_name
        key = claimed_key(request.seat_key, player.public_key if player is not None else None)
        claimed, token = claim_seat(
            self.app, request.game_id, name, seat, request.client_seed, request.client_commitment, key
        )
        if player is not None:
            remember_seat(self.ledger.players, player, request.game_id, claimed)
        return frontier_pb2.ClaimSeatResponse(
            seat=frontier_pb2.SeatToken(seat=claimed, player=name, token=token)
        )

    @handles_errors
    def ReissueSeatToken(self, request: Any, context: grpc.ServicerContext) -> Any:
        game_id = require_id(request.game_id, "game_id")
        record, token = reissue_seat_token(
            self.app, game_id, self._caller(context), self.permissions, request.seat
        )
        return frontier_pb2.ReissueSeatTokenResponse(
            seat=frontier_pb2.SeatToken(seat=request.seat, player=record.players[request.seat], token=token)
        )

    @handles_errors
    def PublishGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        game_id = require_id(request.game_id, "game_id")
        record = publish_game(self.app, game_id, self._caller(context), self.permissions)
        return frontier_pb2.PublishGameResponse(game_id=game_id, published_at=record.published_at)

    @handles_errors
    def RevealSeed(self, request: Any, context: grpc.ServicerContext) -> Any:
        check_length(request.client_seed, "client_seed")
        after = reveal_seed(
            self.app, require_id(request.game_id, "game_id"), self._caller(context), request.client_seed
        )
        return frontier_pb2.RevealSeedResponse(
            version=after.game_version, status=after.shown_status, awaiting_reveal=awaiting_reveal(after)
        )

    # -- games that end ---------------------------------------------------------------

    @handles_errors
    def Resign(self, request: Any, context: grpc.ServicerContext) -> Any:
        after = rule(self.app, require_id(request.game_id, "game_id"), self._caller(context), RESIGN)
        return _ruled(after)

    @handles_errors
    def EndGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        caller = self._caller(context)
        self.permissions.check_end(caller, self._relay_token_hash(request.game_id))
        game_id = require_id(request.game_id, "game_id")
        check_length(request.reason, "reason", MAX_REASON)
        result = [list(tier.seats) for tier in request.result]
        ruling = ABANDON if request.abandon else ADJUDICATE
        after = rule(
            self.app, game_id, self._caller(context), ruling, result=result or None, reason=request.reason
        )
        return _ruled(after)

    @handles_errors
    def UpgradeRules(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.permissions.require_organiser(self._caller(context), "upgrade a game's rules")
        game_id = require_id(request.game_id, "game_id")
        _, line = upgrade_rules(self.app, game_id)
        return frontier_pb2.UpgradeRulesResponse(
            version=line.version, from_rules=line.from_rules, to_rules=line.to_rules
        )

    @handles_errors
    def RequestTakeback(self, request: Any, context: grpc.ServicerContext) -> Any:
        game_id = require_id(request.game_id, "game_id")
        after = request_takeback(self.app, game_id, self._caller(context), request.to_version or None)
        return takeback_response(after, taken_back=False)

    @handles_errors
    def AnswerTakeback(self, request: Any, context: grpc.ServicerContext) -> Any:
        game_id = require_id(request.game_id, "game_id")
        after, taken_back = answer_takeback(self.app, game_id, self._caller(context), request.accept)
        return takeback_response(after, taken_back=taken_back)

    # -- following many games -----------------------------------------------------------

    @handles_errors
    async def FollowEvents(self, request: Any, context: Any) -> AsyncIterator[Any]:
        streams = self.ledger.event_streams
        scope = await asyncio.to_thread(
            streams.scope,
            self._caller(context),
            tournament_id=request.tournament_id,
            player_id=request.player_id,
            seat_tokens=list(request.seat_tokens),
        )
        await asyncio.to_thread(streams.check_cursor, request.after)
        async for followed in streams.follow(scope, request.after):
            yield ledger_event(followed)

    def _relay_token_hash(self, game_id: str) -> str:
        """The relay token hash of `game_id`; "" for a game that is not a relay or not a game here."""
        try:
            return self.app.get(game_id).relay_token_hash
        except (NotFound, InvalidArgument):
            return ""

    # -- playing ---------------------------------------------------------------------

    @handles_errors
    async def SubmitCommand(self, request: Any, context: Any) -> Any:
        """Decided and sealed on the event loop where the game allows (`submit_on_loop`), its row
        awaited from the commit thread; else all of it in a worker, as every other unary call."""
        caller = self._caller(context)  # the token is checked against the game inside `submit`
        if cached(self.app, parse_game_id(require_id(request.game_id, "game_id"))) is None:
            return await in_worker(self._submit_in_worker)(request, context)
        engine = self.app.engine_of(request.game_id)
        command_id = require_id(request.command_id, "command_id")
        command = command_from_proto(engine, request.command)
        expected = request.expected_version if request.HasField("expected_version") else None

        def worker() -> Awaitable[Accepted]:
            return in_thread(
                submit, self.app, request.game_id, caller, command_id, expected, command, signature
            )

        game_id = request.game_id
        signature = check_length(request.seat_signature, "seat_signature", 128)
        accepted = await submit_on_loop(
            self.app, game_id, caller, command_id, expected, command, worker, signature
        )
        return self._submitted(accepted, caller)

    def _submit_in_worker(self, request: Any, context: Any) -> Any:
        caller = self._caller(context)
        engine = self.app.engine_of(require_id(request.game_id, "game_id"))
        command_id = require_id(request.command_id, "command_id")
        command = command_from_proto(engine, request.command)
        expected = request.expected_version if request.HasField("expected_version") else None
        signature = check_length(request.seat_signature, "seat_signature", 128)
        accepted = submit(self.app, request.game_id, caller, command_id, expected, command, signature)
        return self._submitted(accepted, caller)

    def _submitted(self, accepted: Accepted, caller: Caller) -> Any:
        """SubmitCommand's answer: the entry's events as the caller may see them, and its turn."""
        viewer = self.gate.sight(accepted.record, caller).viewer
        if accepted.events and viewer is not None:  # the decided events: no need to decode them again
            events = redacted_events(self.gate, accepted.record, accepted.events, viewer)
        else:
            events = redacted_entry_events(self.gate, accepted.record, accepted.entry.events, viewer)
        response = frontier_pb2.SubmitCommandResponse(
            version=accepted.entry.version,
            events=events,
            duplicate=accepted.duplicate,
            status=accepted.record.status,
            seats_to_act=list(accepted.record.seats_to_act),
            legal_version=accepted.record.game_version,
        )
        seat = accepted.entry.seat  # the sender's: a command id is looked up under its own seat
        add_legal_commands(response, "legal_commands", accepted.record, seat)
        return response

    @handles_errors
    async def Play(self, request_iterator: Any, context: Any) -> AsyncIterator[Any]:
        """One seat's stream: its commands in, every step and its legal commands out (play.session)."""
        caller = self._caller(context)
        first = await anext(request_iterator, None)
        if first is None:
            return  # the client closed before naming a game
        game_id = require_id(first.game_id, "game_id")
        _refuse_token(first)
        async for update in self.plays.play(game_id, first, _without_tokens(request_iterator), caller):
            yield update

    @handles_errors
    def GetState(self, request: Any, context: grpc.ServicerContext) -> Any:
        stored = self._game(request.game_id)
        caller = self._caller(context, stored)
        version = request.version if request.HasField("version") else None
        sight = self.gate.sight(stored, caller)
        latest = sight.record
        if sight.held_back:  # a delayed game: spectators read its public record
            if version is not None and version > latest.game_version:
                raise InvalidArgument(
                    Reason.VERSION_OUT_OF_RANGE,
                    f"version {version} is out of range: this game has versions 1 to {latest.game_version}",
                )
            version = latest.game_version if version is None else version
        record = latest if version == latest.game_version else self.app.record_at(request.game_id, version)
        return self._state_message(record, sight.viewer, latest, caller)

    def _state_message(
        self, record: GameRecord, viewer: int | None, latest: GameRecord, caller: Caller
    ) -> frontier_pb2.GameState:
        engine = record.engine
        open_seats = [s for s, h in enumerate(latest.token_hashes) if not h]
        if not record.dealt:  # a player-entropy game waiting for its seats: nothing dealt to show
            return frontier_pb2.GameState(
                game_id=record.header.game_id,
                game=record.header.game,
                version=record.game_version,
                status=record.shown_status,
                view_json="null",
                imported=latest.imported,
                player_entropy=True,
                open_seats=open_seats,
                commit_reveal=commits(latest),
                awaiting_reveal=awaiting_reveal(latest),
                outcome=outcome_proto(record) if record.status == FINISHED else None,
                join_deadline=_iso(latest.join_deadline),
                starts_at=_iso(latest.starts_at),
            )
        view = self.gate.view_of(engine, record.state, viewer)
        state = frontier_pb2.GameState(
            game_id=record.header.game_id,
            game=record.header.game,
            version=record.game_version,
            # The stored status, not the engine's: a log imported without its trailer
            # is an unfinished game even when its moves end the game.
            status=record.status,
            view_json=to_json(view),
            seats_to_act=list(record.seats_to_act),
            imported=latest.imported,
            player_entropy=record.header.player_entropy,
            open_seats=open_seats,
            spectator_delay_seconds=latest.spectator_delay,
            forked_from=fork_origin(latest.header),
            **typed_view(record.header.game, view),
        )
        seat = seat_of(caller, latest.token_hashes, required=False)
        if seat is not None:
            state.viewer_seat = seat
        outcome = outcome_proto(record) if record.status == FINISHED else None
        if outcome is not None:
            state.outcome.CopyFrom(outcome)
        state.out_seats.extend(record.table.out)
        if record.header.clock is not None:
            state.time_control = str(record.header.clock["time_control"])
            state.timeout_policy = str(record.header.clock["timeout_policy"])
            state.clocks.extend(clocks_proto(record))
        state.paused = record.table.paused
        state.join_deadline = _iso(latest.join_deadline)
        state.starts_at = _iso(latest.starts_at)
        state.private, state.published_at = latest.private, latest.published_at
        show_takebacks(state, latest)
        state.state_hash = self.gate.state_hash(view, viewer, record.header.format_version)
        return state

    @handles_errors
    def ListLegalCommands(self, request: Any, context: grpc.ServicerContext) -> Any:
        record = self._game(request.game_id)
        caller = self._caller(context, record)
        seat = seat_of(caller, record.token_hashes, required=True)
        assert seat is not None
        self.gate.sight(record, caller)  # a seat's legal commands show its hand
        response = frontier_pb2.ListLegalCommandsResponse(version=record.game_version, seat=seat)
        add_legal_commands(response, "commands", record, seat)  # encoded once per version (play.legal)
        return response

    @handles_errors
    def ListGames(self, request: Any, context: grpc.ServicerContext) -> Any:
        if request.status and request.status not in ("in_progress", "finished", "waiting"):
            raise InvalidArgument(
                Reason.BAD_STATUS, "status must be 'waiting', 'in_progress' or 'finished'", field="status"
            )
        size = request.page_size or 100
        if not 1 <= size <= 1000:
            raise InvalidArgument(
                Reason.BAD_PAGE_SIZE, "page_size must be between 1 and 1000", field="page_size"
            )
        try:
            after = int(request.page_token) if request.page_token else 0
        except ValueError:
            raise InvalidArgument(
                Reason.BAD_PAGE_TOKEN, "page_token is not one this server gave", field="page_token"
            ) from None
        found = self.gate.games(
            self._caller(context),
            game=request.game,
            status=request.status,
            player=request.player,
            tag=request.tag,
            after=after,
            limit=size,
        )
        return frontier_pb2.ListGamesResponse(
            games=[
                frontier_pb2.GameSummary(
                    game_id=s.game_id,
                    game=s.game,
                    status=s.status,
                    players=list(s.players),
                    tag=s.tag,
                    version=s.version,
                    created_at=s.created_at,
                    imported=s.imported,
                    player_entropy=s.player_entropy,
                    spectator_delay_seconds=s.spectator_delay,
                    forked_from=s.forked_from,
                    starts_at=s.starts_at,
                    private=s.private,
                    published=s.published,
                )
                for s in found
            ],
            next_page_token=str(found[-1].position) if len(found) == size else "",
        )

    # -- watching and replaying --------------------------------------------------------

    @handles_errors
    async def WatchGame(self, request: Any, context: Any) -> AsyncIterator[Any]:
        caller = self._caller(context)
        game_id = require_id(request.game_id, "game_id")

        def resolve(record: GameRecord) -> Caller:
            self.gate.admit(record, caller)
            resolved = authenticate(caller, record.token_hashes)
            self.gate.sight(record, resolved)  # a refusal (DEAL_IN_PLAY) at once
            return resolved

        if caller.token is None and request.from_version >= 0:
            record = await asyncio.to_thread(self._game, game_id)
            if (await asyncio.to_thread(self.gate.sight, record, caller)).held_back:
                with self.watching.slots.hold(record.header.game_id, caller, context.peer()):
                    async for update in delayed_updates(self.ledger, game_id, request.from_version, caller):
                        yield update
                return
        async for update in self.watching.stream(game_id, request.from_version, resolve, context.peer()):
            yield update

    @handles_errors
    async def Replay(self, request: Any, context: Any) -> AsyncIterator[Any]:
        # Steps are made in a worker thread a batch at a time and handed over here, on the loop.
        # Served as a sync generator, grpc.aio's worker thread waits on the loop for each step,
        # and a wait scheduled as the server stops never ends.
        steps = self._replay_steps(request, context)
        while batch := await asyncio.to_thread(_take, steps, REPLAY_BATCH):
            for step in batch:
                yield step

    def _replay_steps(self, request: Any, context: Any) -> Iterator[frontier_pb2.ReplayStep]:
        stored = self._game(request.game_id)
        sight = self.gate.sight(stored, self._caller(context, stored))
        latest, viewer = sight.record, sight.viewer
        engine = latest.engine
        last = request.to_version or latest.game_version
        if not 0 <= request.from_version <= last <= latest.game_version:
            raise InvalidArgument(
                Reason.VERSION_OUT_OF_RANGE,
                f"versions must lie within 1..{latest.game_version}",
                field="to_version",
            )
        if not latest.dealt:
            raise RuleBroken(
                Reason.NOT_DEALT, "the game is waiting for its seats: nothing is dealt yet", rule="SEATS"
            )
        names = _seat_names(latest)
        # Only a tabletop log (an expanded recording) names items nobody saw: told as "(unseen)".
        tabletop = latest.header.seed_commitment is None
        unseen = (
            unseen_by_version(latest.header, list(self.app.entries(latest.header.game_id, settled=True)))
            if tabletop
            else {}
        )

        def unseen_at(version: int) -> frozenset[str]:
            return unseen.get(version, NOTHING_UNSEEN).named

        state = fold(engine, None, decode_events(latest.header.game, latest.setup_events))
        if request.from_version <= 1:
            yield self._step(latest, 1, None, None, latest.setup_events, state, viewer, names, unseen_at(1))
        for entry in self.app.entries(latest.header.game_id, settled=True):  # a replica may serve it
            if entry.version > last:
                break
            if isinstance(entry, RulingLine):
                state = state_after_takeback(self.app, latest.header.game_id, entry, state)
                if entry.version >= request.from_version:
                    step = self._step(latest, entry.version, entry.seat, None, (), state, viewer, names)
                    step.ruling.CopyFrom(ruling_proto(entry.to_json()))
                    step.narrative = describe_ruling(entry, names)
                    yield step
                continue
            state = fold(engine, state, decode_events(latest.header.game, entry.events))
            if entry.version >= request.from_version:
                command = self.gate.command(entry.command, entry.seat, viewer)
                yield self._step(
                    latest,
                    entry.version,
                    entry.seat,
                    command,
                    entry.events,
                    state,
                    viewer,
                    names,
                    unseen_at(entry.version),
                )

    def _step(
        self,
        record: GameRecord,
        version: int,
        seat: int | None,
        command: dict[str, Any] | None,
        events: Any,
        state: Any,
        viewer: int | None,
        names: list[str],
        unseen: frozenset[str] = frozenset(),
    ) -> frontier_pb2.ReplayStep:
        engine = record.engine
        shown = redacted_entry_events(self.gate, record, events, viewer)
        visible = self.gate.events(engine, decode_events(record.header.game, events), viewer)
        visible = masked_events(engine, visible, unseen)  # the narrative's names only: events stay data
        view = self.gate.view_of(engine, state, viewer)
        step = frontier_pb2.ReplayStep(
            version=version,
            command_json=to_json(command) if command is not None else "",
            events=shown,
            view_json=to_json(view),
            narrative=describe_step(engine, version, seat, visible, names),
            **typed_view(record.header.game, view),
        )
        if seat is not None:
            step.seat = seat
        return step

    # -- logs and audit ----------------------------------------------------------------

    @handles_errors
    def ExportLog(self, request: Any, context: grpc.ServicerContext) -> Any:
        stored = self._game(request.game_id)
        sight = self.gate.sight(stored, self._caller(context, stored))
        record, viewer = sight.record, sight.viewer
        content = "\n".join(export_lines(self.app, self.gate, record, viewer, self.signing_key)) + "\n"
        return frontier_pb2.ExportLogResponse(content=content, redacted=not self.gate.whole(viewer))

    @handles_errors
    def ImportLog(self, request: Any, context: grpc.ServicerContext) -> Any:
        _importable(
            self.permissions, self._caller(context), request.content, Reason.EMPTY_LOG, "the match log's"
        )
        key = keyed(self._caller(context), request.idempotency_key, "ImportLog", _without_key(request))
        made = earlier(self.app.events, key) if key is not None else None
        if made is None:
            try:
                record = import_log(self.app, self.gate, request.content, key)
            except KeyTaken:  # a call with this key was stored meanwhile: its answer is this one's
                assert key is not None
                made = earlier(self.app.events, key)
                if made is None:
                    raise
        if made is not None:
            record = self.app.get(made.game_id)  # an imported game never changes: the first answer
        return frontier_pb2.ImportLogResponse(
            game_id=record.header.game_id,
            version=record.game_version,
            state_hash=final_state_hash(record.engine, record.state, record.header.format_version),
            duplicate=made is not None,
        )

    @handles_errors
    def ExpandRecording(self, request: Any, context: grpc.ServicerContext) -> Any:
        """A table's recording, expanded by the engine and stored as an imported game."""
        _importable(
            self.permissions,
            self._caller(context),
            request.content,
            Reason.EMPTY_RECORDING,
            "the recording's",
        )
        expansion, content = expand_or_refuse(request.content, request.lenient)
        record = import_log(self.app, self.gate, content)
        return frontier_pb2.ExpandRecordingResponse(
            game_id=record.header.game_id,
            version=record.game_version,
            state_hash=expansion.trailer.state_hash,
            content=content,
        )

    @handles_errors
    def StartRelay(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.permissions.check_import(self._caller(context))  # a relay stores a table game, as imports do
        record, token = start_relay(self.app, request.header, request.spectator_delay_seconds)
        return frontier_pb2.StartRelayResponse(
            game_id=record.header.game_id, version=record.game_version, relay_token=token
        )

    @handles_errors
    def RelayLine(self, request: Any, context: grpc.ServicerContext) -> Any:
        game_id = require_id(request.game_id, "game_id")
        record, duplicate, resealed = relay_line(
            self.app, game_id, self._caller(context), request.line, request.expected_version
        )
        return frontier_pb2.RelayLineResponse(
            version=record.game_version, status=record.status, duplicate=duplicate, resealed=resealed
        )

    @handles_errors
    def GetRelay(self, request: Any, context: grpc.ServicerContext) -> Any:
        record, header, lines = stored_relay(
            self.app, require_id(request.game_id, "game_id"), self._caller(context)
        )
        return frontier_pb2.GetRelayResponse(
            header=header, lines=lines, version=record.game_version, status=record.status
        )

    @handles_errors
    def ForkGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.permissions.require_organiser(self._caller(context), "fork games")
        require_id(request.game_id, "game_id")
        check_length(request.tag, "tag", MAX_TAG_LENGTH)
        check_names(request.players, "players")
        record, grants = fork_game(
            self.app,
            self.gate,
            request.game_id,
            request.version,
            list(request.players),
            request.tag,
            request.spectator_delay_seconds,
            time_control=check_length(request.time_control, "time_control"),
            timeout_policy=check_length(request.timeout_policy, "timeout_policy"),
        )
        return frontier_pb2.ForkGameResponse(
            game_id=record.header.game_id,
            version=record.game_version,
            seed_commitment=record.header.seed_commitment or "",
            seats=[frontier_pb2.SeatToken(seat=s, player=p, token=t) for s, p, t in grants],
            forked_from=fork_origin(record.header),
        )

    @handles_errors
    def Audit(self, request: Any, context: grpc.ServicerContext) -> Any:
        stored = self._game(request.game_id)
        record = self.gate.audit(stored, self._caller(context, stored))
        # The server holds the seed, so even a game in progress has its chance re-derived.
        header, entries, trailer = stored_record(self.app, record, reveal_seed=True)
        verification = verify(header, entries, trailer)
        key = self.signing_key.key_id
        signed = (
            f"this server signs checkpoints of it as {self.signing_key.signer!r} with key `{key}` "
            "(ask ProveInclusion)"
        )
        report = build_report(
            header,
            entries,
            trailer,
            verification,
            names=record.players,  # names claimed after creation too; the header holds those at creation
            imported=record.imported,
            signature=signed,
        )
        markdown = report.to_markdown()  # its "Played" row says whether the game was imported
        return frontier_pb2.AuditReport(
            ok=verification.ok,
            verdict=verification.verdict,
            game_id=header.game_id,
            checks=list(verification.checks),
            problems=[str(verification.problem)] if verification.problem else [],
            markdown=markdown,
            imported=record.imported,
        )

    # -- signatures and proofs -----------------------------------------------------

    @handles_errors
    def GetSigningKey(self, request: Any, context: grpc.ServicerContext) -> Any:
        public = self.signing_key.public
        return frontier_pb2.SigningKey(
            key_id=self.signing_key.key_id,
            algorithm=keys.ALGORITHM,
            public_key_hex=keys.raw_public(public).hex(),
            public_key_pem=keys.public_pem(public),
            signer=self.signing_key.signer,
        )

    @handles_errors
    def ProveInclusion(self, request: Any, context: grpc.ServicerContext) -> Any:
        stored = self._game(request.game_id)
        sight = self.gate.sight(stored, self._caller(context, stored))
        record = sight.record
        if not 1 <= request.version <= record.game_version:
            raise InvalidArgument(
                Reason.BAD_VERSION,
                f"version {request.version} is not a line of this game (versions 1 to {record.game_version})",
                field="version",
            )
        lines: list[dict[str, Any]] = [record.header.to_json()]
        if record.head != record.header.hash:
            for line in self.app.lines(record.header.game_id, settled=True):  # a replica may serve it
                lines.append(line.to_json())
                if line.hash == record.head:  # the record read above: later lines are not in its tree
                    break
        proof = proofs.build(
            self.signing_key,
            record.header.game_id,
            request.version,
            lines,
            full=self.gate.whole(sight.viewer),
            imported=record.imported,
        )
        return frontier_pb2.InclusionProof(
            game_id=proof.game_id,
            version=proof.version,
            line=proof.line or "",
            line_hash=proof.line_hash,
            leaf_index=proof.leaf_index,
            tree_size=proof.tree_size,
            audit_path=list(proof.audit_path),
            checkpoint=proof.checkpoint.to_line(),
        )


def _without_key(request: Any) -> bytes:
    """The request as its key's fingerprint covers it: every field but the key, in one encoding."""
    bare = type(request)()
    bare.CopyFrom(request)
    bare.ClearField("idempotency_key")
    encoded: bytes = bare.SerializeToString(deterministic=True)
    return encoded


def _seat_names(record: GameRecord) -> list[str]:
    return [name or f"seat {i + 1}" for i, name in enumerate(record.players)]


def _ruled(after: GameRecord) -> frontier_pb2.RulingResponse:
    """The answer to a ruling: the game after it and any moves the server played for seats out."""
    return frontier_pb2.RulingResponse(
        version=after.game_version, status=after.shown_status, outcome=outcome_proto(after)
    )


def _iso(at: datetime | None) -> str:
    return "" if at is None else at.astimezone(UTC).isoformat(timespec="milliseconds")
