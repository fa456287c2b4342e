"""A published page checks by itself that its game is in the service log its witnesses cosigned:
`frontier replay --html --log URL` carries the cosigned checkpoint and the game's entry, and the page,
opened from a file in Chromium, checks them against the witness keys and quorum its reader gives."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

from replay.trust import cosignature, keys
from tests.conftest import start_server
from tests.service.serving import frontier_run as frontier
from tests.service.test_service_log import Served, _verifier_key
from tests.service.test_witness_push import NAME, Pushing, Witness

WITNESSED = '#verdict[data-witnessed="{}"]'


def test_a_published_page_reports_which_witnesses_cosigned_its_game_against_the_readers_policy(
    tmp_path: Path, page: Any
) -> None:
    data = tmp_path / "data"
    first = Served(start_server(data))
    log_key = _verifier_key(first)
    pem = keys.public_pem(first.running.servicer.signing_key.public)
    first.stop()
    witness = Witness(tmp_path, log_key)
    served = Pushing(data, witness.url)
    try:
        served.play(1)
        game_id = served.play(2)
        served.pushed(2)
        export = tmp_path / "game.jsonl"
        with urllib.request.urlopen(f"{served.web}/api/games/{game_id}/log", timeout=30) as reply:
            export.write_bytes(reply.read())
        out = tmp_path / "game.html"
        frontier("replay", str(export), "--html", "--log", served.web, "-o", str(out))
    finally:
        served.stop()
        witness.stop()
    page.route(
        "**/*",
        lambda route: route.abort() if not route.request.url.startswith("file://") else route.continue_(),
    )
    page.goto(out.as_uri())  # no network: the page checks what it carries
    page.fill("#verdict-key", pem)
    page.fill("#verdict-witnesses", cosignature.verifier_key(NAME, witness.public))
    page.locator(WITNESSED.format("yes")).wait_for(state="attached")
    said = page.locator("#verdict-witnessed").inner_text()
    assert "entry 1 of the service log" in said and f"witnessed by {NAME} (1 of 1 required)" in said, said
    other = cosignature.verifier_key("example.org/w2", keys.generate().public)
    page.fill("#verdict-witnesses", f"{cosignature.verifier_key(NAME, witness.public)}\n{other}")
    page.fill("#verdict-quorum", "2")
    page.locator(WITNESSED.format("no")).wait_for(state="attached")
    said = page.locator("#verdict-witnessed").inner_text()
    assert f"cosigned by 1 of the witnesses ({NAME}), fewer than the 2 required" in said, said
    page.fill("#verdict-key", keys.public_pem(keys.generate().public))  # another log's key
    page.fill("#verdict-quorum", "1")
    page.locator(WITNESSED.format("no")).wait_for(state="attached")
    assert "not signed by the key given" in page.locator("#verdict-witnessed").inner_text()
