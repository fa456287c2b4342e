"""Relaying a recording over gRPC, and watching a game in a thread with arrival times."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2

ROOT = Path(__file__).resolve().parents[3]
SAMPLE = ROOT / "seeds" / "recordings" / "most-wanted.rec"
# A frozen copy of an earlier sample: tests that edit a named line of it stay put when the sample changes.
FROZEN = ROOT / "tests" / "replay" / "recordings" / "samples" / "most-wanted.rec"


def recording_lines(path: Path = SAMPLE) -> tuple[str, list[str]]:
    """The header and the command lines of a recording, notes and blank lines left out."""
    lines = [line for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]
    return lines[0], lines[1:]


def start(organiser: Client, header: str, delay: int = 0) -> Any:
    request = frontier_pb2.StartRelayRequest(header=header, spectator_delay_seconds=delay)
    return organiser.call("StartRelay", request)


def send(client: Client, game_id: str, line: str, version: int, token: str | None) -> Any:
    request = frontier_pb2.RelayLineRequest(game_id=game_id, line=line, expected_version=version)
    return client.call("RelayLine", request, token=token)


class Watcher(threading.Thread):
    """Collects (arrival time, update) from WatchGame until the game is finished or `until` is seen."""

    def __init__(self, client: Client, game_id: str, token: str | None = None, until: int = 1 << 30) -> None:
        super().__init__(daemon=True)
        self.client, self.game_id, self.token, self.until = client, game_id, token, until
        self.updates: list[tuple[float, Any]] = []
        self.error: BaseException | None = None

    def run(self) -> None:
        request = frontier_pb2.WatchGameRequest(game_id=self.game_id, from_version=0)
        try:
            for update in self.client.stub.WatchGame(
                request, metadata=self.client.metadata(self.token), timeout=120
            ):
                if update.notice:
                    continue
                self.updates.append((time.monotonic(), update))
                if update.status == "finished" or update.version >= self.until:
                    return
        except BaseException as error:  # noqa: BLE001 -- reported by the test
            self.error = error

    def versions(self) -> list[int]:
        return [u.version for _, u in self.updates]
