"""What the browser's verifier does not check, as its README says: clocks, rulings, takebacks, upgrades.

Each is an edit whose wrong only the rules see (the clock's arithmetic, whether a ruling or takeback
was allowed and what it did, whether an upgrade re-runs): re-sealed and re-signed by the key's
holder, the browser calls it verified while `frontier audit`'s verifier names the line. The README
must list them, so no reader takes the browser's "verified" for more than it is.
"""

from __future__ import annotations

import json
import re
from typing import Any

from replay.logfile import decode_lines
from replay.trust import checkpoint, keys
from replay.trust.signed_log import read_signed
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.http_client import get
from tests.service.web.test_takebacks import asked_after_a_move
from tests.service.web.test_verifier_js_agrees import resealed
from tests.service.web.test_verifier_js_browser import files_url  # noqa: F401 - a fixture
from tests.service.web.verifier_js import ROOT

README = ROOT / "service" / "web" / "static" / "verifier" / "README.md"
UPGRADED = ROOT / "seeds" / "conformance" / "good" / "deadwood-1876-upgraded.jsonl"

VERIFY_TEXT_IN_PAGE = """async ([log, key]) => {
    const { verifyLog } = await import("/service/web/static/verifier/verify.mjs");
    const result = await verifyLog(new TextEncoder().encode(log), key);
    return { verdict: result.verdict, signature: result.signature.status };
}"""


def ruled_clocked_game(site: Site, client: Client) -> list[dict[str, Any]]:
    """A finished game with a clock, a takeback, a resignation and an adjudication: its export's lines."""
    create = frontier_pb2.CreateGameRequest(
        game="western-legends",
        seats=3,
        players=["p0", "p1", "p2"],
        takeback_policy="consent",
        time_control="10m+5s",
    )
    reply = client.call("CreateGame", create)
    game_id, tokens = reply.game_id, {grant.seat: grant.token for grant in reply.seats}
    _seat, asked = asked_after_a_move(client, game_id, tokens)
    for other in asked.pending.awaiting:
        answer = frontier_pb2.AnswerTakebackRequest(game_id=game_id, accept=True)
        client.call("AnswerTakeback", answer, token=tokens[other])
    client.call("Resign", frontier_pb2.ResignRequest(game_id=game_id), token=tokens[2])
    result = [frontier_pb2.SeatGroup(seats=[s]) for s in (1, 0, 2)]
    ending = frontier_pb2.EndGameRequest(game_id=game_id, result=result, reason="the saloon closed")
    client.call("EndGame", ending, token=ORGANISER)
    exported = get(f"{site.url}/api/games/{game_id}/log", ORGANISER).body
    return [json.loads(line) for line in exported.splitlines()]


def resigned(lines: list[dict[str, Any]], key: keys.SigningKey) -> str:
    """The lines re-sealed and signed again by `key`, as the holder of a signing key could."""
    sealed = resealed(lines).decode().splitlines()
    header, entries, trailer, _old = read_signed(sealed)
    assert trailer is not None
    hashes = [header.hash, *(entry.hash for entry in entries)]
    again = checkpoint.sign(key, header.game_id, hashes, imported=False, trailer=json.loads(sealed[-2]))
    return "\n".join([*sealed[:-1], again.to_line()]) + "\n"


def edits(lines: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """One edit of each kind the browser leaves to the rules, on copies of `lines`."""
    found: dict[str, list[dict[str, Any]]] = {}
    clock = json.loads(json.dumps(lines))
    entry = next(line for line in clock if line["type"] == "entry" and line["version"] > 3)
    entry["clock"]["left_ms"][entry["seat"]] += 60_000  # a minute back on the mover's clock
    found["clock"] = clock
    ruling = json.loads(json.dumps(lines))
    adjudication = next(
        line for line in ruling if line["type"] == "ruling" and line["ruling"] == "adjudicate"
    )
    adjudication["result"] = [[0], [1], [2]]  # another winner in the ruling; the trailer left as it was
    found["ruling"] = ruling
    takeback = json.loads(json.dumps(lines))
    back = next(line for line in takeback if line["type"] == "ruling" and "to_version" in line)
    back["to_version"] += 1  # taken back to another step
    found["takeback"] = takeback
    return found


def test_re_signed_clock_ruling_takeback_and_upgrade_edits_verify_in_the_browser_as_the_readme_says(
    site: Site,
    site_client: Client,
    page: Any,
    files_url: str,  # noqa: F811 - the fixture imported above
) -> None:
    said = " ".join(README.read_text().split())
    listed = re.search(r"Not checked, because each needs the rules engines: (.*?)Signer pinning", said)
    assert listed is not None
    for what in ("clocks", "rulings", "takebacks", "upgrades"):
        assert what in listed.group(1), f"the verifier's README does not leave {what} to the rules"

    key = keys.generate()
    public = keys.raw_public(key.public).hex()
    upgraded = [json.loads(line) for line in UPGRADED.read_text().splitlines()]
    upgrade = next(line for line in upgraded if line["type"] == "upgrade")
    upgrade["to"] = upgrade["from"]  # an upgrade to the rules already in force
    cases = {**edits(ruled_clocked_game(site, site_client)), "upgrade": upgraded}
    page.goto(f"{files_url}/seeds/conformance/README.md")
    for kind, lines in cases.items():
        log = resigned(lines, key)
        header, entries, trailer, _signed = read_signed(decode_lines(log.encode()))
        found = verify(header, entries, trailer).problem
        assert found is not None, f"the rules find the {kind} edit"
        shown = page.evaluate(VERIFY_TEXT_IN_PAGE, [log, public])
        assert shown == {"verdict": "passed", "signature": "verified"}, (kind, shown)
