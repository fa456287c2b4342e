"""A game's table picture as plain drawing steps on a canvas that the web layer supplies and renders.

A game's `picture` module reads only what its `view` returned for the viewer (hidden parts are
absent there, so they cannot be drawn) and the seat labels; it names shapes, places and colours,
and never writes markup: the canvas escapes every text and attribute.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

# One colour per seat (up to 9 seats), readable on the light table background.
SEAT_COLOURS = (
    "#c0392b",
    "#2471a3",
    "#229954",
    "#d68910",
    "#7d3c98",
    "#17a589",
    "#a04000",
    "#2e4053",
    "#b03a2e",
)


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_label(labels: Sequence[str], seat: int) -> str:
    return labels[seat] if seat < len(labels) else f"seat {seat + 1}"


class Canvas(Protocol):
    """Shapes in user units; `attrs` are SVG presentation attributes (`font_size`, `class_`, `data_seat`)."""

    height: int

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None: ...

    def circle(self, cx: float, cy: float, r: float, **attrs: object) -> None: ...

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None: ...

    def text(self, x: float, y: float, content: object, **attrs: object) -> None: ...

    def use(self, ref: str) -> None:
        """Draw the shapes of the backdrop named `ref`, drawn once per page."""
        ...


def seat_piece(
    canvas: Canvas, x: float, y: float, r: float, seat: int, *, stroke: str, class_: str, **data: object
) -> None:
    """A seat's piece on the table (a marker, an outlaw, a character) in its colour, tagged with its seat."""
    canvas.circle(x, y, r, fill=seat_colour(seat), stroke=stroke, class_=class_, data_seat=seat, **data)


def row_badge(canvas: Canvas, y: float, seat: int, active: bool) -> None:
    """The disc in the seat's colour that starts its row, ringed while the game waits for that seat."""
    canvas.circle(26, y + 12, 9, fill=seat_colour(seat), stroke="#000" if active else "none", stroke_width=2)


NewCanvas = Callable[[int, int, str], Canvas]  # (width, height, label) -> an empty canvas


def words(code: object) -> str:
    """A view's code as people read it: "choose_character" is "choose character"."""
    return str(code).replace("_", " ")


@dataclass(frozen=True)
class KeyEntry:
    """One line of a picture's key: a mark ("square", "disc", "star" or "card") in a colour, and
    what it stands for."""

    mark: str
    colour: str
    meaning: str


def seat_key(meaning: str) -> KeyEntry:
    """The key's line for the pieces drawn in each seat's colour."""
    return KeyEntry("disc", seat_colour(0), meaning)


@dataclass(frozen=True)
class Picture:
    """How one game draws its table: `draw(new_canvas, view, labels)` makes and fills a canvas."""

    draw: Callable[[NewCanvas, dict[str, Any], Sequence[str]], Canvas]
    # shapes every step shares (a map), drawn once per page under `backdrop_ref` and `use`d by each step
    backdrop: Callable[[NewCanvas], Canvas] | None = None
    backdrop_ref: str = ""
    key: tuple[KeyEntry, ...] = ()  # what the marks of the picture stand for, shown beside it
