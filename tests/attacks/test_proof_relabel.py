"""Attack: relabel a hash-only inclusion proof as another version.

While a game is in progress a spectator's proof carries only the line's hash. The signed tree
commits to leaves, not to which version each leaf creates, so rewriting the proof's `version`
(within the index rule) still verified, and the verifier said "version V" of a line that is not.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier
from tests.service.helpers import create, legal, submit


def test_a_relabelled_hash_only_proof_never_proves_the_version_it_claims(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    g = create(client, "most-wanted", 3)
    chooser = random.Random(2)
    for _ in range(6):
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=g.game_id), token=ORGANISER)
        seat = chooser.choice(list(state.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
    address = f"127.0.0.1:{server.port}"
    proof_file = tmp_path / "proof.json"
    assert frontier(capsys, "prove", "--server", address, g.game_id, "6", "-o", str(proof_file))[0] == 0
    proof = json.loads(proof_file.read_text(encoding="utf-8"))
    assert proof["line"] is None and proof["leaf_index"] == 5  # a spectator's proof: the hash only
    pins = str(tmp_path / "known_keys")

    status, out, _err = frontier(
        capsys, "audit", "--proof", str(proof_file), "--server", address, "--known-keys", pins
    )
    assert status == 0 and "leaf 5 of 7" in out and "not proven" in out
    assert "version 6 of game" not in out  # not even the true label is proven by a hash

    proof["version"] = 4  # the same leaf, claimed as the line creating version 4
    proof_file.write_text(json.dumps(proof), encoding="utf-8")
    status, out, _err = frontier(
        capsys, "audit", "--proof", str(proof_file), "--server", address, "--known-keys", pins
    )
    assert "version 4 of game" not in out
    assert (
        status == 0 and f"leaf 5 of 7 of game {g.game_id}" in out and "says 4" in out and "not proven" in out
    )
