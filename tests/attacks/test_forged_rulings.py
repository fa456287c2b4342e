"""Attack: a forger edits the rulings of an exported log (a resignation, the server's autopilot moves).

They re-seal every hash, as anyone can without the server's key. The rules still catch each edit
that changes who was out or who played: a resigned seat's move claimed as its own, an autopilot
move for a seat that never resigned, a ruling made by the wrong party. An edit the rules cannot see
(an adjudication's ranking or reason) breaks the server's signed checkpoint.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from replay import logfile
from replay.forgeries import reseal
from replay.record import Entry, Line, RulingLine
from replay.trust import checkpoint, keys
from replay.trust.signed_log import line_hashes, read_signed
from replay.verify import outcome_json, verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import create, legal, state, submit

GAME = available_games()[0]


def export(client: Client, game_id: str) -> str:
    return client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER).content


def resigned_game(client: Client) -> str:
    """A finished 3-seat game in which seat 2 resigned early and the server played its turns."""
    g = create(client, GAME, 3)
    client.call("Resign", frontier_pb2.ResignRequest(game_id=g.game_id), token=g.tokens[1])
    chooser = random.Random(3)
    while (now := state(client, g.game_id, ORGANISER)).status != "finished":
        seat = chooser.choice(list(now.seats_to_act))
        submit(client, g, seat, legal(client, g, seat).commands[0])
    return export(client, g.game_id)


def forged(content: str, edit: object) -> tuple[bool, str]:
    header, entries, trailer, _ = read_signed(logfile.split_lines(content))
    assert verify(header, entries, trailer).ok
    edited: list[Line] = [edit(line) for line in entries]  # type: ignore[operator]
    result = verify(*reseal(header, edited, trailer))
    return result.ok, result.problem.code if result.problem else ""


def test_a_resigned_seats_autopilot_move_claimed_as_its_own_fails(client: Client) -> None:
    content = resigned_game(client)
    first = [True]

    def unmark(line: Line) -> Line:
        if isinstance(line, Entry) and line.by and first[0]:
            first[0] = False
            return replace(line, by=None)
        return line

    assert forged(content, unmark) == (False, "NOT_AUTOPILOT")


def test_the_resignation_pinned_on_another_seat_fails(client: Client) -> None:
    content = resigned_game(client)

    def other_seat(line: Line) -> Line:
        return replace(line, seat=0) if isinstance(line, RulingLine) else line

    ok, code = forged(content, other_seat)
    assert not ok and code in {
        "NOT_AUTOPILOT",
        "BAD_AUTOPILOT",
    }  # seat 1 moved itself, or seat 2 by autopilot


def test_a_resignation_made_by_the_organiser_fails(client: Client) -> None:
    content = resigned_game(client)

    def by_organiser(line: Line) -> Line:
        return replace(line, by="organiser") if isinstance(line, RulingLine) else line

    assert forged(content, by_organiser) == (False, "BAD_RULING")


@pytest.mark.parametrize("edit", ["result", "reason"])
def test_an_edited_adjudication_passes_the_rules_but_not_the_signature(client: Client, edit: str) -> None:
    g = create(client, GAME, 2)
    request = frontier_pb2.EndGameRequest(
        game_id=g.game_id,
        result=[frontier_pb2.SeatGroup(seats=[0]), frontier_pb2.SeatGroup(seats=[1])],
        reason="r",
    )
    client.call("EndGame", request, token=ORGANISER)
    header, entries, trailer, signed = read_signed(logfile.split_lines(export(client, g.game_id)))
    assert signed is not None
    changes = {"result": {"result": ((1,), (0,))}, "reason": {"reason": "the other seat was winning"}}[edit]
    edited = [replace(line, **changes) if isinstance(line, RulingLine) else line for line in entries]
    assert trailer is not None
    ruled = verify(*reseal(header, edited, None)).outcome  # the forger writes the result the edit leads to
    forged_header, forged_lines, forged_trailer = reseal(
        header, edited, replace(trailer, outcome=outcome_json(ruled))
    )
    assert verify(forged_header, forged_lines, forged_trailer).ok, (
        "the rules cannot tell who won an adjudication"
    )
    key = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    public = keys.parse_public_key(key.public_key_pem)
    checkpoint.check(
        signed, header.game_id, line_hashes(header, entries), public, trailer=trailer
    )  # as exported
    with pytest.raises(checkpoint.CheckpointError):
        checkpoint.check(
            signed, header.game_id, line_hashes(forged_header, forged_lines), public, trailer=forged_trailer
        )
