"""A private Redis (or Valkey) server on a free port, without persistence."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from tests.servers.binaries import redis_executable
from tests.servers.ports import wait_for_port


@dataclass
class Redis:
    port: int
    process: subprocess.Popen[bytes] | None = None
    executable: Path = field(default_factory=redis_executable)

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        self.process = subprocess.Popen(
            [
                str(self.executable),
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, self.process)
        return self

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None
