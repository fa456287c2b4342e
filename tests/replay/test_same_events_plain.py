"""replay.same_events compares events of plain fields as dicts (the fast path); every difference in
a resealed log is still caught at its line as EVENTS_DIFFER, named as the plain comparison
names it: a changed field, a missing event, an extra event, two events swapped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from engines.codec import Codec, encode
from engines.most_wanted import events as mw
from engines.registry import get_engine
from replay import same_events
from replay.record import Entry
from replay.verify import verify
from tests.replay.helpers import Record, line_of, reseal, simulated

GAMES = ["most-wanted", "deadwood-1876", "western-legends"]
Events = tuple[dict[str, Any], ...]


def played(game: str) -> Record:
    return simulated(game, 4, seed=b"plain" * 8, game_id=f"{game}-plain", bot_seed=2, max_steps=60)


def plain(event: dict[str, Any], game: str) -> bool:
    """Whether the event's kind is compared as a dict (its plan lists its tuple fields)."""
    kind = Codec(get_engine(game).events).by_kind[str(event["kind"])]
    return same_events._plan(kind)[2] is not None


def forged_at(
    record: Record, pick: Callable[[Entry], bool], edit: Callable[[Events], Events]
) -> tuple[int, Any]:
    """Edit the events of the first entry `pick` accepts, reseal, verify: (its index, the problem)."""
    header, entries, trailer = record
    index = next(i for i, entry in enumerate(entries) if isinstance(entry, Entry) and pick(entry))
    edited = list(entries)
    edited[index] = replace(entries[index], events=edit(entries[index].events))
    result = verify(*reseal(header, edited, trailer))
    assert result.problem is not None
    return index, result.problem


def has_int_field(event: dict[str, Any], game: str) -> bool:
    return plain(event, game) and any(type(v) is int for k, v in event.items() if k != "v")


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_field_of_a_plain_event_is_named(game: str) -> None:
    changed: dict[str, Any] = {}

    def edit(events: Events) -> Events:
        at = next(
            i for i, e in enumerate(events) if plain(e, game) and any(type(v) is int for v in e.values())
        )
        name = next(k for k, v in events[at].items() if type(v) is int and k != "v")
        changed.update(before=events[at], after={**events[at], name: events[at][name] + 1})
        return (*events[:at], changed["after"], *events[at + 1 :])

    index, problem = forged_at(
        played(game), lambda entry: any(has_int_field(e, game) for e in entry.events), edit
    )
    assert (problem.line, problem.code) == (line_of(index), "EVENTS_DIFFER")
    assert f"recorded {changed['after']}, rules give {changed['before']}" in problem.reason


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_event_is_named(game: str) -> None:
    index, problem = forged_at(played(game), lambda entry: len(entry.events) >= 2, lambda events: events[:-1])
    assert (problem.line, problem.code) == (line_of(index), "EVENTS_DIFFER")
    assert "events differ: recorded" in problem.reason


@pytest.mark.parametrize("game", GAMES)
def test_an_extra_event_is_named(game: str) -> None:
    index, problem = forged_at(
        played(game), lambda entry: bool(entry.events), lambda events: (*events, events[-1])
    )
    assert (problem.line, problem.code) == (line_of(index), "EVENTS_DIFFER")
    assert "events differ: recorded" in problem.reason


@pytest.mark.parametrize("game", GAMES)
def test_two_events_swapped_are_named(game: str) -> None:
    index, problem = forged_at(
        played(game),
        lambda entry: len(entry.events) >= 2 and entry.events[0] != entry.events[1],
        lambda events: (events[1], events[0], *events[2:]),
    )
    assert (problem.line, problem.code) == (line_of(index), "EVENTS_DIFFER")
    assert "events differ at event 1" in problem.reason


def test_plain_kinds_are_compared_as_dicts_and_kinds_holding_records_are_not() -> None:
    assert same_events._plan(mw.CardsDrawn)[2] == ("cards",)
    assert same_events._plan(mw.StayedPut)[2] == ()
    assert same_events._plan(mw.HandsRevealed)[2] is None  # holds ShownHand records: decoded


def test_the_dict_comparison_sees_a_tuple_as_its_list_and_nothing_else() -> None:
    codec = Codec(get_engine("most-wanted").events)
    drawn = mw.CardsDrawn(seat=1, count=2, cards=("A-0-a", "K-1-b"))
    recorded = encode(drawn)
    assert same_events.same_events(codec, [recorded], [drawn])
    for edited in (
        {**recorded, "cards": ["K-1-b", "A-0-a"]},  # reordered
        {**recorded, "cards": ["A-0-a"]},
        {**recorded, "seat": 2},
        {**recorded, "v": 2},
        {**recorded, "kind": "robbery_joined"},
        {k: v for k, v in recorded.items() if k != "count"},
        {**recorded, "extra": None},
    ):
        assert not same_events.same_events(codec, [edited], [drawn])
        assert same_events.events_difference([edited], [drawn]) is not None
    assert not same_events.same_events(codec, [recorded, recorded], [drawn])
    assert not same_events.same_events(codec, [], [drawn])


def _bools_for_ints(game: str, in_list: bool) -> list[tuple[Codec, dict[str, Any], Any]]:
    """Plain events of `game` whose recorded JSON spells an int 1 as `true` (in a list field
    with `in_list`), each with the event the rules would give: equal to Python's ==, not as JSON."""
    codec = Codec(get_engine(game).events)
    cases = []
    for entry in played(game)[1]:
        for data in entry.events if isinstance(entry, Entry) else ():
            if not plain(data, game):
                continue
            for name, value in data.items():
                if name in ("kind", "v"):
                    continue
                if not in_list and type(value) is int:
                    cases.append((codec, {**data, name: True}, codec.decode({**data, name: 1})))
                if in_list and type(value) is list and value and all(type(v) is int for v in value):
                    recorded = {**data, name: [True, *value[1:]]}
                    cases.append((codec, recorded, codec.decode({**data, name: [1, *value[1:]]})))
    return cases


@pytest.mark.parametrize("in_list", [False, True])
def test_a_boolean_for_an_integer_is_not_the_same_event(in_list: bool) -> None:
    cases = [case for game in GAMES for case in _bools_for_ints(game, in_list)]
    assert cases
    for codec, recorded, event in cases:
        assert recorded == encode(event)  # Python's == takes True for 1
        assert same_events.same_events(codec, [encode(event)], [event])
        assert not same_events.same_events(codec, [recorded], [event])
