"""A redacted export's hashes must not confirm any guess of what was stripped.

The attack: for every line a caller got redacted, take the TRUE hidden values
(from the organiser's full export -- the attacker's best case: if even the right
guess cannot be confirmed, no guess can), rebuild the line, re-seal it every way
the format allows, and compare with the line's hash. On format 2 it must never
match; on a format-1 game the same attack recovers the line, so the test would
catch the leak. While the game is in progress, the seed and the salts appear in
nothing a seat or spectator can obtain.
"""

from __future__ import annotations

import hashlib
import json
import random
import uuid
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.registry import get_engine
from replay import logfile
from replay.forgeries import reseal
from replay.record import canonical_json
from service.client import Client, claim_seat, reveal_seed
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import Game, failure, legal, state, submit

GAMES = available_games()
OLD_LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs-v1"
PLAYED = 24  # commands per game: enough for hands, safes and face-down plays, not the end


def export(client: Client, game_id: str, token: str | None) -> list[dict[str, Any]]:
    reply = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=token)
    lines = [json.loads(line) for line in reply.content.splitlines()]
    # The signed checkpoint commits to the lines' salted hashes only; the attack is on the record.
    return [line for line in lines if line["type"] != "checkpoint"]


def seals(body: dict[str, Any]) -> set[str]:
    """Every hash a line body could have under either format's spelling."""
    return {hashlib.sha256(canonical_json(body, spelling).encode()).hexdigest() for spelling in (1, 2)}


def candidates(shown: dict[str, Any], true: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The attacker's guesses for one redacted line: the truth first, then what else it can try."""
    base = {k: v for k, v in true.items() if k != "hash"}
    for salt in (shown.get("salt"), "", "0" * 64):  # what a salt-less attacker can put there
        yield {**base, "salt": salt} if "salt" in base else base
    without = {k: v for k, v in base.items() if k != "salt"}
    yield without  # the format-1 shape
    yield {**without, "draws": []}  # the true events with the draws as shown


def confirmed(redacted: list[dict[str, Any]], full: list[dict[str, Any]]) -> tuple[int, int]:
    """(redacted lines attacked, lines whose hidden content a re-seal confirmed)."""
    attacked = hits = 0
    for shown, true in zip(redacted, full, strict=True):
        if shown["type"] == "trailer":
            assert shown["hash"] in ("", true["hash"])  # in format 2 it is blanked, see below
            continue
        visible = {k: v for k, v in shown.items() if k not in ("redacted_for", "salt", "hash")}
        if visible == {k: v for k, v in true.items() if k not in ("salt", "hash")}:
            continue  # nothing was stripped from this line
        attacked += 1
        assert shown["hash"] == true["hash"]  # the redacted line keeps its commitment
        if any(shown["hash"] in seals(guess) for guess in candidates(shown, true)):
            hits += 1
    return attacked, hits


def play_some(client: Client, game: str, bot_seed: int) -> Game:
    """A game in progress whose last seat was claimed after creation (a seat line in the record);
    with an even bot seed a player-entropy game, dealt from the client seeds too."""
    engine = get_engine(game)
    seats = min(3, engine.max_seats)
    entropy = bot_seed % 2 == 0
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=seats, players=[f"p{i}" for i in range(seats - 1)], player_entropy=entropy
    )
    reply = client.call("CreateGame", request)
    late, token = claim_seat(client, reply.game_id, "late", None, f"seed-{bot_seed}" if entropy else None)
    reveal_seed(client, reply.game_id, late, token)  # the last seat committed: it reveals and deals
    g = Game(reply.game_id, game, {**{t.seat: t.token for t in reply.seats}, late: token})
    chooser = random.Random(bot_seed)
    current = state(client, g.game_id, ORGANISER)
    while current.version <= PLAYED and current.status != "finished":
        seat = chooser.choice(list(current.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
        current = state(client, g.game_id, ORGANISER)
    assert current.status == "in_progress", "play fewer commands: this game ended"
    return g


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("bot_seed", [1, 2])
def test_no_redacted_line_of_format_2_confirms_its_hidden_values(
    client: Client, game: str, bot_seed: int
) -> None:
    g = play_some(client, game, bot_seed)
    full = export(client, g.game_id, ORGANISER)
    assert full[0]["format_version"] >= 2
    assert any(line["type"] == "seat" for line in full)  # format 3: the late claim is a line
    total = 0
    for token in [*g.tokens.values(), None]:  # every seat, then a spectator
        redacted = export(client, g.game_id, token)
        assert all(line["salt"] is None for line in redacted if line["type"] != "trailer")
        attacked, hits = confirmed(redacted, full)
        assert hits == 0, f"{hits} of {attacked} redacted lines confirmed by re-sealing"
        total += attacked
    assert total > 0, "nothing was redacted: the attack tested nothing"


def test_the_same_attack_recovers_hidden_values_from_a_format_1_export(client: Client) -> None:
    path = OLD_LOGS / "most-wanted-2p.jsonl"
    header, entries, _ = logfile.read(path)
    assert header.format_version == 1
    game_id = str(uuid.uuid4())
    cut = reseal(replace(header, game_id=game_id), entries[:PLAYED], None)
    content = "\n".join(logfile.write_lines(*cut)) + "\n"
    client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    full = export(client, game_id, ORGANISER)
    attacked, hits = confirmed(export(client, game_id, None), full)
    assert attacked > 0 and hits == attacked  # every stripped value of format 1 is confirmable


def test_seed_and_salts_appear_in_nothing_a_seat_or_spectator_gets(client: Client, server: Running) -> None:
    texts: list[str] = []
    for game in GAMES:
        g = play_some(client, game, 3)
        seed = server.app.get(g.game_id).seed.hex()
        full = export(client, g.game_id, ORGANISER)
        salts = [line["salt"] for line in full if line.get("salt")]
        assert len(salts) == PLAYED + 1 + sum(line["type"] in ("seat", "deal") for line in full)
        texts.clear()
        viewers: list[str | None] = [*g.tokens.values(), None]
        for token in viewers:
            reply = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=token)
            texts.append(reply.content)
            for version in range(1, PLAYED + 2):
                texts.append(str(state(client, g.game_id, token, version=version)))
            watch = client.stub.WatchGame(
                frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=0),
                metadata=client.metadata(token),
                timeout=60,
            )
            for update in watch:
                texts.append(str(update))
                if update.version >= PLAYED + 1:
                    watch.cancel()
                    break
            replay = client.stub.Replay(
                frontier_pb2.ReplayRequest(game_id=g.game_id), metadata=client.metadata(token), timeout=60
            )
            texts.extend(str(step) for step in replay)
            refused = failure(
                lambda g=g, token=token: client.call(
                    "Audit", frontier_pb2.AuditRequest(game_id=g.game_id), token=token
                )
            )
            texts.append(refused.message + str(refused.metadata))
        for seat in g.tokens:
            texts.append(str(legal(client, g, seat)))
            waiting = state(client, g.game_id, ORGANISER).seats_to_act
            if seat not in waiting:
                commands = legal(client, g, seat).commands
                if commands:
                    refused = failure(lambda g=g, s=seat, c=commands[0]: submit(client, g, s, c))
                    assert refused.code != grpc.StatusCode.OK
                    texts.append(refused.message + str(refused.metadata))
        created = client.call("ListGames", frontier_pb2.ListGamesRequest())
        texts.append(str(created))
        everything = "\n".join(texts)
        assert seed not in everything
        leaked = [salt for salt in salts if salt in everything]
        assert not leaked, f"{len(leaked)} salts leaked"
