"""Fork a stored game at a version into a new live game (seeds/LOG-FORMAT.md, "Forked games").

The fork's header copies the source's history up to the version (its setup
events, then every entry's events) so the position folds on its own, names the
source in `forked_from` with the source's state hash there, and commits to a new
secret seed. Whatever nobody has seen at the fork -- a face-down deck's order --
is re-shuffled from that seed (the engine's reshuffle_unseen), so the fork never replays the
source's future; every later die and card comes from the new seed as in any game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any
from uuid import uuid4

from engines.base import fold
from replay.forks import fork_header
from replay.reasons import Reason
from replay.record import Entry, Header
from replay.verify import final_state_hash
from service.core.auth import ANYONE, new_token, token_hash
from service.core.creation import header_clock
from service.core.errors import InvalidArgument, NotFound, RuleBroken
from service.core.games import Games
from service.core.ledger_lines import Batch, Creation
from service.core.records import FINISHED, GameRecord, decode_events
from service.core.visibility import Gate

MAX_DELAY_SECONDS = 24 * 3600


def check_delay(seconds: int, field: str = "spectator_delay_seconds") -> int:
    if not 0 <= seconds <= MAX_DELAY_SECONDS:
        raise InvalidArgument(
            Reason.BAD_DELAY,
            f"{field} must be from 0 to {MAX_DELAY_SECONDS} seconds, not {seconds}",
            field=field,
        )
    return seconds


def fork_game(
    app: Games,
    gate: Gate,
    source_id: str,
    version: int,
    players: Sequence[str],
    tag: str,
    spectator_delay: int,
    time_control: str = "",
    timeout_policy: str = "",
) -> tuple[GameRecord, list[tuple[int, str, str]]]:
    """Store the fork; returns its record and (seat, player, token) for the seats taken now.
    The fork plays under its own clock (`time_control`, `timeout_policy` as CreateGame takes them)."""
    source = app.get(source_id)
    check_delay(spectator_delay)
    clock = header_clock(time_control, timeout_policy)
    # A delayed game is over only once its spectators see it over: the fork's setup (the copied
    # history) is public at once, so an earlier fork would show them the steps the delay holds back.
    if gate.hides(source, ANYONE):  # the organiser's call: it may be told the game is private
        raise RuleBroken(
            Reason.SOURCE_PRIVATE,
            f"game {source_id} is private and a fork is public: publish it (PublishGame) to fork it",
            rule="FORK",
        )
    shown = gate.public_record(source)  # the fork copies the source's history: only what everyone may see
    if shown.status != FINISHED and (not source.imported or source.relay_token_hash):
        # The fork would copy the source's hidden cards: its seats would see the source players'
        # hands, and anyone reads all of them once the fork is over, while the source goes on.
        # (An imported log's whole record came from a file: it holds no secret of this server.)
        raise RuleBroken(
            Reason.SOURCE_IN_PROGRESS,
            "a game still being played (here or relayed from a table) cannot be forked until it is "
            "over: the fork would show the source's hidden cards to the fork's seats, and to everyone "
            "once the fork ends",
            rule="FORK",
        )
    if not gate.deal_closed(source):
        # A duplicate deal's other tables may still be playing these very cards.
        raise RuleBroken(
            Reason.DEAL_IN_PLAY,
            f"this game plays duplicate deal {source.header.deal}; fork it once every table of the deal "
            "has finished",
            rule="FORK",
        )
    if not 1 <= version <= source.game_version:
        raise InvalidArgument(
            Reason.VERSION_OUT_OF_RANGE,
            f"version {version} is out of range: the source has versions 1 to {source.game_version}",
            field="version",
        )
    seats = source.header.seats
    if len(players) > seats:
        raise InvalidArgument(
            Reason.TOO_MANY_PLAYERS, f"{len(players)} players named for {seats} seats", field="players"
        )
    engine = source.engine
    history: list[Any] = list(source.setup_events)
    copied = {1: len(history)}  # how much of `history` makes each version, for takebacks
    for entry in app.entries(source_id):
        if entry.version > version:
            break
        if isinstance(
            entry, Entry
        ):  # a ruling moves nothing on the board: the fork starts with every seat in
            history.extend(entry.events)
        elif entry.to_version is not None:  # a takeback: the board as it stood at its to_version
            del history[copied[entry.to_version] :]
        copied[entry.version] = len(history)
    # The position is folded from the very events the header copies, so the two always agree.
    state = fold(engine, None, decode_events(engine.game_id, history))
    if engine.outcome(state) is not None:
        raise RuleBroken(
            Reason.FORK_AT_END, f"the game is already over at version {version}: nothing to play", rule="FORK"
        )
    uid = str(uuid4())
    seed = secrets.token_bytes(32)
    names = [name.strip() for name in players] + [""] * (seats - len(players))
    header = fork_header(
        engine,
        source.header,
        history,
        state,
        version,
        game_id=uid,
        seed=seed,
        players=names,
        tag=tag,
        clock=clock,
    )
    grants = [(seat, names[seat], new_token()) for seat in range(len(players))]
    hashes = [token_hash(token) for _, _, token in grants] + [""] * (seats - len(players))
    return _store_fork(app, header, seed, hashes, spectator_delay), grants


def _store_fork(
    app: Games, header: Header, seed: bytes, token_hashes: Sequence[str], spectator_delay: int
) -> GameRecord:
    """Save a fork, a new live game whose header copies its source."""
    batch = Batch(None)
    batch.add(
        Creation(header, seed.hex(), tuple(token_hashes), spectator_delay=spectator_delay), at=app.now()
    )
    app.store_new(batch)
    record = app.get(header.game_id)
    if record.clocks is not None and app.on_clock is not None:  # a fork may have a clock of its own
        app.on_clock(record)
    return record


def check_fork_claim(app: Games, gate: Gate, header: Header) -> None:
    """An imported fork that names a game stored here must start from that game's position.

    The log alone proves only that its copied history folds to the state hash it claims
    (replay/forks.py); the source's own record settles whether that is the source's. A source
    whose secrets are still kept here (in progress, delayed, its deal in play) is not compared:
    the answer would confirm or refute a guess of its hidden cards.
    """
    origin = header.forked_from
    if origin is None:
        return
    try:
        source = app.get(str(origin.get("game_id")))
    except (NotFound, InvalidArgument):
        return  # a source on another server: its own log settles the claim
    if gate.hides(source, ANYONE):
        return  # a private game is no game to an importer: answered as for one on another server
    if gate.public_record(source).status != FINISHED or not gate.deal_closed(source):
        raise RuleBroken(
            Reason.FORK_SOURCE_SECRET,
            f"this log claims to fork game {source.header.game_id}, which this server holds and still keeps "
            "secret; import the fork once that game is over for everyone",
            rule="FORK",
        )
    version = origin.get("version")
    found = None
    if source.header.game == header.game and type(version) is int and 1 <= version <= source.game_version:
        position = app.record_at(source.header.game_id, version).state
        found = final_state_hash(source.engine, position, header.format_version)
    if found != origin.get("state_hash"):
        raise RuleBroken(
            Reason.FORK_SOURCE_DIFFERS,
            f"this log claims to fork game {source.header.game_id} at version {version}, but that game "
            "(stored here) was not in the position the log's copied history folds to",
            rule="FORK",
        )
