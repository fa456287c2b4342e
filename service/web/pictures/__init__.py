"""The table drawn as a picture: one SVG per game, from the drawing steps of the game's own picture
(engines/<game>/picture.py), made only from the view a viewer may see and the seat labels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.picture import KeyEntry, Picture
from engines.registry import UnknownGame, get_engine
from service.web.pictures.svg import Svg


def _picture(game: str) -> Picture | None:
    try:
        return get_engine(game).picture
    except UnknownGame:
        return None


def backdrop(game: str) -> str:
    """Shapes every step of `game` shares (the Western Legends map): put once in the page."""
    picture = _picture(game)
    if picture is None or picture.backdrop is None:
        return ""
    canvas = picture.backdrop(Svg)
    assert isinstance(canvas, Svg)
    return canvas.render_defs(picture.backdrop_ref)


def key(game: str) -> tuple[KeyEntry, ...]:
    """What the marks of `game`'s picture stand for, shown beside it."""
    picture = _picture(game)
    return picture.key if picture is not None else ()


def draw(game: str, view: Any, labels: Sequence[str]) -> str:
    """The SVG of `view` for `game`; a plain note for a game without a drawer."""
    picture = _picture(game)
    if picture is None or not isinstance(view, dict):
        return ""
    canvas = picture.draw(Svg, view, labels)
    assert isinstance(canvas, Svg)
    return canvas.render()
