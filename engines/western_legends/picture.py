"""Western Legends: the 12x8 map (mesas, towns, places) with every character, the Sheriff and bandits,
and each player's legend points, money, gold and cards beside it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.picture import (
    Canvas,
    KeyEntry,
    NewCanvas,
    Picture,
    seat_colour,
    seat_key,
    seat_label,
    seat_piece,
    words,
)
from engines.western_legends import board
from engines.western_legends.narrate import character_name

CELL = 46
MAP_X, MAP_Y = 30, 44
PANEL_X = MAP_X + CELL * len(board.COLUMNS) + 24
WIDTH = PANEL_X + 420
PLACES: dict[str, str] = {
    board.SHERIFF_OFFICE: "office",
    board.RAIL_STATION: "station",
    **{s: "bank" for s in board.BANK},
    **{s: "doctor" for s in board.DOCTOR},
    **{s: "mine" for s in board.MINES},
    **{s: "store" for s in board.STORES},
    **{s: "saloon" for s in board.SALOONS},
    **{s: f"hideout {k}" for k, spaces in board.HIDEOUTS.items() for s in spaces},
    **{s: f"{colour} ranch" for colour, s in board.RANCHES.items()},
}
PLACES.update({s: "cabaret" for s in board.CABARET})


def draw(new_canvas: NewCanvas, view: dict[str, Any], labels: Sequence[str]) -> Canvas:
    players: list[dict[str, Any]] = view.get("players", [])
    height = max(MAP_Y + CELL * board.ROWS + 20, 60 + 66 * len(players))
    canvas = new_canvas(WIDTH, height, "Western Legends map")
    canvas.rect(0, 0, WIDTH, height, fill="#f3e5c8", rx=10)
    canvas.text(
        16,
        26,
        f"Round {view.get('round')} · {words(view.get('phase'))} · actions left {view.get('actions_left')}",
        font_size=15,
        font_weight="bold",
        class_="wl-status",
    )
    canvas.use(MAP_REF)
    _pieces(canvas, view, players)
    for row, player in enumerate(players):
        _panel(canvas, player, labels, 44 + row * 66, player.get("seat") == view.get("active"))
    return canvas


def _cell_xy(space: str) -> tuple[float, float]:
    column, row = board.COLUMNS.index(space[0]), int(space[1:]) - 1
    return MAP_X + column * CELL, MAP_Y + row * CELL


MAP_REF = "wl-map"


def backdrop(new_canvas: NewCanvas) -> Canvas:
    """The map's cells and places, drawn once per page and shared by every step's picture."""
    canvas = new_canvas(WIDTH, MAP_Y + CELL * board.ROWS, "Western Legends map")
    _map(canvas)
    return canvas


def _map(canvas: Canvas) -> None:
    for space in board.SPACES:
        x, y = _cell_xy(space)
        fill = "#7b5e3b" if space in board.MESAS else "#e3c99a" if space in board.IN_TOWN else "#f0dcb0"
        canvas.rect(x, y, CELL, CELL, fill=fill, stroke="#a98b5b", stroke_width=0.6)
        canvas.text(x + 3, y + 11, space, font_size=8, fill="#8a7350")
        if space in PLACES:
            canvas.text(x + 3, y + CELL - 4, PLACES[space], font_size=7.5, fill="#5b3a1a")


def _pieces(canvas: Canvas, view: dict[str, Any], players: list[dict[str, Any]]) -> None:
    crowd: dict[str, int] = {}

    def slot(space: str) -> tuple[float, float]:
        n = crowd.get(space, 0)
        crowd[space] = n + 1
        x, y = _cell_xy(space)
        return x + 12 + (n % 3) * 11, y + 20 + (n // 3) * 11

    for space in view.get("bandits", []):
        x, y = slot(space)
        canvas.rect(x - 5, y - 5, 10, 10, fill="#222", class_="wl-bandit", data_space=space)
    if view.get("sheriff"):
        x, y = slot(str(view["sheriff"]))
        canvas.text(x - 5, y + 5, "★", font_size=14, fill="#b7950b", class_="wl-sheriff")
    for player in players:
        space = player.get("space")
        if not space:
            continue
        seat = int(player["seat"])
        x, y = slot(str(space))
        seat_piece(canvas, x, y, 6, seat, stroke="#111", class_="wl-character", data_space=space)
        canvas.text(x - 3, y + 3, seat + 1, font_size=8, fill="#fff")


def _panel(canvas: Canvas, player: dict[str, Any], labels: Sequence[str], y: float, active: bool) -> None:
    seat = int(player["seat"])
    x = PANEL_X
    canvas.rect(
        x,
        y,
        400,
        60,
        rx=6,
        fill="#fbf3e0",
        stroke="#000" if active else "#c9b28a",
        stroke_width=2 if active else 1,
    )
    canvas.circle(x + 14, y + 15, 8, fill=seat_colour(seat))
    character = character_name(str(player.get("character") or ""))
    name = seat_label(labels, seat)
    canvas.text(x + 28, y + 19, f"{name} · {character}", font_size=12, font_weight="bold")
    canvas.text(
        x + 10,
        y + 36,
        f"LP {player.get('lp')} · ${player.get('money')} · gold {player.get('gold')} · "
        f"{player.get('status')} (MP {player.get('mp')}, WP {player.get('wp')}) · "
        f"wounds {player.get('wounds')}",
        font_size=11,
        class_="wl-stats",
    )
    hand = player.get("hand")
    count = int(player.get("hand_size", 0))
    cards = f"{count} card{'' if count == 1 else 's'}" if hand is None else "hand: " + " ".join(hand)
    items = ", ".join(_item(i) for i in player.get("items", []))
    canvas.text(x + 10, y + 52, f"{cards} · {items}", font_size=10, class_="wl-cards")


def _item(item: dict[str, Any]) -> str:
    return ("upgraded " if item.get("upgraded") else "") + words(item.get("item"))


KEY = (
    seat_key("a character, numbered by seat (the panel's colour)"),
    KeyEntry("square", "#222", "a bandit"),
    KeyEntry("star", "#b7950b", "the Sheriff"),
    KeyEntry("square", "#7b5e3b", "a mesa"),
    KeyEntry("square", "#e3c99a", "a town space"),
    KeyEntry("square", "#f0dcb0", "open country"),
)
PICTURE = Picture(draw, backdrop=backdrop, backdrop_ref=MAP_REF, key=KEY)
