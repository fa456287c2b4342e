"""A small gRPC client for the CLI, the bots and the tests: a stub plus token handling."""

from __future__ import annotations

import queue
import random
import secrets
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import grpc
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from replay.entropy import client_commitment
from service.generated.frontier.v1 import frontier_pb2, frontier_pb2_grpc
from service.ops.tls import ClientTls
from service.seat_key import command_signature, public_hex

STORED_ONCE_ATTEMPTS = 4  # a create or import sent again after UNAVAILABLE: 1.75 s of waits in all
CLAIM_ATTEMPTS = 50  # a claim or reveal answered ABORTED (CONTENTION) is sent again, the same

# Opens one seat's Play stream: (game id, seat, token, inbox) -> an object with send(command_id,
# command, expected_version) and close(), putting (seat, message) into the inbox as SeatStream does.
OpenStream = Callable[[str, int, str, "queue.Queue[tuple[int, Any]]"], Any]


class Client:
    def __init__(
        self, address: str, *, token: str | None = None, timeout: float = 30.0, tls: ClientTls | None = None
    ) -> None:
        # Without `tls`, as the environment says: FRONTIER_TLS_CA or FRONTIER_TLS=1 (service/ops/tls.py).
        self.channel = (tls or ClientTls.from_env()).channel(
            address, options=[("grpc.max_receive_message_length", 64 * 1024 * 1024)]
        )
        self.stub = frontier_pb2_grpc.FrontierLedgerStub(self.channel)
        self.token = token
        self.timeout = timeout
        # Per (game id, seat): the client seed this client committed to (player entropy). One seed
        # per seat for every retry, kept until it is revealed.
        self.client_seeds: dict[tuple[str, int | None], str] = {}

    def metadata(self, token: str | None = None) -> list[tuple[str, str]]:
        chosen = token or self.token
        return [("authorization", f"Bearer {chosen}")] if chosen else []

    def call(
        self, method: str, request: Any, *, token: str | None = None, timeout: float | None = None
    ) -> Any:
        rpc: Callable[..., Any] = getattr(self.stub, method)
        return rpc(request, metadata=self.metadata(token), timeout=timeout or self.timeout)

    def close(self) -> None:
        self.channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def play_bot_game(
    client: Client,
    game: str,
    players: int,
    *,
    chooser: random.Random,
    options: dict[str, Any] | None = None,
    tag: str = "bots",
    max_commands: int = 100_000,
    lean: float = 0.0,
    player_entropy: bool = False,
    open_stream: OpenStream | None = None,
    time_control: str = "",
    timeout_policy: str = "",
    names: Sequence[str] = (),
    created_as: Callable[[str], None] | None = None,
    keys: Mapping[int, Ed25519PrivateKey] | None = None,
) -> tuple[str, int]:
    """Create a game, play it to the end with random legal commands over gRPC; return (game id, commands).

    The seats are named `names` (default "bot 1", "bot 2", ...). `created_as` is told the game's id
    as soon as it exists, so a caller stopped mid-game can say which game it left.

    `lean` is the chance of taking the first (most purposeful) legal command, as in `engines.bot`.
    With `player_entropy` every bot claims its seat with its own client seed (a commitment to it, in a
    game that asks for one, then the seed once every seat has committed), and the last one deals.
    The seats from the first in `keys` on are left open at creation (open seats are the last ones) and
    claimed, each in `keys` with its key, which signs its commands.
    """
    names = list(names) or [f"bot {i + 1}" for i in range(players)]
    keys = keys or {}
    opened = min(keys, default=len(names))
    request = frontier_pb2.CreateGameRequest(
        game=game,
        seats=players,
        players=[] if player_entropy else names[:opened],
        tag=tag,
        player_entropy=player_entropy,
        time_control=time_control,
        timeout_policy=timeout_policy,
    )
    if options:
        request.options.update(options)
    created = stored_once(client, "CreateGame", request)
    if created_as is not None:
        created_as(created.game_id)
    tokens = {grant.seat: grant.token for grant in created.seats}
    if player_entropy:
        tokens = {seat: _claim(client, created.game_id, name, seat, keys) for seat, name in enumerate(names)}
        for seat, token in tokens.items():  # every seat has committed: each reveals, the last deals
            reveal_seed(client, created.game_id, seat, token)
    else:
        tokens.update(
            {s: _claim(client, created.game_id, names[s], s, keys) for s in range(opened, len(names))}
        )
    commands = play_game(
        client,
        created.game_id,
        tokens,
        chooser,
        lean=lean,
        max_commands=max_commands,
        open_stream=open_stream,
        keys=keys,
        game=game,
    )
    return created.game_id, commands


def _claim(client: Client, game_id: str, name: str, seat: int, keys: Mapping[int, Ed25519PrivateKey]) -> str:
    """A seat's token, claimed with its key's public half when it has one."""
    key = keys.get(seat)
    return claim_seat(client, game_id, name, seat, seat_key=public_hex(key) if key else "")[1]


