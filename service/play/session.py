"""One seat playing over one bidirectional stream (the Play RPC).

The seat sends commands; each is answered on the stream by its command id, with the
seat's legal commands when it is still to act. Every step of the game (the other seats'
included) is pushed as the seat may see it, through the same shared machinery as
WatchGame, with the seat's legal commands whenever the step leaves it to act. So a
seat's client spends one message per move and never polls.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

from replay.reasons import Reason
from service.core.auth import Caller, authenticate, seat_of
from service.core.commands import Accepted, submit, submit_on_loop
from service.core.commits.awaited import cached
from service.core.convert import command_from_proto
from service.core.creation import reveal_seed
from service.core.errors import InvalidArgument, ServiceError
from service.core.fields import check_length
from service.core.games import parse_game_id
from service.core.jobs import Jobs
from service.core.records import FINISHED, GameRecord
from service.core.root import Ledger
from service.core.watching import Watching
from service.generated.frontier.v1 import frontier_pb2
from service.play.legal import add_legal_commands

T = TypeVar("T")
_WATCH_ENDED = object()  # the game is over and its last step was pushed


def play_error(error: ServiceError, command_id: str) -> frontier_pb2.PlayUpdate:
    """A refused command's answer: the status and reason SubmitCommand would have failed with."""
    return frontier_pb2.PlayUpdate(
        command_id=command_id,
        error=frontier_pb2.PlayError(
            code=error.status.name,
            reason=error.reason,
            message=error.message,
            field=error.metadata.get("field", ""),
        ),
    )


def with_legal(update: frontier_pb2.PlayUpdate, record: GameRecord, seat: int) -> frontier_pb2.PlayUpdate:
    """`update` describing the game at `record`, with the seat's legal commands there."""
    update.seat = seat
    update.version = record.game_version
    update.status = record.shown_status
    if record.dealt:  # a player-entropy game waiting for its seats has no state yet
        update.seats_to_act.extend(record.seats_to_act)
    add_legal_commands(update, "legal_commands", record, seat)
    return update


def answer(
    watching: Watching, accepted: Accepted, caller: Caller, seat: int, command_id: str
) -> frontier_pb2.PlayUpdate:
    """The answer to an accepted (or already accepted) command, as the sender may see it.

    Its step is the watchers' update of the entry for this caller (built once, shared with the
    seat's own push of it); the decided events need no decoding.
    """
    step = watching.update(accepted.entry.to_json(), caller, accepted.record, accepted.events or None)
    update = frontier_pb2.PlayUpdate(step=step, command_id=command_id, duplicate=accepted.duplicate)
    return with_legal(update, accepted.record, seat)


