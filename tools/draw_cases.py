"""Conformance cases for draws that name their question (seeds/LOG-FORMAT.md, "Format 5").

A format-5 draw records what the rules asked (a roll's range, a shuffle's items) beside the
outcome, so that a verifier without the rules engines re-derives it from the revealed seed.
Each forgery here edits one draw of a good format-5 log and re-seals every hash, so that only
the draw check can find it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from engines.rng import Draw, SeededRng, rng_key
from replay.forgeries import Record, reseal
from replay.record import DealLine, Entry

# (file, verdict, code, line, about, content) -> a Case of tools/conformance.py
MakeCase = Callable[[str, str, str | None, int | None, str, bytes], Any]


def _first(entries: Sequence[Any], op: str) -> int:
    return next(
        i for i, e in enumerate(entries) if isinstance(e, Entry) and any(d["op"] == op for d in e.draws)
    )


def _with_draw(entry: Entry, op: str, edit: Callable[[Draw], Draw]) -> Entry:
    """`entry` with its first `op` draw edited."""
    at = next(i for i, d in enumerate(entry.draws) if d["op"] == op)
    return replace(entry, draws=(*entry.draws[:at], edit(entry.draws[at]), *entry.draws[at + 1 :]))


def _rederived(seed: bytes, key: str, counter: int, draws: Sequence[Draw], at: int) -> Draw | None:
    """The draw the seed gives for the question `draws[at]` names, the draws before it asked first."""
    rng = SeededRng(seed, key, counter)
    for draw in draws[:at]:
        rng.rederive(draw)
    return rng.rederive(draws[at])


def _other_range(seed: bytes, key: str, entry: Entry) -> tuple[Draw, Draw]:
    """A wider range for the entry's first roll: one whose outcome the seed gives differently
    (the value left as recorded), and the same range with the value the seed gives for it."""
    at = next(i for i, d in enumerate(entry.draws) if d["op"] == "randint")
    draw = entry.draws[at]
    for high in range(int(draw["high"]) + 1, int(draw["high"]) + 20):
        edited = {**draw, "high": high}
        derived = _rederived(seed, key, entry.version - 1, [*entry.draws[:at], edited], at)
        assert derived is not None
        if derived["value"] != draw["value"]:
            return edited, derived
    raise AssertionError("no range nearby draws another value")


def draw_cases(
    played: Record,
    entropy: Record,
    dealt: Record,
    line_of: Callable[[int], int],
    text: Callable[[Record], bytes],
    case: MakeCase,
) -> list[Any]:
    """A good format-5 player-entropy game (`entropy`); edited draws of `played` (a format-5 game,
    seed revealed) and of the deal line of `dealt` (`entropy` stopped at its deal, seed revealed)."""
    header, entries, trailer = played
    assert trailer is not None and trailer.seed is not None and header.format_version >= 5
    seed, key = bytes.fromhex(trailer.seed), rng_key(header.game_id, header.deal)
    cases: list[Any] = [
        case(
            "good/most-wanted-commit-reveal-format-5.jsonl",
            "passed",
            None,
            None,
            "format 5, player entropy: every draw names its question, and the deal's re-derive from the "
            "mixed seed",
            text(entropy),
        )
    ]

    def add(name: str, record: Record, code: str, line: int, about: str) -> None:
        cases.append(case(f"fail/{name}.jsonl", "failed", code, line, about, text(record)))

    roll = _first(entries, "randint")
    rolled = entries[roll]
    assert isinstance(rolled, Entry)
    wider, consistent = _other_range(seed, key, rolled)
    edits: tuple[tuple[str, Callable[[Draw], Draw], str, str], ...] = (
        (
            "draw-value-edited",
            lambda d: {**d, "value": int(d["value"]) % int(d["high"]) + 1},
            "DRAW_DIFFERS",
            "a roll's value edited, every hash redone: the seed gives another for its range",
        ),
        (
            "draw-range-edited",
            lambda _: wider,
            "DRAW_DIFFERS",
            "a roll's range edited, every hash redone: the seed gives another value for it",
        ),
        (
            "draw-question-edited",
            lambda _: consistent,
            "DRAW_QUESTION_DIFFERS",
            "a roll's range edited and its value re-derived for it: only the rules, which ask for "
            "another range, find it",
        ),
    )
    for name, edit, code, about in edits:
        body = [*entries[:roll], _with_draw(rolled, "randint", edit), *entries[roll + 1 :]]
        add(name, reseal(header, body, trailer), code, line_of(roll), f"format 5: {about}")
    deal_header, lines, deal_trailer = dealt
    at = next(i for i, line in enumerate(lines) if isinstance(line, DealLine))
    deal = lines[at]
    assert isinstance(deal, DealLine)
    shuffled = deal.draws[0]
    for name, field, about in (
        ("deal-draw-edited", "value", "two cards of the deal's shuffled deck swapped"),
        ("draw-items-edited", "items", "two cards swapped in the deck the deal shuffles"),
    ):
        swapped = list(shuffled[field])
        swapped[0], swapped[1] = swapped[1], swapped[0]
        edited = replace(deal, draws=({**shuffled, field: swapped}, *deal.draws[1:]))
        add(
            name,
            reseal(deal_header, [*lines[:at], edited, *lines[at + 1 :]], deal_trailer),
            "DRAW_DIFFERS",
            line_of(at),
            f"format 5, player entropy: {about}, every hash redone: the mixed seed orders them otherwise",
        )
    return cases
