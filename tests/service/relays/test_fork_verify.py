"""The fork's starting position under attack, offline: an untrusted header never crashes the verifier."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.forgeries import Record, reseal
from replay.verify import verify
from tools.conformance import game_record
from tools.fork_cases import fork_record

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 80) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=10,
)


@cache
def fork() -> Record:
    return fork_record(game_record("most-wanted"))


def test_the_conformance_fork_passes() -> None:
    assert verify(*fork()).verdict == "passed"


def test_an_event_that_does_not_read_is_a_bad_fork_position() -> None:
    header, entries, trailer = fork()
    events = (*header.setup_events[:2], {"kind": "not_an_event"}, *header.setup_events[2:])
    origin: dict[str, Any] = {
        **(header.forked_from or {}),
        "events": int(str((header.forked_from or {})["events"])) + 1,
    }
    problem = verify(
        *reseal(replace(header, setup_events=events, forked_from=origin), entries, trailer)
    ).problem
    assert problem is not None and (problem.code, problem.line) == ("BAD_FORK_POSITION", 1)


@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_any_edit_of_the_copied_history_or_origin_is_caught_or_harmless(data: st.DataObject) -> None:
    header, entries, trailer = fork()
    assert header.forked_from is not None
    copied = int(str(header.forked_from["events"]))
    if data.draw(st.booleans(), label="edit an event"):
        index = data.draw(st.integers(0, copied - 1), label="event")
        event = dict(header.setup_events[index])
        key = data.draw(st.sampled_from(sorted(event)), label="field")
        event[key] = data.draw(JSON, label="value")
        events = (*header.setup_events[:index], event, *header.setup_events[index + 1 :])
        edited = replace(header, setup_events=events)
    else:
        key = data.draw(st.sampled_from(sorted(header.forked_from)), label="origin field")
        edited = replace(header, forked_from={**header.forked_from, key: data.draw(JSON, label="value")})
    result = verify(*reseal(edited, entries, trailer))  # never raises, whatever the edit
    if edited.forked_from != header.forked_from and key in ("state_hash", "events"):
        assert result.problem is not None and result.problem.line == 1, result.problem
    # An edited event may pass only if the position folds to the same state hash: that is the
    # check itself; game_id and version are claims about the source, checked against its log.
