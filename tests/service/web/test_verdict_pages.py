"""Pages that verify themselves: `frontier replay --html` carries the log and the independent
JavaScript verifier, and a file opened in a real Chromium with no network checks itself."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_pem_public_key

from replay.record import canonical_json
from replay.trust import checkpoint, keys
from replay.trust.signed_log import read_signed
from service.cli.main import main
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.web.server import start_http
from tests.conftest import ORGANISER
from tests.service.web import http_client
from tests.service.web.conftest import Site
from tests.service.web.games import start_game
from tests.service.web.verifier_js import ROOT, SAMPLE_KEY

LOGS = ROOT / "seeds" / "logs"
SAMPLES = {
    game: LOGS / game / f"{game}-2p.jsonl" for game in ("most-wanted", "deadwood-1876", "western-legends")
}
GOOD = ROOT / "seeds" / "conformance" / "good"
# Finished games of other formats: format 1, and format 4's committed and revealed player seeds.
OTHER_FORMATS = [GOOD / "deadwood-1876-format-1.jsonl", GOOD / "most-wanted-commit-reveal.jsonl"]


def offline_page(tmp_path: Path, log: Path, *options: str) -> Path:
    out = tmp_path / f"{log.stem}.html"
    assert main(["replay", "--html", *options, str(log), "-o", str(out)]) == 0
    return out


def verdict(page: Any, url: str, key: str | None = None) -> dict[str, str]:
    """The verdict panel of the offline page at `url` once the browser has checked its log."""
    offline: list[str] = []
    page.route("**/*", lambda route: route.continue_() if route.request.url == url else offline.append(""))
    page.goto(url)
    shown = settled(page, key)
    assert offline == [], "the page asked for nothing but itself"
    return shown


def settled(page: Any, key: str | None = None, busy: tuple[str, ...] = ("checking",)) -> dict[str, str]:
    """The verdict panel's state and words once it has checked its log with `key` typed in."""
    if key is not None:
        page.fill("#verdict-key", key)
    page.wait_for_function(
        "([busy, keyed]) => !busy.includes(document.getElementById('verdict').dataset.verdict)"
        " && document.getElementById('verdict').dataset.keyGiven === keyed",
        arg=[list(busy), "yes" if key else "no"],
    )
    panel = page.locator("#verdict")
    return {
        "state": panel.get_attribute("data-verdict"),
        "signature": panel.get_attribute("data-signature"),
        "summary": page.locator("#verdict-summary").inner_text(),
        "details": page.locator("#verdict-details").inner_text(),
    }


@pytest.mark.parametrize("log", [*SAMPLES.values(), *OTHER_FORMATS], ids=lambda log: log.stem)
def test_an_offline_page_of_each_game_verifies_itself(tmp_path: Path, page: Any, log: Path) -> None:
    tree_size = json.loads(log.read_text().splitlines()[-1])["tree_size"]
    url = offline_page(tmp_path, log).as_uri()
    shown = verdict(page, url, SAMPLE_KEY.read_text())
    assert (shown["state"], shown["signature"]) == ("verified", "verified")
    assert shown["summary"].startswith("verified in this browser: chain, seed, ")
    assert re.search(
        rf"signed by key \w{{4}}…\w{{4}} \(Frontier Ledger samples\) at size {tree_size}", shown["summary"]
    )
    assert "rules not re-run" in shown["details"]
    # Every draw of the log: re-derived from the seed once its draws name their question (format 5).
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    drawn = sum(len(line.get("draws") or ()) for line in lines)
    said = "re-derived from the seed" if lines[0]["format_version"] >= 5 else "counted (not re-derived)"
    assert f"{drawn} draws {said}" in shown["summary"]


def test_a_results_page_may_link_a_game_page_with_its_key(tmp_path: Path, page: Any) -> None:
    raw = load_pem_public_key(SAMPLE_KEY.read_bytes()).public_bytes(Encoding.Raw, PublicFormat.Raw)
    url = offline_page(tmp_path, SAMPLES["western-legends"]).as_uri()
    page.goto(f"{url}#key={raw.hex()}")
    page.wait_for_function("() => document.getElementById('verdict').dataset.verdict === 'verified'")
    assert page.locator("#verdict-key").input_value() == raw.hex()


