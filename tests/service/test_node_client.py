"""examples/node-client/ (Node, @connectrpc/connect-node, proto/ alone) plays a game to its end."""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest

from service.client import Client
from tests.conftest import ORGANISER
from tests.node_packages import NODE_CLIENT, node, provided
from tests.service.helpers import state


def play(address: str, game: str, seats: int, env: dict[str, str] | None = None) -> dict[str, Any]:
    provided(NODE_CLIENT)
    done = subprocess.run(
        [node(), str(NODE_CLIENT / "play.mjs"), address, game, str(seats)],
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert done.returncode == 0, done.stderr
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


@pytest.mark.parametrize("game, seats", [("most-wanted", 4), ("deadwood-1876", 3)])
def test_the_node_example_plays_a_game_to_its_end(server: Any, client: Client, game: str, seats: int) -> None:
    summary = play(f"127.0.0.1:{server.port}", game, seats)
    stored = state(client, summary["game_id"], ORGANISER)
    assert (summary["status"], stored.status) == ("finished", "finished")
    assert summary["version"] == stored.version
    assert sorted(s for tier in summary["outcome"]["ranking"] for s in tier) == list(range(seats))
    assert sum(seat["moves"] for seat in summary["seats"]) == stored.version - 1  # every step but the setup
    assert all(seat["lastVersion"] == stored.version for seat in summary["seats"])  # each saw the end
    # Seats acting at once: the only refusal a client keeping the contract meets (docs/api.md).
    assert set().union(*(seat["refused"] for seat in summary["seats"])) <= {"STALE_VERSION"}


def test_the_node_example_builds_options_and_decodes_a_rich_error(server: Any) -> None:
    summary = play(f"127.0.0.1:{server.port}", "most-wanted", 3)
    # Its options (a google.protobuf.Struct built from a plain object) are in force.
    assert summary["options"]["max_turns"] == 60
    assert summary["options"]["tie_rule"] == "nobody_wins"
    assert summary["options"]["last_call"] is True
    # The Status Connect read from grpc-status-details-bin, its details decoded with proto/google/rpc/.
    bad = summary["bad_option"]
    assert bad["grpc_code"] == 3 and bad["code"] == 3  # INVALID_ARGUMENT
    info = next(d for d in bad["details"] if d["type"] == "google.rpc.ErrorInfo")
    assert (info["reason"], info["domain"]) == ("BAD_OPTION", "frontier-ledger")
    assert "no_such_option" in bad["message"]
