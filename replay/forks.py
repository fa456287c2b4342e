"""The starting position of a forked game's log, checked on its own (seeds/LOG-FORMAT.md).

A fork's header carries `forked_from`: the source's game id and version, the
source's state hash there, and `events`, how many of the header's events replay
the source's history up to that version. Folding those events must give a state
whose hash is `state_hash`; the header's remaining events must be exactly what
re-randomising the unseen orders (the engine's `reshuffle_unseen`) gives under the fork's own
seed (counter 0), like any setup. Whether the position is the source's is a
claim about another log: audit that log and compare its state hash at `version`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engines.base import Engine, JsonValue
from engines.codec import Codec, encode
from engines.rng import SEEDED_RNG_ID, SeededRng, seed_commitment
from replay.record import FORMAT_VERSION, Header, line_salt, state_hash

_HASH = re.compile(r"[0-9a-f]{64}")


class ForkStartError(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code, self.reason = code, reason


def fork_start(engine: Engine, header: Header) -> tuple[Any, tuple[dict[str, Any], ...]]:
    """The forked position's state and the header's events after the copied history."""
    origin = header.forked_from
    assert origin is not None
    count = origin.get("events")
    if (
        not isinstance(origin.get("game_id"), str)
        or type(origin.get("version")) is not int
        or not isinstance(origin.get("state_hash"), str)
        or _HASH.fullmatch(str(origin.get("state_hash"))) is None
        or type(count) is not int
        or not 1 <= count <= len(header.setup_events)
    ):
        raise ForkStartError(
            "BAD_FORK_ORIGIN",
            "forked_from must hold game_id (text), version (integer), state_hash (64 hex) and events "
            f"(1 to {len(header.setup_events)}, the number of header events copied from the source)",
        )
    codec = Codec(engine.events)
    state: Any = None
    try:
        for data in header.setup_events[:count]:
            state = engine.evolve(state, codec.decode(data))  # type: ignore[arg-type]
        found = state_hash(engine.view(state, None), header.format_version)
    except Exception as error:  # noqa: BLE001 -- an untrusted history may break evolve in any way
        raise ForkStartError(
            "BAD_FORK_POSITION", f"the copied history does not fold into a position: {error!r}"
        ) from None
    if found != origin["state_hash"]:
        raise ForkStartError(
            "FORK_STATE_DIFFERS",
            f"the copied history folds to state hash {found}, not the forked_from state_hash "
            f"{origin['state_hash']}",
        )
    return state, header.setup_events[count:]


def fork_header(
    engine: Engine,
    source: Header,
    history: Sequence[dict[str, JsonValue]],
    state: Any,
    version: int,
    *,
    game_id: str,
    seed: bytes,
    players: Sequence[str],
    tag: str,
    clock: dict[str, JsonValue] | None = None,
) -> Header:
    """The sealed header of a fork of `source` at `version`, whose `history` folds to `state`.

    What nobody has seen is re-shuffled from `seed` (counter 0), as the verifier re-derives it.
    The fork has its own `clock` (a header's time control and timeout policy), or none; the
    source's clock readings stay in the source.
    """
    rng = SeededRng(seed, game_id, 0)
    fresh = engine.reshuffle_unseen(state, rng)
    origin: dict[str, JsonValue] = {
        "game_id": source.game_id,
        "version": version,
        "state_hash": state_hash(engine.view(state, None), FORMAT_VERSION),
        "events": len(history),
    }
    return Header(
        game_id=game_id,
        game=engine.game_id,
        options=dict(source.options),
        seats=source.seats,
        players=tuple(players),
        tag=tag,
        seed_commitment=seed_commitment(seed),
        setup_events=(*history, *(encode(e) for e in fresh)),
        setup_draws=tuple(rng.draws),
        format_version=FORMAT_VERSION,
        rules_version=engine.rules_version,
        rng=SEEDED_RNG_ID,
        salt=line_salt(seed, game_id, 1),
        forked_from=origin,
        clock=clock,
    ).sealed()
