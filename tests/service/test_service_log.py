"""The service log over real servers: one log across servers on one store, and a verifier that
catches a rolled-back or forked log, an edited tile, and a game the log never published."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from replay.trust import cosignature, keys, log_audit, note, tlog
from replay.trust.checkpoint import split_checkpoint
from service.client import Client, play_bot_game
from service.config import Settings
from service.server import Running, create_server
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, available_games, requires_most_wanted, start_server
from tests.servers import Postgres
from tests.service.helpers import create
from tests.service.relays.helpers import recording_lines, send, start
from tests.service.serving import frontier_run as frontier
from tests.service.test_shards import new_databases, url
from tests.service.test_shards import start as start_split

GAME = available_games()[0]


class Served:
    """A server and its web port: where its log is read."""

    def __init__(self, running: Running) -> None:
        self.running = running
        self.http: RunningHttp = start_http(
            running.ledger, ORGANISER, "127.0.0.1", 0, signing_key=running.servicer.signing_key
        )
        self.web = f"http://127.0.0.1:{self.http.port}"

    def fetch(self, path: str) -> bytes:
        with urllib.request.urlopen(f"{self.web}/log/{path}", timeout=30) as reply:
            return bytes(reply.read())

    def play(self, seed: int) -> str:
        with Client(f"127.0.0.1:{self.running.port}") as client:
            game_id, _ = play_bot_game(client, GAME, 2, chooser=random.Random(seed))
        return game_id

    def key(self) -> log_audit.LogKey:
        return log_audit.LogKey(self.running.servicer.signing_key.public)

    def stop(self) -> None:
        self.http.stop()
        self.running.stop()


@pytest.fixture
def two_on_postgres(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[Served, Served]]:
    (name,) = new_databases(postgres, 1)  # a store of this test alone
    # One data folder: one signing key and signer name, as the servers of one deployment share them.
    settings = Settings(data=tmp_path, port=0, store=url(postgres, name), organiser_token=ORGANISER)
    a, b = Served(create_server(settings)), Served(create_server(settings))
    yield a, b
    a.stop()
    b.stop()


def test_two_servers_on_one_postgres_store_publish_one_log(two_on_postgres: tuple[Served, Served]) -> None:
    a, b = two_on_postgres
    key = a.key()
    assert log_audit.check_log(a.fetch, key).checkpoint.size == 0
    a.play(1)
    early = log_audit.check_log(b.fetch, key).checkpoint  # b's log holds a's game
    assert early.size == 1
    b.play(2)
    a.play(3)
    seen_a, seen_b = log_audit.check_log(a.fetch, key, early), log_audit.check_log(b.fetch, key, early)
    assert seen_a.checkpoint.size == 3
    assert seen_a.note == seen_b.note  # the same entries, in the same order, signed alike
    b.play(4)
    later = log_audit.check_log(a.fetch, key, seen_b.checkpoint)  # each extends what the other showed
    assert later.checkpoint.size == 4
    assert later.entries[:3] == seen_b.entries


def test_a_game_export_is_found_in_the_log_and_a_game_in_play_is_not(tmp_path: Path) -> None:
    served = Served(start_server(tmp_path / "data"))
    try:
        finished = served.play(1)
        with Client(f"127.0.0.1:{served.running.port}") as client:
            in_play = create(client, GAME, 2).game_id
        state = str(tmp_path / "state.json")
        vkey = _verifier_key(served)
        for game_id, ok in ((finished, True), (in_play, False)):
            export = tmp_path / f"{game_id}.jsonl"
            with urllib.request.urlopen(f"{served.web}/api/games/{game_id}/log", timeout=30) as reply:
                export.write_bytes(reply.read())  # what any spectator gets
            done = frontier(
                "log", "verify", served.web, "--key", vkey, "--state", state, "--game", str(export), check=ok
            )
            if ok:
                assert "the game's checkpoint is entry 0 of the log" in done.stdout
            else:
                assert done.returncode == 1
                assert "the game's checkpoint is not among the log's 1 entries" in done.stderr
    finally:
        served.stop()


def _verifier_key(served: Served) -> str:
    """The log's verifier key as `frontier key` prints it for publishing, checked against the key."""
    printed = frontier("key", "--server", f"127.0.0.1:{served.running.port}").stdout
    (line,) = [line for line in printed.splitlines() if line.startswith("log key:")]
    key = served.running.servicer.signing_key
    assert line.split()[-1] == note.verifier_key(tlog.origin_for(key.signer, key.key_id), key.public)
    return line.split()[-1]


