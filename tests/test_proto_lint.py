"""buf lints proto/ (proto/buf.yaml) and finds no breaking change against the released baseline.

buf comes from the npm registry (@bufbuild/buf, pinned in tools/buf/package-lock.json) and runs on
the dev extras' Node; tools/buf/README.md says what the baseline is and when it moves.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from tests.node_packages import BUF, ROOT, node, provided

BASELINE = BUF / "baseline.binpb"


def buf(*args: str) -> subprocess.CompletedProcess[str]:
    modules = provided(BUF)
    command = [node(), str(modules / "@bufbuild" / "buf" / "bin" / "buf"), *args]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_buf_lint_passes() -> None:
    done = buf("lint", "proto")
    assert done.returncode == 0, done.stdout + done.stderr


def test_buf_finds_no_breaking_change_against_the_baseline() -> None:
    done = buf("breaking", "proto", "--against", str(BASELINE.relative_to(ROOT)))
    assert done.returncode == 0, done.stdout + done.stderr


def test_buf_breaking_catches_a_removed_field(tmp_path: Path) -> None:
    copy = tmp_path / "proto"
    shutil.copytree(ROOT / "proto", copy)
    frontier = copy / "frontier" / "v1" / "frontier.proto"
    text = frontier.read_text()
    removed = "  string tag = 5;"
    assert removed in text
    frontier.write_text(text.replace(removed, "", 1))
    done = buf("breaking", str(copy), "--against", str(BASELINE))
    assert done.returncode != 0
    assert "CreateGameRequest" in done.stdout and '"tag"' in done.stdout, done.stdout
