"""docs/reasons.md lists every reason a client may branch on, made from the engines and the service.

tests/engines/test_legal_oracle.py checks the other way round: every code a near miss meets is listed.
"""

from __future__ import annotations

from engines.registry import game_ids
from service.core.moved_on import NOT_NOW
from tools.reasons import OUT, game_rule_codes, render, service_reasons


def test_the_reasons_in_docs_are_made_from_the_current_source() -> None:
    assert OUT.read_text(encoding="utf-8") == render(), "run python -m tools.reasons"


def test_every_game_lists_its_codes_with_the_rules_naming_them() -> None:
    for game in game_ids():
        codes = game_rule_codes(game)
        assert {"WRONG_PHASE", "GAME_OVER", "UNKNOWN_COMMAND"} <= set(codes), game
        assert len(codes) >= 5, game
    # through a helper taking the code as a parameter (Western Legends' require), and its rule ids
    assert "WL-MOVE-3" in game_rule_codes("western-legends")["NO_MESA_ROUTE"]
    # through a helper taking the rule id as a parameter (Deadwood's require_card)
    assert "DW-ROB-2" in game_rule_codes("deadwood-1876")["CARD_NOT_HELD"]
    # through a shared engine module (engines/choices.py)
    assert "BAD_CHOICE" in game_rule_codes("deadwood-1876")


def test_the_moved_on_hint_covers_codes_the_engines_raise() -> None:
    raised = set().union(*(game_rule_codes(game) for game in game_ids()))
    assert raised >= NOT_NOW


def test_the_service_reasons_are_listed_by_status() -> None:
    reasons = service_reasons()
    assert "STALE_VERSION" in reasons["ABORTED"] and "BAD_OPTION" in reasons["INVALID_ARGUMENT"]
    text = OUT.read_text(encoding="utf-8")
    assert all(f"`{reason}`" in text for names in reasons.values() for reason in names)
