"""The viewer's steps without a browser: redaction per step, escaping, and pictures that follow the game."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

from engines.base import SPECTATOR
from replay.record import Header, Line
from replay.trust.signed_log import read_signed
from service.core.rendering import Rendering
from service.web.steps import game_view
from tests.service.web.secrets import seat_step_secrets, step_secrets, tokens

SAMPLES = Path(__file__).parents[3] / "seeds" / "logs"
SVG_SHAPES = {"svg", "rect", "circle", "line", "text", "use"}
LOGS = ["deadwood-1876/deadwood-1876-5p", "most-wanted/most-wanted-4p", "western-legends/western-legends-4p"]


def sample(name: str) -> tuple[Header, list[Line]]:
    header, entries, _trailer, _checkpoint = read_signed((SAMPLES / f"{name}.jsonl").read_text().splitlines())
    return header, list(entries)


def shown_text(svg: str) -> str:
    """What a picture shows as text, plus its attribute values (data-* included)."""
    return " ".join(re.findall(r">([^<]*)<", svg) + re.findall(r'="([^"]*)"', svg))


@pytest.mark.parametrize("log", LOGS)
def test_public_steps_never_show_what_only_the_omniscient_view_holds(log: str) -> None:
    header, entries = sample(log)
    public = game_view(Rendering(), header, entries, header.players, SPECTATOR)
    per_step = step_secrets(header, entries)
    assert len(public.steps) == len(per_step) == len(entries) + 1
    for step, (hidden, _public_values) in zip(public.steps, per_step, strict=True):
        leaked = hidden & tokens(shown_text(step.picture) + " " + step.narrative)
        assert not leaked, f"version {step.version} shows hidden {sorted(leaked)[:5]}"


@pytest.mark.parametrize("log", LOGS)
def test_a_seat_view_shows_that_seats_secrets_so_the_public_check_can_see_a_leak(log: str) -> None:
    header, entries = sample(log)
    seat_one = game_view(Rendering(), header, entries, header.players, 0)
    everything = game_view(Rendering(), header, entries, header.players, None)
    for seat, view in ((0, seat_one), (1, everything)):
        secrets = seat_step_secrets(header, entries, seat)
        assert any(secrets), f"the sample game must have secrets for seat {seat + 1}"
        pairs = zip(view.steps, secrets, strict=True)
        drawn = [tokens(shown_text(step.picture)) & hidden for step, hidden in pairs]
        # Most steps draw some of the seat's hidden cards (a seat can hold none for a while).
        assert sum(1 for d in drawn if d) > len(drawn) // 2, f"{view.viewer} draws seat {seat + 1}'s cards"
    public = game_view(Rendering(), header, entries, header.players, SPECTATOR)
    steps = zip(public.steps, seat_one.steps, strict=True)
    assert all(p.picture != s.picture for p, s in steps if p.version > 1), "seat 1 sees its hand"


@pytest.mark.parametrize("log", LOGS)
def test_the_picture_follows_the_game(log: str) -> None:
    header, entries = sample(log)
    view = game_view(Rendering(), header, entries, header.players, SPECTATOR)
    pictures = [s.picture for s in view.steps]
    assert all(p.startswith("<svg") for p in pictures)
    assert len(set(pictures)) > len(pictures) // 2, "most steps change the table"
    assert view.status == "finished" and view.result


@pytest.mark.parametrize("log", LOGS)
def test_player_names_are_text_not_markup(log: str) -> None:
    header, entries = sample(log)
    names = ["<script>alert(1)</script>", 'Ann" onload="x', "Bo & <b>Co</b>", *header.players[3:]]
    view = game_view(Rendering(), header, entries, names, SPECTATOR)
    for step in view.steps[:5]:
        root = ElementTree.fromstring(step.picture)  # well-formed: nothing broke out of its text
        elements = list(root.iter())
        assert {e.tag.split("}")[-1] for e in elements} <= SVG_SHAPES
        assert not any(name.startswith("on") for e in elements for name in e.attrib)
        texts = "".join(e.text or "" for e in elements)
        assert all(name in texts for name in names[:3]), "each name is drawn, as plain text"


def test_after_gives_only_the_later_steps_with_the_same_pictures() -> None:
    header, entries = sample(LOGS[1])
    whole = game_view(Rendering(), header, entries, header.players, SPECTATOR)
    tail = game_view(Rendering(), header, entries, header.players, SPECTATOR, after=40)
    assert [s.version for s in tail.steps] == list(range(41, len(entries) + 2))
    assert tail.steps == whole.steps[40:]
