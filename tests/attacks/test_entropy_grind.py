"""Attack: the server grinds a player-entropy deal by refusing claims until the deal suits it.

`ABORTED` (`CONTENTION`) is a documented retryable answer. When a claim carried the client seed
itself and the client drew a fresh seed on every retry, a server (or a proxy in front of it)
holding its own seed computed the deal each claim would make and refused until it liked one.

Here the adversary is a proxy in front of a real server, run by the server's operator: it reads
the server seed from the store, sees every request, and answers `ABORTED CONTENTION` while the
deal it can foresee does not suit it. With commit, then reveal, it sees only commitments until
every seat has committed, every retry carries the same commitment (and later the same seed),
so the one deal it can ever foresee is the one that is dealt.
"""

from __future__ import annotations

import functools
import hashlib
import random
import threading
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass, field
from typing import Any

import grpc
import pytest

from engines.codec import encode
from engines.rng import Deal, SeededRng, rng_key
from replay.entropy import client_commitment
from replay.logfile import split_lines
from replay.record import canonical_json, mixed_seed
from replay.trust.signed_log import read_signed
from replay.verify import verify
from service.client import Client, claim_seat, play_game, reveal_seed
from service.core.auth import token_hash
from service.core.creation import create_game
from service.core.records import GameRecord
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import failure

SERVICE = "frontier.v1.FrontierLedger"
REFUSALS = 4  # how many times the proxy refuses each claim and each reveal at least


def suits(events: list[Any]) -> bool:
    """The deal the adversary wants: one in four deals (a property of the deal's hash)."""
    return hashlib.sha256(canonical_json(events, 2).encode()).digest()[0] % 4 == 0


def foreseen_deal(record: GameRecord, client_seeds: list[str | None]) -> list[Any]:
    """The deal these client seeds make with the server seed: what the operator can compute."""
    header = record.header
    rng = SeededRng(mixed_seed(record.seed, client_seeds), rng_key(header.game_id, header.deal), 0)
    return [encode(e) for e in record.engine.setup(header.options, header.seats, rng)]


@dataclass
class GrindingProxy:
    """A gRPC proxy in front of a real server, holding the server's store (its operator)."""

    server: Running
    refusals: int = REFUSALS
    claims: list[frontier_pb2.ClaimSeatRequest] = field(default_factory=list)
    reveals: list[tuple[int, str]] = field(default_factory=list)  # (seat, seed) of every attempt
    foreseen: list[str] = field(default_factory=list)  # canonical JSON of every deal it could compute
    open_at_reveal: list[int] = field(default_factory=list)  # open seats when each reveal arrived
    port: int = 0

    def __post_init__(self) -> None:
        self._upstream = grpc.insecure_channel(f"127.0.0.1:{self.server.port}")
        self._refused: dict[bytes, int] = {}
        self._lock = threading.Lock()
        self._proxy = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
        methods = frontier_pb2.DESCRIPTOR.services_by_name["FrontierLedger"].methods
        handlers = {
            m.name: grpc.unary_unary_rpc_method_handler(self._handler(m.name))
            for m in methods
            if not m.client_streaming and not m.server_streaming
        }
        self._proxy.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
        self.port = self._proxy.add_insecure_port("127.0.0.1:0")
        self._proxy.start()

    def close(self) -> None:
        self._proxy.stop(None)
        self._upstream.close()

    def _handler(self, method: str) -> Callable[[bytes, grpc.ServicerContext], bytes]:
        forward = self._upstream.unary_unary(f"/{SERVICE}/{method}")

        def handle(request: bytes, context: grpc.ServicerContext) -> bytes:
            metadata = [(k, v) for k, v in context.invocation_metadata() if k == "authorization"]
            if method == "ClaimSeat":
                self._on_claim(request, context)
            elif method == "RevealSeed":
                self._on_reveal(request, metadata, context)
            try:
                answer: bytes = forward(request, metadata=metadata, timeout=30)
            except grpc.RpcError as error:
                context.abort(error.code(), error.details() or "")
            return answer

        return handle

    def _refuse_while(self, request: bytes, unwanted: bool, context: grpc.ServicerContext) -> None:
        """Answer ABORTED CONTENTION (retryable) a few times to every request, and for as long as
        the deal it can foresee does not suit it (up to the client's patience)."""
        with self._lock:
            refused = self._refused.get(request, 0)
            if refused < self.refusals or (unwanted and refused < 2 * self.refusals + 2):
                self._refused[request] = refused + 1
                context.abort(grpc.StatusCode.ABORTED, "the game changed while claiming the seat; try again")

    def _on_claim(self, request: bytes, context: grpc.ServicerContext) -> None:
        claim = frontier_pb2.ClaimSeatRequest.FromString(request)
        self.claims.append(claim)
        record = self.server.app.get(claim.game_id)
        seeds = list(record.client_seeds)
        open_seats = [s for s, h in enumerate(record.token_hashes) if not h]
        unwanted = False
        if claim.client_seed and len(open_seats) == 1:  # the last claim deals: foresee it
            seeds[open_seats[0]] = claim.client_seed
            deal = foreseen_deal(record, seeds)
            self.foreseen.append(canonical_json(deal, 2))
            unwanted = not suits(deal)
        self._refuse_while(request, unwanted, context)

    def _on_reveal(
        self, request: bytes, metadata: list[tuple[str, str]], context: grpc.ServicerContext
    ) -> None:
        reveal = frontier_pb2.RevealSeedRequest.FromString(request)
        record = self.server.app.get(reveal.game_id)
        token = metadata[0][1].removeprefix("Bearer ")
        seat = record.token_hashes.index(token_hash(token))
        self.reveals.append((seat, reveal.client_seed))
        self.open_at_reveal.append(sum(1 for h in record.token_hashes if not h))
        seeds = list(record.client_seeds)
        seeds[seat] = reveal.client_seed
        unwanted = False
        if all(s is not None or c is None for s, c in zip(seeds, record.client_commitments, strict=True)):
            deal = foreseen_deal(record, seeds)  # the last reveal: the operator sees the deal coming
            self.foreseen.append(canonical_json(deal, 2))
            unwanted = not suits(deal)
        self._refuse_while(request, unwanted, context)