def test_a_server_restarted_on_an_edited_store_is_caught_as_a_rollback_then_a_fork(tmp_path: Path) -> None:
    data = tmp_path / "data"
    state = str(tmp_path / "state.json")
    served = Served(start_server(data))
    vkey = _verifier_key(served)
    served.play(1)
    last = served.play(2)
    done = frontier("log", "verify", served.web, "--key", vkey, "--state", state)
    assert "2 entries" in done.stdout and "first checkpoint seen of this log" in done.stdout
    served.stop()
    with sqlite3.connect(data / "frontier.sqlite") as db:  # the operator removes the last game
        db.execute("DELETE FROM stored_events WHERE originator_id = ?", (last.replace("-", ""),))
    served = Served(start_server(data))
    try:
        rolled_back = frontier("log", "verify", served.web, "--key", vkey, "--state", state, check=False)
        assert rolled_back.returncode == 1
        assert (
            "rollback: the log's checkpoint is at size 1, smaller than size 2 seen before"
            in rolled_back.stderr
        )
        served.play(3)  # another game where the removed one was: as many entries, another history
        forked = frontier("log", "verify", served.web, "--key", vkey, "--state", state, check=False)
        assert forked.returncode == 1
        assert "fork: two different roots for the same size 2: the log forked" in forked.stderr
    finally:
        served.stop()


def test_an_edited_tile_or_entry_fails_the_verifier_naming_it(tmp_path: Path) -> None:
    served = Served(start_server(tmp_path / "data"))
    try:
        served.play(1)
        served.play(2)
        key = served.key()
        for edited_path in ("tile/0/000.p/2", "tile/entries/000.p/2"):

            def edited(path: str, wanted: str = edited_path) -> bytes:
                data = bytearray(served.fetch(path))
                if path == wanted:
                    data[-3] ^= 1  # a hash, or a checkpoint's JSON, one bit off
                return bytes(data)

            with pytest.raises(tlog.LogError) as caught:
                log_audit.check_log(edited, key)
            expected = {
                "tile/0/000.p/2": "tile/0/000.p/2 (level 0) does not hold the hashes of the log's entries: "
                "the tile was edited",
                "tile/entries/000.p/2": "entry 1 of tile/entries/000.p/2 does not hash to the tree its "
                "checkpoint signs: the entry bundle was edited",
            }[edited_path]
            assert expected in str(caught.value)
        # Past the log's size there is nothing, said plainly; a path that is no tile's is refused.
        for wrong, reason in (("tile/0/000.p/3", "has no tile/0/000.p/3"), ("tile/0/1", "not a tile path")):
            with pytest.raises(urllib.error.HTTPError) as refused:
                served.fetch(wrong)
            assert refused.value.code == 404
            assert reason in refused.value.read().decode()
    finally:
        served.stop()


@requires_most_wanted
def test_a_relays_reseals_and_end_are_entries_as_the_spectators_exports_showed_them(tmp_path: Path) -> None:
    """A relay re-seals its record while in play: each re-seal is an entry, the checkpoint of the
    export a spectator got right then (its trailer blank: no hidden state to test guesses against),
    and the game's end is the last."""
    served = Served(start_server(tmp_path / "data"))
    try:
        header, lines = recording_lines()
        address = f"127.0.0.1:{served.running.port}"
        exported: list[bytes] = []
        with Client(address) as client, Client(address, token=ORGANISER) as organiser:
            relay = start(organiser, header)
            for number, line in enumerate(lines, start=1):
                reply = send(client, relay.game_id, line, number, relay.relay_token)
                if reply.resealed or reply.status == "finished":
                    with urllib.request.urlopen(f"{served.web}/api/games/{relay.game_id}/log") as shown:
                        _body, signed = split_checkpoint(shown.read().decode().splitlines())
                    assert signed is not None
                    exported.append(signed.to_line().encode())
        entries = log_audit.check_log(served.fetch, served.key()).entries
        assert len(exported) > 1  # the sample re-seals before its end
        assert entries == exported
        assert b'"trailer_hash":null' not in entries[0]  # a trailer, as the spectator's export shows it
    finally:
        served.stop()


