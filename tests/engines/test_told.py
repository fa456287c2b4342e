"""Events told in one fixed sentence come from their game's SENTENCES table, through wording.told."""

from __future__ import annotations

import ast
import inspect
from dataclasses import dataclass
from types import ModuleType
from typing import ClassVar

import pytest

from engines.base import Event
from engines.deadwood import narrate as deadwood_narrate
from engines.western_legends import narrate as western_legends_narrate
from engines.wording import told

TABLED = (deadwood_narrate, western_legends_narrate)


@dataclass(frozen=True)
class Rested(Event):
    kind: ClassVar[str] = "rested"
    seat: int


@dataclass(frozen=True)
class RestedLong(Rested):
    kind: ClassVar[str] = "rested_long"


@dataclass(frozen=True)
class Dawned(Event):
    kind: ClassVar[str] = "dawned"


SENTENCES: dict[type[Event], str] = {Rested: "{seat} rests.", Dawned: "The sun rises."}


def test_a_sentence_names_the_event_s_seat_or_says_seat_n() -> None:
    assert told(Rested(seat=0), ["Ann", ""], SENTENCES) == "Ann rests."
    assert told(Rested(seat=1), ["Ann", ""], SENTENCES) == "seat 2 rests."
    assert told(Dawned(), ["Ann"], SENTENCES) == "The sun rises."


def test_a_subclass_is_told_as_its_base_and_an_event_not_listed_is_not_told() -> None:
    assert told(RestedLong(seat=0), ["Ann"], SENTENCES) == "Ann rests."
    assert told(RestedLong(seat=0), ["Ann"], {Dawned: "The sun rises."}) is None


@pytest.mark.parametrize("narrate", TABLED, ids=lambda module: module.__name__)
def test_an_event_in_the_table_has_no_match_arm_of_its_own(narrate: ModuleType) -> None:
    """A match arm runs before the table is read: an arm for a tabled event would leave its sentence dead."""
    tree = ast.parse(inspect.getsource(narrate.describe))
    armed = {
        case.pattern.cls.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Match)
        for case in node.cases
        if isinstance(case.pattern, ast.MatchClass) and isinstance(case.pattern.cls, ast.Attribute)
    }
    tabled = {kind.__name__ for kind in narrate.SENTENCES}
    assert armed, "describe has no match arms to check"
    assert not armed & tabled, f"told both by an arm and by SENTENCES: {sorted(armed & tabled)}"
