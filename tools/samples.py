"""Write the sample match logs in `seeds/logs/`: complete random-bot games, one per listed size.

    python -m tools.samples [--out seeds/logs]

Each game's seed comes from its name, so running this again writes the same
files byte for byte (a test checks the stored ones are current). Each log ends
in a checkpoint signed with the published sample key in seeds/keys/ (Ed25519
signatures are deterministic), so `frontier audit --key seeds/keys/samples.pub`
passes on it; that key is for samples only and proves nothing. Next to each
log goes its audit report in Markdown, as an organiser would publish it.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from engines.registry import get_engine
from engines.simulate import playout
from replay.audit import build_report
from replay.golden.names import named_game_id, named_seed
from replay.logfile import write_lines
from replay.trust.checkpoint import sign
from replay.trust.keys import load_signing_key
from replay.trust.report import with_signature
from replay.trust.signed_log import line_hashes
from replay.trust.signer import SAMPLES
from replay.trust.verdict import TrustedKey, judge
from replay.verify import build_record, verify

# Player counts per game: the smallest, a middle and the largest table.
SIZES: dict[str, tuple[int, ...]] = {
    "most-wanted": (2, 4, 8),
    "deadwood-1876": (2, 5, 9),
    "western-legends": (2, 4, 6),
}
# How often the bot takes the first, most purposeful legal command (engines.bot): a uniform
# bot wanders the Western Legends map until the round cap; a sample should end by the LP goal.
LEAN: dict[str, float] = {"western-legends": 0.7}
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "seeds" / "logs"
SAMPLE_KEY = Path(__file__).resolve().parent.parent / "seeds" / "keys" / "samples.pem"
PUBLISHED = "the published sample key seeds/keys/samples.pub"


def sample_name(game: str, players: int) -> str:
    return f"{game}-{players}p"


def sample_files(game: str, players: int) -> dict[str, str]:
    """The log and audit report of one sample game, by file name."""
    name = sample_name(game, players)
    seed = named_seed("sample", name)
    game_id = named_game_id("samples", name)
    engine = get_engine(game)
    options = engine.options({})
    steps = list(
        playout(
            engine,
            players,
            seed=seed,
            game_id=game_id,
            options=options,
            bot_seed=players,
            lean=LEAN.get(game, 0.0),
        )
    )
    header, entries, trailer = build_record(
        game_id,
        game,
        options,
        players,
        [f"Outlaw {seat + 1}" for seat in range(players)],
        "sample",
        seed,
        steps,
    )
    verification = verify(header, entries, trailer)
    if not verification.ok:  # a sample that does not verify is a bug in an engine or in replay
        raise AssertionError(f"sample {name} does not verify: {verification.problem}")
    key = replace(load_signing_key(SAMPLE_KEY), signer=SAMPLES)
    hashes = line_hashes(header, entries)
    checkpoint = sign(key, game_id, hashes, imported=False, trailer=trailer)
    signature = judge(game_id, hashes, checkpoint, [TrustedKey(key.public, PUBLISHED)], trailer=trailer)
    report = build_report(header, entries, trailer, verification).to_markdown()
    report = with_signature(report, signature, rules_ok=verification.ok)
    lines = [*write_lines(header, entries, trailer), checkpoint.to_line()]
    return {f"{name}.jsonl": "".join(line + "\n" for line in lines), f"{name}.audit.md": report}


def all_sample_files() -> dict[str, dict[str, str]]:
    """Every sample's files, by game (the folder they go in)."""
    return {
        game: {name: text for players in sizes for name, text in sample_files(game, players).items()}
        for game, sizes in SIZES.items()
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    args = parser.parse_args(argv)
    for game, files in all_sample_files().items():
        folder = args.out / game
        folder.mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (folder / name).write_text(text, encoding="utf-8")
            print(folder / name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
