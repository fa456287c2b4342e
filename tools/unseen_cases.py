"""Conformance cases for `unseen`: the items an expanded tabletop recording names that nobody at the
table saw (seeds/LOG-FORMAT.md, "Items nobody saw").

A tabletop log may list them on its header and entries (format 5); a log whose header commits to a
seed may not (`UNSEEN_IN_SEEDED_LOG`), and the field's shape is the reader's to check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from replay.forgeries import PlainRecord, Record, reseal
from replay.logfile import write_lines
from replay.record import Entry, line_salt

# (file, verdict, code, line, about, content[, signature]) -> a Case of tools/conformance.py
MakeCase = Callable[..., Any]


def _drawn(events: Sequence[dict[str, Any]], seat: int | None = None) -> list[str]:
    """The cards of a line's `cards_drawn` events (of one seat when given), in order."""
    return [
        card
        for event in events
        if event.get("kind") == "cards_drawn" and (seat is None or event.get("seat") == seat)
        for card in event.get("cards", ())
    ]


def _first_draw(entries: Sequence[Entry]) -> int:
    return next(i for i, entry in enumerate(entries) if _drawn(entry.events))


def unseen_cases(
    played: PlainRecord,
    old_format: PlainRecord,
    line_of: Callable[[int], int],
    text: Callable[[Record], bytes],
    make_case: MakeCase,
) -> list[Any]:
    """`played`: a short Most Wanted game of format 5, seed revealed; `old_format`: one of format 1."""
    header, played_entries, _ = played
    at = _first_draw(played_entries)
    entries = played_entries[: at + 1]  # each log ends at the line its case is about: the corpus stays small
    dealt = _drawn(header.setup_events, seat=1)
    drawn = _drawn(entries[at].events)
    table_salts = [
        replace(e, salt=line_salt(b"the table's own salts", header.game_id, e.version)) for e in entries
    ]
    marked = list(table_salts)
    marked[at] = replace(marked[at], unseen=(drawn[0],))
    tabletop = reseal(replace(header, seed_commitment=None, unseen=tuple(dealt[:2])), marked, None)
    good_header, good_entries, good_trailer = tabletop
    stale = list(good_entries)
    edited = stale[at]
    assert isinstance(edited, Entry)
    stale[at] = replace(edited, unseen=(dealt[2],))  # hash left as it was
    seeded = list(entries)
    seeded[at] = replace(seeded[at], unseen=(drawn[0],))
    cases = [
        make_case(
            "good/most-wanted-tabletop-unseen.jsonl",
            "incomplete",
            None,
            None,
            "an expanded tabletop recording, no trailer yet: the header and a draw list cards nobody saw",
            text(tabletop),
        ),
        make_case(
            "fail/unseen-edited.jsonl",
            "failed",
            "BROKEN_CHAIN",
            line_of(at),
            "the cards a line lists as unseen edited after sealing",
            text((good_header, stale, good_trailer)),
        ),
        make_case(
            "fail/unseen-in-seeded-log.jsonl",
            "failed",
            "UNSEEN_IN_SEEDED_LOG",
            line_of(at),
            "a server's log (it commits to a seed) listing a card as unseen, every hash re-sealed",
            text(reseal(header, seeded, None)),
        ),
    ]
    lines = write_lines(*tabletop)
    old_lines = write_lines(*old_format)

    def with_unseen(source: list[str], number: int, value: Any) -> bytes:
        """The lines up to `number`, that one with `value` as its unseen: the reader stops there."""
        changed = source[:number]
        changed[-1] = json.dumps(
            {**json.loads(source[number - 1]), "unseen": value}, sort_keys=True, separators=(",", ":")
        )
        return "".join(line + "\n" for line in changed).encode()

    entry_line, old_line = line_of(at), line_of(_first_draw(old_format[1]))
    malformed = [
        (
            "unseen-empty",
            entry_line,
            with_unseen(lines, entry_line, []),
            "an empty unseen list (absent when none)",
        ),
        (
            "unseen-twice",
            entry_line,
            with_unseen(lines, entry_line, [drawn[0], drawn[0]]),
            "a card listed twice",
        ),
        ("unseen-not-text", 1, with_unseen(lines, 1, [3]), "an unseen item that is not an item id"),
        (
            "unseen-format-1",
            old_line,
            with_unseen(old_lines, old_line, [drawn[0]]),
            "unseen in a log of format 1: a field only format 5 has",
        ),
    ]
    cases += [
        make_case(f"unreadable/{name}.jsonl", "unreadable", "MALFORMED_LINE", number, about, content, None)
        for name, number, content, about in malformed
    ]
    return cases
