"""The log reader's direct scan of a line answers exactly as the full decoder does.

`logfile._decode` scans a line that is one JSON value and nothing else without the
decoder's whitespace handling; any other text must still get the decoder's own
value or error. The oracle is `JSONDecoder.decode` with the same strict hooks.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from replay import logfile

scalars = st.none() | st.booleans() | st.integers(-(2**60), 2**60) | st.floats(allow_nan=False)
values = st.recursive(
    scalars | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12,
)
blanks = st.sampled_from(["", " ", "\t", "\n", "  \r\n"])
tails = st.sampled_from(["", "", "x", "}", "{}", ",1", "]", '"', "NaN", "1e5", "[1"])


def outcome(decode: object, text: str) -> tuple[str, object]:
    try:
        return "value", decode(text)  # type: ignore[operator]
    except (ValueError, RecursionError) as error:
        return type(error).__name__, str(error)


@settings(max_examples=400, deadline=None)
@given(values, blanks, blanks, tails, st.booleans())
def test_the_direct_scan_agrees_with_the_decoder(
    value: object, before: str, after: str, tail: str, duplicate_key: bool
) -> None:
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    if duplicate_key and text.startswith("{") and len(text) > 2:
        text = '{"k":1,"k":2,' + text[1:]
    for candidate in (text, before + text + after, text + tail, tail + text, tail):
        assert outcome(logfile._decode, candidate) == outcome(logfile._DECODER.decode, candidate), candidate


def test_a_line_with_extra_data_is_refused_with_the_decoders_message() -> None:
    problem = outcome(logfile.parse_json, '{"a":1}{"b":2}')
    assert problem == ("ValueError", "not JSON (Extra data at column 8)")
