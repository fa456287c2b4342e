"""Cards nobody at the table saw, in the viewer of an expanded recording: its story and its picture say
"(unseen)" where the log lists them, and a seat's view hides what it hid before (seeds/LOG-FORMAT.md,
"Items nobody saw"). The recording is expanded and stored by a real server; the page runs in Chromium."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.http_client import get

RECORDING = Path(__file__).resolve().parents[3] / "seeds" / "recordings" / "most-wanted.rec"


def expanded(client: Client) -> frontier_pb2.ExpandRecordingResponse:
    request = frontier_pb2.ExpandRecordingRequest(content=RECORDING.read_text(encoding="utf-8"))
    reply: frontier_pb2.ExpandRecordingResponse = client.call("ExpandRecording", request, token=ORGANISER)
    return reply


def listed(content: str) -> dict[int, list[str]]:
    """Version -> the items its line lists as nobody saw them."""
    lines = [json.loads(line) for line in content.splitlines() if line]
    return {line["version"]: line["unseen"] for line in lines if "unseen" in line}


def test_the_stored_log_keeps_its_unseen_cards_byte_for_byte(site: Site, site_client: Client) -> None:
    reply = expanded(site_client)
    marks = listed(reply.content)
    assert marks, "the sample draws cards nobody saw and never names"
    export = site_client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=reply.game_id), token=ORGANISER
    )
    assert export.content.startswith(reply.content), "the stored game exports the lines it was given"
    audit = site_client.call("Audit", frontier_pb2.AuditRequest(game_id=reply.game_id), token=ORGANISER)
    assert audit.verdict == "passed" and "Items nobody saw" in audit.markdown
    replayed = site_client.call("Replay", frontier_pb2.ReplayRequest(game_id=reply.game_id), token=ORGANISER)
    for step in replayed:  # the gRPC replay stream tells the same story
        assert ("(unseen)" in step.narrative) == (step.version in marks), step.narrative


def test_the_viewer_says_unseen_for_the_cards_nobody_saw(site: Site, site_client: Client, page: Any) -> None:
    reply = expanded(site_client)
    marks = listed(reply.content)
    steps = {
        step["version"]: step for step in get(f"{site.url}/api/games/{reply.game_id}/steps").json()["steps"]
    }
    for version, step in steps.items():
        assert ("(unseen)" in step["narrative"]) == (version in marks), step["narrative"]
    version = next(v for v in sorted(marks) if "draws 2 cards (unseen)" in steps[v]["narrative"])
    page.goto(f"{site.url}/games/{reply.game_id}?v={version - 1}")
    page.wait_for_selector("#picture svg")
    narrative = page.locator("#narrative").inner_text()
    assert narrative.startswith(f"Step {version - 1} —") and "draws 2 cards (unseen)" in narrative
    assert "(unseen)" in (page.locator("#picture svg").text_content() or ""), (
        "the hand drawn shows them unseen too"
    )
    page.locator("#step").fill(str(max(steps) - 1))
    assert "(unseen)" in (page.locator("#picture svg").text_content() or ""), "still unseen at the end"


def test_a_seats_view_hides_what_it_hid_and_names_nothing_more(site: Site, site_client: Client) -> None:
    reply = expanded(site_client)
    marks = listed(reply.content)
    url = f"{site.url}/api/games/{reply.game_id}/steps"
    everything = {s["version"]: s["narrative"] for s in get(url).json()["steps"]}
    hidden_draws = 0
    for seat, (me, other) in enumerate((("Ann", "Bob"), ("Bob", "Ann")), start=1):
        seen = {
            s["version"]: s["narrative"] for s in get(f"{url}?seat={seat}", token=ORGANISER).json()["steps"]
        }
        for version in marks:
            # The other seat's draws stay hidden: counted, never named, not even as "(unseen)".
            assert re.search(rf"{other} draws \d+ cards? \(", seen[version]) is None, seen[version]
            hidden_draws += len(re.findall(rf"{other} draws \d+ cards?(?:;|$)", seen[version]))
            # Its own cards nobody saw are "(unseen)", as in the organiser's view.
            for own in re.findall(rf"{me} draws \d+ cards? \(unseen\)", everything[version]):
                assert own in seen[version]
    assert hidden_draws > 0
