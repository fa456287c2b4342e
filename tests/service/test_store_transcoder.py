"""The store's transcoder reads every stored text as eventsourcing's own `JSONTranscoder` does:
the same value, or the same error, whether msgspec or the standard library read it."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import pytest
from eventsourcing.application import Application
from eventsourcing.persistence import DatetimeAsISO, DecimalAsStr, JSONTranscoder, UUIDAsHex
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.store_events import CommandAccepted
from service.core.store_transcoder import StoreTranscoder


def _registered(transcoder: JSONTranscoder) -> JSONTranscoder:
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    return transcoder


LIBRARY, OURS = _registered(JSONTranscoder()), _registered(StoreTranscoder())

_KEYS = st.sampled_from(["_type_", "_data_", "kind", "seat", "a", "é"]) | st.text(max_size=4)
_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8)
    | st.sampled_from(["_type_", "\ud800", "2026-12-05T06:00:00+00:00"])
)
_TRANSCODED = st.builds(
    lambda name, data: {"_type_": name, "_data_": data},
    st.sampled_from(["datetime_iso", "uuid_hex", "decimal_str", "unknown"]),
    st.sampled_from(["2026-12-05T06:00:00.123456+00:00", "0" * 32, "1.5", "x"]),
)
_VALUES = st.recursive(
    _LEAVES | _TRANSCODED,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=12,
)
_STATES = st.dictionaries(_KEYS, _VALUES, max_size=6)


def _read(transcoder: JSONTranscoder, data: bytes) -> tuple[str, Any]:
    try:
        return "value", transcoder.decode(data)
    except Exception as error:  # noqa: BLE001 -- the error is what is compared
        return type(error).__name__, str(error)


def _spellings(value: Any) -> list[bytes]:
    """The library's own spelling, and others a store might hold (escaped, spaced)."""
    return [
        json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8", "surrogatepass"),
        json.dumps(value, ensure_ascii=True).encode(),
    ]


def _same(left: tuple[str, Any], right: tuple[str, Any]) -> bool:
    # NaN is not equal to itself: compare the spelling of values, and the values' types.
    return json.dumps(left, default=repr, sort_keys=True) == json.dumps(right, default=repr, sort_keys=True)


@settings(max_examples=400, deadline=None)
@given(_STATES | _VALUES)
def test_any_stored_text_reads_as_the_library_reads_it(value: Any) -> None:
    for data in _spellings(value):
        assert _same(_read(OURS, data), _read(LIBRARY, data)), data


@pytest.mark.parametrize(
    "data",
    [
        b'{"timestamp":{"_type_":"datetime_iso","_data_":"2026-12-05T06:00:00+00:00"},"a":1,"a":2}',
        b'{"_type_":"uuid_hex","_data_":"00000000000000000000000000000001"}',
        b'{"t":{"_type_":"nope","_data_":1}}',
        b'{"t":{"_type_":"datetime_iso","_data_":"2026-12-05"},"s":"_type_"}',
        b'{"t":{"\\u005ftype_":"datetime_iso","_data_":"2026-12-05"}}',
        b'{"t":[{"_type_":"decimal_str","_data_":"1.5"}]}',
        # An escaped key at the top, a literal "_type_" in a string, an escaped key below: the
        # count of literal ones matches the top level's, yet a nested value is transcoded.
        b'{"t":{"\\u005ftype_":"decimal_str","_data_":"1"},"s":"_type_",'
        b'"a":[{"\\u005ftype_":"decimal_str","_data_":"2"}]}',
        b'{"x":NaN}',
        b'{"x":1E400}',
        b'{"x":"\\ud800"}',
        b"[1,2]",
        b"\xff",
        b'{"x":1',
    ],
)
def test_texts_at_the_edges_read_as_the_library_reads_them(data: bytes) -> None:
    assert _same(_read(OURS, data), _read(LIBRARY, data))


def test_a_stored_command_reads_back_as_the_event_it_was() -> None:
    mapper = Application().construct_mapper()
    mapper.transcoder = OURS
    event = CommandAccepted(
        originator_id=UUID(int=7),
        originator_version=3,
        timestamp=datetime(2026, 12, 5, 6, 0, 0, 123456, tzinfo=UTC),
        entry={"version": 2, "seat": 1, "command": {"kind": "pass", "v": 1}, "events": [], "draws": []},
        command_id="c-1",
    )
    stored = mapper.to_stored_event(event)
    assert mapper.to_domain_event(stored) == event
    assert OURS._decode_fast(stored.state) is not None  # the compiled path read it
