"""A Western Legends game relayed line by line (StartRelay / RelayLine) under rules version 2: fight
cards written as seen come off a fight deck shuffled at setup, so the relay re-seals the log when a
fight shows cards the arranged deck had elsewhere; what anyone saw stays as written."""

from __future__ import annotations

from replay.logfile import read_text
from replay.record import Entry
from replay.recordings.expand import expand_text
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.replay.recordings.mistakes import SAMPLES
from tests.service.relays.helpers import recording_lines, send, start

SAMPLE = SAMPLES / "western-legends.rec"


def test_a_relayed_game_with_fights_reseals_and_ends_as_the_whole_recording(
    client: Client, organiser: Client
) -> None:
    header, lines = recording_lines(SAMPLE)
    relay = start(organiser, header)
    resealed_at = []
    for number, line in enumerate(lines, start=1):
        reply = send(client, relay.game_id, line, number, relay.relay_token)
        assert reply.version == number + 1 and not reply.duplicate
        if reply.resealed:
            resealed_at.append(line)
    assert reply.status == "finished"
    assert any("fight_cards" in line for line in resealed_at), resealed_at
    text = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=relay.game_id)).content
    head, entries, trailer = read_text(text)[:3]
    assert verify(head, entries, trailer).verdict == "passed"
    events = [e for entry in entries if isinstance(entry, Entry) for e in entry.events]
    offered = [e["cards"] for e in events if e["kind"] == "fight_cards_offered"]
    assert offered[:2] == [["9", "4"], ["10", "K"]] and offered[2][0] == "J"
    assert trailer is not None and trailer.state_hash == expand_text(SAMPLE.read_text()).trailer.state_hash
