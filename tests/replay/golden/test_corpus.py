"""The golden corpus (seeds/golden/): today's engines replay it exactly, and any difference is named.

The changed-file tests edit a copy of a committed file the way a rule change would show up (a seat's
legal count, the state, a command the rules now refuse, a bumped rules_version) and check the message
names the game, the file, the step, the seat and both values.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from engines.registry import game_ids, get_engine
from replay.golden import corpus
from replay.golden.__main__ import main

# Run time of the whole replay on the development machine (2 shared cores): ~3.5 s.
BUDGET_SECONDS = 60


def lines_of(relative: str) -> list[dict[str, object]]:
    text = (corpus.CORPUS_DIR / relative).read_text(encoding="utf-8")
    return [json.loads(line) for line in text.splitlines()]


def text_of(lines: list[dict[str, object]]) -> str:
    return "".join(json.dumps(line) + "\n" for line in lines)


def test_every_corpus_game_replays_under_todays_rules() -> None:
    started = time.monotonic()
    differences = corpus.check()
    elapsed = time.monotonic() - started
    assert not differences, "\n".join(str(d) for d in differences)
    assert elapsed < BUDGET_SECONDS, f"the corpus took {elapsed:.1f}s to replay"


def test_the_corpus_has_every_game_and_every_player_count() -> None:
    present = {f"{p.parent.name}/{p.name}" for p in corpus.CORPUS_DIR.glob("*/*.jsonl")}
    for game in game_ids():
        engine = get_engine(game)
        for players in range(engine.min_seats, engine.max_seats + 1):
            for number in range(1, corpus.GAMES_PER_COUNT + 1):
                assert f"{game}/{players}-players-{number}.jsonl" in present
    assert all(
        json.loads(p.read_text().splitlines()[0])["rules_version"]
        for p in corpus.CORPUS_DIR.glob("*/*.jsonl")
    )


@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876", "western-legends"])
def test_a_changed_legal_count_is_named_with_its_step_seat_and_both_counts(game: str) -> None:
    relative = f"{game}/3-players-1.jsonl"
    lines = lines_of(relative)
    line = next(x for x in lines[5:] if isinstance(x.get("legal"), list) and any(x["legal"]))  # type: ignore[arg-type]
    seat = next(s for s, count in enumerate(line["legal"]) if count)  # type: ignore[arg-type]
    was = line["legal"][seat]  # type: ignore[index]
    line["legal"][seat] = was + 1  # type: ignore[index]
    difference = corpus.check_file(relative, text_of(lines))
    assert difference is not None
    assert str(difference).startswith(
        f"{relative} step {line['step']}: seat {seat + 1} had {was + 1} legal commands, now {was}"
    )
    assert "bump the engine's rules_version" in difference.message


def test_a_changed_state_is_named_with_both_hashes() -> None:
    relative = "deadwood-1876/4-players-2.jsonl"
    lines = lines_of(relative)
    line = lines[10]
    now = line["state"]
    line["state"] = "0123456789abcdef"
    difference = corpus.check_file(relative, text_of(lines))
    assert difference is not None
    assert str(difference).startswith(
        f"{relative} step {line['step']}: the state hash was 0123456789abcdef, now {now}"
    )


def test_a_seat_acting_out_of_turn_is_named() -> None:
    relative = "most-wanted/2-players-1.jsonl"
    lines = lines_of(relative)
    acting = lines[2]["seat"]
    assert isinstance(acting, int)
    lines[2]["seat"] = 1 - acting
    difference = corpus.check_file(relative, text_of(lines))
    assert difference is not None
    assert (
        str(difference)
        == f"{relative} step 2: seat {2 - acting} acted here, now the game waits for seat {acting + 1}"
    )


def test_a_command_the_rules_now_refuse_is_named_with_the_reason() -> None:
    relative = "most-wanted/3-players-1.jsonl"
    lines = lines_of(relative)
    # The second command sends the first one's robbery again, cards the second seat does not hold.
    lines[3]["command"] = lines[2]["command"]
    difference = corpus.check_file(relative, text_of(lines))
    assert difference is not None
    shown = json.dumps(lines[2]["command"], sort_keys=True, separators=(",", ":"))
    assert str(difference).startswith(
        f"{relative} step 3: seat {lines[3]['seat'] + 1}'s command {shown} is refused now: "
    )  # type: ignore[operator]


def test_another_rules_version_asks_for_the_one_regenerate_command() -> None:
    relative = "western-legends/2-players-2.jsonl"
    lines = lines_of(relative)
    lines[0]["rules_version"] = "western-legends/0"
    difference = corpus.check_file(relative, text_of(lines))
    assert difference is not None
    assert str(difference) == (
        f"{relative}: recorded under rules western-legends/0, the engine is now "
        f"{get_engine('western-legends').rules_version}: regenerate the corpus with "
        "`python -m replay.golden --write` and review the changed files"
    )


def test_a_missing_or_stale_file_is_named(tmp_path: Path) -> None:
    assert main(["--write", "--corpus", str(tmp_path), "--game", "deadwood-1876"]) == 0
    (tmp_path / "deadwood-1876" / "2-players-1.jsonl").unlink()
    (tmp_path / "deadwood-1876" / "10-players-1.jsonl").write_text("{}\n")
    messages = [str(d) for d in corpus.check(tmp_path, ["deadwood-1876"])]
    assert messages == [
        "deadwood-1876/10-players-1.jsonl: not a corpus game any more; "
        "regenerate with `python -m replay.golden --write`",
        "deadwood-1876/2-players-1.jsonl: missing (a new game or player count?); "
        "generate it with `python -m replay.golden --write`",
    ]


def test_writing_is_deterministic_and_reproduces_the_committed_files(tmp_path: Path) -> None:
    assert main(["--write", "--corpus", str(tmp_path), "--game", "deadwood-1876"]) == 0
    first = {p.name: p.read_bytes() for p in (tmp_path / "deadwood-1876").glob("*.jsonl")}
    (tmp_path / "deadwood-1876" / "3-players-1.jsonl").write_text("stale\n")
    assert main(["--write", "--corpus", str(tmp_path), "--game", "deadwood-1876"]) == 0
    again = {p.name: p.read_bytes() for p in (tmp_path / "deadwood-1876").glob("*.jsonl")}
    assert again == first
    committed = {p.name: p.read_bytes() for p in (corpus.CORPUS_DIR / "deadwood-1876").glob("*.jsonl")}
    assert first == committed, "the committed corpus is not what `python -m replay.golden --write` writes"
    assert main(["--check", "--corpus", str(tmp_path), "--game", "deadwood-1876"]) == 0
