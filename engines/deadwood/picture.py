"""Deadwood 1876: the locations with their teams, each outlaw's safes and cards, gold and the centre."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engines.deadwood.state import MYSTERY, OVER, SHOWDOWN
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
from engines.wording import counted

WIDTH = 1100
LOCATION_NAMES = {
    "gem_theater": "Gem Theater",
    "bella_union": "Bella Union Saloon",
    "grand_central": "Grand Central Hotel",
}
ROW_H = 36


def round_words(view: dict[str, Any]) -> str:
    """Where the game is in its rounds (DW-RND-1, DW-END-1/2): the main rounds, each ending in a
    heist, count up to `main_rounds`; then come one final ordinary round and the badge round, which
    the state numbers main_rounds + 1 and + 2 ("Round 5 of 3" said that badly)."""
    number, main = view.get("round"), view.get("main_rounds")
    if view.get("phase") in (SHOWDOWN, MYSTERY, OVER):
        return "After the rounds"
    if view.get("badge_round"):
        return "Badge round"
    if number == 0:
        return "Setting up"  # characters chosen and safes passed before the first round
    if isinstance(number, int) and isinstance(main, int) and number > main:
        return f"Final round (after {counted(main, 'main round')})"
    return f"Round {number} of {main}"


def draw(new_canvas: NewCanvas, view: dict[str, Any], labels: Sequence[str]) -> Canvas:
    players: list[dict[str, Any]] = view.get("players", [])
    canvas = new_canvas(WIDTH, 200 + ROW_H * len(players), "Deadwood 1876 table")
    canvas.rect(0, 0, WIDTH, canvas.height, fill="#efe4cf", rx=10)
    canvas.text(
        16,
        24,
        f"{round_words(view)} · {words(view.get('phase'))} · "
        f"centre safes {view.get('centre_safes')} · deck {view.get('deck_size')}",
        font_size=15,
        font_weight="bold",
        class_="dw-status",
    )
    locations: list[dict[str, Any]] = view.get("locations", [])
    width = (WIDTH - 32 - 12 * (len(locations) - 1)) / max(1, len(locations))
    for i, location in enumerate(locations):
        _location(canvas, location, labels, 16 + i * (width + 12), width)
    gold: list[Any] = view.get("gold", [])
    for row, player in enumerate(players):
        seat = int(player["seat"])
        amount = gold[seat] if seat < len(gold) else None
        _player_row(canvas, player, labels, amount, 170 + row * ROW_H, seat == view.get("active"))
    return canvas


def _location(
    canvas: Canvas, location: dict[str, Any], labels: Sequence[str], x: float, width: float
) -> None:
    loc = str(location.get("id"))
    canvas.rect(x, 38, width, 116, rx=8, fill="#d6bf94", stroke="#5b4025", class_="dw-location", data_id=loc)
    canvas.text(x + 10, 58, LOCATION_NAMES.get(loc, loc), font_size=14, font_weight="bold")
    canvas.text(x + width - 90, 58, f"room for {location.get('capacity')}", font_size=11)
    for i, seat in enumerate(location.get("team", [])):
        cy = 80 + i * 22
        seat_piece(canvas, x + 20, cy, 8, seat, stroke="#222", class_="dw-outlaw")
        canvas.text(x + 34, cy + 4, seat_label(labels, seat), font_size=12)


def _player_row(
    canvas: Canvas, player: dict[str, Any], labels: Sequence[str], gold: Any, y: float, active: bool
) -> None:
    seat = int(player["seat"])
    row_badge(canvas, y, seat, active)
    name = seat_label(labels, seat)
    dead = "" if player.get("alive", True) else " (out)"
    canvas.text(42, y + 17, f"{name} · {player.get('character')}{dead}", font_size=12)
    if gold is not None:
        canvas.text(300, y + 17, f"{gold} gold", font_size=12, fill="#7d6608")
    x = 370
    safes = player.get("safes")
    if safes is None:
        for _ in range(int(player.get("safe_count", 0))):
            canvas.rect(x, y + 3, 22, 22, rx=3, fill="#566573", stroke="#222", class_="dw-safe-back")
            x += 25
    else:
        for safe in safes:
            canvas.rect(x, y + 3, 74, 22, rx=3, fill="#d5dbdb", stroke="#222", class_="dw-safe")
            canvas.text(x + 3, y + 18, safe, font_size=10, class_="safe")
            x += 77
    x += 12
    hand = player.get("hand")
    if hand is None:
        count = int(player.get("hand_count", 0))
        canvas.text(x, y + 17, f"{count} card{'' if count == 1 else 's'}", font_size=11, fill="#555")
        return
    for card in hand:
        canvas.rect(x, y + 3, 88, 22, rx=3, fill="#fff", stroke="#333")
        canvas.text(x + 3, y + 18, card, font_size=10, class_="card")
        x += 91


KEY = (
    seat_key("an outlaw at a location, in the seat's colour"),
    KeyEntry("square", "#566573", "a safe, face down"),
    KeyEntry("card", "#d5dbdb", "a safe, seen (grey)"),
    KeyEntry("card", "#ffffff", "a card in hand (white)"),
)
PICTURE = Picture(draw, key=KEY)
