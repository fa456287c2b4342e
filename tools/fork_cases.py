"""Conformance cases for forked games (seeds/LOG-FORMAT.md, "Forked games").

A good fork of the corpus's Most Wanted game, played on by a bot to its end, and
forgeries of its starting position: each re-sealed and re-signed, so that each
file isolates one check of the fork's header.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engines.codec import Codec
from engines.registry import get_engine
from replay.forgeries import Record, finished_trailer, play_on, reseal
from replay.forks import fork_header
from replay.record import Entry
from tools.corpus_seeds import corpus_game_id, corpus_seed

SOURCE_GAME = "most-wanted"
FORK_AT = 6


def fork_record(source: Record) -> Record:
    """A fork of `source` at FORK_AT, played on to its end by a bot, seed revealed."""
    source_header, entries, _ = source
    engine = get_engine(source_header.game)
    history = [*source_header.setup_events]
    for entry in entries:
        if not isinstance(entry, Entry):
            continue  # seat lines carry no events; this source deals in its header
        if entry.version > FORK_AT:
            break
        history.extend(entry.events)
    codec = Codec(engine.events)
    state: Any = None
    for data in history:
        state = engine.evolve(state, codec.decode(data))  # type: ignore[arg-type]
    name = f"{SOURCE_GAME}-fork"
    seed = corpus_seed(name)
    game_id = corpus_game_id(name)
    header = fork_header(
        engine, source_header, history, state, FORK_AT, game_id=game_id, seed=seed,
        players=["Analyst 1", "Analyst 2"], tag="conformance",
    )  # fmt: skip
    for data in header.setup_events[len(history) :]:
        state = engine.evolve(state, codec.decode(data))  # type: ignore[arg-type]
    start = Entry(
        version=1, seat=0, command={}, draws=(), events=(), prev="", format_version=header.format_version
    )
    played = play_on(engine, state, start, game_id, seed, bot_seed=random.Random(name).randrange(1 << 30))
    assert played is not None, "the conformance fork must reach its end"
    tail, final = played
    trailer = finished_trailer(engine, final, 1 + len(tail), seed, header.format_version)
    return reseal(header, tail, trailer)


def fork_cases(source: Record, text: Any, case: Any) -> list[Any]:
    """The good fork and its forgeries, as `Case`s of tools/conformance.py."""
    header, entries, trailer = fork_record(source)
    assert header.forked_from is not None
    copied = int(str(header.forked_from["events"]))
    engine, codec = get_engine(header.game), Codec(get_engine(header.game).events)
    position: Any = None
    for data in header.setup_events[:copied]:
        position = engine.evolve(position, codec.decode(data))  # type: ignore[arg-type]
    kept = list(position.deck)  # the source's own order of the cards nobody has seen
    fresh = header.setup_events[copied]
    source_order = replace(
        header,
        setup_events=(*header.setup_events[:copied], {**fresh, "order": kept}),
        setup_draws=({**header.setup_draws[0], "value": kept},),
    )
    deck = next(i for i, e in enumerate(header.setup_events) if e["kind"] == "deck_shuffled")
    order = list(header.setup_events[deck]["order"])
    order[0], order[-1] = order[-1], order[0]
    edited = (
        *header.setup_events[:deck],
        {**header.setup_events[deck], "order": order},
        *header.setup_events[deck + 1 :],
    )
    forgeries = (
        (
            "fork-position-edited",
            replace(header, setup_events=edited),
            "FORK_STATE_DIFFERS",
            "a fork whose copied history was edited (two cards of the source's deck swapped), re-sealed",
        ),
        (
            "fork-origin-hash-changed",
            replace(header, forked_from={**header.forked_from, "state_hash": "0" * 64}),
            "FORK_STATE_DIFFERS",
            "a fork claiming another starting position's state hash, re-sealed",
        ),
        (
            "fork-source-deck-kept",
            source_order,
            "DRAW_DIFFERS",
            "a fork that kept the source's deck order, recorded as its shuffle, instead of the order its "
            "own seed gives; re-sealed",
        ),
        (
            "fork-origin-malformed",
            replace(header, forked_from={**header.forked_from, "events": 0}),
            "BAD_FORK_ORIGIN",
            "a fork whose forked_from copies no events",
        ),
    )
    cases = [
        case(
            f"good/{SOURCE_GAME}-fork.jsonl",
            "passed",
            None,
            None,
            f"a fork of good/{SOURCE_GAME}-finished.jsonl at version {FORK_AT} (header `forked_from`), "
            "its unseen deck re-shuffled from its own seed, played to its end",
            text((header, entries, trailer)),
        )
    ]
    for name, forged, code, about in forgeries:
        cases.append(
            case(f"fail/{name}.jsonl", "failed", code, 1, about, text(reseal(forged, entries, trailer)))
        )
    return cases