def test_without_a_key_the_page_names_the_signing_key_and_asks_for_the_published_one(
    tmp_path: Path, page: Any
) -> None:
    shown = verdict(page, offline_page(tmp_path, SAMPLES["most-wanted"]).as_uri())
    assert shown["state"] == "key-needed" and shown["signature"] == "untrusted"
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


def test_a_page_of_one_view_or_of_a_game_not_over_embeds_no_log(tmp_path: Path, page: Any) -> None:
    pages = [
        (SAMPLES["deadwood-1876"], ["--public"], "shown as: public"),
        (SAMPLES["deadwood-1876"], ["--seat", "1"], "shown as: seat 1"),
        (GOOD / "deadwood-1876-in-progress.jsonl", [], "the game is not over"),
    ]
    for log, options, why in pages:
        out = offline_page(tmp_path, log, *options)
        html = out.read_text()
        salt = json.loads(log.read_text().splitlines()[2])["salt"]
        assert 'id="match-log"' not in html and salt not in html
        page.goto(out.as_uri())
        assert page.locator("#verdict").get_attribute("data-verdict") == "not-embedded"
        said = page.locator("#verdict-summary").inner_text()
        assert "carries no log" in said and why in said, said


def test_a_script_edited_into_the_page_does_not_run(tmp_path: Path, page: Any) -> None:
    """The page's policy allows its own scripts by hash: one added to the file is blocked."""
    out = offline_page(tmp_path, SAMPLES["most-wanted"])
    out.write_text(out.read_text().replace("</main>", "<script>document.title = 'owned'</script></main>", 1))
    page.goto(out.as_uri())
    page.wait_for_selector("#picture svg")
    assert page.title() != "owned"


# -- the live viewer and its /verify page ------------------------------------------------------------


def server_key(client: Client) -> str:
    return str(client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).public_key_pem)


def test_a_finished_game_page_checks_its_export_in_the_browser(
    site: Site, site_client: Client, page: Any
) -> None:
    finished = start_game(site_client, "most-wanted", 2, 1000)
    state = site_client.call("GetState", frontier_pb2.GetStateRequest(game_id=finished.game_id))
    assert state.status == "finished"
    page.goto(f"{site.url}/games/{finished.game_id}")
    shown = settled(page, server_key(site_client))
    assert (shown["state"], shown["signature"]) == ("verified", "verified"), shown
    assert shown["summary"].startswith("verified in this browser: chain, seed, ")
    assert "the key differs from the one given" in settled(page, SAMPLE_KEY.read_text())["summary"]


def test_a_game_in_progress_has_no_verdict_and_its_log_is_redacted(site: Site, site_client: Client) -> None:
    live = start_game(site_client, "deadwood-1876", 3, 4)
    page_html = http_client.get(f"{site.url}/games/{live.game_id}").body
    assert 'id="verdict"' not in page_html
    exported = http_client.get(f"{site.url}/api/games/{live.game_id}/log")
    assert exported.status == 200 and '"redacted_for":-1' in exported.body.split("\n")[0]
    refused = http_client.get(f"{site.url}/api/games/{live.game_id}/log", "not-a-token")
    assert refused.status == 401 and refused.json()["error"] == "UNKNOWN_TOKEN"


def test_a_viewer_without_the_signing_key_exports_no_log_and_shows_no_verdict(
    site: Site, site_client: Client
) -> None:
    finished = start_game(site_client, "most-wanted", 2, 1000)
    keyless = start_http(site.grpc.ledger, ORGANISER, "127.0.0.1", 0)
    try:
        url = f"http://127.0.0.1:{keyless.port}"
        assert 'id="verdict"' not in http_client.get(f"{url}/games/{finished.game_id}").body
        refused = http_client.get(f"{url}/api/games/{finished.game_id}/log")
        assert (refused.status, refused.json()["error"]) == (404, "NO_SIGNING_KEY")
    finally:
        keyless.stop()


