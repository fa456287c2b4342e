"""`frontier webhooks ...` against `frontier serve`, as an organiser runs them."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from service.client import Client
from tests.conftest import ORGANISER
from tests.service.helpers import create
from tests.service.serving import frontier_run, frontier_serving
from tests.service.webhooks.receiver import receiving


def hooks(address: str, *args: str, token: str | None = ORGANISER, check: bool = True) -> str:
    return frontier_run("webhooks", *args, "--json", server=address, token=token, check=check).stdout


def test_an_organiser_manages_webhooks_from_the_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FRONTIER_WEBHOOK_PRIVATE", "1")
    monkeypatch.setenv("FRONTIER_WEBHOOK_RETRIES", "0.05")
    monkeypatch.setenv("FRONTIER_WEBHOOK_POLL", "0.05")
    with receiving() as receiver, frontier_serving(tmp_path / "data", ORGANISER) as address:
        receiver.status = 500
        added = json.loads(hooks(address, "add", receiver.url, "--events", "game.created"))
        endpoint = added["webhook"]["endpoint_id"]
        assert added["secret"].startswith("whsec_") and added["webhook"]["events"] == ["game.created"]
        with Client(address) as client:
            create(client, "most-wanted")
        deadline = time.monotonic() + 30
        while len(receiver.got) < 2:  # the first attempt and its one retry: then it is dead-lettered
            assert time.monotonic() < deadline, "no attempt"
            time.sleep(0.02)
        time.sleep(0.2)
        dead = json.loads(hooks(address, "dead", endpoint))["deliveries"]
        assert [d["event_type"] for d in dead] == ["game.created"] and dead[0]["error"].startswith("HTTP 500")
        receiver.status = 204
        replayed = json.loads(hooks(address, "replay", endpoint))
        assert replayed["message_ids"] == [dead[0]["message_id"]]
        got = receiver.wait_for(lambda got: len(got) == 1)
        assert got[0].id == dead[0]["message_id"]
        rotated = json.loads(hooks(address, "rotate", endpoint, "--overlap", "60"))
        assert rotated["webhook"]["signing_secrets"] == 2 and rotated["secret"] != added["secret"]
        listed = json.loads(hooks(address, "list"))["webhooks"]
        assert [w["endpoint_id"] for w in listed] == [endpoint]
        hooks(address, "remove", endpoint)
        assert "webhooks" not in json.loads(hooks(address, "list"))
        refused = frontier_run(
            "webhooks", "add", "ftp://example.com/", server=address, token=ORGANISER, check=False
        )
        assert refused.returncode == 1
        assert "INVALID_ARGUMENT" in refused.stderr and "http:// or https://" in refused.stderr
        anonymous = frontier_run("webhooks", "list", server=address, token=None, check=False)
        assert anonymous.returncode == 1 and "organiser" in anonymous.stderr
