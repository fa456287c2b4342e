"""The audit's event comparison (replay.same_events) compares events of plain
fields as dicts and builds the other flat kinds with msgspec directly; it says "the same"
wherever the comparison through the codec did, and only where the JSON is the same.

The reference is the comparison through the codec as it stood in commit d1d517d, kept
verbatim apart from its name; hypothesis edits one recorded event of random games' steps
(a field set to any JSON value, dropped or added, the kind or version changed). The two
may differ only where JSON's == is laxer than the codec (`true` for an integer 1): there
the plain comparison, which the audit runs next, finds no difference either.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Event, JsonValue
from engines.codec import Codec, DecodeError, converts_directly, encode
from engines.registry import get_engine
from engines.simulate import playout
from replay import same_events
from tests.replay.test_fold_once import GAMES, json_values

STEPS = [
    (name, step)
    for name, options in GAMES
    for number in range(3)
    for step in playout(
        get_engine(name), 4, seed=bytes([number]) * 32, game_id="direct", options=options, bot_seed=number
    )
    if step.events
]
CODECS = {name: Codec(get_engine(name).events) for name, _ in GAMES}


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(STEPS),
    st.integers(0, 50),
    st.sampled_from(["none", "set", "drop", "add", "kind", "v"]),
    json_values,
)
def test_the_direct_comparison_agrees_with_the_codecs(
    step: tuple[str, Any], pick: int, edit: str, value: Any
) -> None:
    name, played = step
    produced = list(played.events)
    recorded = [encode(e) for e in produced]
    data = recorded[pick % len(recorded)] = dict(recorded[pick % len(recorded)])
    key = sorted(data)[pick % len(data)]
    if edit == "set":
        data[key] = value
    elif edit == "drop":
        del data[key]
    elif edit == "add":
        data[f"x{pick}"] = value
    elif edit in ("kind", "v"):
        data[edit] = value
    codec = CODECS[name]
    same = same_events.same_events(codec, recorded, produced)
    if reference_same_events(codec, recorded, produced):
        assert same
    if same:
        assert same_events.events_difference(recorded, produced) is None


def test_flat_kinds_take_the_direct_path_and_nested_ones_the_codec() -> None:
    """Without the direct path every kind would go through the codec (and the gain is lost)."""
    kinds = {type(e) for _, step in STEPS for e in step.events}
    direct = {k for k in kinds if converts_directly(k)}
    assert direct and direct != kinds  # some kinds hold records (Most Wanted's hands_revealed)
    for kind in kinds:
        assert same_events._plan(kind)[3] == (kind in direct)


# The reference: the comparison through the codec, verbatim.


def reference_same_events(
    codec: Codec, recorded: Sequence[Mapping[str, JsonValue]], produced: Sequence[Event]
) -> bool:
    if len(recorded) != len(produced):
        return False
    for data, event in zip(recorded, produced, strict=True):
        if type(data) is not dict or data.get("kind") != event.kind or data.get("v") != event.version:
            return False
        kind = type(event)
        equal_by_fields = _equal_by_fields.get(kind)
        if equal_by_fields is None:
            equal_by_fields = _equal_by_fields[kind] = same_events.compares_its_fields(kind)
        if not equal_by_fields:
            return False
        # The decoder fills a missing field from its default: a recorded event without one is
        # not the encoding (which writes every field), so the key count must match as well.
        if len(data) != _field_count(kind):
            return False
        try:
            if codec.decode(data) != event:
                return False
        except DecodeError:
            return False
    return True


_equal_by_fields: dict[type, bool] = {}  # per event class, made once


_field_counts: dict[type, int] = {}  # per event class, made once


def _field_count(cls: type) -> int:
    """How many keys `encode` writes for an event of `cls`: its fields, `kind` and `v`."""
    count = _field_counts.get(cls)
    if count is None:
        count = _field_counts[cls] = len(dataclasses.fields(cls)) + 2
    return count
