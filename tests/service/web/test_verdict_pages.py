"""Pages that verify themselves: `frontier replay --html` carries the log and the independent
JavaScript verifier, and a file opened in a real Chromium with no network checks itself."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from replay.record import canonical_json
from replay.trust import checkpoint, keys
from replay.trust.signed_log import read_signed
from service.cli.main import main
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY

LOGS = ROOT / "seeds" / "logs"
SAMPLES = {
    game: LOGS / game / f"{game}-2p.jsonl" for game in ("most-wanted", "deadwood-1876", "western-legends")
}


def offline_page(tmp_path: Path, log: Path, *options: str) -> Path:
    out = tmp_path / f"{log.stem}.html"
    assert main(["replay", "--html", *options, str(log), "-o", str(out)]) == 0
    return out


def verdict(page: Any, url: str, key: str | None = None) -> dict[str, str]:
    """The verdict panel's state and summary once the browser has checked the page's log."""
    offline: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url == url else offline.append(""))
    page.goto(url)
    if key is not None:
        page.fill("#verdict-key", key)
    page.wait_for_function(
        "(keyed) => !['checking'].includes(document.getElementById('verdict').dataset.verdict)"
        " && document.getElementById('verdict').dataset.keyGiven === keyed",
        arg="yes" if key else "no",
    )
    panel = page.locator("#verdict")
    assert offline == [], "the page asked for nothing but itself"
    return {
        "state": panel.get_attribute("data-verdict"),
        "signature": panel.get_attribute("data-signature"),
        "summary": page.locator("#verdict-summary").inner_text(),
        "details": page.locator("#verdict-details").inner_text(),
    }


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_an_offline_page_of_each_game_verifies_itself(tmp_path: Path, page: Any, game: str) -> None:
    log = SAMPLES[game]
    tree_size = len(log.read_text().splitlines()) - 2  # every line but the trailer and the checkpoint
    url = offline_page(tmp_path, log).as_uri()
    shown = verdict(page, url, SAMPLE_KEY.read_text())
    assert (shown["state"], shown["signature"]) == ("verified", "verified")
    assert shown["summary"].startswith("verified in this browser: chain, seed, ")
    assert re.search(
        rf"signed by key \w{{4}}…\w{{4}} \(Frontier Ledger samples\) at size {tree_size}", shown["summary"]
    )
    assert "draws" in shown["summary"] and "rules not re-run" in shown["details"]


def test_without_a_key_the_page_names_the_signing_key_and_asks_for_the_published_one(
    tmp_path: Path, page: Any
) -> None:
    shown = verdict(page, offline_page(tmp_path, SAMPLES["most-wanted"]).as_uri())
    assert shown["state"] == "unsigned" and shown["signature"] == "untrusted"
    assert "give the organiser's published key" in shown["summary"]


def test_one_byte_changed_in_the_embedded_log_shows_the_failing_line(tmp_path: Path, page: Any) -> None:
    out = offline_page(tmp_path, SAMPLES["deadwood-1876"])
    html = out.read_text()
    embedded = re.search(r'<script id="match-log" type="application/json">(.*?)</script>', html, re.DOTALL)
    assert embedded is not None
    log: str = json.loads(embedded.group(1))
    lines = log.split("\n")
    at = lines[4].index('"salt":"') + len('"salt":"')  # one hex digit of line 5's salt
    lines[4] = lines[4][:at] + ("1" if lines[4][at] == "0" else "0") + lines[4][at + 1 :]
    assert len("\n".join(lines)) == len(log)
    out.write_text(html.replace(embedded.group(1), json.dumps("\n".join(lines)).replace("<", "\\u003c")))
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "failed"
    assert shown["summary"].startswith("problem at line 5: BROKEN_CHAIN"), shown["summary"]


def test_a_page_signed_by_another_key_says_the_key_differs(tmp_path: Path, page: Any) -> None:
    """The sample log re-signed by a key of its own: the organiser's published key is not it."""
    lines = SAMPLES["western-legends"].read_text().splitlines()
    header, entries, trailer, _signed = read_signed(lines)
    other = keys.generate()
    hashes = [header.hash, *(entry.hash for entry in entries)]
    closing = json.loads(lines[-2])
    resigned = checkpoint.sign(other, header.game_id, hashes, imported=False, trailer=closing)
    log = tmp_path / "resigned.jsonl"
    log.write_text("\n".join([*lines[:-1], resigned.to_line()]) + "\n")
    assert trailer is not None and canonical_json(closing, header.format_version) == lines[-2]
    shown = verdict(page, offline_page(tmp_path, log).as_uri(), SAMPLE_KEY.read_text())
    assert shown["signature"] == "untrusted" and shown["state"] == "failed"
    assert f"the key differs from the one given: signed by key {other.key_id}" in shown["summary"]


def test_a_page_of_one_view_embeds_no_log_and_says_so(tmp_path: Path, page: Any) -> None:
    full_log = SAMPLES["deadwood-1876"].read_text()
    for options in (["--public"], ["--seat", "1"]):
        out = offline_page(tmp_path, SAMPLES["deadwood-1876"], *options)
        html = out.read_text()
        assert 'id="match-log"' not in html and full_log.split("\n")[-3][:60] not in html
        page.goto(out.as_uri())
        assert page.locator("#verdict").get_attribute("data-verdict") == "not-embedded"
        assert "carries no log" in page.locator("#verdict-summary").inner_text()


def test_a_script_edited_into_the_page_does_not_run(tmp_path: Path, page: Any) -> None:
    """The page's policy allows its own scripts by hash: one added to the file is blocked."""
    out = offline_page(tmp_path, SAMPLES["most-wanted"])
    out.write_text(out.read_text().replace("</main>", "<script>document.title = 'owned'</script></main>", 1))
    page.goto(out.as_uri())
    page.wait_for_selector("#picture svg")
    assert page.title() != "owned"
