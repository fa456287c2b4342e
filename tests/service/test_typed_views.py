"""Typed views and events: every view and event parses into its game's proto
message and comes back unchanged.

The oracle is the engine's own JSON. A typed message is right when
`MessageToDict(parse(x))` equals `x` up to proto3's representation of defaults,
which `proto3_form` states exactly (it walks the schema, so it cannot hide a
dropped key: ParseDict refuses unknown keys before that). The server builds the
messages with the constructors instead; `parse_view`/`parse_event` check that both
give the same message:
- a field without presence (plain scalar, list, map) holding its default (0, "",
  false, [], {}) is not printed;
- a field with presence (`optional`, a message) is printed whenever it is set,
  even to its default; JSON null means unset, so it is not printed;
- a repeated field that a redacted view sends as null (Deadwood's hidden hand) is
  empty, like an empty list: the public count beside it (`hand_count`) tells a
  hidden hand from an empty one, and equals 0 whenever the list is empty.
"""

from __future__ import annotations

import dataclasses
import json
import random
import re
import typing
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import descriptor_pool, json_format
from google.protobuf.descriptor import Descriptor, FieldDescriptor
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from engines.base import SPECTATOR, Event, Seat
from engines.codec import encode
from engines.registry import get_engine
from engines.simulate import playout
from service.client import Client
from service.core.convert import GAME_FIELDS
from service.core.typed import EVENT_MESSAGES, VIEW_MESSAGES, event_body, event_message, view_message
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import create, legal, state, submit
from tests.sizes import sized

SEAT_COUNTS = {"most-wanted": (2, 3, 5, 8), "deadwood-1876": (2, 4, 6, 9), "western-legends": (2, 3, 4, 6)}
WELL_KNOWN_LISTS = {"google.protobuf.ListValue", "google.protobuf.Value"}


def proto3_form(value: dict[str, Any], descriptor: Descriptor) -> dict[str, Any]:
    """`value` as MessageToDict prints the message parsed from it (rules in the module docstring)."""
    shown: dict[str, Any] = {}
    for key, item in value.items():
        field = descriptor.fields_by_name[key]  # a KeyError here is a key the schema lacks
        if item is None:
            assert field.has_presence or field.is_repeated, (
                f"{descriptor.name}.{key} is null but not optional"
            )
            continue
        form = _field_form(field, item)
        if field.has_presence or form not in (0, "", False, [], {}):
            shown[key] = form
    return shown


def _field_form(field: FieldDescriptor, item: Any) -> Any:
    message = field.message_type
    if message is not None and message.GetOptions().map_entry:
        value_field = message.fields_by_name["value"]
        return {k: _field_form(value_field, v) for k, v in item.items()}
    if field.is_repeated:
        return [_item_form(field, v) for v in item]
    return _item_form(field, item)


def _item_form(field: FieldDescriptor, item: Any) -> Any:
    message = field.message_type
    if message is None or message.full_name in WELL_KNOWN_LISTS:
        return item
    return proto3_form(item, message)


def assert_round_trip(value: dict[str, Any], message: Any, where: str) -> None:
    printed = json_format.MessageToDict(message, preserving_proto_field_name=True)
    assert printed == proto3_form(value, message.DESCRIPTOR), where


def parse_view(game: str, view: dict[str, Any]) -> Any:
    """What a client's protobuf JSON parser makes of `view_json`; the server's message must equal it."""
    parsed = json_format.ParseDict(view, VIEW_MESSAGES[game](), ignore_unknown_fields=False)
    assert view_message(game, view) == parsed
    return parsed


def parse_event(game: str, event: dict[str, Any]) -> Any:
    """The same for an event's JSON form, held under its kind."""
    parsed = json_format.ParseDict(event_body(event), EVENT_MESSAGES[game](), ignore_unknown_fields=False)
    assert event_message(game, event) == parsed
    return parsed


def viewers(seats: int) -> list[Seat | None]:
    return [None, SPECTATOR, *range(seats)]


def random_steps(game: str, seats: int, seed: int) -> list[tuple[int, Any, tuple[Event, ...]]]:
    """Every step of one random game: its version, the state after it and its events."""
    engine = get_engine(game)
    return [
        (step.version, step.state, step.events)
        for step in playout(engine, seats, seed=f"typed-{seed}".encode(), bot_seed=seed)
    ]


