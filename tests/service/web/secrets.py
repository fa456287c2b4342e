"""The oracle for redaction attacks: what the omniscient view holds that the public view does not."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

from engines.base import SPECTATOR, Seat
from engines.codec import encode
from engines.registry import get_engine
from replay.record import Header, Line
from replay.verify import steps

TOKEN = re.compile(r"[A-Za-z0-9_-]+")
JSON_ESCAPE = re.compile(r"\\u([0-9a-fA-F]{4})")


def leaves(value: Any) -> set[str]:
    """Every string value in a JSON-like view (keys excluded).

    Strings of digits and single characters are left out: a page is full of numbers and letters,
    so "3" or the fight card "A" (one of several alike) cannot be searched for.
    """
    if isinstance(value, str):
        return {value} if len(value) > 1 and not value.isdigit() else set()
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, (list, tuple)):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()


def step_secrets(
    header: Header, entries: Iterable[Line], viewer: Seat = SPECTATOR
) -> list[tuple[set[str], set[str]]]:
    """Per step: (strings only the omniscient view shows, strings `viewer` may see).

    The viewer may see its view of the state after the step and the step's events as the
    engine redacts them for it (a fight card turned up is told, though no view keeps it).
    """
    engine = get_engine(header.game)
    found = []
    for step in steps(header, entries):
        told = leaves([encode(engine.redact(event, viewer)) for event in step.events])
        public = leaves(engine.view(step.state, viewer)) | told
        found.append((leaves(engine.view(step.state, None)) - public, public))
    return found


def seat_step_secrets(header: Header, entries: Iterable[Line], seat: int) -> list[set[str]]:
    """Per step: strings seat `seat` sees that the public view of that step does not."""
    engine = get_engine(header.game)
    return [
        leaves(engine.view(step.state, seat)) - leaves(engine.view(step.state, SPECTATOR))
        for step in steps(header, entries)
    ]


def game_secrets(header: Header, entries: Iterable[Line]) -> set[str]:
    """Strings the omniscient view shows at some step and the public view at no step."""
    per_step = step_secrets(header, entries)
    hidden: set[str] = set().union(*(h for h, _ in per_step))
    public: set[str] = set().union(*(p for _, p in per_step))
    return hidden - public


def tokens(text: str) -> set[str]:
    """The words of a page or response, after undoing JSON and HTML escapes.

    `tojson` writes `<` as `\\u003c`, which would glue a hidden id to the letters before it and
    hide it from a plain word search: an attacker reading the bytes would not be fooled.
    """
    text = JSON_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), text)
    return set(TOKEN.findall(html.unescape(text)))