def test_a_witness_cosigns_then_refuses_a_log_forked_by_a_restart_on_an_edited_store(tmp_path: Path) -> None:
    data = tmp_path / "data"
    served = Served(start_server(data))
    log_key = _verifier_key(served)
    witness_key, state, output = tmp_path / "witness.pem", tmp_path / "witness.json", tmp_path / "cosigned"

    def witness() -> subprocess.CompletedProcess[str]:
        return frontier(
            "witness", served.web, "--log-key", log_key, "--key", str(witness_key),
            "--name", "example.org/w1", "--state", str(state), "-o", str(output), check=False,
        )  # fmt: skip

    served.play(1)
    last = served.play(2)
    first = witness()
    assert first.returncode == 0 and "cosigned" in first.stdout and "at size 2" in first.stdout, first.stderr
    public = keys.load_signing_key(witness_key).public
    cosigned = output.read_text(encoding="utf-8")
    assert cosignature.check(cosigned, "example.org/w1", public).timestamp > 0
    served.stop()
    with sqlite3.connect(data / "frontier.sqlite") as db:  # the operator replaces the last game
        db.execute("DELETE FROM stored_events WHERE originator_id = ?", (last.replace("-", ""),))
    served = Served(start_server(data))
    try:
        served.play(3)
        refused = witness()
        assert refused.returncode == 1
        assert (
            "REFUSED, SPLIT VIEW" in refused.stderr
            and "two different roots for the same size 2" in refused.stderr
        )
        assert output.read_text(encoding="utf-8") == cosigned  # nothing cosigned, the state kept
        served.play(4)  # the forked log grows: still refused against what it cosigned
        assert witness().returncode == 1
    finally:
        served.stop()


def test_a_store_split_across_databases_serves_no_log_and_says_why(
    postgres: Postgres, tmp_path: Path
) -> None:
    served = Served(start_split(postgres, tmp_path, new_databases(postgres, 2)))
    try:
        with pytest.raises(urllib.error.HTTPError) as refused:
            served.fetch("checkpoint")
        assert refused.value.code == 404
        said = json.loads(refused.value.read())
        assert said["error"] == "LOG_NOT_SERVED" and "split across databases" in said["message"]
    finally:
        served.stop()


def test_a_witness_policy_passes_a_cosigned_game_and_fails_one_whose_checkpoint_no_witness_saw(
    tmp_path: Path,
) -> None:
    served = Served(start_server(tmp_path / "data"))
    try:
        log_key = _verifier_key(served)
        seen_game = served.play(1)
        cosigned = tmp_path / "cosigned"
        made = frontier(
            "witness", served.web, "--log-key", log_key, "--key", str(tmp_path / "w.pem"),
            "--name", "example.org/w1", "--state", str(tmp_path / "w.json"), "-o", str(cosigned),
        )  # fmt: skip
        witness_key = made.stderr.split("witness example.org/w1: ")[1].split()[0]
        unseen_game = served.play(2)  # ended after the witness's last round

        def verify(game_id: str, *policy: str) -> subprocess.CompletedProcess[str]:
            export = tmp_path / f"{game_id}.jsonl"
            with urllib.request.urlopen(f"{served.web}/api/games/{game_id}/log") as reply:
                export.write_bytes(reply.read())
            return frontier(
                "log", "verify", served.web, "--key", log_key, "--state", str(tmp_path / "seen.json"),
                "--game", str(export), "--cosigned", str(cosigned), *policy, check=False,
            )  # fmt: skip

        passed = verify(seen_game, "--witness", witness_key)
        assert passed.returncode == 0, passed.stderr
        assert "witnessed at size 1 by example.org/w1 (1 of 1 required)" in passed.stdout
        unseen = verify(unseen_game, "--witness", witness_key)
        assert unseen.returncode == 1
        assert "no witness has seen the game's checkpoint: it is entry 1" in unseen.stderr
        other = cosignature.verifier_key("example.org/w2", keys.generate().public)
        short = verify(seen_game, "--witness", witness_key, "--witness", other, "--quorum", "2")
        assert short.returncode == 1
        assert "cosigned by 1 of the witnesses (example.org/w1), fewer than the 2 required" in short.stderr
        assert "not by: example.org/w2" in short.stderr
    finally:
        served.stop()