def play_opening(game_id: str, from_version: int | None) -> frontier_pb2.PlayRequest:
    """A Play stream's first message: the game, and where to start sending its steps."""
    opening = frontier_pb2.PlayRequest(game_id=game_id)
    if from_version is not None:
        opening.from_version = from_version
    return opening


def play_command(command_id: str, command: Any, expected_version: int | None) -> frontier_pb2.PlayRequest:
    """A command sent on a Play stream, checked against `expected_version` when given."""
    request = frontier_pb2.PlayRequest(command_id=command_id, command=command)
    if expected_version is not None:
        request.expected_version = expected_version
    return request


class SeatStream:
    """One seat's Play stream: commands go out as they are sent; its messages arrive in `inbox`."""

    def __init__(
        self,
        client: Client,
        game_id: str,
        seat: int,
        token: str | None,
        inbox: queue.Queue[tuple[int, Any]],
        *,
        from_version: int | None = None,
    ) -> None:
        self.seat = seat
        self._outbox: queue.Queue[frontier_pb2.PlayRequest | None] = queue.Queue()
        self._outbox.put(play_opening(game_id, from_version))
        self._call = client.stub.Play(iter(self._outbox.get, None), metadata=client.metadata(token))
        self._reader = threading.Thread(target=self._read, args=(inbox,), daemon=True)
        self._reader.start()

    def _read(self, inbox: queue.Queue[tuple[int, Any]]) -> None:
        try:
            for update in self._call:
                inbox.put((self.seat, update))
            inbox.put((self.seat, None))  # the server ended the stream: the game is over
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                inbox.put((self.seat, error))

    def send(self, command_id: str, command: Any, expected_version: int | None = None) -> None:
        self._outbox.put(play_command(command_id, command, expected_version))

    def send_raw(self, request: frontier_pb2.PlayRequest) -> None:
        self._outbox.put(request)

    def close(self) -> None:
        self._outbox.put(None)
        self._call.cancel()
        self._reader.join(timeout=10)


def claim_seat(
    client: Client,
    game_id: str,
    player: str,
    seat: int | None = None,
    client_seed: str | None = None,
    *,
    attempts: int = CLAIM_ATTEMPTS,
    seat_key: str = "",
) -> tuple[int, str]:
    """Take a seat; return (seat, token). A player-entropy game still waiting for its seats gets a
    client seed: the one given, else 32 random bytes from `secrets`, drawn here on the client side
    so that the server cannot choose it.

    In a game that commits then reveals (`commit_reveal`), the claim carries only the seed's
    commitment; the seed stays in `client.client_seeds` for `reveal_seed`. Every retry after a
    retryable refusal (ABORTED) sends the same seed or commitment: a server that refuses claims
    until it likes what it sees is always shown the same thing."""
    current = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
    # With `seat_key` (service/seat_key.py: the public half) every command of the seat must be signed.
    request = frontier_pb2.ClaimSeatRequest(game_id=game_id, player=player, seat_key=seat_key)
    if seat is not None:
        request.seat = seat
    key = (game_id, seat)
    if current.player_entropy and current.status == "waiting":
        if client_seed is None:
            client_seed = client.client_seeds.get(key) or secrets.token_hex(32)
        client.client_seeds[key] = client_seed
        if current.commit_reveal:
            request.client_commitment = client_commitment(client_seed)
        else:  # a game created before commit-reveal (log format 3) takes the seed itself
            request.client_seed = client_seed
    elif client_seed:
        request.client_seed = client_seed  # the server says why a seed is not wanted here
    granted = _retried(lambda: client.call("ClaimSeat", request).seat, attempts)
    if key in client.client_seeds:
        client.client_seeds[(game_id, granted.seat)] = client.client_seeds.pop(key)
    return granted.seat, granted.token


def reveal_seed(
    client: Client,
    game_id: str,
    seat: int,
    token: str,
    *,
    wait: float = 600.0,
    attempts: int = CLAIM_ATTEMPTS,
) -> frontier_pb2.RevealSeedResponse | None:
    """Reveal the client seed `seat` committed to, once every seat of the game has committed.

    Waits (up to `wait` seconds) while seats are open: the seed must not leave the client before
    every commitment is recorded. None when the game asks for no reveal from this seat."""
    seed = client.client_seeds.get((game_id, seat))
    deadline = time.monotonic() + wait
    pause = 0.05
    while True:
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=token)
        if not state.commit_reveal or seat not in state.awaiting_reveal:
            return None
        if seed is None:
            raise RuntimeError(f"game {game_id}: this client holds no client seed for seat {seat + 1}")
        if not state.open_seats:
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"game {game_id}: seats still open after {wait} s; reveal later")
        time.sleep(pause)
        pause = min(pause * 2, 2.0)
    request = frontier_pb2.RevealSeedRequest(game_id=game_id, client_seed=seed)
    answer: frontier_pb2.RevealSeedResponse = _retried(
        lambda: client.call("RevealSeed", request, token=token), attempts
    )
    client.client_seeds.pop((game_id, seat), None)
    return answer


