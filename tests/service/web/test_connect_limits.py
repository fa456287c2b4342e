"""The API over Connect keeps gRPC's limits: the message size, the count of wrong tokens per
address (one count for both), and other sites' pages refused unless the operator names them."""

from __future__ import annotations

import gzip
import time
import uuid
from pathlib import Path

from service.core.rate_limit import Limits
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import failure
from tests.service.web import connect_client as connect
from tests.service.web.api_site import api_site

CROSS_SITE = {"Origin": "https://elsewhere.example", "Sec-Fetch-Site": "cross-site"}


def test_a_body_over_the_message_limit_is_refused_as_over_grpc(tmp_path: Path) -> None:
    with api_site(tmp_path / "data", max_message_bytes=4096) as site:
        content = "x" * 5000
        over_grpc = failure(
            lambda: site.client.call(
                "ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER
            )
        )
        over_connect = connect.failure(connect.unary(site.url, "ImportLog", {"content": content}, ORGANISER))
        assert over_connect.code == over_grpc.code.name.lower() == "resource_exhausted"
        streamed = connect.envelope(b'{"gameId": "' + b"x" * 5000 + b'"}')
        answer = connect.post(site.url, "Replay", streamed, "application/connect+json")
        flags, last = connect.envelopes(answer.body)[-1]
        assert flags & connect.END_STREAM and b"resource_exhausted" in last
        # A compressed body is held to the limit as it is inflated: 10 kB of gzip that would be 10 MB.
        bomb = gzip.compress(b'{"content": "' + b"x" * 10_000_000 + b'"}')
        assert len(bomb) < 20_000
        inflated = connect.post(
            site.url, "ImportLog", bomb, "application/json", ORGANISER, headers={"Content-Encoding": "gzip"}
        )
        assert connect.failure(inflated).code == "resource_exhausted"
        # Under the limit the same call is read and answered: the limit, not the method, refused it.
        small = connect.failure(connect.unary(site.url, "ImportLog", {"content": "x"}, ORGANISER))
        assert small.code == "invalid_argument"


def test_wrong_tokens_over_connect_and_grpc_count_as_one(tmp_path: Path) -> None:
    limits = Limits(per_second=0.001, burst=4, global_per_second=1e9, global_burst=10**9)
    with api_site(tmp_path / "data", token_failures=limits) as site:
        made = site.client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2), token=ORGANISER
        )
        game_id = made.game_id
        wrong = "wrong-" + uuid.uuid4().hex
        reasons = []
        for turn in range(6):
            if turn % 2:
                reasons.append(
                    connect.failure(connect.unary(site.url, "ExportLog", {"gameId": game_id}, wrong))
                )
            else:
                request = frontier_pb2.ExportLogRequest(game_id=game_id)
                refused = failure(lambda r=request: site.client.call("ExportLog", r, token=wrong))  # type: ignore[misc]
                reasons.append(
                    connect.ConnectFailure(refused.code.name.lower(), refused.message, refused.reason, {})
                )
        assert [r.reason for r in reasons[4:]] == ["TOO_MANY_FAILURES"] * 2, reasons
        assert {r.code for r in reasons[:4]} == {"unauthenticated"}
        assert all(r.reason != "TOO_MANY_FAILURES" for r in reasons[:4])
        # The address now waits, whatever it presents and over either protocol.
        held = connect.failure(connect.unary(site.url, "ListGameTypes", {}, ORGANISER))
        assert (held.code, held.reason) == ("unauthenticated", "TOO_MANY_FAILURES")
        assert int(held.metadata["retry_after_seconds"]) > 0


def test_other_sites_pages_are_refused_by_default(tmp_path: Path) -> None:
    with api_site(tmp_path / "data") as site:
        refused = connect.unary(site.url, "ListGameTypes", {}, headers=CROSS_SITE)
        assert refused.status == 403 and connect.failure(refused).code == "permission_denied"
        assert "access-control-allow-origin" not in refused.headers
        same_origin = {"Origin": site.url, "Sec-Fetch-Site": "same-origin"}
        assert connect.unary(site.url, "ListGameTypes", {}, headers=same_origin).status == 200
        assert connect.unary(site.url, "ListGameTypes", {}).status == 200  # curl: no browser, no origin
        # The viewer's own routes are as they were.
        assert connect.post(site.url, "x", b"", "text/plain", service="healthz").status in (404, 405)


def test_a_named_origin_gets_cors_answers_and_others_stay_refused(tmp_path: Path) -> None:
    allowed = "https://club.example"
    with api_site(tmp_path / "data", cors_origins=(allowed,)) as site:
        from_club = {"Origin": allowed, "Sec-Fetch-Site": "cross-site"}
        answer = connect.unary(site.url, "ListGameTypes", {}, headers=from_club)
        assert answer.status == 200 and answer.headers["access-control-allow-origin"] == allowed
        preflight = connect.preflight(site.url, "CreateGame", allowed, "authorization, content-type")
        assert preflight.status == 200
        assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
        assert (
            connect.preflight(site.url, "CreateGame", "https://elsewhere.example", "content-type").status
            == 403
        )
        assert connect.unary(site.url, "ListGameTypes", {}, headers=CROSS_SITE).status == 403


def test_a_watch_over_connect_holds_a_spectator_slot_until_its_client_leaves(tmp_path: Path) -> None:
    """The per-address cap on spectators counts Connect watchers too, and one that leaves frees its
    slot (the stream is closed on the gRPC loop, not left running)."""
    with api_site(tmp_path / "data", max_spectators_per_address=1) as site:
        made = site.client.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"]),
            token=ORGANISER,
        )
        asked = {"gameId": made.game_id}
        first = connect.open_stream(site.url, "WatchGame", asked)
        assert connect.read_envelope(first)[0] == 0
        flags, end = connect.read_envelope(connect.open_stream(site.url, "WatchGame", asked))
        assert flags & connect.END_STREAM and connect.error_of(end["error"]).code == "resource_exhausted"
        first.close()
        deadline = time.monotonic() + 5
        while True:  # the server learns of the close when it next reads or writes the connection
            flags, _update = connect.read_envelope(connect.open_stream(site.url, "WatchGame", asked))
            if not flags & connect.END_STREAM or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        assert not flags & connect.END_STREAM, "the slot of the watcher that left was never freed"
