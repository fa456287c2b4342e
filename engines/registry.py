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
# game id -> an engine registered at run time (`register`): one a developer tries, or a benchmark's
_REGISTERED: dict[str, GameEngine] = {}


class UnknownGame(KeyError):
    """No engine is registered under this game id."""


def game_ids() -> list[str]:
    """Ids of the games whose engine is present in this build, then those registered at run time."""
    return shipped_game_ids() + list(_REGISTERED)


def shipped_game_ids() -> list[str]:
    """Ids of the games this build ships (each has typed messages in proto/), without registered ones."""
    return [game_id for game_id in _MODULES if _available(game_id)]


def register(engine: GameEngine) -> None:
    """Serve `engine` too, under its game id, until the process ends (`frontier serve --engine`)."""
    if engine.game_id in _MODULES or _REGISTERED.get(engine.game_id, engine) is not engine:
        raise ValueError(f"game id {engine.game_id!r} is already taken by another engine")
    _REGISTERED[engine.game_id] = engine


def _available(game_id: str) -> bool:
    try:
        get_engine(game_id)
    except UnknownGame:
        return False
    return True


def get_engine(game_id: str) -> GameEngine:
    module_name = _MODULES.get(game_id)
    if module_name is None:
        registered = _REGISTERED.get(game_id)
        if registered is not None:
            return registered
        known = ", ".join(sorted([*_MODULES, *_REGISTERED]))
        raise UnknownGame(f"unknown game {game_id!r}; known games: {known}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise UnknownGame(f"game {game_id!r} is not available in this build") from None
    engine: GameEngine = module.ENGINE
    return engine
