"""docs/openapi.json and docs/asyncapi.yaml are made from proto/ as it is, are valid, and describe
what the server answers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry
from referencing.jsonschema import DRAFT202012

from service.grpc_api.connect.endpoints import served_methods
from service.grpc_api.connect.front import SERVED_FILES
from tests.conftest import ORGANISER
from tests.service.web import connect_client as connect
from tests.service.web.api_site import api_site
from tests.service.web.test_connect import new_game
from tools.api_specs.__main__ import ASYNCAPI, OPENAPI, rendered


def test_the_specs_in_docs_are_made_from_the_current_protos() -> None:
    for path, text in rendered().items():
        assert path.read_text(encoding="utf-8") == text, "run python -m tools.api_specs"


def test_the_openapi_document_is_valid_openapi_3_1() -> None:
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    validate(document)
    assert document["openapi"] == "3.1.0"


def test_every_unary_method_has_its_connect_path_and_every_stream_its_channel() -> None:
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    streams = yaml.safe_load(ASYNCAPI.read_text(encoding="utf-8"))
    addresses = {channel["address"] for channel in streams["channels"].values()}
    for path, method in served_methods(SERVED_FILES).items():
        if method.client_streaming:
            assert "/v1/play" in addresses  # Play: its WebSocket
        elif method.server_streaming:
            assert path in addresses
        else:
            assert document["paths"][path]["post"]["description"], f"{path}: no comment in proto/"
    assert set(document["paths"]) <= set(served_methods(SERVED_FILES))


def validator(document: dict[str, Any], name: str) -> Draft202012Validator:
    """A validator of the component schema `name`, its references resolved within the document."""
    registry: Registry[Any] = Registry().with_resource("urn:spec", DRAFT202012.create_resource(document))
    schema = {"$ref": f"urn:spec#/components/schemas/{name}"}
    return Draft202012Validator(schema, registry=registry)


def test_the_servers_answers_match_their_schemas(tmp_path: Path) -> None:
    """The JSON a real server answers over Connect validates against the documents' schemas."""
    document = json.loads(OPENAPI.read_text(encoding="utf-8"))
    streams = yaml.safe_load(ASYNCAPI.read_text(encoding="utf-8"))
    with api_site(tmp_path / "data") as site:
        game_id, tokens = new_game(site, version=4)
        calls: list[tuple[str, dict[str, Any], str | None, str]] = [
            ("ListGameTypes", {}, None, "ListGameTypesResponse"),
            (
                "CreateGame",
                {"game": "most-wanted", "seats": 2, "players": ["a", "b"]},
                None,
                "CreateGameResponse",
            ),
            ("GetState", {"gameId": game_id}, tokens[0], "GameState"),
            ("ListLegalCommands", {"gameId": game_id}, tokens[0], "ListLegalCommandsResponse"),
            ("ExportLog", {"gameId": game_id}, ORGANISER, "ExportLogResponse"),
            ("Audit", {"gameId": game_id}, ORGANISER, "AuditReport"),
            ("ListGames", {}, None, "ListGamesResponse"),
        ]
        for method, body, token, answer in calls:
            reply = connect.unary(site.url, method, body, token)
            assert reply.status == 200, reply.body
            validator(document, f"frontier.v1.{answer}").validate(reply.json())
            validator(document, f"frontier.v1.{method}Request").validate(body)
        refused = connect.unary(site.url, "GetState", {"gameId": "nope"})
        validator(document, "connect.Error").validate(refused.json())
        steps, _end = connect.stream(site.url, "Replay", {"gameId": game_id}, tokens[1])
        for step in steps:
            validator(streams, "frontier.v1.ReplayStep").validate(step)
        for update in connect.first_messages(site.url, "WatchGame", {"gameId": game_id}, 3):
            validator(streams, "frontier.v1.GameUpdate").validate(update)


def test_every_reference_in_the_asyncapi_document_resolves() -> None:
    """No AsyncAPI validator is installed: each `$ref` is at least followed to what it names."""
    streams = yaml.safe_load(ASYNCAPI.read_text(encoding="utf-8"))
    assert streams["asyncapi"] == "3.0.0"

    def refs(node: Any) -> Iterator[str]:
        if isinstance(node, dict):
            if "$ref" in node:
                yield node["$ref"]
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    found = set(refs(streams))
    assert len(found) > 50
    for ref in found:
        assert ref.startswith("#/"), ref
        target = streams
        for part in ref[2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        assert isinstance(target, dict), ref