@pytest.mark.parametrize("game", list(SEAT_COUNTS))
def test_every_view_and_event_of_random_games_round_trips_through_its_typed_message(game: str) -> None:
    engine = get_engine(game)
    counted = {"views": 0, "events": 0}
    kinds: set[str] = set()
    for seats in SEAT_COUNTS[game]:
        for seed in (seats, seats + 100)[: sized(1, 2)]:
            steps = random_steps(game, seats, seed)
            for index, (version, game_state, events) in enumerate(steps):
                where = f"{game} {seats} seats, seed {seed}, version {version}"
                sampled = index % 7 == 0 or index == len(steps) - 1
                # every event as the organiser and as one seat or the spectator (-1) in turn;
                # at sampled steps, as everyone
                looking = viewers(seats) if sampled else [None, index % (seats + 1) - 1]
                for viewer in looking:
                    if sampled:
                        view = engine.view(game_state, viewer)
                        assert_round_trip(view, parse_view(game, view), f"view for {viewer}, {where}")
                        counted["views"] += 1
                    for event in events:
                        shown = encode(engine.redact(event, viewer))
                        typed = parse_event(game, shown)
                        assert typed.WhichOneof("event") == shown["kind"]
                        assert_round_trip(event_body(shown), typed, f"{shown['kind']} for {viewer}, {where}")
                        kinds.add(shown["kind"])
                        counted["events"] += 1
    assert counted["views"] > 100 and counted["events"] > 1000, counted
    assert len(kinds) >= len(engine.events) // 2, sorted(kinds)  # the playouts reach most kinds


@pytest.mark.parametrize("game", list(SEAT_COUNTS))
def test_every_event_kind_has_a_message_with_exactly_its_fields(game: str) -> None:
    """Kinds the random playouts never reach are covered here: the schema mirrors the dataclasses."""
    engine = get_engine(game)
    oneof = EVENT_MESSAGES[game].DESCRIPTOR.oneofs_by_name["event"]
    assert sorted(f.name for f in oneof.fields) == sorted(cls.kind for cls in engine.events)
    for cls in engine.events:
        message = oneof.containing_type.fields_by_name[cls.kind].message_type
        assert message is not None, cls.kind
        _assert_same_fields(cls, message)


def _assert_same_fields(cls: type, message: Any) -> None:  # a Descriptor (python or upb)
    hints = typing.get_type_hints(cls)
    fields = {f.name: hints[f.name] for f in dataclasses.fields(cls) if f.init}
    assert sorted(fields) == sorted(message.fields_by_name), cls.__name__
    for name, hint in fields.items():
        field = message.fields_by_name[name]
        nullable = type(None) in typing.get_args(hint)
        assert field.has_presence == nullable or field.message_type is not None, f"{cls.__name__}.{name}"
        nested = [a for a in typing.get_args(hint) if isinstance(a, type) and dataclasses.is_dataclass(a)]
        if nested and field.message_type is not None and field.message_type.full_name not in WELL_KNOWN_LISTS:
            _assert_same_fields(nested[0], field.message_type)


@pytest.mark.parametrize("game", list(SEAT_COUNTS))
def test_a_key_the_schema_lacks_is_refused_not_dropped(game: str) -> None:
    """Both conversions refuse it: the server's constructors and a client's JSON parser."""
    engine = get_engine(game)
    setup = next(iter(playout(engine, 3, seed=b"extra")))
    view = engine.view(setup.state, None)
    players = view["players"]
    assert isinstance(players, list)
    nested = {**view, "players": [{**players[0], "secret_extra": [1]}, *players[1:]]}
    event = encode(setup.events[0])
    for bad_view in ({**view, "secret_extra": 1}, nested):
        with pytest.raises(ValueError, match="secret_extra"):
            view_message(game, bad_view)
        with pytest.raises(json_format.ParseError, match="secret_extra"):
            json_format.ParseDict(bad_view, VIEW_MESSAGES[game](), ignore_unknown_fields=False)
    with pytest.raises(ValueError, match="secret_extra"):
        event_message(game, {**event, "secret_extra": "x"})


TYPES_PROTOS = sorted((Path(__file__).parents[2] / "proto" / "frontier" / "v1").glob("*_types.proto"))
FIELD_LINE = re.compile(r"^\s*(optional |repeated )?[\w.<>, ]+ \w+ = \d+;")


@pytest.mark.parametrize("path", TYPES_PROTOS, ids=lambda p: p.name)
def test_every_typed_field_and_message_says_what_it_means(path: Path) -> None:
    """A comment line above every field and message (a oneof's members are the messages it names)."""
    lines = path.read_text().splitlines()
    missing, in_oneof = [], False
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        in_oneof = stripped.startswith("oneof ") or (in_oneof and stripped != "}")
        needs = stripped.startswith("message ") or (FIELD_LINE.match(line) and not in_oneof)
        if needs and not lines[number - 2].strip().startswith("//"):
            missing.append(f"{path.name}:{number}: {stripped}")
    assert len(TYPES_PROTOS) == 3
    assert not missing, "\n".join(missing)


