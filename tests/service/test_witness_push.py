"""The witness protocol over real processes: a server pushes its log's checkpoints to a witness
(`frontier witness --listen`) and serves the cosigned checkpoint; restarted on an edited store, its
forked log is refused by the witness with a 409 that says SPLIT VIEW."""

from __future__ import annotations

import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.trust import cosignature, keys, note, tlog
from replay.trust import witness_protocol as protocol
from service.client import Client, play_bot_game
from service.web.server import start_http
from tests.conftest import ORGANISER, start_server
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving
from tests.service.test_service_log import GAME, Served, _verifier_key

NAME = "example.org/w1"


class Pushing(Served):
    """A server whose web port pushes its log's checkpoints to `witness` every 0.1 s."""

    def __init__(self, data: Path, witness: str) -> None:
        running = start_server(data)
        self.running = running
        self.http = start_http(
            running.ledger, ORGANISER, "127.0.0.1", 0, signing_key=running.servicer.signing_key,
            witnesses=(witness,), witness_every=0.1,
        )  # fmt: skip
        self.web = f"http://127.0.0.1:{self.http.port}"

    def pushed(self, size: int) -> str:
        """/log/checkpoint once it is the checkpoint of `size` pushed to the witness (or after 20 s)."""
        deadline = time.monotonic() + 20
        while True:
            signed = self.fetch("checkpoint").decode()
            if tlog.parse_checkpoint(note.split(signed)[0]).size == size or time.monotonic() > deadline:
                return signed
            time.sleep(0.05)


class Witness:
    def __init__(self, tmp_path: Path, log_key: str) -> None:
        self.key_file, self.state = tmp_path / "witness.pem", tmp_path / "witness.json"
        self.errors = (tmp_path / "witness.err").open("w+")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "service.cli", "witness", "--listen", "127.0.0.1:0", "--log-key", log_key,
             "--key", str(self.key_file), "--name", NAME, "--state", str(self.state)],
            stdout=subprocess.PIPE, stderr=self.errors, text=True,
            env={**os.environ, "PYTHONPATH": os.getcwd()},
        )  # fmt: skip
        assert self.process.stdout is not None
        said = self.process.stdout.readline()
        assert said.startswith("witness listening on http://"), said
        self.url = said.split()[-1].removesuffix(protocol.PATH)
        self.public = keys.load_signing_key(self.key_file).public

    def said(self) -> str:
        self.errors.seek(0)
        return self.errors.read()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        self.errors.close()


@pytest.fixture
def witness_of(tmp_path: Path) -> Iterator[list[Witness]]:
    started: list[Witness] = []
    yield started
    for witness in started:
        witness.stop()


