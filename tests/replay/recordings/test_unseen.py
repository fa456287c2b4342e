"""An expanded recording lists the cards nobody at the table saw, and everything that tells the game
says "(unseen)" for them (seeds/LOG-FORMAT.md, "Items nobody saw")."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from engines.most_wanted.cards import label
from replay import logfile
from replay.audit import build_report
from replay.forgeries import reseal
from replay.narrative import narrate
from replay.record import Entry, Header
from replay.recordings.expand import expand_text
from replay.recordings.filled import UnseenItems
from replay.recordings.format import parse
from replay.recordings.seal import Expansion
from replay.unseen import held_after, strings, unseen_by_version
from replay.verify import verify

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
MOST_WANTED = (SEEDS / "recordings" / "most-wanted.rec").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def expanded() -> Expansion:
    return expand_text(MOST_WANTED)


def drawn(entry: Entry) -> list[str]:
    return [card for e in entry.events if e["kind"] == "cards_drawn" for card in e.get("cards", ())]


def named_by_commands(entries: list[Entry]) -> set[str]:
    return {card for entry in entries for card in entry.command.get("cards", ())}


def test_each_listed_card_is_one_its_line_names_and_no_player_names_later(expanded: Expansion) -> None:
    listed = [(i, entry) for i, entry in enumerate(expanded.entries) if entry.unseen]
    assert len(listed) >= 3
    for i, entry in listed:
        assert set(entry.unseen) <= set(strings(list(entry.events)))
        assert not set(entry.unseen) & named_by_commands(expanded.entries[i + 1 :])


@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876", "western-legends"])
def test_every_game_lists_cards_its_lines_name_and_the_log_passes(game: str) -> None:
    expansion = expand_text((SEEDS / "recordings" / f"{game}.rec").read_text(encoding="utf-8"))
    lines = [expansion.header, *expansion.entries]
    assert sum(bool(line.unseen) for line in lines) >= 3
    for line in lines:
        events = line.setup_events if isinstance(line, Header) else line.events
        assert set(line.unseen) <= set(strings(list(events)))
    assert verify(expansion.header, expansion.entries, expansion.trailer).verdict == "passed"


def test_a_card_drawn_unknown_that_a_player_names_later_is_not_listed(expanded: Expansion) -> None:
    lines, entries = parse(MOST_WANTED).lines, expanded.entries
    assert len(lines) == len(entries)
    named_later = 0
    for i, (line, entry) in enumerate(zip(lines, entries, strict=True)):
        filled = [
            card for card, wrote in zip(drawn(entry), line.drew or [], strict=False) if wrote == "unknown"
        ]
        for card in filled:
            # Until the card is drawn again: a card leaves a hand only when its player names it.
            after = entries[i + 1 :]
            again = next((j for j, e in enumerate(after) if card in drawn(e)), len(after))
            if card in named_by_commands(after[:again]):
                named_later += 1
                assert card not in entry.unseen
            else:
                assert card in entry.unseen
    assert named_later >= 5, "the sample names most of the cards it drew unknown"


def test_a_safe_dealt_unknown_that_a_robbery_names_is_not_listed() -> None:
    """A Deadwood line's "safe" names the face-down safe it takes: it was seen."""
    text = (SEEDS / "recordings" / "deadwood-1876.rec").read_text(encoding="utf-8")
    assert '"safe": "gold-5"' in text.splitlines()[7], "line 8 robs seat 2's gold-5"
    expansion = expand_text(text.replace('["gold-5", "gun-red"]', '["unknown", "gun-red"]', 1))
    dealt = [e["safes"] for e in expansion.header.setup_events if e["kind"] == "safes_dealt"]
    assert dealt[1][0].startswith("gold-5"), "the expansion filled the unknown safe with the one robbed"
    assert all(dealt[1][0] not in line.unseen for line in [expansion.header, *expansion.entries])


def test_the_occurrences_of_a_filled_card_end_when_it_is_named_or_dealt_again() -> None:
    items = UnseenItems()
    items.filled("Q-2-b", 3)  # drawn unknown at line 3 ...
    items.filled("7-0-a", 3)
    items.named("7-0-a")  # ... and a player plays it at line 5: it was seen
    items.filled("J-1-a", 4)
    items.dealt_again("J-1-a", 8)  # discarded unnamed, reshuffled and drawn seen at line 8
    lines = [
        (3, [{"cards": ["Q-2-b", "7-0-a"]}]),
        (5, [{"cards": ["7-0-a"]}]),
        (6, [{"cards": ["J-1-a"]}]),
        (8, [{"cards": ["J-1-a"]}]),
        (9, [{"cards": ["Q-2-b"]}]),  # the unseen card discarded at the end
    ]
    assert items.by_line(lines) == [("Q-2-b",), (), ("J-1-a",), (), ("Q-2-b",)]


