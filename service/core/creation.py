"""Games made here: a new game dealt, its open seats claimed, its client seeds revealed (the last
one deals a player-entropy game). Each decides its lines and hands them to the kernel."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from eventsourcing.persistence import IntegrityError

from engines.base import (
    Engine,
    JsonValue,
    OptionError,
    known_rules_versions,
    options_as_recorded,
    options_for_log,
    options_for_table,
)
from engines.codec import encode
from engines.registry import UnknownGame, get_engine
from engines.rng import SEEDED_RNG_ID, Deal, SeededRng, rng_key, seed_commitment
from replay.clock import ClockError, parse_policy, parse_time_control
from replay.entropy import ENTROPY_FORMAT_VERSION
from replay.reasons import Reason
from replay.record import FORMAT_VERSION, DealLine, Header, deal_salt, line_salt, mixed_seed, written_draws
from replay.table import RulingRefused
from replay.takebacks import OFF, header_policy, policy_of
from service.core import refused_rulings, seed_reveal
from service.core.auth import Caller, authenticate, new_token, seat_of, token_hash
from service.core.errors import InvalidArgument, NotFound, PermissionDenied, RuleBroken
from service.core.games import Games, parse_game_id
from service.core.idempotency import Keyed, KeyTaken
from service.core.ledger_lines import Batch, Claim, Creation, Reveal
from service.core.records import GameRecord
from service.core.rulings import join_deadline_first
from service.core.shards import recorders_of, uid_beside

MAX_JOIN_DEADLINE_SECONDS = 30 * 86_400


def create_game(
    app: Games,
    game: str,
    seats: int,
    players: Sequence[str],
    options: Mapping[str, JsonValue],
    tag: str,
    deal: Deal | None = None,
    player_entropy: bool = False,
    spectator_delay: int = 0,
    time_control: str = "",
    timeout_policy: str = "",
    join_deadline_seconds: int = 0,
    starts_at: datetime | None = None,
    takeback_policy: str = OFF,
    rules_version: str = "",
    keyed: Keyed | None = None,
    private: bool = False,
) -> tuple[GameRecord, list[tuple[int, str, str]]]:
    """Deal a new game; returns its record and (seat, player, token) for seats taken now.

    With `deal` (a tournament's duplicate deal) the game takes the deal's seed and keys
    its generator by the deal key, so every table of the deal is dealt alike.
    With `player_entropy` nothing is dealt until every seat is taken (see `claim_seat`),
    unless every seat is named now: then it is dealt at once, with no client seed.
    `rules_version` plays an older rules version the engine keeps, as its server stored it.
    With `keyed` the idempotency key is stored with the game (service/core/idempotency.py).
    A `private` game shows to its seats and the organiser alone until published (core/publishing.py).
    """
    engine = engine_for(game)
    clock = header_clock(time_control, timeout_policy)
    if not 0 <= join_deadline_seconds <= MAX_JOIN_DEADLINE_SECONDS:
        raise InvalidArgument(
            Reason.BAD_JOIN_DEADLINE,
            f"join_deadline_seconds must be 0 (none) to {MAX_JOIN_DEADLINE_SECONDS} (30 days)",
            field="join_deadline_seconds",
        )
    if not engine.min_seats <= seats <= engine.max_seats:
        raise InvalidArgument(
            Reason.BAD_SEAT_COUNT,
            f"{engine.title} needs {engine.min_seats} to {engine.max_seats} seats, not {seats}",
            field="seats",
        )
    if len(players) > seats:
        raise InvalidArgument(Reason.TOO_MANY_PLAYERS, f"{len(players)} players named for {seats} seats")
    try:
        takebacks = header_policy(policy_of(takeback_policy))
    except RulingRefused as refused:
        raise refused_rulings.answer(refused, "TAKEBACK") from None  # BAD_TAKEBACK_POLICY
    # With a key, the game is placed on the key's database: one transaction holds both.
    uid = uid_beside(keyed.uid if keyed is not None else None, len(recorders_of(app.recorder)))
    seed = deal.seed if deal is not None else secrets.token_bytes(32)
    rng = SeededRng(seed, rng_key(str(uid), deal.key if deal is not None else None), 0)
    try:
        complete, stored = older_options(engine, options, rules_version)
        # setup checks the options that depend on the seats; a player-entropy game deals
        # only when seated, so a trial deal from a throwaway seed checks them now
        trial = SeededRng(secrets.token_bytes(32), str(uid), 0) if player_entropy else rng
        events = engine.setup(complete, seats, trial)
    except OptionError as error:
        raise InvalidArgument(Reason.BAD_OPTION, str(error), field="options") from None
    names = [name.strip() for name in players] + [""] * (seats - len(players))
    if player_entropy and not all(names[: len(players)]):
        # The log tells a seat taken at creation by its name: an empty one would read as open.
        raise InvalidArgument(
            Reason.UNNAMED_PLAYER,
            "a player-entropy game needs a name for every seat taken at creation",
            field="players",
        )
    if player_entropy:
        events = []
    format_version = ENTROPY_FORMAT_VERSION if player_entropy else FORMAT_VERSION
    header = Header(
        game_id=str(uid),
        game=engine.game_id,
        options=stored,
        seats=seats,
        players=tuple(names),
        tag=tag,
        seed_commitment=seed_commitment(seed),
        setup_events=tuple(encode(e) for e in events),
        setup_draws=tuple(written_draws(rng.draws, format_version)),
        # A player-entropy game commits to its client seeds, then reveals them (format 4).
        format_version=format_version,
        rules_version=rules_version or engine.rules_version,
        rng=SEEDED_RNG_ID,
        salt=line_salt(seed, str(uid), 1),
        deal=deal.key if deal is not None else None,
        player_entropy=player_entropy,
        clock=clock,
        takeback_policy=takebacks,
    ).sealed()
    # A seat named now is taken now; an unnamed one is open, as the log says, and gets no token.
    grants = [(seat, names[seat], new_token()) for seat in range(len(players)) if names[seat]]
    hashes = [""] * seats
    for seat, _, token in grants:
        hashes[seat] = token_hash(token)
    now = app.now()
    join_by = now + timedelta(seconds=join_deadline_seconds) if join_deadline_seconds else None
    batch = Batch(None)
    creation = Creation(
        header,
        seed.hex(),
        tuple(hashes),
        spectator_delay=spectator_delay,
        join_deadline=join_by,
        starts_at=starts_at,
        private=private,
    )
    batch.add(creation, at=now)
    if player_entropy and len(players) == seats:
        batch.add(deal_line(batch.after()), at=app.now())
    to_save = list(batch.events)
    if keyed is not None:  # remembered with the game, in its transaction
        answer = {"seats": [list(grant) for grant in grants], "version": batch.after().game_version}
        to_save.append(keyed.event(str(uid), answer))
    try:
        app.store(*to_save)
    except IntegrityError:
        if keyed is None:
            raise
        raise KeyTaken() from None  # another call with this key stored first
    record = app.get(str(uid))
    if record.clocks is not None and app.on_clock is not None:
        app.on_clock(record)
    return record, grants


def claim_seat(
    app: Games,
    game_id: str,
    player: str,
    seat: int | None,
    client_seed: str = "",
    client_commitment: str = "",
    seat_key: str | None = None,
) -> tuple[int, str]:
    """Take an open seat. In format 3 the claim is a seat line of the chain; in a
    player-entropy game it carries the claimant's client seed, and the last one deals. In
    format 4 it carries a commitment to the seed instead, and the last reveal deals."""
    uid = parse_game_id(game_id)
    with app.lock_for(uid):
        record = join_deadline_first(app, app.get(str(uid)))
        if not record.seed:
            raise PermissionDenied(
                Reason.IMPORTED_GAME, "an imported game is a record; its seats cannot be taken"
            )
        open_seats = [s for s, h in enumerate(record.token_hashes) if not h]
        if seat is None:
            if not open_seats:
                raise RuleBroken(Reason.NO_OPEN_SEAT, "every seat of this game is taken", rule="SEATS")
            seat = open_seats[0]
        elif not 0 <= seat < record.header.seats:
            last = record.header.seats - 1
            raise InvalidArgument(
                Reason.BAD_SEAT,
                f"seat {seat + 1} (field seat={seat}) does not exist: this game has seats 0 to {last}"
                f" in the API's numbering, 1 to {last + 1} for people",
                field="seat",
            )
        elif seat not in open_seats:
            holder = record.players[seat] or "someone"
            raise RuleBroken(
                Reason.SEAT_TAKEN,
                f"seat {seat + 1} (field seat={seat}) is already taken by {holder}",
                rule="SEATS",
            )
        # After the seat: a taken seat is the clearer error.
        seed_reveal.check_claim(record, client_seed, client_commitment)
        token = new_token()
        name = player.strip()
        line = None
        if seat_key is not None and record.header.format_version < 3:
            raise InvalidArgument(
                Reason.BAD_PUBLIC_KEY,
                "this game's log format has no seat lines to record a seat's key: claim without seat_key",
                field="seat_key",
            )
        if record.header.format_version >= 3:
            line = seed_reveal.seat_line(record, seat, name, client_seed, client_commitment)
            if seat_key is not None:  # recorded in the chain: the audit checks the seat's moves by it
                line = replace(line, seat_key=seat_key).sealed()
        batch = Batch(record)
        batch.add(Claim(seat, name, token_hash(token), line))
        after = batch.after()
        waiting = after.header.player_entropy and not after.dealt and not seed_reveal.commits(after)
        if waiting and all(after.token_hashes):
            batch.add(deal_line(after), at=app.now())
        app.append(batch, "the game changed while claiming the seat; try again")
        return seat, token


def reveal_seed(app: Games, game_id: str, caller: Caller, client_seed: str) -> GameRecord:
    """Store the caller's seat's revealed client seed (format 4); the last reveal deals.

    A refused reveal stores nothing; the same seed revealed again answers as before."""
    uid = parse_game_id(game_id)
    with app.lock_for(uid):
        record = join_deadline_first(app, app.get(str(uid)))
        seat = seat_of(authenticate(caller, record.token_hashes), record.token_hashes, required=True)
        assert seat is not None
        if not seed_reveal.check_reveal(record, seat, client_seed):
            return record
        batch = Batch(record)
        batch.add(Reveal(seat, client_seed))
        after = batch.after()
        if not seed_reveal.awaiting_reveal(after):
            batch.add(deal_line(after), at=app.now())
        return app.append(batch, "the game changed while revealing; reveal again")


def deal_line(record: GameRecord) -> DealLine:
    """The deal of a player-entropy game whose seats are all taken: setup from the mixed seed."""
    engine, header = record.engine, record.header
    rng = SeededRng(mixed_seed(record.seed, record.client_seeds), rng_key(header.game_id, header.deal), 0)
    # The header stores the options as its rules version does (`older_options`): read them so.
    events = engine.setup(options_for_log(engine, header.options, header.rules_version), header.seats, rng)
    return DealLine(
        events=tuple(encode(e) for e in events),
        draws=tuple(written_draws(rng.draws, header.format_version)),
        prev=record.head,
        salt=deal_salt(record.seed, header.game_id),
        format_version=header.format_version,
        client_seeds=record.client_seeds,  # format 4 writes them: every seat's revealed seed
    ).sealed()


def header_clock(time_control: str, timeout_policy: str) -> dict[str, JsonValue] | None:
    """The header's `clock` for a time control and timeout policy as a request gives them."""
    try:
        control = parse_time_control(time_control)
    except ClockError as error:
        raise InvalidArgument(Reason.BAD_TIME_CONTROL, str(error), field="time_control") from None
    if control is None:
        if timeout_policy.strip():
            message = "a timeout policy needs a time control: without a clock nobody's time runs out"
            raise InvalidArgument(Reason.BAD_TIMEOUT_POLICY, message, field="timeout_policy")
        return None
    try:
        policy = parse_policy(timeout_policy)
    except ClockError as error:
        raise InvalidArgument(Reason.BAD_TIMEOUT_POLICY, str(error), field="timeout_policy") from None
    return {"time_control": control.text, "timeout_policy": policy}


def older_options(
    engine: Engine, raw: Mapping[str, JsonValue], rules_version: str
) -> tuple[dict[str, JsonValue], dict[str, JsonValue]]:
    """(the complete options, the header's) of a new game under `rules_version` ("": the newest)."""
    if not rules_version or rules_version == engine.rules_version:
        complete = options_for_table(engine, raw)
        return complete, complete
    if rules_version not in known_rules_versions(engine):
        known = ", ".join(known_rules_versions(engine))
        raise InvalidArgument(
            Reason.UNKNOWN_RULES_VERSION,
            f"{engine.title} has no rules version {rules_version!r}; it keeps {known}",
            field="rules_version",
        )
    return options_as_recorded(engine, raw, rules_version)


def engine_for(game: str) -> Engine:
    try:
        return get_engine(game)
    except UnknownGame as error:
        raise NotFound(Reason.UNKNOWN_GAME, str(error.args[0])) from None