def stored_once(client: Client, method: str, request: Any, *, token: str | None = None) -> Any:
    """A CreateGame or ImportLog sent with an idempotency key, and sent again after UNAVAILABLE.

    An UNAVAILABLE call may have been stored all the same (a connection lost after the save): the
    key makes the retry answer as the first call did instead of storing a second game.
    """
    if not request.idempotency_key:
        request.idempotency_key = secrets.token_urlsafe(16)  # a secret: its first answer holds tokens
    for attempt in range(STORED_ONCE_ATTEMPTS):
        try:
            return client.call(method, request, token=token)
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.UNAVAILABLE or attempt == STORED_ONCE_ATTEMPTS - 1:
                raise
            time.sleep(0.25 * 2**attempt)
    raise AssertionError("unreachable")


def _retried(call: Callable[[], Any], attempts: int) -> Any:
    """`call()`, again after each ABORTED answer (the documented retryable one), at most `attempts` times."""
    for attempt in range(attempts):
        try:
            return call()
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.ABORTED or attempt == attempts - 1:
                raise
            time.sleep(min(0.01 * 2**attempt, 0.5))
    raise AssertionError("unreachable")


def play_game(
    client: Client,
    game_id: str,
    tokens: dict[int, str],
    chooser: random.Random,
    *,
    lean: float = 0.0,
    max_commands: int = 100_000,
    wait: float = 30.0,
    observe: Callable[[int, Any], None] | None = None,
    open_stream: OpenStream | None = None,
    keys: Mapping[int, Ed25519PrivateKey] | None = None,
    game: str = "",
) -> int:
    """Play an existing game to its end by its seat tokens with random legal commands; the commands sent.

    One Play stream per seat: a move is one message, and what the seat needs for its next
    one (its legal commands when it is to act) arrives on its stream, never by polling.
    `observe(seat, message)` sees every message of every seat's stream as it is taken.
    `open_stream(game_id, seat, token, inbox)` opens a seat's stream another way (e.g. over a
    WebSocket, wsplay.client.SeatSocket); by default a gRPC SeatStream on `client`.
    `keys` holds the private key of each seat claimed with one (of game `game`): it signs its commands.
    """
    inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
    if open_stream is None:

        def open_stream(game_id: str, seat: int, token: str, inbox: queue.Queue[tuple[int, Any]]) -> Any:
            return SeatStream(client, game_id, seat, token, inbox)

    streams = {seat: open_stream(game_id, seat, token, inbox) for seat, token in tokens.items()}
    latest: dict[int, Any] = {}  # per seat, its newest message about the game
    ended: set[int] = set()  # seats whose stream the server ended

    def take() -> tuple[int, Any]:
        try:
            seat, update = inbox.get(timeout=wait)
        except queue.Empty:
            raise RuntimeError(f"game {game_id}: nothing arrived on its streams for {wait} s") from None
        if isinstance(update, BaseException):  # the stream failed (a gRPC status, a closed socket)
            raise update
        if update is None:
            ended.add(seat)
            return seat, None
        if observe is not None:
            observe(seat, update)
        if not update.HasField("error") and update.version >= getattr(latest.get(seat), "version", -1):
            latest[seat] = update
        return seat, update

    try:
        while len(latest) < len(streams):  # every stream opened: each says the game's version
            take()
        now = max(latest.values(), key=lambda update: update.version)
        version, status, to_act = now.version, now.status, list(now.seats_to_act)
        commands = 0
        while status != "finished":
            if commands >= max_commands:
                raise RuntimeError(f"game {game_id} did not end after {max_commands} commands")
            while any(getattr(latest.get(s), "version", -1) < version for s in to_act):
                take()  # the pushes that bring each seat to act its legal commands
            seat = chooser.choice(to_act)
            legal = list(latest[seat].legal_commands)
            command = legal[0] if lean and chooser.random() < lean else chooser.choice(legal)
            command_id = uuid.uuid4().hex
            key = (keys or {}).get(seat)
            if key is None:
                streams[seat].send(command_id, command, version)
            else:
                request = play_command(command_id, command, version)
                request.seat_signature = command_signature(
                    key, game, game_id, seat, version, command, command_id
                )
                streams[seat].send_raw(request)
            while True:
                answered_seat, update = take()
                if answered_seat == seat and update is not None and update.command_id == command_id:
                    break
            if update.HasField("error"):
                raise RuntimeError(f"game {game_id}: a legal command was refused: {update.error}")
            version, status, to_act = update.version, update.status, list(update.seats_to_act)
            commands += 1
        while len(ended) < len(streams):  # every seat is told the end before its stream closes
            take()
        return commands
    finally:
        for stream in streams.values():
            stream.close()
