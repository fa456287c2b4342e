"""The table drawn as a picture: one SVG per game, made only from the view a viewer may see.

Each drawer reads exactly what the engine's `view` returned for the viewer (hidden parts are
absent there, so they cannot be drawn) and the seat labels; nothing else about the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from service.web.pictures import deadwood, most_wanted, western_legends

Drawer = Callable[[dict[str, Any], Sequence[str]], str]

DRAWERS: dict[str, Drawer] = {
    "most-wanted": most_wanted.draw,
    "deadwood-1876": deadwood.draw,
    "western-legends": western_legends.draw,
}


BACKDROPS: dict[str, Callable[[], str]] = {"western-legends": western_legends.backdrop}


def backdrop(game: str) -> str:
    """Shapes every step of `game` shares (the Western Legends map): put once in the page."""
    maker = BACKDROPS.get(game)
    return maker() if maker else ""


def draw(game: str, view: Any, labels: Sequence[str]) -> str:
    """The SVG of `view` for `game`; a plain note for a game without a drawer."""
    drawer = DRAWERS.get(game)
    if drawer is None or not isinstance(view, dict):
        return ""
    return drawer(view, labels)
