"""The codec's fast paths give exactly what the plain definitions give.

`encode` reads each dataclass's field names once and returns plain values without
type checks; `Codec.decode` skips a message's `kind` and `v` by name. The oracle here
is the straightforward definition, run on every command and event of random games
of every engine, and on hypothesis-made messages of a toy class.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Event, Message, changed
from engines.codec import Codec, DecodeError, encode
from engines.registry import get_engine
from engines.simulate import playout


def reference_encode(message: Message) -> dict[str, Any]:
    """The codec's JSON form by its plain definition (the code before the fast path)."""

    def to_json(value: Any) -> Any:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {f.name: to_json(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init}
        if isinstance(value, (tuple, list)):
            return [to_json(v) for v in value]
        if isinstance(value, Mapping):
            return {str(k): to_json(v) for k, v in value.items()}
        return value

    return {"kind": message.kind, "v": message.version, **to_json(message)}


@pytest.mark.parametrize(
    ("game", "options"),
    [("most-wanted", {}), ("deadwood-1876", {}), ("western-legends", {"max_rounds": 5})],
)
@pytest.mark.parametrize("number", [1, 2])
def test_encode_and_decode_agree_with_the_plain_definitions_on_real_games(
    game: str, options: dict[str, Any], number: int
) -> None:
    engine = get_engine(game)
    events, commands = Codec(engine.events), Codec(engine.commands)
    seed = number.to_bytes(8, "big") * 4
    checked = 0
    for step in playout(engine, 4, seed=seed, game_id=f"fast-{number}", options=options, bot_seed=number):
        messages: list[tuple[Codec, Message]] = [(events, e) for e in step.events]
        if step.command is not None:
            messages.append((commands, step.command))
        for codec, message in messages:
            encoded = encode(message)
            assert encoded == reference_encode(message)
            assert list(encoded) == list(reference_encode(message))  # the same key order too
            decoded = codec.decode(encoded)
            assert decoded == message
            # Built without __init__ (engines.codec._init_only_stores): the very same attributes.
            assert list(vars(decoded).items()) == list(vars(message).items())
            checked += 1
    assert checked > 50


@dataclass(frozen=True)
class Inner:
    name: str
    marks: tuple[int, ...]


@dataclass(frozen=True)
class Noted(Event):
    kind: ClassVar[str] = "noted"
    seat: int
    flag: bool
    items: tuple[Inner, ...]
    note: str | None = None


TOY = Codec([Noted])
inners = st.builds(Inner, name=st.text(max_size=5), marks=st.tuples(st.integers(-(2**53), 2**53)))
noted = st.builds(
    Noted,
    seat=st.integers(0, 7),
    flag=st.booleans(),
    items=st.lists(inners, max_size=3).map(tuple),
    note=st.none() | st.text(max_size=5),
)


@settings(max_examples=200, deadline=None)
@given(noted)
def test_encode_agrees_with_the_plain_definition_on_random_messages(message: Noted) -> None:
    assert encode(message) == reference_encode(message)
    assert TOY.decode(encode(message)) == message


@settings(max_examples=100, deadline=None)
@given(noted, st.sampled_from(["kind", "v", "extra", "name"]), st.integers())
def test_a_stray_field_is_refused_at_any_level(message: Noted, key: str, value: int) -> None:
    """Skipping the envelope by name must not let `kind` or `v` (or anything) through in a
    nested object, and an unknown top-level field is still named."""
    encoded = encode(message)
    nested = {**encoded, "items": [{**encode_inner(i), key: value} for i in message.items]}
    if message.items and key != "name":
        with pytest.raises(DecodeError, match=f"unknown field\\(s\\) \\['{key}'\\]"):
            TOY.decode(nested)
    if key not in ("kind", "v"):
        with pytest.raises(DecodeError, match=f"noted: unknown field\\(s\\) \\['{key}'\\]"):
            TOY.decode({**encoded, key: value})


def encode_inner(inner: Inner) -> dict[str, Any]:
    return {"name": inner.name, "marks": list(inner.marks)}


@dataclass(frozen=True)
class Doubled(Event):
    """A record whose own __init__ does more than store: decoding must still run it."""

    kind: ClassVar[str] = "doubled"
    value: int

    def __init__(self, value: int) -> None:
        object.__setattr__(self, "value", value * 2)


@dataclass(frozen=True)
class Checked(Event):
    """A record with a __post_init__: decoding must still run it."""

    kind: ClassVar[str] = "checked"
    seats: tuple[int, ...]
    count: int = -1

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", len(self.seats))


def test_a_record_whose_init_does_more_than_store_is_built_by_its_init() -> None:
    codec = Codec([Doubled, Checked])
    assert codec.decode({"kind": "doubled", "v": 1, "value": 4}).value == 8  # type: ignore[attr-defined]
    checked = codec.decode({"kind": "checked", "v": 1, "seats": [0, 2], "count": 7})
    assert checked == Checked(seats=(0, 2)) and checked.count == 2


def decoded(codec: Codec, data: Any) -> tuple[str, object]:
    try:
        message = codec.decode(data)
    except DecodeError as error:
        return "error", str(error)
    return "message", (type(message), list(vars(message).items()))


def plain_codec(classes: Any) -> Codec:
    """The codec without its msgspec path: every message built by `decode_dataclass`."""
    codec = Codec(classes)
    codec.fast = {}
    return codec


REAL_MESSAGES: list[tuple[str, dict[str, Any]]] = []
for _game, _options in (("most-wanted", {}), ("deadwood-1876", {}), ("western-legends", {"max_rounds": 5})):
    _engine = get_engine(_game)
    for _step in playout(_engine, 4, seed=b"m" * 32, game_id="msgs", options=_options, bot_seed=3):
        REAL_MESSAGES.extend((_game, encode(e)) for e in _step.events)
        if _step.command is not None:
            REAL_MESSAGES.append((_game, encode(_step.command)))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=2),
    max_leaves=6,
)


