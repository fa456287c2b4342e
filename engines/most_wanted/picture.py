"""Most Wanted: the three heist tiles, the notoriety track with every outlaw's marker, money and cards."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.most_wanted.state import GOAL
from engines.picture import (
    Canvas,
    KeyEntry,
    NewCanvas,
    Picture,
    row_badge,
    seat_key,
    seat_label,
    seat_piece,
    words,
)

WIDTH = 920
TRACK_Y = 200
ROWS_Y = 250
ROW_H = 34


def draw(new_canvas: NewCanvas, view: dict[str, Any], labels: Sequence[str]) -> Canvas:
    players: list[dict[str, Any]] = view.get("players", [])
    canvas = new_canvas(WIDTH, ROWS_Y + 30 + ROW_H * len(players), "Most Wanted table")
    canvas.rect(0, 0, WIDTH, canvas.height, fill="#f4ead5", rx=10)
    active = view.get("active")
    canvas.text(
        16,
        24,
        f"Turn {view.get('turn')} · {words(view.get('phase'))} · deck {view.get('deck_size')}",
        font_size=15,
        font_weight="bold",
        class_="mw-status",
    )
    _tiles(canvas, view)
    _track(canvas, players)
    for x, caption in ((220, "money"), (470, "hand · committed (face down)")):
        canvas.text(x, ROWS_Y + 6, caption, font_size=11, fill="#6e5435")
    for row, player in enumerate(players):
        _player_row(canvas, player, labels, ROWS_Y + 14 + row * ROW_H, player.get("seat") == active)
    return canvas


def _tiles(canvas: Canvas, view: dict[str, Any]) -> None:
    action = view.get("action") or {}
    for i, tile in enumerate(view.get("tiles", [])):
        x = 16 + i * 190
        target = action.get("tile") == tile.get("tile")
        canvas.rect(
            x,
            36,
            176,
            82,
            rx=6,
            fill="#d5b895" if tile.get("flipped") else "#e8d5b0",
            stroke="#7b241c" if target else "#6e5435",
            stroke_width=3 if target else 1,
            class_="mw-tile",
        )
        canvas.text(x + 8, 56, str(tile.get("tile", "")).replace("_", " ").title(), font_size=14)
        canvas.text(x + 8, 76, f"{tile.get('points')} points · {tile.get('cards')} cards", font_size=12)
        if tile.get("flipped"):
            canvas.text(x + 8, 93, "flipped", font_size=11, font_style="italic")
        if target:
            who = ", ".join(str(s + 1) for s in action.get("participants", []))
            canvas.text(x + 8, 110, f"{action.get('kind')}: seats {who}", font_size=11, fill="#7b241c")


def _track(canvas: Canvas, players: list[dict[str, Any]]) -> None:
    top = GOAL  # the whole track, 0 to Most Wanted, at every step: a marker's place never rescales
    step = (WIDTH - 60) / top
    canvas.text(
        WIDTH - 190, TRACK_Y - 30, f"notoriety · {top} is Most Wanted", font_size=12, font_weight="bold"
    )
    canvas.line(30, TRACK_Y, 30 + step * top, TRACK_Y, stroke="#6e5435", stroke_width=4)
    for mark in range(top + 1):
        x = 30 + step * mark
        canvas.line(x, TRACK_Y - 6, x, TRACK_Y + 6, stroke="#6e5435")
        canvas.text(x - 4, TRACK_Y + 22, mark, font_size=10, class_="mw-track-mark")
    stacked: dict[int, int] = {}
    for player in players:
        value = int(player.get("notoriety", 0))
        height = stacked.get(value, 0)
        stacked[value] = height + 1
        seat = int(player["seat"])
        x, y = 30 + step * value, TRACK_Y - 12 - 11 * height
        seat_piece(canvas, x, y, 6, seat, stroke="#222", class_="mw-marker", data_notoriety=value)


def _player_row(
    canvas: Canvas, player: dict[str, Any], labels: Sequence[str], y: float, active: bool
) -> None:
    seat = int(player["seat"])
    row_badge(canvas, y, seat, active)
    canvas.text(42, y + 17, seat_label(labels, seat), font_size=13)
    money = int(player.get("money", 0))
    canvas.rect(220, y + 4, min(200, money * 8), 16, fill="#b7950b", class_="mw-money")
    canvas.text(226 + min(200, money * 8), y + 17, f"${money}", font_size=12)
    hand = player.get("hand")
    x = 470
    if hand is None:
        count = int(player.get("hand_size", 0))
        cards = f"{count} card{'' if count == 1 else 's'}"
        canvas.text(
            x, y + 17, f"{cards} · {player.get('committed_count')} committed", font_size=12, fill="#555"
        )
        return
    for card in list(hand) + ["|"] + list(player.get("committed") or []):
        if card == "|":
            x += 8
            continue
        canvas.rect(x, y + 2, 40, 22, rx=3, fill="#fff", stroke="#333")
        canvas.text(x + 3, y + 17, card, font_size=10, class_="card")
        x += 43


KEY = (
    seat_key("an outlaw's notoriety marker, in the seat's colour"),
    KeyEntry("square", "#b7950b", "money"),
    KeyEntry("card", "#ffffff", "a card (after the gap: committed face down)"),
)
PICTURE = Picture(draw, key=KEY)
