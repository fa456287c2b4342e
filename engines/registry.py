"""Engines by game id. A new game is one sub-package and one line here."""

from __future__ import annotations

import importlib

from engines.game import GameEngine

# game id -> module that defines `ENGINE`
_MODULES = {
    "most-wanted": "engines.most_wanted",
    "deadwood-1876": "engines.deadwood",
    "western-legends": "engines.western_legends",
}


class UnknownGame(KeyError):
    """No engine is registered under this game id."""


def game_ids() -> list[str]:
    """Ids of the games whose engine is present in this build."""
    return [game_id for game_id in _MODULES if _available(game_id)]


def _available(game_id: str) -> bool:
    try:
        get_engine(game_id)
    except UnknownGame:
        return False
    return True


def get_engine(game_id: str) -> GameEngine:
    module_name = _MODULES.get(game_id)
    if module_name is None:
        raise UnknownGame(f"unknown game {game_id!r}; known games: {', '.join(sorted(_MODULES))}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise UnknownGame(f"game {game_id!r} is not available in this build") from None
    engine: GameEngine = module.ENGINE
    return engine
