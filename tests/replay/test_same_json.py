"""`same_json` is equality of JSON values, which Python's == is not (`True == 1`)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engines.base import same_json

scalars = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from(["", "a", "1", "true"])
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from("abc"), inner, max_size=3),
    max_leaves=8,
)


def spelled(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


@given(values, values)
def test_same_json_is_equality_of_the_json_text(a: Any, b: Any) -> None:
    assert same_json(a, b) == (spelled(a) == spelled(b))


@given(values)
def test_a_value_is_the_same_as_its_json_read_back(value: Any) -> None:
    assert same_json(value, json.loads(json.dumps(value)))


def test_a_tuple_is_the_list_it_is_written_as_and_a_boolean_is_no_number() -> None:
    assert same_json({"cards": ("a", 1)}, {"cards": ["a", 1]})
    assert not same_json({"seat": 1}, {"seat": True}) and {"seat": 1} == {"seat": True}
    assert not same_json([0, [False]], [0, [0]])


def test_lists_of_plain_values_compare_type_for_type() -> None:
    # A list of one plain type is compared by the list's own ==: only where the types agree
    # pair by pair, and never with floats, where == on a list holds a NaN equal to itself.
    nan = float("nan")
    assert not same_json([nan] * 4, [nan] * 4) and [nan] * 4 == [nan] * 4
    assert same_json(("a", 1, None, True, 0), ["a", 1, None, True, 0])
    assert not same_json(["a", 1, 2, 3], ["a", True, 2, 3])
    assert not same_json([0, "a", "b", "c"], [False, "a", "b", "c"])
    assert not same_json([1, 2, 3, 4], (1, 2, 3, 4, 5))
