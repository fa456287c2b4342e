"""A caller's game or tournament id becomes a UUID in one place, `service.core.fields.parse_uuid`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from replay.reasons import Reason
from service.core.errors import InvalidArgument
from service.core.games import parse_game_id
from service.core.tournaments.application import parse_tournament_id

ROOT = Path(__file__).resolve().parents[2]
# An imported log's header names its game id in a message of its own (no request field holds it).
OWN_WORDS = {"service/core/exchange.py"}


def uuid_parsers(source: str) -> int:
    """How many `try` blocks in `source` call `UUID(...)` and refuse what a bad spelling raises
    (a lookup that answers "no such thing" to a bad spelling refuses nothing)."""
    return sum(
        1
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Try)
        and any(
            isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "UUID"
            for statement in node.body
            for call in ast.walk(statement)
        )
        and any(
            "ValueError" in ast.unparse(handler.type or ast.Name(""))
            and any(isinstance(inner, ast.Raise) for inner in ast.walk(handler))
            for handler in node.handlers
        )
    )


def test_ids_are_parsed_by_one_helper() -> None:
    found = {
        str(path.relative_to(ROOT)): count
        for path in sorted((ROOT / "service").rglob("*.py"))
        if "generated" not in path.parts and (count := uuid_parsers(path.read_text(encoding="utf-8")))
    }
    assert found == {"service/core/fields.py": 1} | dict.fromkeys(OWN_WORDS, 1)


def test_the_scan_sees_a_parser_of_its_own() -> None:
    source = (
        "def f(x):\n    try:\n        return UUID(x)\n    except (ValueError, TypeError):\n        raise E\n"
    )
    assert uuid_parsers(source) == 1
    assert uuid_parsers("def f(x):\n    return parse_uuid(x)\n") == 0
    assert uuid_parsers(source.replace("raise E", "return None")) == 0


@pytest.mark.parametrize(
    ("parse", "field", "reason"),
    [
        (parse_game_id, "game_id", Reason.BAD_GAME_ID),
        (parse_tournament_id, "tournament_id", Reason.BAD_TOURNAMENT_ID),
    ],
)
def test_both_ids_take_every_spelling_and_refuse_alike(parse: object, field: str, reason: Reason) -> None:
    assert callable(parse)
    uid = "6f1c2a3e-0000-4000-8000-00000000abcd"
    assert parse(uid.upper()) == parse("{" + uid + "}") == parse("urn:uuid:" + uid)
    with pytest.raises(InvalidArgument) as refused:
        parse("nope")
    assert (refused.value.reason, refused.value.message) == (reason, f"{field} 'nope' is not a UUID")
    assert refused.value.metadata == {"field": field}
