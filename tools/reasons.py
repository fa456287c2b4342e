"""Write docs/reasons.md, every reason a client may branch on: `python -m tools.reasons` (`--check`).

Read from the source, so the list is the one that runs: each game's rule codes (the `RuleViolation`s
its engine folder and the shared engine modules it imports raise, with the rule ids they name), and
the service's closed vocabulary, the `Reason` enum (replay/reasons.py), each member with the
statuses it is raised under (tools/reason_sites.py) and its meaning. A rule code the scan cannot
read (neither a literal nor a name bound to literals) stops it.
"""

from __future__ import annotations

import ast
import re
import sys
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from engines.registry import game_ids, get_engine
from replay.reasons import Reason
from service.core.errors import ServiceError
from tools import reason_sites

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "reasons.md"
REASON = re.compile(r"[A-Z][A-Z0-9_]+")
RULE_ID = re.compile(r"[A-Z]+(-[A-Z0-9]+)+")  # MW-ROB-2, WL-LOC-SAL-1

INTRO = """# Reasons a client may branch on

Every refusal carries a `google.rpc.Status` whose `google.rpc.ErrorInfo` (domain `frontier-ledger`)
has one of these UPPER_SNAKE `reason`s (docs/api.md, "Statuses", says when each status is answered;
`proto/google/rpc/` holds the protos to decode it). This file is made from the source
(`python -m tools.reasons` rewrites it; a test fails when it is out of date).
"""

RULES_INTRO = """## Rule reasons, per game

A command the rules refuse is `FAILED_PRECONDITION` with the engine's code as `reason` and
`metadata.rule` naming the rule (`seeds/rules/<game>.md`); `ABORTED` with the same code when it
lost a race inside the server. `WRONG_PHASE`, `NOT_YOUR_TURN` and `NOT_YOUR_DECISION` are what a
command chosen from an older update meets: wait for the next update and choose again
(docs/api.md, "Playing a seat").
"""

SERVICE_INTRO = """## Service reasons

Raised by the service itself, for every game (the rule reasons above come on top): the closed
vocabulary `Reason` (`replay/reasons.py`), with the statuses each comes with. A log that does not
verify is `LOG_REJECTED` with the verifier's code in `metadata.code` (seeds/LOG-FORMAT.md); a
relayed line the table refuses carries its recording problem's code as the reason.
"""


# -- rule codes, from the engines ---------------------------------------------------------------


def game_rule_codes(game: str) -> dict[str, set[str]]:
    """Each code the game's engine may raise, with the rule ids it names."""
    package = get_engine(game).decide.__module__.rsplit(".", 1)[0]
    modules = [ast.parse(path.read_text(encoding="utf-8"), str(path)) for path in _modules_of(package)]
    functions = [node for module in modules for node in ast.walk(module) if isinstance(node, ast.FunctionDef)]
    _module_values.clear()
    _module_values.update(_module_bindings(modules))
    helpers = _helpers(functions)
    found: dict[str, set[str]] = defaultdict(set)
    for function in functions:
        for raised in _raised(function, helpers):
            if raised.from_parameters:
                continue  # a helper's own line: its callers name the code or the rule
            if not raised.code:
                raise SystemExit(f"line {raised.line} of {function.name}: cannot read a RuleViolation's code")
            for code in raised.code:
                found[code].update(raised.rule)
    return found


# Where a raised code (or rule id) comes from: the literals it may be, or the name of a parameter
# of the function raising it (then each call of that function says).
Source = frozenset[str] | str


@dataclass(frozen=True)
class Raised:
    code: Source
    rule: Source
    line: int

    @property
    def from_parameters(self) -> bool:
        return isinstance(self.code, str) or isinstance(self.rule, str)


# A helper raising with a code or rule from its parameters: its positional parameters' names, the
# default values of its parameters (what a call that leaves one out passes) and what it raises.
Helper = tuple[list[str], dict[str, ast.expr], list[Raised]]


def _modules_of(package: str) -> list[Path]:
    """The package's modules and the shared engine modules they import, transitively."""
    folder = ROOT / package.replace(".", "/")
    todo = sorted(folder.glob("*.py"))
    seen: list[Path] = []
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.append(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                shared = ROOT / (node.module.replace(".", "/") + ".py")
                if shared.parent == ROOT / "engines" and shared.exists():
                    todo.append(shared)
    return sorted(seen)


def _helpers(functions: list[ast.FunctionDef]) -> dict[str, Helper]:
    """Functions that raise a code or rule given by a parameter (`require(condition, code, message,
    rule)`, `require_card(..., rule)`), found until no new one appears (helpers call helpers)."""
    helpers: dict[str, Helper] = {}
    while True:
        found = {}
        for function in functions:
            raised = [r for r in _raised(function, helpers) if r.from_parameters]
            if raised:
                found[function.name] = (_positional(function), _defaults(function), raised)
        if found == helpers:
            return helpers
        helpers = found


def _raised(function: ast.FunctionDef, helpers: dict[str, Helper]) -> list[Raised]:
    """What each RuleViolation or helper call in the function raises, its sources read in the function."""
    params = _parameters(function)
    raised = []
    for call in _own_calls(function):
        name = call.func.id if isinstance(call.func, ast.Name) else ""
        if name == "RuleViolation":
            code_source = _source(_argument(call, 0, "code"), function, params, REASON)
            rule_source = _source(_argument(call, None, "rule"), function, params, RULE_ID)
            raised.append(Raised(code_source, rule_source, call.lineno))
        elif name in helpers and name != function.name:
            names, defaults, inner = helpers[name]
            for each in inner:
                code_source, rule_source = (
                    _source(
                        _argument(call, names.index(s) if s in names else None, s) or defaults.get(s),
                        function,
                        params,
                        pattern,
                    )
                    if isinstance(s, str)
                    else s
                    for s, pattern in ((each.code, REASON), (each.rule, RULE_ID))
                )
                raised.append(Raised(code_source, rule_source, call.lineno))
    return raised


def _parameters(function: ast.FunctionDef) -> list[str]:
    """Every parameter name, keyword-only ones too (`require_phase(state, *phases, rule)`)."""
    return [a.arg for a in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs)]