class Plays:
    """The Play streams of one server: they share the watchers' reads and redactions."""

    def __init__(self, ledger: Ledger, watching: Watching, workers: int = 8) -> None:
        self.ledger = ledger  # its gate is asked at each push: one installed later decides from then on
        self.app = ledger.games
        self.watching = watching
        self.pool = Jobs(max_workers=workers, thread_name_prefix="frontier-play")

    def close(self, deadline: float | None = None) -> None:
        """Take no more jobs; wait for the running ones until `deadline` (see `Jobs.stop`)."""
        self.pool.stop(deadline)

    async def _in_thread(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, function, *args)

    async def play(
        self, game_id: str, first: frontier_pb2.PlayRequest, requests: AsyncIterator[Any], caller: Caller
    ) -> AsyncIterator[frontier_pb2.PlayUpdate]:
        """The messages to one seat's stream; `first` (already read) names the game."""
        record = await self._in_thread(self.app.get, game_id)
        game_id = record.header.game_id
        self.ledger.gate.admit(record, caller)  # a private game: an outsider learns nothing of it
        # A spectator or the organiser holds no seat: they watch (WatchGame), they do not play.
        seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
        assert seat is not None
        # As every read channel: the gate may refuse (for a duplicate deal's table it may read).
        await self._in_thread(self.ledger.gate.sight, record, caller)
        from_version = first.from_version if first.HasField("from_version") else record.game_version
        if not 0 <= from_version <= record.game_version:
            raise InvalidArgument(
                Reason.BAD_VERSION,
                f"from_version must lie within 0..{record.game_version} (the game's version now)",
                field="from_version",
            )
        yield with_legal(frontier_pb2.PlayUpdate(), record, seat)
        if not record.dealt:
            from_version = 0  # waiting for its seats: the deal is pushed (as version 1) once made
        if record.status == FINISHED and from_version >= record.game_version:
            return
        out: asyncio.Queue[Any] = asyncio.Queue()
        answered: set[int] = set()  # versions this seat's own answers carried: not pushed again
        pending = [0]  # commands read and not yet answered
        # A command's step is published to the watchers before its answer is back from the worker
        # thread: a push of this seat's own step waits for the answer, or it would go out twice.
        settled = asyncio.Event()
        settled.set()

        def resolve(found: GameRecord) -> Caller:
            return authenticate(caller, found.token_hashes)

        async def push_steps() -> None:
            async for step in self.watching.stream(game_id, from_version, resolve):
                if step.version > 1 and step.seat == seat and pending[0]:
                    await settled.wait()
                if step.version and step.version in answered:
                    continue
                out.put_nowait(await self._push(game_id, step, seat, caller))
            out.put_nowait(_WATCH_ENDED)

        async def take_commands() -> None:
            request: Any = first
            while request is not None:  # None: the client sends no more; pushes go on to the end
                if request.reveal_client_seed:  # commit, then reveal: the seat's seed, once committed
                    pending[0] += 1
                    out.put_nowait(await self._in_thread(self._reveal, game_id, request, caller))
                    pending[0] -= 1
                elif request.HasField("command") or request.command_id:
                    pending[0] += 1
                    settled.clear()
                    update = await self._command(game_id, request, caller, seat)
                    if not update.HasField("error"):
                        answered.add(update.step.version)
                    pending[0] -= 1
                    out.put_nowait(update)
                    settled.set()
                request = await anext(requests, None)

        def report_failure(task: asyncio.Task[None]) -> None:
            if not task.cancelled() and task.exception() is not None:
                out.put_nowait(task.exception())

        tasks = [asyncio.ensure_future(push_steps()), asyncio.ensure_future(take_commands())]
        for task in tasks:
            task.add_done_callback(report_failure)
        try:
            watch_ended = False
            while not (watch_ended and pending[0] == 0 and out.empty()):
                item = await out.get()
                if isinstance(item, BaseException):
                    raise item
                if item is _WATCH_ENDED:
                    watch_ended = True
                else:
                    yield item
        finally:
            for task in tasks:
                task.cancel()

    async def _push(
        self, game_id: str, step: frontier_pb2.GameUpdate, seat: int, caller: Caller
    ) -> frontier_pb2.PlayUpdate:
        """A step from the watch machinery (shared: copied, never changed) as this seat's message."""
        # The latest step, and maybe its turn; the setup carries no seats to act, so it is looked up.
        if (seat in step.seats_to_act or step.version == 1) and step.status != FINISHED:
            # The watchers' shared record is at hand nearly always: a thread hop cost more than the work.
            record = self.watching.cached(game_id, step.version)
            if record is None:
                record = await self._in_thread(self.watching.latest, game_id, step.version)
            if not record.dealt:  # a record read before the deal that this setup step reports
                record = await self._in_thread(self.app.get, game_id)
            if record.game_version == step.version:
                # The seat's token may have been reissued since the stream opened: its legal
                # commands show its hand, so a token that holds no seat now ends the stream.
                authenticate(caller, record.token_hashes)
                return with_legal(frontier_pb2.PlayUpdate(step=step), record, seat)
        update = frontier_pb2.PlayUpdate(seat=seat, version=step.version, status=step.status, step=step)
        update.seats_to_act.extend(step.seats_to_act)
        return update

    def _reveal(
        self, game_id: str, request: frontier_pb2.PlayRequest, caller: Caller
    ) -> frontier_pb2.PlayUpdate:
        """Store this seat's revealed client seed (in a worker thread), as RevealSeed does."""
        try:
            if request.HasField("command"):
                raise InvalidArgument(
                    Reason.REVEAL_WITH_COMMAND,
                    "send the client seed and a command in separate messages",
                    field="reveal_client_seed",
                )
            if request.game_id and request.game_id != game_id:
                raise InvalidArgument(
                    Reason.GAME_MISMATCH,
                    f"this stream plays game {game_id}, not {request.game_id}; open another stream for it",
                    field="game_id",
                )
            after = reveal_seed(self.app, game_id, caller, request.reveal_client_seed)
        except ServiceError as error:
            return play_error(error, request.command_id)
        seat = seat_of(caller, after.token_hashes, required=True)
        assert seat is not None
        return with_legal(frontier_pb2.PlayUpdate(command_id=request.command_id), after, seat)

    async def _command(
        self, game_id: str, request: frontier_pb2.PlayRequest, caller: Caller, seat: int
    ) -> frontier_pb2.PlayUpdate:
        """Decide and store one command from the stream; refusals become answers.

        Decided and sealed on the event loop, its row awaited from the commit thread, where the
        game allows (`submit_on_loop`); else in a worker thread, as SubmitCommand is.
        """
        command_id = request.command_id
        try:
            _check_command(game_id, request)
            uid = parse_game_id(game_id)
            if cached(self.app, uid) is None:  # its engine and record are a read away: in a worker
                return await self._in_thread(self._command_in_thread, game_id, request, caller, seat)
            command = command_from_proto(self.app.engine_of(game_id), request.command)
            expected = request.expected_version if request.HasField("expected_version") else None

            signature = request.seat_signature

            def in_thread() -> Awaitable[Accepted]:
                game, given = game_id, signature
                return self._in_thread(submit, self.app, game, caller, command_id, expected, command, given)

            accepted = await submit_on_loop(
                self.app, game_id, caller, command_id, expected, command, in_thread, signature
            )
        except ServiceError as error:
            return play_error(error, command_id)
        return answer(self.watching, accepted, caller, seat, command_id)

    def _command_in_thread(
        self, game_id: str, request: frontier_pb2.PlayRequest, caller: Caller, seat: int
    ) -> frontier_pb2.PlayUpdate:
        """Decide and store one command from the stream in a worker thread; refusals become answers."""
        command_id = request.command_id
        try:
            _check_command(game_id, request)
            command = command_from_proto(self.app.engine_of(game_id), request.command)
            expected = request.expected_version if request.HasField("expected_version") else None
            signature = request.seat_signature
            accepted = submit(self.app, game_id, caller, command_id, expected, command, signature)
        except ServiceError as error:
            return play_error(error, command_id)
        return answer(self.watching, accepted, caller, seat, command_id)


def _check_command(game_id: str, request: frontier_pb2.PlayRequest) -> None:
    """A command message's own fields, before anything is read."""
    command_id = request.command_id
    if not command_id:
        raise InvalidArgument(
            Reason.MISSING_FIELD, "command_id is required with a command", field="command_id"
        )
    if len(command_id) > 128:
        raise InvalidArgument(
            Reason.FIELD_TOO_LONG, "command_id is longer than 128 characters", field="command_id"
        )
    check_length(request.seat_signature, "seat_signature", 128)
    if request.game_id and request.game_id != game_id:
        raise InvalidArgument(
            Reason.GAME_MISMATCH,
            f"this stream plays game {game_id}, not {request.game_id}; open another stream for it",
            field="game_id",
        )
    if not request.HasField("command"):
        raise InvalidArgument(Reason.MISSING_FIELD, "command is required with a command_id", field="command")
