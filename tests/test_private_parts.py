"""No module reaches into another module's private parts.

A name with a leading underscore is its module's business: another module that reads or calls
`games._save` depends on what the owner may change at will, and does by hand what the owner's
public face should offer (the tournaments once saved through `Games._save`). The check is by
name: `<something>._name` where `<something>` is not `self` or `cls` fails unless `_name` is
defined in the same module (a module may use its own private helpers on any of its objects), and
so does `from module import _name`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from service.core import store_events

ROOT = Path(__file__).resolve().parents[1]
# The one place a line handed to the kernel becomes a stored event.
KERNEL_LINES = ROOT / "service/core/ledger_lines.py"
CHECKED = ("engines", "replay", "service", "tools")
# Public despite the underscore: namedtuple's methods carry one so as not to clash with fields.
PUBLIC_UNDERSCORED = frozenset({"_replace", "_asdict", "_fields", "_make", "_field_defaults"})
# argparse has no public way to list a parser's sub-commands and their help, and the command-line
# reference must be made from the parser that runs.
ARGPARSE_INSIDES = {
    "tools/cli_reference.py": {"_actions", "_SubParsersAction", "_HelpAction", "_choices_actions"}
}


def own_names(tree: ast.AST) -> set[str]:
    """Every name the module defines: functions, classes, variables, attributes it assigns, arguments."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def reaches_in(source: str) -> Iterator[tuple[int, str]]:
    """(line, expression) of each use of another module's private attribute in `source`."""
    tree = ast.parse(source)
    mine = own_names(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):  # `from module import _name` reaches in as well
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    yield node.lineno, f"from {node.module} import {alias.name}"
        if not isinstance(node, ast.Attribute):
            continue
        name = node.attr
        if not name.startswith("_") or name.startswith("__") or name in mine or name in PUBLIC_UNDERSCORED:
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        yield node.lineno, ast.unparse(node)


def modules() -> Iterator[Path]:
    for folder in CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "generated" not in path.parts:  # protoc's output
                yield path


def test_no_module_uses_another_modules_private_attributes() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}: {expression}"
        for path in modules()
        for line, expression in reaches_in(path.read_text(encoding="utf-8"))
        if expression.rsplit(".", 1)[-1] not in ARGPARSE_INSIDES.get(str(path.relative_to(ROOT)), set())
    ]
    assert not found, "private parts of other modules used:\n" + "\n".join(found)


def test_the_check_sees_a_private_call_on_another_object_and_spares_its_own() -> None:
    source = (
        "class Desk:\n"
        "    def start(self):\n"
        "        self._lock()\n"  # its own: fine
        "        self.games._save()\n"  # another module's private method
        "def _helper(x):\n"
        "    return x._helper\n"  # a name this module defines
        "from service.core.games import _deal\n"
    )
    found = sorted(reaches_in(source))
    assert found == [(4, "self.games._save"), (7, "from service.core.games import _deal")]


def test_stored_game_events_are_built_by_the_kernel_alone() -> None:
    """Every capability hands the kernel lines; one module of the kernel turns each kind of line into
    its stored event (service/core/ledger_lines.py), and nothing else builds a game's stored event."""
    kinds = {
        name
        for name, value in vars(store_events).items()
        if isinstance(value, type)
        and issubclass(value, store_events.DomainEvent)
        and value.__module__ == store_events.__name__
    }
    builders = {"event_at", "event_after"}
    found = []
    built: set[str] = set()
    for path in (ROOT / "service").rglob("*.py"):
        if "generated" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            made = node.func.id
            if made in builders and node.args and isinstance(node.args[0], ast.Name):
                made = node.args[0].id
            if made in kinds and path == KERNEL_LINES:
                built.add(made)
            elif made in kinds:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {made}")
    assert kinds and not found, "game events built outside service/core/ledger_lines.py:\n" + "\n".join(found)
    assert built == kinds, f"kinds the kernel never builds: {sorted(kinds - built)}"