@pytest.fixture
def proxy(server: Running) -> Iterator[GrindingProxy]:
    running = GrindingProxy(server)
    yield running
    running.close()


def _deal_line(client: Client, game_id: str) -> dict[str, Any]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    _, lines, _, _ = read_signed(split_lines(content))
    return next(line.to_json() for line in lines if line.to_json()["type"] == "deal")


def test_a_server_refusing_claims_and_reveals_until_the_deal_suits_it_cannot_steer_the_deal(
    server: Running, proxy: GrindingProxy
) -> None:
    with Client(f"127.0.0.1:{proxy.port}") as client:
        request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, player_entropy=True)
        game_id = client.call("CreateGame", request).game_id
        tokens = {seat: claim_seat(client, game_id, f"p{seat}", seat)[1] for seat in range(3)}
        for seat, token in tokens.items():
            reveal_seed(client, game_id, seat, token)
        # No claim showed the operator a seed: it could foresee no deal while seats were open.
        assert len(proxy.claims) >= 3 * (REFUSALS + 1)
        assert all(claim.client_seed == "" for claim in proxy.claims)
        for seat in range(3):  # and every retry of a seat's claim carried the same commitment
            assert len({c.client_commitment for c in proxy.claims if c.seat == seat}) == 1
        # Seeds left the clients only once every seat had committed, the same seed on every retry ...
        assert proxy.open_at_reveal and set(proxy.open_at_reveal) == {0}
        assert all(len({s for t, s in proxy.reveals if t == seat}) == 1 for seat in range(3))
        # ... so of all its refusals the operator foresaw one deal only, the one dealt.
        assert len(proxy.foreseen) >= REFUSALS + 1 and len(set(proxy.foreseen)) == 1
        dealt = _deal_line(client, game_id)
        assert canonical_json(dealt["events"], 2) == proxy.foreseen[0]
        for seat, seed in enumerate(dealt["client_seeds"]):
            assert {c.client_commitment for c in proxy.claims if c.seat == seat} == {client_commitment(seed)}
    with Client(f"127.0.0.1:{server.port}") as direct:  # the proxy passes no streams: play direct
        play_game(direct, game_id, tokens, random.Random(3))
        content = direct.call(
            "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
        ).content
    assert verify(*read_signed(split_lines(content))[:3]).verdict == "passed"


