"""Whether a line's recorded events are the events the rules produced again (the audit's hottest comparison).

The plain comparison is `events_difference`: encode each produced event and compare the JSON
with Python's ==; it names the first difference. Most steps agree, so the audit first asks
`same_events`, which proves the same agreement more cheaply and says False whenever it
cannot (then the plain comparison decides):

- an event whose fields are all plain values (integers, text, booleans, null, or tuples of
  them: most events of every game) is compared as a dict: `{"kind", "v", **its fields}`,
  its tuples as lists, is what `encode` writes for it, so == on the dicts is == on the JSON;
- any other event of a dataclass kind (one holding records) is decoded from the recorded
  JSON, in C for most kinds, and compared as records (the decoder refuses missing or extra
  fields, and a JSON list decodes to the tuple a record holds).

Where `same_events` says True, the plain comparison finds no difference
(tests/replay/test_fold_once.py, tests/replay/test_same_events_direct.py).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from engines.base import Event, JsonValue, same_json
from engines.codec import Codec, DecodeError, converts_directly, encode
from engines.wording import counted
from replay.json_difference import first_difference

Recorded = Sequence[Mapping[str, JsonValue]]


def same_events(codec: Codec, recorded: Recorded, produced: Sequence[Event]) -> bool:
    """True if the recorded events are the encoding of `produced` (False: they may be or not)."""
    if len(recorded) != len(produced):
        return False
    for data, event in zip(recorded, produced, strict=True):
        kind = type(event)
        plan = _plans.get(kind)
        if plan is None:
            plan = _plans[kind] = _plan(kind)
        keys, names, listed, direct = plan
        if keys is None or type(data) is not dict:
            return False
        if listed is not None:
            fields = event.__dict__
            if fields.keys() == names:  # the event holds exactly its fields
                expected = {"kind": event.kind, "v": event.version, **fields}
                for name in listed:  # encode writes a tuple as a list
                    value = expected[name]
                    if type(value) is tuple:
                        expected[name] = list(value)
                if data != expected or not _same_scalar_types(data, expected):
                    return False
                continue
        # The decoder fills a missing field from its default: a recorded event without one is
        # not the encoding (which writes every field), so its keys must be exactly these.
        if data.keys() != keys or data["kind"] != event.kind or not same_json(data["v"], event.version):
            return False
        try:
            # A kind msgspec builds as the codec does (its keys are checked above) is built
            # without the codec's look-ups; any other goes through the codec.
            if (msgspec.convert(data, kind) if direct else codec.decode(data)) != event:
                return False
        except (DecodeError, msgspec.ValidationError):
            return False
    return True


def events_difference(recorded: Recorded, produced: Sequence[Event]) -> str | None:
    """The plain comparison: None if the recorded events are the produced ones' JSON, else
    what differs first (an event's fields, or the number of events)."""
    encoded = [encode(event) for event in produced]
    if same_json(encoded, list(recorded)):
        return None
    for index, (mine, theirs) in enumerate(zip(recorded, encoded, strict=False)):
        if not same_json(mine, theirs):
            path, was, given = first_difference(mine, theirs)
            # The field first: whole events run to ~1,500 characters, and reports cut at the start.
            return (
                f"events differ at event {index + 1}, field {path}: recorded {was}, rules give {given} "
                f"(whole events: recorded {mine}, rules give {theirs})"
            )
    return (
        f"events differ: recorded {counted(len(recorded), 'event')}, rules give {len(encoded)} "
        f"({[e.get('kind') for e in recorded]} vs {[e['kind'] for e in encoded]})"
    )


def _same_scalar_types(data: Mapping[str, JsonValue], expected: Mapping[str, object]) -> bool:
    """Given `data == expected` for a plain event, whether no bool stands for an int or back."""
    for name, value in expected.items():
        got = data[name]
        if type(got) is not type(value):
            return False
        if type(value) is list:  # a list of plain values (a tuple field)
            assert isinstance(got, list)
            for mine, theirs in zip(got, value, strict=True):
                if type(mine) is not type(theirs):
                    return False
    return True


_ENVELOPE = frozenset(("kind", "v"))

# Per event class, made once: the keys its encoding holds (None: compare it as JSON
# instead) and its field names; the fields that hold tuples if every field holds plain
# values (None: it holds records, compare it by decoding); and whether msgspec builds it
# as the codec does.
Plan = tuple[frozenset[str] | None, frozenset[str], tuple[str, ...] | None, bool]
_plans: dict[type, Plan] = {}


def _plan(cls: type) -> Plan:
    if not compares_its_fields(cls):
        return None, frozenset(), None, False
    fields = dataclasses.fields(cls)  # all in __init__: encode writes them
    names = frozenset(f.name for f in fields)
    if not names.isdisjoint(_ENVELOPE):
        return None, names, None, False
    hints = typing.get_type_hints(cls)
    plain = all(_plain(hints[f.name]) or _plain_tuple(hints[f.name]) for f in fields)
    listed = tuple(f.name for f in fields if _plain_tuple(hints[f.name])) if plain else None
    return names | _ENVELOPE, names, listed, converts_directly(cls)


def compares_its_fields(cls: type) -> bool:
    """Whether == on `cls` compares exactly the fields its JSON form holds: the dataclass's
    own __eq__ over every field, each of them in __init__ (what `encode` writes)."""
    if not dataclasses.is_dataclass(cls) or not cls.__dataclass_params__.eq:  # type: ignore[attr-defined]
        return False
    own_eq = cls.__eq__.__qualname__ == f"{cls.__qualname__}.__eq__"
    return own_eq and all(f.compare and f.init for f in dataclasses.fields(cls))


_SCALARS = (int, str, bool, type(None))


def _plain(hint: Any) -> bool:
    """Whether a field of this type holds a value `encode` writes as it is (int, str, bool, None)."""
    if hint in _SCALARS:
        return True
    origin = typing.get_origin(hint)
    if origin is typing.Literal:
        return all(type(arg) in _SCALARS for arg in typing.get_args(hint))
    if origin in (typing.Union, types.UnionType):
        return all(_plain(arg) for arg in typing.get_args(hint))
    return False


def _plain_tuple(hint: Any) -> bool:
    """Whether a field of this type holds a tuple of plain values (written as a JSON list)."""
    if typing.get_origin(hint) is not tuple:
        return False
    return all(arg is Ellipsis or _plain(arg) for arg in typing.get_args(hint))
