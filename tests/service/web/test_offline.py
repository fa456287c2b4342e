"""`frontier replay --html`: one self-contained file that works with no network, from a verified log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from replay.trust.signed_log import read_signed
from service.cli.main import main
from tests.service.web.secrets import step_secrets, tokens

SAMPLE = Path(__file__).parents[3] / "seeds" / "logs" / "most-wanted" / "most-wanted-2p.jsonl"


def test_the_file_replays_offline_with_no_request_but_itself(tmp_path: Path, page: Any) -> None:
    out = tmp_path / "game.html"
    assert main(["replay", "--html", str(SAMPLE), "-o", str(out)]) == 0
    text = out.read_text()
    assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), "only SVG's namespace name"
    assert "https://" not in text and "<link" not in text and "src=" not in text
    requested: list[str] = []

    def refuse(route: Any) -> None:
        requested.append(route.request.url)
        route.abort() if not route.request.url.startswith("file://") else route.continue_()

    page.route("**/*", refuse)
    page.goto(out.as_uri())
    page.wait_for_selector("#picture svg")
    last = int(page.locator("#picture").get_attribute("data-version"))
    page.keyboard.press("ArrowLeft")
    assert int(page.locator("#picture").get_attribute("data-version")) == last - 1
    page.wait_for_timeout(1500)  # past the first poll a live page would make
    assert requested == [out.as_uri()], "the page fetched nothing but itself"
    assert "finished" in page.locator("#status").inner_text()


def test_public_file_hides_what_the_full_file_shows(tmp_path: Path) -> None:
    log = SAMPLE.parent.parent / "deadwood-1876" / "deadwood-1876-2p.jsonl"
    public, full = tmp_path / "public.html", tmp_path / "full.html"
    assert main(["replay", "--html", "--public", str(log), "-o", str(public)]) == 0
    assert main(["replay", "--html", str(log), "-o", str(full)]) == 0
    header, entries, _t, _c = read_signed(log.read_text().splitlines())
    hidden_somewhere = set().union(*(h for h, _ in step_secrets(header, entries)))
    assert hidden_somewhere & tokens(full.read_text())
    assert 'shown as: <strong id="viewer">public' in public.read_text()


def test_a_tampered_log_is_refused_with_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = SAMPLE.read_text().splitlines()
    lines[3] = lines[3].replace('"seat":0', '"seat":1', 1) if '"seat":0' in lines[3] else lines[3][:-2] + "}"
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n")
    out = tmp_path / "game.html"
    assert main(["replay", "--html", str(tampered), "-o", str(out)]) == 1
    assert not out.exists()
    error = capsys.readouterr().err
    assert "tampered.jsonl" in error and "line" in error


def test_a_seat_that_does_not_exist_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--html", "--seat", "3", str(SAMPLE), "-o", str(tmp_path / "x.html")]) == 1
    assert "seat 3 does not exist: this game has seats 1 to 2" in capsys.readouterr().err


def test_unreadable_input_and_seat_zero_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "bin.jsonl"
    binary.write_bytes(b"\xff\xfe\n")
    assert main(["replay", "--html", str(binary), "-o", str(tmp_path / "x.html")]) == 1
    assert "not UTF-8" in capsys.readouterr().err
    assert main(["replay", "--html", "--seat", "0", str(SAMPLE), "-o", str(tmp_path / "y.html")]) == 2
    assert "counts seats from 1" in capsys.readouterr().err
    assert main(["replay", "--seat", "1", str(SAMPLE)]) == 2  # --seat without --html
    assert not (tmp_path / "x.html").exists() and not (tmp_path / "y.html").exists()