@pytest.mark.parametrize(
    ("order", "refusals"), [((0, 1, 2), 0), ((2, 0, 1), 3), ((1, 2, 0), 6)], ids=["none", "some", "more"]
)
def test_for_fixed_commitments_any_sequence_of_refusals_and_retries_deals_the_same(
    server: Running, order: tuple[int, ...], refusals: int
) -> None:
    # The operator fixes its seed (it may: a duplicate deal does) and the seats their seeds; the
    # proxy refuses a different number of times, and the seats claim and reveal in another order.
    seeds = ["seed of seat 1", "seed of seat 2", "seed of seat 3"]
    record, _ = create_game(
        server.app,
        "most-wanted",
        3,
        [],
        {},
        "grind",
        deal=Deal(b"\x07" * 32, "fixed-deal"),
        player_entropy=True,
    )
    game_id = record.header.game_id
    proxy = GrindingProxy(server, refusals=refusals)
    try:
        # A duplicate deal's table is shown to its seats and the organiser only.
        with Client(f"127.0.0.1:{proxy.port}", token=ORGANISER) as client:
            tokens = {seat: claim_seat(client, game_id, "", seat, seeds[seat])[1] for seat in order}
            for seat in order:
                reveal_seed(client, game_id, seat, tokens[seat])
            dealt = _deal_line(client, game_id)
    finally:
        proxy.close()
    expected = foreseen_deal(server.app.get(game_id), list(seeds))
    assert dealt["events"] == expected and dealt["client_seeds"] == seeds


def test_a_reveal_that_does_not_match_its_commitment_is_refused_and_stores_nothing(
    client: Client, server: Running
) -> None:
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=3, players=["Ann"], player_entropy=True
    )
    created = client.call("CreateGame", request)
    game_id, ann = created.game_id, created.seats[0].token
    bob = claim_seat(client, game_id, "Bob", 1, "bob's seed")[1]

    def stored() -> int:
        return len(list(server.app.events.get(server.app.get(game_id).id)))

    def reveal(token: str, seed: str) -> Any:
        request = frontier_pb2.RevealSeedRequest(game_id=game_id, client_seed=seed)
        return client.call("RevealSeed", request, token=token)

    before = stored()
    early = failure(lambda: reveal(bob, "bob's seed"))  # seat 3 is still open: too early
    assert (early.code, early.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "COMMITMENTS_PENDING")
    seed_in_claim = failure(
        lambda: client.call(
            "ClaimSeat", frontier_pb2.ClaimSeatRequest(game_id=game_id, player="Cy", client_seed="cy's seed")
        )
    )
    assert (seed_in_claim.code, seed_in_claim.reason) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "CLIENT_SEED_TOO_EARLY",
    )
    assert stored() == before
    cy = claim_seat(client, game_id, "Cy", 2, "cy's seed")[1]
    before = stored()
    for token, seed in ((bob, "bob's other seed"), (bob, "cy's seed"), (cy, "bob's seed"), (cy, "")):
        wrong = failure(functools.partial(reveal, token, seed))
        assert (wrong.code, wrong.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "SEED_REVEAL_DIFFERS")
    named = failure(lambda: reveal(ann, "ann's seed"))  # named at creation: committed to nothing
    assert (named.code, named.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NO_COMMITMENT")
    anonymous = failure(
        lambda: client.call("RevealSeed", frontier_pb2.RevealSeedRequest(game_id=game_id, client_seed="x"))
    )
    assert anonymous.code == grpc.StatusCode.UNAUTHENTICATED
    assert stored() == before  # nothing of any refused reveal was stored
    assert list(reveal(bob, "bob's seed").awaiting_reveal) == [2]
    assert list(reveal(bob, "bob's seed").awaiting_reveal) == [2]  # a retry: answered, stored once
    assert stored() == before + 1
    assert reveal(cy, "cy's seed").status == "in_progress"  # the last reveal deals
    assert stored() == before + 3  # Cy's reveal and the deal
