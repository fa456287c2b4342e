"""Running the JavaScript verifier (service/web/static/verifier/) in Node from the tests."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests.node_packages import node

ROOT = Path(__file__).resolve().parents[3]
CLI = ROOT / "service" / "web" / "static" / "verifier" / "cli.mjs"
SAMPLE_KEY = ROOT / "seeds" / "keys" / "samples.pub"

# Codes only the rules engines give (LOG-FORMAT.md "Verification", steps 3.1, 3.3-3.5, 5 and forks).
RULES_CODES = {
    "UNKNOWN_GAME",
    "UNKNOWN_RULES_VERSION",  # which rules versions exist is the engines' to say
    "BAD_SEATS",
    "BAD_OPTIONS",
    "EVENTS_DIFFER",
    "DRAW_QUESTION_DIFFERS",  # the range or items the rules ask for
    "IMPOSSIBLE_OUTCOME",
    "NOT_TO_ACT",
    "GAME_OVER",
    "BAD_COMMAND",
    "OUTCOME_DIFFERS",
    "STATUS_DIFFERS",
    "STATE_HASH_DIFFERS",
    "BAD_FORK_ORIGIN",
    "FORK_STATE_DIFFERS",
    "UPGRADE_DIVERGES",  # an upgrade is re-made by re-running the history under its rules
    "BAD_UPGRADE",
    "MIGRATION_DIFFERS",  # an upgrade's setup migration is re-derived by the rules engines
    "SETUP_DIFFERS",
}


DRAWS_REDERIVED_FROM = 5  # the format whose draws name their question (LOG-FORMAT.md "Format 5")


def format_of(content: bytes) -> object:
    """The header's format_version, or None for a file whose first line is not a JSON object."""
    try:
        header = json.loads(content.split(b"\n", 1)[0])
    except ValueError:
        return None
    return header.get("format_version") if isinstance(header, dict) else None


def rules_only(code: str | None, content: bytes) -> bool:
    """Whether only the rules engines find `code` in this log: a draw differing before format 5,
    whose draws do not say what was asked, is one."""
    if code == "DRAW_DIFFERS":
        version = format_of(content)
        return not (isinstance(version, int) and version >= DRAWS_REDERIVED_FROM)
    return code in RULES_CODES


def run_js_verifier(files: list[Path], key: Path | None = SAMPLE_KEY) -> dict[str, dict[str, object]]:
    """Each file's result from one Node process, keyed by the path given."""
    key_args = ["--key", str(key)] if key else []
    done = subprocess.run(
        [node(), str(CLI), *key_args, *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    results = [json.loads(line) for line in done.stdout.splitlines()]
    return {str(result.pop("file")): result for result in results}
