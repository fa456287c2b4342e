"""docs/reasons.md lists every reason a client may branch on, made from the engines and the service.

tests/engines/test_legal_oracle.py checks the other way round: every code a near miss meets is listed.
"""

from __future__ import annotations

import ast

from google.rpc import error_details_pb2, status_pb2

from engines.registry import game_ids
from replay.reasons import Reason
from service.core.errors import ForeignCode, InvalidArgument
from service.core.moved_on import NOT_NOW
from tools import reason_sites
from tools.reason_sites import ROOT
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


# -- the service's reasons are one closed vocabulary (replay/reasons.py) ----------------------------


def _literals(tree: ast.AST) -> list[ast.Constant]:
    """The string literals in `tree` that are not docstrings."""
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_reason_is_given_as_a_string_literal() -> None:
    # Every raise site names a member (or passes on a parameter, or another vocabulary's code held
    # in a variable): a literal there, even wrapped as ForeignCode("..."), is a reason outside the enum.
    at_sites = [
        f"{site.path.relative_to(ROOT)}:{site.call.lineno}: {ast.unparse(site.reason)}"
        for site in reason_sites.sites()
        if _literals(site.reason)
    ]
    assert not at_sites, "name a Reason member instead: " + "; ".join(at_sites)
    # ForeignCode passes on a code another vocabulary gave at run time, never one spelled here.
    wrapped = [
        f"{path.relative_to(ROOT)}:{call.lineno}: {ast.unparse(call)}"
        for path, tree in reason_sites.modules()
        for call in ast.walk(tree)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id == ForeignCode.__name__
        and any(_literals(argument) for argument in call.args)
    ]
    assert not wrapped, "a reason the service gives is a Reason member: " + "; ".join(wrapped)
    # The service owns the vocabulary: it never spells a member's value, e.g. to compare `error.reason`.
    values = {member.value for member in Reason}
    spelled = [
        f"{path.relative_to(ROOT)}:{literal.lineno}: {literal.value}"
        for path, tree in reason_sites.modules()
        if path.is_relative_to(ROOT / "service")
        for literal in _literals(tree)
        if literal.value in values
    ]
    assert not spelled, "use the Reason member: " + "; ".join(spelled)


def test_the_scan_sees_every_kind_of_raise_site() -> None:
    reasons = service_reasons()
    assert "TOO_MANY_FAILURES" in reasons["UNAUTHENTICATED"]  # super().__init__ in an error class
    assert "CONTENTION" in reasons["ABORTED"]  # the same, and plain Conflict(...) calls
    assert "BAD_ROUNDS" in reasons["INVALID_ARGUMENT"]  # through tournaments' _require helper
    assert "ALREADY_NEWEST" in reasons["FAILED_PRECONDITION"]  # through upgrades' _refused helper
    assert "BAD_TOURNAMENT_ID" in reasons["INVALID_ARGUMENT"]  # through another module's parse_uuid
    assert "BAD_TO_VERSION" in reasons["INVALID_ARGUMENT"]  # a RulingRefused that is the request's fault
    assert "TAKEBACK_PAST_CHANCE" in reasons["FAILED_PRECONDITION"]  # one that is the game's state's
    assert "MESSAGE_TOO_BIG" in reasons["RESOURCE_EXHAUSTED"]  # a Play frame's reason beside its code


def test_every_reason_is_raised_somewhere_and_documented() -> None:
    raised = set().union(*service_reasons().values())
    dead = sorted(member.value for member in Reason if member.value not in raised)
    assert not dead, f"members no raise site names (remove them, or raise them): {dead}"
    assert raised <= {member.value for member in Reason}
    text = OUT.read_text(encoding="utf-8")
    for member in Reason:
        assert member.meaning.strip(), f"{member} says nothing of what it means"
        assert f"| `{member}` |" in text and f"| {member.meaning} |" in text, f"{member} is not in {OUT.name}"


def test_a_member_goes_on_the_wire_as_its_name() -> None:
    # Clients match on the string: a member's value is its name, and ErrorInfo carries just that.
    assert all(member.value == member.name for member in Reason)
    error = InvalidArgument(Reason.BAD_OPTION, "no such option", field="options")
    status = status_pb2.Status.FromString(error.status_details())
    info = error_details_pb2.ErrorInfo()
    status.details[0].Unpack(info)
    assert (info.reason, type(info.reason)) == ("BAD_OPTION", str)


def test_a_reason_is_declared_by_its_meaning_and_its_value_is_its_name() -> None:
    # The wire carries the name: a member whose value drifts from it would break every client.
    assert all(member == member.name == member.value for member in Reason)
    assert all(member.meaning and member.meaning != member.name for member in Reason)
    assert Reason("GAME_OVER") is Reason.GAME_OVER
