"""Random games with random takebacks, sealed as records the way the server writes them."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engines.base import Engine, Seat, fold
from engines.bot import random_command
from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.rng import SEEDED_RNG_ID, SeededRng, seed_commitment
from replay.record import Entry, Header, Line, RulingLine, Trailer, line_salt
from replay.table import RulingRefused, Table
from replay.takebacks import (
    CONSENT,
    GRANTED_BY_ORGANISER,
    TAKEBACK,
    Horizon,
    check_no_chance,
    check_undo,
    default_to_version,
    extend,
    needed_consents,
)
from replay.verify import final_state_hash, outcome_json

SEED = b"takeback-table-seed"


@dataclass
class Playing:
    """A game being played: its lines so far and the states a takeback may return to."""

    engine: Engine
    header: Header
    state: Any
    past: Horizon
    lines: list[Line] = field(default_factory=list)

    @property
    def version(self) -> int:
        return self.lines[-1].version if self.lines else 1

    @property
    def head(self) -> str:
        return self.lines[-1].hash if self.lines else self.header.hash

    def move(self, seat: Seat, chooser: random.Random) -> None:
        command = random_command(self.engine, self.state, seat, chooser, lean=0.5)
        assert command is not None
        version = self.version + 1
        rng = SeededRng(SEED, self.header.game_id, version - 1)
        events = self.engine.decide(self.state, seat, command, rng)
        entry = Entry(
            version=version,
            seat=seat,
            command=encode(command),
            draws=tuple(rng.draws),
            events=tuple(encode(e) for e in events),
            prev=self.head,
            salt=line_salt(SEED, self.header.game_id, version),
        ).sealed()
        self.lines.append(entry)
        self.state = fold(self.engine, self.state, events)
        self.past = extend(self.past, version, self.state, final=bool(rng.draws))

    def take_back(self, seat: Seat) -> bool:
        """Take back `seat`'s last command if the table allows it, with every other seat's consent."""
        target = default_to_version(self.lines, seat)
        if target is None:
            return False
        undone = [line for line in self.lines if line.version > target]
        try:
            check_no_chance(undone)
            check_undo(
                self.engine,
                self.header.seats,
                self.past.state_at(target),
                undone,
                Codec(self.engine.events).decode,
            )
        except RulingRefused:
            return False
        version = self.version + 1
        policy = self.header.takeback_policy
        line = RulingLine(
            version=version,
            ruling=TAKEBACK,
            seat=seat,
            by="seat",
            reason="",
            result=None,
            prev=self.head,
            salt=line_salt(SEED, self.header.game_id, version),
            to_version=target,
            granted_by=needed_consents(self.header.seats, Table(), seat)
            if policy == CONSENT
            else GRANTED_BY_ORGANISER,
        ).sealed()
        self.lines.append(line)
        self.state = self.past.state_at(target)
        self.past = extend(self.past, version, self.state, final=True)
        return True

    def trailer(self) -> Trailer:
        outcome = self.engine.outcome(self.state)
        return Trailer(
            version=self.version,
            status="in_progress" if outcome is None else "finished",
            outcome=outcome_json(outcome),
            state_hash=final_state_hash(self.engine, self.state, self.header.format_version),
            seed=SEED.hex() if outcome is not None else None,
            prev=self.head,
        ).sealed()


def played(
    game: str, seats: int, *, bot_seed: int, chance: float, policy: str = CONSENT, max_steps: int = 3000
) -> tuple[tuple[Header, list[Line], Trailer], int]:
    """A random game in which each seat asks, after a move with probability `chance`, to take it
    back; returns the record and how many takebacks it holds."""
    engine = get_engine(game)
    game_id = f"takebacks-{game}-{bot_seed}"
    options = engine.options({})
    rng = SeededRng(SEED, game_id, 0)
    setup = engine.setup(options, seats, rng)
    header = Header(
        game_id=game_id,
        game=game,
        options=options,
        seats=seats,
        players=tuple(f"p{seat}" for seat in range(seats)),
        tag="",
        seed_commitment=seed_commitment(SEED),
        setup_events=tuple(encode(e) for e in setup),
        setup_draws=tuple(rng.draws),
        rules_version=engine.rules_version,
        rng=SEEDED_RNG_ID,
        salt=line_salt(SEED, game_id, 1),
        takeback_policy=policy,
    ).sealed()
    state = fold(engine, None, setup)
    table = Playing(engine, header, state, Horizon(1, state))
    chooser = random.Random(bot_seed)
    taken = 0
    for _ in range(max_steps):
        if engine.outcome(table.state) is not None:
            break
        seat = chooser.choice(list(engine.seats_to_act(table.state)))
        table.move(seat, chooser)
        if engine.outcome(table.state) is None and chooser.random() < chance:
            taken += table.take_back(seat)
    return (header, table.lines, table.trailer()), taken