def test_the_verify_page_checks_a_chosen_dropped_or_pasted_log(site: Site, page: Any) -> None:
    good = SAMPLES["western-legends"]
    page.goto(f"{site.url}/verify")
    assert page.locator("#verdict-summary").inner_text() == "no log yet"
    page.set_input_files("#verdict-file", str(good))
    shown = settled(page, SAMPLE_KEY.read_text(), busy=("checking", "waiting"))
    assert (shown["state"], shown["signature"]) == ("verified", "verified"), shown

    lines = good.read_text().split("\n")
    lines[2] = (
        lines[2].replace('"seat":0', '"seat":1', 1)
        if '"seat":0' in lines[2]
        else lines[2].replace("1", "2", 1)
    )
    dropped = page.evaluate_handle(
        "(text) => { const d = new DataTransfer(); d.items.add(new File([text], 'game.jsonl')); return d; }",
        "\n".join(lines),
    )
    page.dispatch_event("#verdict", "drop", {"dataTransfer": dropped})
    page.wait_for_function("() => document.getElementById('verdict').dataset.verdict === 'failed'")
    assert page.locator("#verdict-summary").inner_text().startswith("problem at line 3: ")

    page.fill("#verdict-log", SAMPLES["most-wanted"].read_text())
    page.wait_for_function("() => document.getElementById('verdict').dataset.verdict === 'verified'")


def test_the_verify_page_says_a_redacted_log_cannot_be_checked(
    site: Site, site_client: Client, page: Any
) -> None:
    live = start_game(site_client, "most-wanted", 2, 3)
    redacted = http_client.get(f"{site.url}/api/games/{live.game_id}/log").body
    page.goto(f"{site.url}/verify")
    page.fill("#verdict-log", redacted)
    page.wait_for_function("() => document.getElementById('verdict').dataset.verdict === 'redacted'")
    assert "redacted for one view" in page.locator("#verdict-summary").inner_text()


def test_the_publishing_guide_quotes_the_verdict_a_current_log_gets(tmp_path: Path, page: Any) -> None:
    """docs/publishing-results.md shows the panel's words for a signed log of the current format:
    its draws are re-derived in the browser, not only counted."""
    guide = (ROOT / "docs" / "publishing-results.md").read_text(encoding="utf-8")
    quoted = re.search(r"- `(verified in this browser: [^`]+)`", guide)
    assert quoted, "the guide quotes a verified panel"
    # The guide's game, key and sizes are its own: every number and name stands for any.
    words = re.escape(" ".join(quoted.group(1).split()))
    shape = re.sub(r"\d+", r"\\d+", words).replace("01ee…5686", r"\w{4}…\w{4}")
    shape = shape.replace(re.escape("(Deadwood Cup)"), r"\([^)]+\)")
    shown = verdict(page, offline_page(tmp_path, SAMPLES["deadwood-1876"]).as_uri(), SAMPLE_KEY.read_text())
    assert re.fullmatch(shape, shown["summary"]), (shape, shown["summary"])


def test_a_page_counts_seat_signed_moves_and_names_the_seat_and_line_of_a_forged_one(
    tmp_path: Path, page: Any
) -> None:
    conformance = ROOT / "seeds" / "conformance"
    out = offline_page(tmp_path, GOOD / "most-wanted-seat-signed.jsonl")
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "verified", shown
    assert re.search(r"moves signed by their seats: signed by seat 2: \d+ lines", shown["details"]), shown
    # The same page carrying the forgery: a move of seat 2 the server wrote, re-sealed and re-signed.
    html = out.read_text()
    embedded = re.search(r'<script id="match-log" type="application/json">(.*?)</script>', html, re.DOTALL)
    assert embedded is not None
    forged = (conformance / "fail" / "seat-signature-forged.jsonl").read_text().rstrip("\n")
    out.write_text(html.replace(embedded.group(1), json.dumps(forged).replace("<", "\\u003c")))
    page.unroute("**/*")
    shown = verdict(page, out.as_uri(), SAMPLE_KEY.read_text())
    assert shown["state"] == "failed" and shown["signature"] == "verified", shown
    assert shown["summary"].startswith("problem at line 25: SEAT_SIGNATURE: seat 2 holds a key"), shown[
        "summary"
    ]