def test_the_msgspec_path_covers_most_kinds_of_every_game() -> None:
    for game in ("most-wanted", "deadwood-1876", "western-legends"):
        engine = get_engine(game)
        assert len(Codec(engine.events).fast) > 0.9 * len(engine.events)


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(REAL_MESSAGES),
    st.sampled_from(["none", "set", "drop", "add", "list"]),
    st.integers(0, 20),
    json_values,
)
def test_decode_gives_the_same_message_or_error_as_the_plain_path(
    message: tuple[str, dict[str, Any]], edit: str, pick: int, value: Any
) -> None:
    game, data = message
    engine = get_engine(game)
    data = dict(data)
    names = sorted(data)
    name = names[pick % len(names)]
    if edit == "set":
        data[name] = value
    elif edit == "drop":
        del data[name]
    elif edit == "add":
        data[f"x{pick}"] = value
    elif edit == "list" and isinstance(data[name], list):
        data[name] = [*data[name], value]
    for classes in (engine.events, engine.commands):
        fast, plain = Codec(classes), plain_codec(classes)
        assert decoded(fast, data) == decoded(plain, data)


STATES = [
    step.state
    for game, options in (("most-wanted", {}), ("deadwood-1876", {}), ("western-legends", {"max_rounds": 5}))
    for step in playout(get_engine(game), 3, seed=b"c" * 32, game_id="changed", options=options, bot_seed=2)
]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(STATES), st.data())
def test_changed_gives_what_dataclasses_replace_gives(state: Any, data: st.DataObject) -> None:
    """`engines.base.changed` (the fold's copy of a record) against the stdlib's `replace`:
    the same values and the same attribute order, for any subset of fields changed."""
    names = [f.name for f in dataclasses.fields(state)]
    chosen = data.draw(st.lists(st.sampled_from(names), unique=True, max_size=4))
    changes = {name: data.draw(json_values) for name in chosen}
    made = changed(state, **changes)
    plain = dataclasses.replace(state, **changes)
    assert made == plain
    assert list(vars(made).items()) == list(vars(plain).items())
    assert vars(state) == vars(dataclasses.replace(state))  # the original is untouched