def _defaults(function: ast.FunctionDef) -> dict[str, ast.expr]:
    """Each parameter's default value, where it has one."""
    positional = _positional(function)
    given = dict(
        zip(positional[len(positional) - len(function.args.defaults) :], function.args.defaults, strict=True)
    )
    keyword = zip(function.args.kwonlyargs, function.args.kw_defaults, strict=True)
    return given | {a.arg: value for a, value in keyword if value is not None}


def _positional(function: ast.FunctionDef) -> list[str]:
    """The parameters a call may give by position, in order (a keyword-only one only by name)."""
    return [a.arg for a in (*function.args.posonlyargs, *function.args.args)]


def _source(
    expression: ast.expr | None, scope: ast.FunctionDef, params: list[str], pattern: re.Pattern[str]
) -> Source:
    if isinstance(expression, ast.Name) and expression.id in params:
        return expression.id
    return frozenset(_constants(expression, scope, pattern))


def _own_calls(scope: ast.AST) -> list[ast.Call]:
    """Calls in this scope, not in functions defined inside it (those are scanned as their own scope)."""
    calls: list[ast.Call] = []
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        if isinstance(node, ast.Call):
            calls.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return calls


def _argument(call: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    for given in call.keywords:
        if given.arg == keyword:
            return given.value
    return call.args[index] if index is not None and index < len(call.args) else None


# The module-level values of the game's modules by name (a table such as Deadwood's `_PHASES`,
# command -> (phase, rule)), read when a raised rule is looked up in one: set per game.
_module_values: dict[str, ast.expr] = {}


def _module_bindings(modules: list[ast.Module]) -> dict[str, ast.expr]:
    bindings: dict[str, ast.expr] = {}
    for module in modules:
        for node in module.body:
            if isinstance(node, ast.Assign):
                bindings.update({t.id: node.value for t in node.targets if isinstance(t, ast.Name)})
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
                bindings[node.target.id] = node.value
    return bindings


def _binds(target: ast.expr, name: str) -> bool:
    """Whether an assignment's target binds `name`, alone or unpacked (`phase, rule = ...`)."""
    if isinstance(target, ast.Tuple):
        return any(_binds(each, name) for each in target.elts)
    return isinstance(target, ast.Name) and target.id == name


def _constants(expression: ast.expr | None, scope: ast.AST, pattern: re.Pattern[str]) -> list[str]:
    """The literals matching `pattern` an expression may evaluate to (a name: every value bound to it
    in the scope, unpacked or not; a module-level table it reads: that table's literals)."""
    if expression is None:
        return []
    if isinstance(expression, ast.Name):
        bound = [
            node.value
            for node in ast.walk(scope)
            if isinstance(node, ast.Assign) and any(_binds(t, expression.id) for t in node.targets)
        ]
        return sorted({code for value in bound for code in _constants(value, scope, pattern)})
    constants = [node.value for node in ast.walk(expression) if isinstance(node, ast.Constant)]
    literals = {value for value in constants if isinstance(value, str) and pattern.fullmatch(value)}
    for node in ast.walk(expression):
        table = _module_values.get(node.id) if isinstance(node, ast.Name) else None
        if table is not None and table is not expression:
            literals.update(_constants(table, table, pattern))
    return sorted(literals)


# -- service reasons -----------------------------------------------------------------------------


def service_reasons() -> dict[str, set[str]]:
    """Each status -> the `Reason` members raised under it (tools/reason_sites.py reads where)."""
    return reason_sites.raised()


def error_classes(base: type[ServiceError] = ServiceError) -> list[type[ServiceError]]:
    """Every subclass of `base`, however deep."""
    found = []
    for sub in base.__subclasses__():
        found += [sub, *error_classes(sub)]
    return found


# -- the page ------------------------------------------------------------------------------------


def render() -> str:
    parts = [INTRO, RULES_INTRO]
    for game in game_ids():
        parts.append(f"### {get_engine(game).title} (`{game}`)\n")
        parts.append("| reason | rules it may name |\n| --- | --- |")
        for code, rules in sorted(game_rule_codes(game).items()):
            parts.append(f"| `{code}` | {', '.join(sorted(rules)) or '—'} |")
        parts.append("")
    parts.append(SERVICE_INTRO)
    statuses: dict[str, set[str]] = defaultdict(set)
    for status, reasons in service_reasons().items():
        for reason in reasons:
            statuses[reason].add(status)
    parts.append("| reason | status | meaning |\n| --- | --- | --- |")
    for member in sorted(Reason):
        status = ", ".join(f"`{s}`" for s in sorted(statuses[member.value])) or "—"
        parts.append(f"| `{member}` | {status} | {member.meaning} |")
    return "\n".join(parts) + "\n"


def main() -> int:
    text = render()
    if sys.argv[1:] == ["--check"]:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is out of date: run python -m tools.reasons", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(OUT.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