def test_a_pushed_log_is_cosigned_then_its_fork_is_refused_with_409_split_view(
    tmp_path: Path, witness_of: list[Witness], caplog: pytest.LogCaptureFixture
) -> None:
    data = tmp_path / "data"
    first = Served(start_server(data))  # only to learn the log's key, as its operator publishes it
    log_key = _verifier_key(first)
    first.stop()
    witness = Witness(tmp_path, log_key)
    witness_of.append(witness)
    served = Pushing(data, witness.url)
    try:
        served.play(1)
        last = served.play(2)
        cosigned = served.pushed(2)
        assert "\n2\n" in cosigned
        assert cosignature.check(cosigned, NAME, witness.public).timestamp > 0
        origin = cosigned.split("\n", 1)[0]  # and still the log's own signed checkpoint
        assert tlog.open_checkpoint(cosigned, origin, served.running.servicer.signing_key.public).size == 2
    finally:
        served.stop()
    with sqlite3.connect(data / "frontier.sqlite") as db:  # the operator replaces the last game
        db.execute("DELETE FROM stored_events WHERE originator_id = ?", (last.replace("-", ""),))
    served = Pushing(data, witness.url)
    try:
        served.play(3)  # as many entries as the witness cosigned, another history
        forked = served.pushed(2)
        assert "\n2\n" in forked
        body = protocol.encode(2, [], _log_signed(forked))  # what the server itself pushes
        request = urllib.request.Request(witness.url + protocol.PATH, data=body, method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 409
        assert refused.value.headers["Content-Type"].startswith(protocol.SIZE_MEDIA_TYPE)
        assert refused.value.read() == b"2\n"
        assert "REFUSED, SPLIT VIEW (409)" in witness.said()
        assert "cosigned another tree of the same size 2" in witness.said()
        with pytest.raises(note.NoteError):  # the server serves its fork uncosigned
            cosignature.check(forked, NAME, witness.public)
        said = caplog.text  # and says why, loudly
        assert "refused the log's checkpoint at size 2 (409): SPLIT VIEW" in said
    finally:
        served.stop()


def _log_signed(signed: str) -> str:
    """The note with only the log's own signature (the lines a witness added removed)."""
    text, _rest = signed.split("\n\n", 1)
    return text + "\n\n" + _rest.split("\n")[0] + "\n"


def test_audit_with_a_witness_policy_passes_a_cosigned_game_fails_an_unwitnessed_one_and_a_rollback(
    tmp_path: Path, witness_of: list[Witness]
) -> None:
    data = tmp_path / "data"
    first = Served(start_server(data))
    log_key = _verifier_key(first)
    public = tmp_path / "server.pub"
    public.write_text(keys.public_pem(first.running.servicer.signing_key.public), encoding="utf-8")
    first.stop()
    witness = Witness(tmp_path, log_key)
    witness_of.append(witness)
    policy = cosignature.verifier_key(NAME, witness.public)
    pins = str(tmp_path / "known_keys")  # the log state is kept beside them

    def audit(served: Served, game_id: str, *more: str) -> subprocess.CompletedProcess[str]:
        export = tmp_path / f"{game_id}.jsonl"
        with urllib.request.urlopen(f"{served.web}/api/games/{game_id}/log", timeout=30) as reply:
            export.write_bytes(reply.read())
        return frontier(
            "audit", str(export), "--key", str(public), "--known-keys", pins, "--log", served.web, *more,
            check=False,
        )  # fmt: skip

    served = Pushing(data, witness.url)
    try:
        seen = served.play(1)
        served.pushed(1)
        passed = audit(served, seen, "--witness", policy, "--quorum", "1")
        assert passed.returncode == 0, passed.stdout + passed.stderr
        origin = log_key.split("+")[0]
        assert f"In the service log {origin}: entry 0 of 1, witnessed by {NAME}." in passed.stdout
        assert "checks at size 1 (first checkpoint seen of this log: kept)" in passed.stdout
        assert f"Witnessed at size 1 by {NAME} (1 of 1 required)." in passed.stdout
        assert (tmp_path / "log_checkpoints").is_file()
        witness.stop()
        witness_of.clear()
        unseen = served.play(2)  # the witness is gone: no one cosigns the log with this game
        served.pushed(2)
        failed = audit(served, unseen, "--witness", policy)
        assert failed.returncode == 1
        assert (
            f"cosigned by 0 of the witnesses (none), fewer than the 1 required; not by: {NAME}"
            in failed.stdout
        )
        assert audit(served, unseen).returncode == 0  # without a policy: in the log, at size 2, kept
    finally:
        served.stop()
    with sqlite3.connect(data / "frontier.sqlite") as db:  # the operator removes the second game
        db.execute("DELETE FROM stored_events WHERE originator_id = ?", (unseen.replace("-", ""),))
    plain = Served(start_server(data))  # no witnesses: its plain checkpoint
    try:
        rolled_back = audit(plain, seen)
        assert rolled_back.returncode == 1
        assert (
            "rollback: the log's checkpoint is at size 1, smaller than size 2 seen before"
            in rolled_back.stdout
        )
        plain.play(3)  # another game where the removed one was, and one more: another history
        plain.play(4)
        forked = audit(plain, seen)
        assert forked.returncode == 1
        said = forked.stdout
        assert (
            "fork: " in said and "(the checkpoint seen before is at size 2, the log's now at size 3)" in said
        )
    finally:
        plain.stop()


def test_audit_of_a_bundle_finds_each_game_in_the_witnessed_log_and_fails_one_it_does_not_hold(
    tmp_path: Path, witness_of: list[Witness]
) -> None:
    data = tmp_path / "data"
    first = Served(start_server(data))
    log_key = _verifier_key(first)
    public = tmp_path / "server.pub"
    public.write_text(keys.public_pem(first.running.servicer.signing_key.public), encoding="utf-8")
    first.stop()
    witness = Witness(tmp_path, log_key)
    witness_of.append(witness)
    served = Pushing(data, witness.url)
    try:
        finished = [served.play(1), served.play(2)]
        served.pushed(2)
        # The same key on another store: its games are signed alike, and in no log this one serves.
        elsewhere = Served(start_server(tmp_path / "other", signing_key=data / "signing-key.pem"))
        try:
            unlogged = elsewhere.play(3)
            bundle = tmp_path / "games.ndjson"
            with bundle.open("w", encoding="utf-8") as out:
                for game_id, web in (
                    (finished[0], served.web),
                    (finished[1], served.web),
                    (unlogged, elsewhere.web),
                ):
                    with urllib.request.urlopen(f"{web}/api/games/{game_id}/log", timeout=30) as reply:
                        out.write(json.dumps({"game_id": game_id, "log": reply.read().decode()}) + "\n")
        finally:
            elsewhere.stop()
        policy = cosignature.verifier_key(NAME, witness.public)
        done = frontier(
            "audit", str(bundle), "--key", str(public), "--known-keys", str(tmp_path / "known_keys"),
            "--log", served.web, "--witness", policy, check=False,
        )  # fmt: skip
        assert done.returncode == 1, done.stdout + done.stderr
        for game_id in finished:
            (row,) = [line for line in done.stdout.splitlines() if game_id in line]
            assert row.startswith("PASSED")
        assert f"in the service log: entry 0 of 2, witnessed by {NAME}" in done.stdout
        assert f"in the service log: entry 1 of 2, witnessed by {NAME}" in done.stdout
        (row,) = [line for line in done.stdout.splitlines() if unlogged in line]
        assert row.startswith("FAILED")
        assert "not in the service log: the game's checkpoint is not among the log's 2 entries" in done.stdout
        assert f"Witnessed at size 2 by {NAME} (1 of 1 required)." in done.stdout
    finally:
        served.stop()


def test_frontier_serve_with_a_witness_pushes_to_it_and_serves_its_cosignature(
    tmp_path: Path, witness_of: list[Witness], monkeypatch: pytest.MonkeyPatch
) -> None:
    data = tmp_path / "data"
    first = Served(start_server(data))
    log_key = _verifier_key(first)
    first.stop()
    witness = Witness(tmp_path, log_key)
    witness_of.append(witness)
    monkeypatch.setenv("FRONTIER_WITNESS_EVERY", "0.1")  # the pushes' clock, from the environment
    with socket.socket() as probe:  # a free port for the web viewer, whose address serve prints later
        probe.bind(("127.0.0.1", 0))
        http_port = probe.getsockname()[1]
    with frontier_serving(data, None, "--http", str(http_port), "--witness", witness.url) as address:
        with Client(address) as client:
            play_bot_game(client, GAME, 2, chooser=random.Random(1))
        deadline = time.monotonic() + 20
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{http_port}/log/checkpoint", timeout=10) as reply:
                signed = reply.read().decode()
            try:
                cosignature.check(signed, NAME, witness.public)
            except note.NoteError:
                pass
            else:
                if "\n1\n" in signed:  # the log with the game (its empty log was cosigned first)
                    break
            assert time.monotonic() < deadline, f"no cosignature served at size 1: {signed}"
            time.sleep(0.05)
