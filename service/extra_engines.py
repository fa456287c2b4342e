"""Engines a server adds at start-up by import path (`frontier serve --engine MODULE:ATTR`).

Off by default: a game id that is neither shipped (engines/registry.py) nor named here is refused as
unknown, so the generic JSON path (`Command.json`) never serves an engine nobody registered. An added
engine has no typed protobuf messages: its commands travel in `Command.json`, its views and events
in `view_json` and `GameEvent.json` (docs/adding-a-game.md, "Trying an engine before its protos").
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from engines.game import GameEngine
from engines.registry import register
from service.config import ConfigError


def load_engine(path: str) -> GameEngine:
    """The engine object at `path`, "package.module:NAME"; ConfigError says what is wrong."""
    module_name, colon, name = path.partition(":")
    if not colon or not module_name or not name:
        raise ConfigError(f"--engine {path!r}: expected MODULE:ATTR, e.g. mygame.engine:ENGINE")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ConfigError(f"--engine {path!r}: cannot import {module_name}: {error}") from None
    engine = getattr(module, name, None)
    if not isinstance(engine, GameEngine):
        raise ConfigError(f"--engine {path!r}: {name} is not an engine (engines.game.GameEngine)")
    return engine


def register_engines(paths: Iterable[str]) -> None:
    """Serve the engines at `paths` beside the shipped games, for as long as the process runs."""
    for path in paths:
        try:
            register(load_engine(path))
        except ValueError as error:  # its game id is a shipped game's, or another added engine's
            raise ConfigError(f"--engine {path!r}: {error}") from None
