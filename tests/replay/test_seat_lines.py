"""Seat lines and player entropy in the log (format 3), without a server: the documented formulas
recomputed from scratch, names in every text made from a log, and edits of a seat line caught."""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.audit import build_report
from replay.forgeries import reseal
from replay.logfile import read_text, write_lines
from replay.narrative import narrate
from replay.record import DealLine, SeatLine, mixed_seed, seat_salt
from replay.verify import verify
from service.web.offline import html_from_log
from tools.conformance import LATE, seated_record
from tools.corpus_seeds import corpus_seed

DOC = (Path(__file__).resolve().parents[2] / "seeds" / "LOG-FORMAT.md").read_text(encoding="utf-8")
GAME_ID = "7f0c1d2e-0000-4000-8000-000000000001"


def test_the_documented_mixed_seed_and_seat_salt_follow_their_formulas() -> None:
    seed = b"example-seed"
    spelled = b'["6578616d706c652d73656564",["ann-seed",null]]'
    mixed = hashlib.sha256(b"frontier-entropy-v1:" + spelled).hexdigest()
    assert mixed == mixed_seed(seed, ["ann-seed", None]).hex() and f"`{mixed}`" in DOC
    claim = b'{"client_seed":"bob-seed","game_id":"' + GAME_ID.encode() + b'","player":"Bob","seat":1}'
    salt = hmac.new(seed, b"frontier-log/v3/seat/" + claim, hashlib.sha256).hexdigest()
    assert salt == seat_salt(seed, GAME_ID, 1, "Bob", "bob-seed") and f"`{salt}`" in DOC


def test_a_name_in_a_seat_line_reaches_the_narrative_the_audit_and_the_viewer() -> None:
    header, lines, trailer = seated_record("most-wanted", entropy=False)
    assert header.players == ("Outlaw 1", "")
    story = list(narrate(header, lines, trailer))
    assert f"Players: seat 1 (Outlaw 1), seat 2 ({LATE})" in story and f"Seat 2 taken by {LATE}" in story
    verification = verify(header, lines, trailer)
    report = build_report(header, lines, trailer, verification).to_markdown()
    assert f"| Players | seat 1 (Outlaw 1), seat 2 ({LATE}) |" in report
    page = html_from_log(("\n".join(write_lines(header, lines, trailer)) + "\n").encode())
    assert LATE in page


def test_a_seat_without_a_name_reads_seat_n() -> None:
    header, lines, trailer = seated_record("most-wanted", entropy=False)
    salt = seat_salt(corpus_seed("most-wanted-f3-seat"), header.game_id, 1, "", None)  # as the server would
    renamed = [replace(x, player="", salt=salt) if isinstance(x, SeatLine) else x for x in lines]
    unnamed = reseal(header, renamed, trailer)
    assert verify(*unnamed).verdict == "passed"
    story = list(narrate(*unnamed))
    assert "Players: seat 1 (Outlaw 1), seat 2" in story
    assert "Seat 2 taken by a player who gave no name" in story


@settings(max_examples=15, deadline=None)
@given(st.text(min_size=1, max_size=128).filter(lambda s: s != "bea's client seed"))
def test_any_other_client_seed_resealed_is_named_at_its_seat_line(client_seed: str) -> None:
    header, lines, trailer = seated_record("deadwood-1876", entropy=True)
    edited = [replace(x, client_seed=client_seed) if isinstance(x, SeatLine) else x for x in lines]
    forged = reseal(header, edited, trailer)
    problem = verify(*read_text("\n".join(write_lines(*forged)))).problem
    assert problem is not None and (problem.code, problem.line) == ("SEAT_ALTERED", 2)


def test_a_player_entropy_log_draws_from_the_mixed_seed_not_the_server_seed() -> None:
    header, lines, trailer = seated_record("deadwood-1876", entropy=True)
    result = verify(header, lines, trailer)
    assert result.verdict == "passed" and result.draws_rederived > 0
    assert re.search(r"randomness: \d+ draws re-derived", " ".join(result.checks))
    assert header.setup_events == () and isinstance(lines[1], DealLine) and lines[1].events  # line 3
