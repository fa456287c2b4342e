"""The codec's msgspec path for messages holding records gives exactly what the
plain path gives: the same message with the same attributes, or the same error.

msgspec ignores unknown keys and fills missing ones in a nested object, where the plain path
names them; the codec takes the msgspec path only where every nested object has exactly its
record's keys. Hypothesis edits real nested messages of every game inside their records (a key
set to any JSON value, dropped or added, an item replaced or appended) and at the top.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.codec import Codec, converts_directly, encode
from engines.registry import get_engine
from engines.simulate import playout
from tests.engines.test_codec_fast_paths import decoded, json_values, plain_codec

GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("most-wanted", {}),
    ("deadwood-1876", {}),
    ("western-legends", {"max_rounds": 5}),
)
NESTED: list[tuple[str, dict[str, Any], str]] = []  # (game, message, the field holding records)
for _game, _options in GAMES:
    _engine = get_engine(_game)
    _codecs = (Codec(_engine.events), Codec(_engine.commands))
    for _number in range(4):
        for _step in playout(
            _engine, 4, seed=bytes([_number]) * 32, game_id="nested", options=_options, bot_seed=_number
        ):
            for _message in (*_step.events, *([_step.command] if _step.command is not None else [])):
                _data = encode(_message)
                for _codec in _codecs:
                    _fast = _codec.fast.get(_message.kind)
                    if _fast is not None and _fast[2] is type(_message):
                        NESTED.extend((_game, _data, name) for name, _, _ in _fast[4])


def test_every_game_has_nested_messages_on_the_msgspec_path() -> None:
    assert {game for game, _, _ in NESTED} == {game for game, _ in GAMES}


@settings(max_examples=600, deadline=None)
@given(
    st.sampled_from(NESTED),
    st.sampled_from(["none", "set", "drop", "add", "item", "append", "top"]),
    st.integers(0, 20),
    json_values,
)
def test_nested_messages_decode_as_on_the_plain_path(
    message: tuple[str, dict[str, Any], str], edit: str, pick: int, value: Any
) -> None:
    game, original, field = message
    data = dict(original)
    held = data[field]
    records = [dict(r) for r in held] if isinstance(held, list) else [dict(held)]
    if records and edit in ("set", "drop", "add"):
        record = records[pick % len(records)]
        names = sorted(record)
        name = names[pick % len(names)]
        if edit == "set":
            record[name] = value
        elif edit == "drop":
            del record[name]
        else:
            record[f"x{pick}"] = value
    elif records and edit == "item":
        records[pick % len(records)] = value
    data[field] = records if isinstance(held, list) else records[0]
    if edit == "append" and isinstance(held, list):
        data[field] = [*records, value]
    elif edit == "top":
        data[field] = value
    engine = get_engine(game)
    for classes in (engine.events, engine.commands):
        assert decoded(Codec(classes), data) == decoded(plain_codec(classes), data)


def test_a_class_holding_records_is_not_compared_directly() -> None:
    """The audit's direct comparison checks top-level keys only: nested kinds take the codec."""
    nested = [
        fast[2] for game, _ in GAMES for fast in Codec(get_engine(game).events).fast.values() if fast[4]
    ]
    assert nested
    assert not any(converts_directly(cls) for cls in nested)
