"""Where the service raises each `Reason`, and under which status, read from the source (AST).

A raise site names its reason as the first argument of an error class (`InvalidArgument(Reason.X,
...)`, any `ServiceError` subclass, however deep, wherever defined), of a helper that passes a
parameter on as one (`_require(condition, Reason.X, ...)`), of `super().__init__` in such a class,
of replay's `RulingRefused` (its status: service/core/refused_rulings.py), or as `reason=` beside a
literal `code=` (a Play frame refused before it is read). tests/test_reasons.py keeps the source in
that shape: no reason is ever a string literal.
"""

from __future__ import annotations

import ast
import functools
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from replay.reasons import Reason
from service.core.errors import ServiceError
from service.core.refused_rulings import REQUEST_FAULTS

ROOT = Path(__file__).resolve().parents[1]
RAISING_PACKAGES = ("service", "replay")  # the floors whose refusals reach clients as reasons
RULING_REFUSED = "RulingRefused"


@dataclass(frozen=True)
class Site:
    """One place a reason is given: the call, the argument holding the reason, and its status."""

    path: Path
    call: ast.Call
    reason: ast.expr
    status: str  # a google.rpc code name, or RULING_REFUSED


def modules() -> Iterator[tuple[Path, ast.Module]]:
    for package in RAISING_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "generated" not in path.parts:
                yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def error_statuses(trees: list[ast.Module]) -> dict[str, str]:
    """Each error class name (the core's and every subclass defined in the source) -> its status."""
    statuses = {cls.__name__: cls.status.name for cls in _subclasses(ServiceError)}
    statuses[ServiceError.__name__] = ServiceError.status.name
    grew = True
    while grew:
        grew = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in statuses:
                    bases = [_name(base) for base in node.bases]
                    known = [statuses[b] for b in bases if b in statuses]
                    if known:
                        statuses[node.name], grew = known[0], True
    return statuses


@functools.cache  # one read of the source per process: the docs and the tests ask several times
def sites() -> tuple[Site, ...]:
    """Every call that gives a reason, in the packages whose refusals reach clients."""
    parsed = list(modules())
    statuses = error_statuses([tree for _, tree in parsed])
    statuses[RULING_REFUSED] = RULING_REFUSED
    # A public helper (fields.parse_uuid) gives its reason wherever it is called; a private one only
    # in its own module, where another module may use its name for something else.
    shared = {
        name: found
        for _, tree in parsed
        for name, found in _helpers(tree, statuses).items()
        if name[0] != "_"
    }
    found: list[Site] = []
    for path, tree in parsed:
        helpers = shared | _helpers(tree, statuses)
        for scope, call in _calls(tree):
            name = _name(call.func)
            if name == "__init__" and scope is not None and isinstance(call.func, ast.Attribute):
                status = _class_status(scope, statuses)
                if status is not None and call.args:
                    found.append(Site(path, call, call.args[0], status))
            elif name in statuses and call.args:
                found.append(Site(path, call, call.args[0], statuses[name]))
            elif name in helpers:
                index, status = helpers[name]
                if index < len(call.args):
                    found.append(Site(path, call, call.args[index], status))
            keywords = {k.arg: k.value for k in call.keywords}
            code = keywords.get("code")
            if "reason" in keywords and isinstance(code, ast.Constant) and isinstance(code.value, str):
                found.append(Site(path, call, keywords["reason"], code.value))
    return tuple(found)


def raised() -> dict[str, set[str]]:
    """Each status -> the Reason members raised under it (a refused ruling's status from its map)."""
    found: dict[str, set[str]] = defaultdict(set)
    for site in sites():
        member = member_named(site.reason)
        if member is None:
            continue  # a parameter passed on, or another vocabulary (ForeignCode)
        status = site.status
        if status == RULING_REFUSED:
            status = "INVALID_ARGUMENT" if member in REQUEST_FAULTS else "FAILED_PRECONDITION"
        found[status].add(member.value)
    return dict(found)


def member_named(expression: ast.expr) -> Reason | None:
    """The member an expression names (`Reason.X`), or None."""
    if (
        isinstance(expression, ast.Attribute)
        and isinstance(expression.value, ast.Name)
        and expression.value.id == Reason.__name__
    ):
        return Reason[expression.attr]
    return None


def _subclasses(base: type[ServiceError]) -> list[type[ServiceError]]:
    found = []
    for sub in base.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def _name(expression: ast.expr) -> str:
    if isinstance(expression, ast.Name):
        return expression.id
    return expression.attr if isinstance(expression, ast.Attribute) else ""


def _calls(tree: ast.Module) -> Iterator[tuple[ast.ClassDef | None, ast.Call]]:
    """Every call, with the class it is written in (if any)."""

    def walk(node: ast.AST, scope: ast.ClassDef | None) -> Iterator[tuple[ast.ClassDef | None, ast.Call]]:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.ClassDef) else scope
            if isinstance(child, ast.Call):
                yield scope, child
            yield from walk(child, inner)

    return walk(tree, None)


def _class_status(scope: ast.ClassDef, statuses: dict[str, str]) -> str | None:
    return next((statuses[_name(b)] for b in scope.bases if _name(b) in statuses), None)


def _helpers(tree: ast.Module, statuses: dict[str, str]) -> dict[str, tuple[int, str]]:
    """Functions of this module that give an error class one of their parameters as its reason:
    name -> (that parameter's index, the status)."""
    helpers = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            params = [a.arg for a in node.args.args]
            for call in ast.walk(node):
                if (
                    isinstance(call, ast.Call)
                    and _name(call.func) in statuses
                    and call.args
                    and isinstance(call.args[0], ast.Name)
                    and call.args[0].id in params
                ):
                    helpers[node.name] = (params.index(call.args[0].id), statuses[_name(call.func)])
    return helpers