def test_the_narrative_says_unseen_and_never_the_filled_cards_names(expanded: Expansion) -> None:
    told = list(narrate(expanded.header, expanded.entries, expanded.trailer))
    plain = list(narrate(*without_unseen(expanded)))
    assert told[-1] == plain[-1] and told[-1].startswith("Result:"), "the same game, told to the end"
    steps = {line.split(" — ")[0]: line for line in told}
    plain_steps = {line.split(" — ")[0]: line for line in plain}
    for entry in expanded.entries:
        step = f"Step {entry.version - 1}"
        if not entry.unseen:
            assert steps[step] == plain_steps[step]
            continue
        assert "(unseen)" in steps[step] and "(unseen)" not in plain_steps[step]
        for event in entry.events:
            cards = tuple(event.get("cards", ()))
            if event["kind"] == "cards_drawn" and cards and set(cards) <= set(entry.unseen):
                who = expanded.header.players[event["seat"]]
                count = f"{len(cards)} card{'s' if len(cards) > 1 else ''}"
                assert f"{who} draws {count} (unseen)" in steps[step]
                assert f"{who} draws {count} ({label(cards)})" in plain_steps[step]


def test_a_later_event_naming_an_unseen_card_says_unseen_too() -> None:
    """A card dealt unseen and discarded by the rules later: both lines say "(unseen)"."""
    path = SEEDS / "conformance" / "good" / "most-wanted-finished.jsonl"
    header, entries, trailer = logfile.read_bytes(path.read_bytes().rsplit(b"\n", 2)[0] + b"\n")
    commands = [e for e in entries if isinstance(e, Entry)]
    at, card = next(
        (i, card)
        for i, e in enumerate(commands)
        for event in e.events
        if event["kind"] == "cards_discarded"
        for card in event["cards"]
        if any(card in ev.get("cards", ()) for ev in header.setup_events if ev["kind"] == "cards_drawn")
    )
    marked = list(commands)
    marked[at] = replace(marked[at], unseen=(card,))
    tabletop = reseal(
        replace(header, seed_commitment=None, unseen=(card,)), marked, replace(trailer, seed=None)
    )
    assert verify(*tabletop).verdict == "passed"
    told = list(narrate(*tabletop))
    assert "(unseen)" in told[2] and told[2].startswith("Setup")
    assert "(unseen)" in told[at + 3] and told[at + 3].startswith(f"Step {at + 1} ")


def test_an_edited_unseen_list_breaks_the_chain_at_its_line(expanded: Expansion) -> None:
    lines = logfile.write_lines(expanded.header, expanded.entries, expanded.trailer)
    assert verify(*logfile.read_lines(lines)).verdict == "passed"
    number = next(n for n, line in enumerate(lines, start=1) if '"unseen":' in line and n > 1)
    data = json.loads(lines[number - 1])
    data["unseen"] = data["unseen"][1:] or ["A-0-a"]
    edited = [*lines[: number - 1], json.dumps(data, sort_keys=True, separators=(",", ":")), *lines[number:]]
    found = verify(*logfile.read_lines(edited)).problem
    assert found is not None and (found.code, found.line) == ("BROKEN_CHAIN", number)


def test_the_audit_report_says_which_cards_nobody_saw(expanded: Expansion) -> None:
    record = (expanded.header, expanded.entries, expanded.trailer)
    report = build_report(*record, verify(*record)).to_markdown()
    listed = {item for line in [expanded.header, *expanded.entries] for item in line.unseen}
    assert f"| Items nobody saw | {len(listed)} items named on " in report
    plain = without_unseen(expanded)
    assert "Items nobody saw" not in build_report(*plain, verify(*plain)).to_markdown()


def test_a_relay_lists_no_card_unseen() -> None:
    """A relay publishes each line as the table plays it: whether a card stays unseen is known later."""
    relayed = expand_text(MOST_WANTED, mark_unseen=False)
    assert not any(line.unseen for line in [relayed.header, *relayed.entries])


def without_unseen(expansion: Expansion) -> tuple[Header, list[Entry], object]:
    header, entries, trailer = reseal(
        replace(expansion.header, unseen=()),
        [replace(e, unseen=()) for e in expansion.entries],
        expansion.trailer,
    )
    return header, [e for e in entries if isinstance(e, Entry)], trailer


def test_an_item_stays_unseen_in_the_state_until_a_line_names_it_without_listing_it() -> None:
    path = SEEDS / "conformance" / "good" / "most-wanted-tabletop-unseen.jsonl"
    header, entries, _ = logfile.read_bytes(path.read_bytes().rsplit(b"\n", 2)[0] + b"\n")
    first = next(e for e in entries if isinstance(e, Entry))

    def line(version: int, unseen: tuple[str, ...], *cards: str) -> Entry:
        return replace(first, version=version, unseen=unseen, events=({"kind": "x", "cards": list(cards)},))

    lines = [
        line(2, ("Q-2-b",), "Q-2-b", "7-0-a"),  # drawn unseen
        line(3, (), "K-1-a"),  # not named: still unseen in the state
        line(4, ("Q-2-b",), "Q-2-b"),  # named again, listed: still unseen
        line(5, (), "Q-2-b"),  # named without being listed: seen this time
    ]
    found = unseen_by_version(replace(header, unseen=()), lines)
    assert [found[v].named for v in (2, 3, 4, 5)] == [{"Q-2-b"}, set(), {"Q-2-b"}, set()]
    assert [found[v].held for v in (2, 3, 4, 5)] == [{"Q-2-b"}, {"Q-2-b"}, {"Q-2-b"}, set()]
    assert held_after(found, 3) == {"Q-2-b"} and unseen_by_version(replace(header, unseen=()), [first]) == {}
