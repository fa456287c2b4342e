"""Items nobody saw, told as "(unseen)" (seeds/LOG-FORMAT.md, "Items nobody saw").

An expanded tabletop recording lists on each line the items its events name that nobody at the table
saw: the expansion filled them in because the rules need some item there. The narrative and the
viewer name each of them "(unseen)" instead, on that line's events and, from that line on, in the
state's picture, until a line names the item without listing it (it was dealt again, and seen).
Masking only ever replaces a name: what a seat's view hides stays hidden.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from engines.base import Engine, Event, JsonValue
from engines.codec import encode
from engines.wording import UNSEEN
from replay.record import Entry, Header, Line
from replay.verify import shared_codec


@dataclass(frozen=True)
class UnseenAt:
    """What one version's line and the state after it hold that nobody saw."""

    named: frozenset[str]  # the items the line lists: its events name them "(unseen)"
    held: frozenset[str]  # the items still unseen in the state after it: its picture names them so


NOTHING_UNSEEN = UnseenAt(frozenset(), frozenset())


def unseen_by_version(header: Header, entries: Sequence[Line]) -> dict[int, UnseenAt]:
    """Per version of a header or entry line, what it and the state after it hold that nobody saw;
    empty for a log that lists nothing (every server log), so that costs nothing."""
    lines = [entry for entry in entries if isinstance(entry, Entry)]
    if not header.unseen and not any(entry.unseen for entry in lines):
        return {}
    found: dict[int, UnseenAt] = {}
    held: frozenset[str] = frozenset()
    told: list[tuple[int, tuple[str, ...], Sequence[JsonValue]]] = [
        (1, header.unseen, header.setup_events),
        *((entry.version, entry.unseen, entry.events) for entry in lines),
    ]
    for version, listed, events in told:
        named = set(strings(list(events)))
        held = (held - named) | frozenset(listed)  # named without being listed: seen this time
        found[version] = UnseenAt(frozenset(listed), held)
    return found


def held_after(unseen: Mapping[int, UnseenAt], version: int) -> frozenset[str]:
    """The items unseen in the state at `version` (a ruling's version keeps the last line's)."""
    if version in unseen:  # a header or entry: the common case, without a walk
        return unseen[version].held
    before = [v for v in unseen if v <= version]
    return unseen[max(before)].held if before else frozenset()


def masked_events(engine: Engine, events: Sequence[Event], items: frozenset[str]) -> list[Event]:
    """The events with each of `items` named "(unseen)"; an event naming none is kept as it is."""
    if not items:
        return list(events)
    codec = shared_codec(engine.events)
    told: list[Event] = []
    for event in events:
        data = encode(event)
        if items.isdisjoint(strings(data)):
            told.append(event)
            continue
        decoded = codec.decode(masked(data, items))
        assert isinstance(decoded, Event)
        told.append(decoded)
    return told


def masked(value: JsonValue, items: frozenset[str]) -> JsonValue:
    """`value` with every string in `items` replaced by "(unseen)" (object keys kept)."""
    if isinstance(value, str):
        return UNSEEN if value in items else value
    if isinstance(value, list):
        return [masked(item, items) for item in value]
    if isinstance(value, dict):
        return {key: masked(item, items) for key, item in value.items()}
    return value


def strings(value: JsonValue) -> Iterator[str]:
    """Every string value inside `value` (object keys aside), in order."""
    stack: list[JsonValue] = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, list):
            stack.extend(reversed(item))
        elif isinstance(item, dict):
            stack.extend(reversed(list(item.values())))
