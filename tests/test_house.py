"""The house's floors, written down once, and the rule that imports only go down them.

`engines` (the rules, pure) is the ground floor, `replay` (the record) stands on it, `service`
(the running system) on both. A module may import its own floor and those below, never one
above: the record must not depend on the server, nor the rules on either; and no two modules
import each other, so each can be read, tested and changed from the bottom up. These three are the
wheel's only top-level import names, so installing it puts no `web` or `trust` into a user's
environment. `tools` (the corpus writers, the protobuf generator) is run from the repository only: it
may import any floor, no floor imports it, and the wheel does not ship it.
"""

from __future__ import annotations

import ast
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLOORS = ("engines", "replay", "service")  # bottom first
LEVEL = {name: level for level, name in enumerate(FLOORS)}
OUTSIDE = ("tests", "tools")  # repo-only: never imported by the product, never installed


def modules(floor: str) -> Iterator[Path]:
    for path in sorted((ROOT / floor).rglob("*.py")):
        if "generated" not in path.parts:  # protoc's output imports only its own kind
            yield path


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """Every absolute import in the module, at any depth (functions, TYPE_CHECKING blocks)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module


def test_imports_only_go_down_the_floors() -> None:
    upward = []
    for floor in FLOORS:
        for path in modules(floor):
            for line, module in imported(path):
                top = module.split(".")[0]
                if top in OUTSIDE or LEVEL.get(top, -1) > LEVEL[floor]:
                    upward.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not upward, "imports that run up a floor:\n" + "\n".join(upward)


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def dependencies(path: Path, known: set[str]) -> set[str]:
    """The modules of the house that `path` imports: `from pkg import sub` names the module `sub`."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.add(submodule if submodule in known else node.module)
    return found & known


def test_no_two_modules_import_each_other() -> None:
    paths = {module_name(path): path for floor in (*FLOORS, "tools") for path in modules(floor)}
    known = set(paths)
    graph = {name: dependencies(path, known) - {name} for name, path in paths.items()}
    pairs = sorted({tuple(sorted((a, b))) for a, deps in graph.items() for b in deps if a in graph[b]})
    assert not pairs, "modules that import each other: " + ", ".join(" <-> ".join(p) for p in pairs)


def test_the_floors_are_the_only_top_level_packages() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    included = config["tool"]["setuptools"]["packages"]["find"]["include"]
    assert sorted(included) == sorted(f"{floor}*" for floor in FLOORS)
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages == {*FLOORS, *OUTSIDE}, f"top-level packages besides the floors: {packages}"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("def f():\n    from service.games import Games\n")
    assert [m for _, m in imported(module)] == ["service.games"]
