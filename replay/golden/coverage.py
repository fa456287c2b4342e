"""What the golden corpus must exercise, and whether a corpus game exercises it.

The targets come from the engines, never from a list kept here: every value of every option
(`replay.golden.option_space`), every older rules version's option set (the engine's
`legacy_defaults`) and every command kind. A game *exercises* an option value when its play
depends on it: re-running the game's commands with the value swapped for another value of the
option refuses the table or a command, changes a seat's number of legal commands, changes what a
command causes, or changes the outcome. The setup's events are not compared, since they write the
options out. The default is what every game plays unless it names another value, so a default is
also exercised by a game in which swapping another value back to the default changes the play
(`option_checks="strict"` only refuses tables: a lenient table it refuses shows it). An option
with a single accepted value only has to be played. An option set is exercised likewise against
today's defaults, but only by a rule of its version played differently (a command refused, other
events, another outcome): a changed number of legal commands alone shows no older rule at work. An
option set that sets nothing (a version whose logs play as today's, which changed only what a new
table may name) only has to be played, and a command kind too.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest
from typing import Any

from engines.base import Command, Engine, JsonValue, fold
from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.rng import SeededRng
from replay.golden.option_space import option_values
from replay.verify import outcome_json

Line = Mapping[str, Any]


@dataclass(frozen=True)
class Target:
    """One thing the corpus must play: `option` = `value`, an older version's option set, or a command."""

    game: str
    kind: str  # "option", "option_set" or "command"
    name: str  # the option, the rules version or the command kind
    value: JsonValue = None

    @property
    def label(self) -> str:
        if self.kind == "option":
            return f"{self.name}={_text(self.value)}"
        return f"{self.kind} {self.name}"

    @property
    def file_stem(self) -> str:
        """A file name for the game chosen to exercise it (rules versions hold a slash)."""
        if self.kind == "option":
            return f"{self.name}-{_text(self.value)}"
        return f"{self.kind.replace('_', '-')}-{self.name.replace('/', '-')}"

    def table(self, engine: Engine) -> dict[str, JsonValue]:
        """The options to play it under (a command is looked for under every table, see `tables`)."""
        if self.kind == "option":
            return {self.name: self.value}
        if self.kind == "option_set":
            return dict(_legacy(engine)[self.name])
        return {}


def targets(game: str) -> list[Target]:
    """Every option value, older option set and command kind of `game`, in the engine's order."""
    engine = get_engine(game)
    found = [
        Target(game, "option", name, value)
        for name, values in option_values(engine).items()
        for value in values
    ]
    found += [Target(game, "option_set", version) for version in sorted(_legacy(engine))]
    found += [Target(game, "command", command.kind) for command in engine.commands]
    return found


def exercises(header: Line, lines: Sequence[Line], target: Target) -> bool:
    """Whether the corpus game (`header`, `lines`) plays `target` (see the module's docstring)."""
    engine = get_engine(target.game)
    if header["game"] != target.game:
        return False
    played: dict[str, JsonValue] = header["options"]
    if target.kind == "command":
        return any(line.get("command", {}).get("kind") == target.name for line in lines)
    if target.kind == "option_set":
        legacy = _legacy(engine)[target.name]
        if any(played.get(name) != value for name, value in legacy.items()):
            return False
        if not legacy:
            return True  # nothing set: every game plays its rules
        today = engine.options({})
        swapped = {**played, **{name: today[name] for name in legacy}}
        return _differs(engine, header, lines, swapped, counts=False)
    values = option_values(engine)[target.name]
    default, value = values[0], played.get(target.name)
    if value == target.value:
        others = [other for other in values if other != value]
    elif target.value == default and value in values:
        others = [default]  # every game not naming another value plays the default: it shows here
    else:
        return False
    if len(values) == 1:
        return True  # a single accepted value has nothing to differ from: played is exercised
    return any(_differs(engine, header, lines, {**played, target.name: other}) for other in others)


def _differs(
    engine: Engine, header: Line, lines: Sequence[Line], swapped: dict[str, JsonValue], *, counts: bool = True
) -> bool:
    """Whether the game plays differently under `swapped`; without `counts`, only a refusal, a
    command's events or the outcome count, not a seat's number of legal commands."""
    as_played, other = _as_played(engine, header, lines), _trace(engine, header, lines, swapped)
    if not counts:
        return any(a != b for a, b in zip_longest(_without_counts(as_played), _without_counts(other)))
    return any(a != b for a, b in zip_longest(as_played, other))


def _without_counts(trace: Iterable[Any]) -> Iterator[Any]:
    """A trace (`_trace`) with the legal counts left out: the refusal, each command's events, the outcome."""
    for item in trace:
        if isinstance(item, tuple):
            yield item[0]  # (events, counts)
        elif item == "refused" or isinstance(item, dict) or item is None:
            yield item  # a refusal or the outcome; a bare list is the setup's counts


# A game's own play is compared with each swapped value of each target: it is traced once.
_PLAYED: dict[str, list[Any]] = {}
_PLAYED_KEPT = 64


def _as_played(engine: Engine, header: Line, lines: Sequence[Line]) -> list[Any]:
    key = json.dumps([header, lines[-1]], sort_keys=True) + str(len(lines))
    if key not in _PLAYED:
        if len(_PLAYED) >= _PLAYED_KEPT:
            _PLAYED.pop(next(iter(_PLAYED)))
        _PLAYED[key] = list(_trace(engine, header, lines, header["options"]))
    return _PLAYED[key]


def _trace(
    engine: Engine, header: Line, lines: Sequence[Line], raw: Mapping[str, JsonValue]
) -> Iterator[Any]:
    """The game's play under `raw` options: legal counts, then per command its events; "refused" ends it."""
    seed, game_id, players = bytes.fromhex(header["seed"]), header["game_id"], header["players"]
    codec = Codec(engine.commands)
    try:
        options = engine.options(raw)
        state = fold(engine, None, engine.setup(options, players, SeededRng(seed, game_id, 0)))
    except Exception:  # noqa: BLE001 -- options or a table size the value refuses is a difference
        yield "refused"
        return
    yield _counts(engine, state, players)
    for line in lines[1:]:
        seat = line["seat"]
        command = codec.decode(line["command"])
        assert isinstance(command, Command)
        try:
            if seat not in engine.seats_to_act(state):
                raise ValueError("out of turn")
            events = engine.decide(state, seat, command, SeededRng(seed, game_id, line["step"] - 1))
        except Exception:  # noqa: BLE001 -- a command the swapped value refuses is a difference
            yield "refused"
            return
        state = fold(engine, state, events)
        yield [encode(event) for event in events], _counts(engine, state, players)
    yield outcome_json(engine.outcome(state))


def _counts(engine: Engine, state: Any, players: int) -> list[int]:
    return [len(engine.legal_commands(state, seat)) for seat in range(players)]


def _legacy(engine: Engine) -> Mapping[str, Mapping[str, JsonValue]]:
    legacy: Mapping[str, Mapping[str, JsonValue]] = getattr(engine, "legacy_defaults", {})
    return legacy


def _text(value: JsonValue) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