def test_a_redacted_view_keeps_hidden_values_apart_from_empty_ones() -> None:
    """A hidden hand prints as absent, a shown one as its cards; the public count is always there."""
    engine = get_engine("deadwood-1876")
    first = next(iter(playout(engine, 3, seed=b"hidden")))
    printed = json_format.MessageToDict(
        parse_view("deadwood-1876", engine.view(first.state, 0)), preserving_proto_field_name=True
    )
    mine, other = printed["players"][0], printed["players"][1]
    assert mine["hand"] and len(mine["hand"]) == mine["hand_count"]
    assert "hand" not in other and other["hand_count"] > 0


# -- over gRPC, against a real server ---------------------------------------------------------------


def _typed(message: Any, oneof: str, game: str) -> Any:
    assert message.WhichOneof(oneof) == GAME_FIELDS[game]
    return getattr(message, GAME_FIELDS[game])


def _assert_events_typed(game: str, events: Any) -> None:
    assert events
    for event in events:
        data = json.loads(event.json)
        typed = _typed(event, "typed_event", game)
        assert typed.WhichOneof("event") == event.kind == data["kind"]
        assert_round_trip(event_body(data), typed, event.kind)


@pytest.mark.parametrize("game", list(SEAT_COUNTS))
def test_get_state_replay_and_commands_carry_typed_views_equal_to_their_json(
    server: Running, client: Client, game: str
) -> None:
    table = create(client, game, 3)
    chooser = random.Random(10)
    with Client(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        for _ in range(12):
            current = state(client, table.game_id, table.tokens[0])
            if current.status == "finished":
                break
            seat = chooser.choice(list(current.seats_to_act))
            reply = submit(client, table, seat, chooser.choice(list(legal(client, table, seat).commands)))
            _assert_events_typed(game, reply.events)
            for token in (*table.tokens.values(), None):
                shown = state(client, table.game_id, token)
                view = json.loads(shown.view_json)
                assert_round_trip(view, _typed(shown, "typed_view", game), f"GetState as {token}")
            full = state(organiser, table.game_id)
            assert "deck" in json.loads(full.view_json)
            assert_round_trip(json.loads(full.view_json), _typed(full, "typed_view", game), "organiser")
        steps = list(organiser.stub.Replay(frontier_pb2.ReplayRequest(game_id=table.game_id), timeout=30))
        watched = _catch_up(client, table.game_id, table.tokens[1], len(steps))
    assert len(steps) > 5 and len(watched) == len(steps)
    for update in watched:  # the watch stream as seat 1 sees it
        _assert_events_typed(game, update.events)
    for step in steps:
        assert_round_trip(
            json.loads(step.view_json), _typed(step, "typed_view", game), f"step {step.version}"
        )
        _assert_events_typed(game, step.events)


def _catch_up(client: Client, game_id: str, token: str, count: int) -> list[Any]:
    """The first `count` steps of a WatchGame stream from the start, then hang up."""
    request = frontier_pb2.WatchGameRequest(game_id=game_id, from_version=0)
    stream = client.stub.WatchGame(request, metadata=client.metadata(token), timeout=30)
    updates = []
    for update in stream:
        if update.events:
            updates.append(update)
        if len(updates) == count:
            stream.cancel()
            break
    return updates


def test_typed_view_hides_what_view_json_hides(client: Client) -> None:
    """A seat's typed view holds its own hand and no other seat's."""
    table = create(client, "most-wanted", 3)
    typed = _typed(state(client, table.game_id, table.tokens[1]), "typed_view", "most-wanted")
    hands = {p.seat: list(p.hand) for p in typed.players}
    assert len(hands[1]) == typed.players[1].hand_size == 5
    assert hands[0] == hands[2] == [] and typed.players[0].hand_size == 5
    assert list(typed.deck) == []


def test_reflection_serves_the_typed_messages(server: Running) -> None:
    """A client that knows nothing but the address can look every typed message up by name."""
    with grpc.insecure_channel(f"127.0.0.1:{server.port}") as channel:
        pool = descriptor_pool.DescriptorPool(ProtoReflectionDescriptorDatabase(channel))
        game_state = pool.FindMessageTypeByName("frontier.v1.GameState")
        event = pool.FindMessageTypeByName("frontier.v1.GameEvent")
        step = pool.FindMessageTypeByName("frontier.v1.ReplayStep")
        for game, field in GAME_FIELDS.items():
            view_name = VIEW_MESSAGES[game].DESCRIPTOR.full_name
            event_name = EVENT_MESSAGES[game].DESCRIPTOR.full_name
            assert _type_name(game_state, field) == _type_name(step, field) == view_name
            assert _type_name(event, field) == event_name
            served = pool.FindMessageTypeByName(view_name)
            assert sorted(served.fields_by_name) == sorted(VIEW_MESSAGES[game].DESCRIPTOR.fields_by_name)
            served_event = pool.FindMessageTypeByName(event_name)
            assert len(served_event.oneofs_by_name["event"].fields) == len(get_engine(game).events)


def _type_name(message: Descriptor, field: str) -> str:
    field_type = message.fields_by_name[field].message_type
    return "" if field_type is None else field_type.full_name
