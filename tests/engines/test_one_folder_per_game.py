"""Everything that knows a game's rules lives in its folder, `engines/<game>/`.

The rest of the product reaches a game only through its engine object (the registry hands it
out by game id), so a fourth game is its folder, its proto files and the registry's one line,
and no module elsewhere has to learn its name.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest

from engines.game import GameEngine
from engines.registry import game_ids, get_engine

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("engines", "replay", "service")
GAMES = sorted(p.name for p in (ROOT / "engines").iterdir() if (p / "__init__.py").is_file())
# No module outside a game's folder may import it, without exception: the registry names each game
# by its module path as a string (its one line per game) and imports it by that name when asked.
# What every game's folder provides, besides its rules: the modules the engine object is built from.
NAMED_MODULES = (
    "recording.py",
    "picture.py",
    "outcome.py",
    "setup.py",
    "options.py",
    "views.py",
    "narrate.py",
)


def product_modules() -> Iterator[Path]:
    for floor in PRODUCT:
        for path in sorted((ROOT / floor).rglob("*.py")):
            if "generated" not in path.parts:
                yield path


def games_named(path: Path) -> Iterator[tuple[int, str]]:
    """(line, game package) for every import of a game's package, at any depth of the module."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [(node.lineno, node.module)]
            if node.module == "engines":
                names += [(node.lineno, f"engines.{alias.name}") for alias in node.names]
        else:
            continue
        for line, module in names:
            parts = module.split(".")
            if len(parts) > 1 and parts[0] == "engines" and parts[1] in GAMES:
                yield line, parts[1]


def test_no_module_outside_a_game_folder_imports_the_game() -> None:
    found = []
    for path in product_modules():
        relative = path.relative_to(ROOT)
        owner = relative.parts[1] if relative.parts[0] == "engines" and len(relative.parts) > 2 else None
        for line, game in games_named(path):
            if game != owner:
                found.append(f"{relative}:{line} imports engines.{game}")
    assert not found, "a game's code reached from outside its folder:\n" + "\n".join(found)


@pytest.mark.parametrize("folder", GAMES)
def test_each_game_folder_has_the_named_modules(folder: str) -> None:
    missing = [name for name in NAMED_MODULES if not (ROOT / "engines" / folder / name).is_file()]
    assert not missing, f"engines/{folder} lacks {missing}"


def test_the_registry_lists_every_game_folder() -> None:
    packages = {type(get_engine(game).recording).__module__.split(".")[1] for game in game_ids()}
    assert packages == set(GAMES)


@pytest.mark.parametrize("game", game_ids())
def test_the_engine_calls_its_folder_s_functions_directly(game: str) -> None:
    """The hot paths are the game's module functions themselves: no wrapper call per event."""
    engine = get_engine(game)
    assert isinstance(engine, GameEngine)
    folder = type(engine.recording).__module__.rsplit(".", 1)[0]
    for name in ("evolve", "decide", "decide_folded", "evolve_all"):
        function = getattr(engine, name)
        if function is None:
            continue
        assert inspect.isfunction(function), f"{game}: {name} is a {type(function).__name__}"
        assert function.__module__.startswith(folder + "."), (
            f"{game}: {name} comes from {function.__module__}"
        )
