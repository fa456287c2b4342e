"""Records for the replay tests: simulated games, tabletop copies, forgeries."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from engines.base import Command
from engines.codec import Codec
from engines.registry import get_engine
from engines.rng import SeededRng
from engines.simulate import Step, playout
from replay import forgeries
from replay.record import FORMAT_VERSION, Entry, Header, Trailer
from replay.verify import build_record, steps

Record = tuple[Header, list[Entry], Trailer]
TOY = "toy-race"
T = TypeVar("T")


def simulated(
    game: str = TOY,
    seats: int = 2,
    *,
    seed: bytes = b"table-seed",
    game_id: str = "game-1",
    bot_seed: int = 0,
    max_steps: int | None = None,
    reveal_seed: bool | None = None,
    format_version: int = FORMAT_VERSION,
) -> Record:
    """A random game sealed as a record; `max_steps` cuts it short (still in progress)."""
    engine = get_engine(game)
    options = engine.options({})
    played: list[Step] = []
    for step in playout(engine, seats, seed=seed, game_id=game_id, options=options, bot_seed=bot_seed):
        played.append(step)
        if max_steps is not None and len(played) > max_steps:
            break
    players = [f"Player {i + 1}" for i in range(seats)]
    return build_record(
        game_id,
        game,
        options,
        seats,
        players,
        "test-cup",
        seed,
        played,
        reveal_seed=reveal_seed,
        format_version=format_version,
    )


def reseal(header: Header, entries: Sequence[Entry], trailer: Trailer | None) -> Record:
    """`replay.forgeries.reseal` for a log that keeps its trailer."""
    sealed_header, chained, closing = forgeries.reseal(header, entries, trailer)
    assert closing is not None
    return sealed_header, chained, closing


def tabletop(record: Record) -> Record:
    """The same game as a tabletop import: no seed, the draws as observed outcomes."""
    header, entries, trailer = record
    return reseal(replace(header, seed_commitment=None), entries, replace(trailer, seed=None))


def edit_entry(entries: Sequence[Entry], index: int, **changes: Any) -> list[Entry]:
    """A copy of the entries with one entry's fields changed (hashes left stale)."""
    edited = list(entries)
    edited[index] = replace(edited[index], **changes)
    return edited


def first_index(entries: Sequence[Entry], test: Callable[[Entry], bool], start: int = 2) -> int:
    """The index of the first entry from `start` on that passes `test`."""
    return next(i for i, entry in enumerate(entries) if i >= start and test(entry))


def line_of(index: int) -> int:
    """The file line of entries[index]: the header is line 1."""
    return index + 2


class _ForcedRoll:
    """The seeded chance of one command, except that its first die roll is `value`."""

    def __init__(self, seed: bytes, game_id: str, counter: int, value: int) -> None:
        self.inner = SeededRng(seed, game_id, counter)
        self.draws = self.inner.draws
        self.value: int | None = value

    def randint(self, low: int, high: int) -> int:
        if self.value is None:
            return self.inner.randint(low, high)
        value, self.value = self.value, None
        self.draws.append({"op": "randint", "low": low, "high": high, "value": value})
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        return self.inner.shuffle(items)


def forged_roll(record: Record, seed: bytes, index: int, value: int) -> Record:
    """Re-play the game's commands with the die of entries[index] forced to `value`.

    Models a forger who edits a roll and recomputes every later event, hash and
    the trailer, keeping the seed: only the randomness audit can catch it. The
    forgery ends where its game ends.
    """
    header, entries, _ = record
    engine = get_engine(header.game)
    commands = Codec(engine.commands)
    setup = next(steps(header, []))
    state = setup.state
    played = [Step(1, None, None, setup.events, header.setup_draws, state)]
    for i, entry in enumerate(entries):
        if engine.outcome(state) is not None:
            break
        counter = entry.version - 1
        rng = (
            _ForcedRoll(seed, header.game_id, counter, value)
            if i == index
            else SeededRng(seed, header.game_id, counter)
        )
        command = commands.decode(entry.command)
        assert isinstance(command, Command)
        events = engine.decide(state, entry.seat, command, rng)
        for event in events:
            state = engine.evolve(state, event)
        played.append(Step(entry.version, entry.seat, command, tuple(events), tuple(rng.draws), state))
    return build_record(
        header.game_id,
        header.game,
        header.options,
        header.seats,
        header.players,
        header.tag,
        seed,
        played,
        reveal_seed=True,
    )
