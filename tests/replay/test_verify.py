"""verify(): an honest log passes; every kind of tampering is caught at the right line, with why."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from engines.codec import encode
from engines.registry import get_engine
from replay.record import Entry, state_hash
from replay.verify import Verification, build_record, steps, verify
from tests.replay.helpers import (
    TOY,
    Record,
    edit_entry,
    first_index,
    forged_roll,
    line_of,
    reseal,
    simulated,
    tabletop,
)

SEED = b"table-seed"


def is_roll(entry: Entry) -> bool:
    return bool(entry.command["kind"] == "roll")


def is_card(entry: Entry) -> bool:
    return bool(entry.command["kind"] == "play_card")


def rejected(header: Any, entries: list[Entry], trailer: Any) -> Verification:
    result = verify(header, entries, trailer)
    assert not result.ok and result.problem is not None
    return result


def problem_at(result: Verification, line: int, version: int, code: str) -> str:
    problem = result.problem
    assert problem is not None
    assert (problem.line, problem.version, problem.code) == (line, version, code), str(problem)
    return problem.reason


# -- an honest log ------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_an_honest_finished_log_passes_every_check(seats: int) -> None:
    header, entries, trailer = simulated(seats=seats, bot_seed=seats)
    result = verify(header, entries, trailer)
    assert result.ok and result.problem is None, result.problem
    assert [check.split(":")[0] for check in result.checks] == [
        "hash chain",
        "seed",
        "rules",
        "randomness",
        "result",
    ]
    assert result.steps == len(entries)
    draws = len(header.setup_draws) + sum(len(e.draws) for e in entries)
    assert result.draws_rederived == draws > 0
    assert result.seed_revealed and result.seed_matches is True
    engine = get_engine(TOY)
    assert state_hash(engine.view(result.state, None)) == trailer.state_hash
    assert result.outcome is not None and trailer.outcome is not None
    assert list(result.outcome.winners) == trailer.outcome["ranking"][0]


def test_a_game_in_progress_without_its_seed_passes_with_outcomes_checked_as_possible() -> None:
    header, entries, trailer = simulated(max_steps=6)
    assert trailer.status == "in_progress" and trailer.seed is None and trailer.outcome is None
    result = verify(header, entries, trailer)
    assert result.ok, result.problem
    assert result.draws_rederived == 0 and result.seed_matches is None
    assert any("seed not revealed yet" in check for check in result.checks)


def test_a_log_without_trailer_is_checked_up_to_its_last_line() -> None:
    header, entries, _ = simulated()
    result = verify(header, entries, None)
    assert result.ok and result.steps == len(entries)
    assert not any(check.startswith("result") for check in result.checks)


# -- tampering that breaks the hash chain -----------------------------------------------


def test_a_changed_event_breaks_the_chain_at_its_line() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_roll)
    event = {**entries[i].events[0], "value": 6 if entries[i].events[0]["value"] != 6 else 1}
    edited = edit_entry(entries, i, events=(event, *entries[i].events[1:]))
    reason = problem_at(rejected(header, edited, trailer), line_of(i), entries[i].version, "BROKEN_CHAIN")
    assert "changed after it was sealed" in reason


def test_a_changed_command_breaks_the_chain_at_its_line() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_card)
    edited = edit_entry(entries, i, command={"kind": "roll", "v": 1})
    problem_at(rejected(header, edited, trailer), line_of(i), entries[i].version, "BROKEN_CHAIN")


def test_a_changed_draw_breaks_the_chain_at_its_line() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_roll)
    edited = edit_entry(entries, i, draws=({"op": "randint", "value": 7},))
    problem_at(rejected(header, edited, trailer), line_of(i), entries[i].version, "BROKEN_CHAIN")


def test_an_edited_header_or_trailer_breaks_the_chain() -> None:
    header, entries, trailer = simulated()
    problem_at(rejected(replace(header, players=("Ann", "Bob")), entries, trailer), 1, 1, "BROKEN_CHAIN")
    edited = replace(trailer, outcome={"ranking": [[1], [0]], "scores": [0, 0], "reason": ""})
    problem_at(rejected(header, entries, edited), len(entries) + 2, trailer.version, "BROKEN_CHAIN")


def test_a_line_resealed_alone_no_longer_links_to_the_one_before() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_roll)
    edited = edit_entry(entries, i, prev="f" * 64)
    edited[i] = replace(edited[i], hash="").sealed()
    reason = problem_at(rejected(header, edited, trailer), line_of(i), entries[i].version, "BROKEN_CHAIN")
    assert "does not link to the previous line" in reason


def test_a_removed_line_is_named_by_the_version_found_in_its_place() -> None:
    header, entries, trailer = simulated()
    edited = entries[:3] + entries[4:]
    reason = problem_at(rejected(header, edited, trailer), line_of(3), entries[4].version, "OUT_OF_ORDER")
    assert f"version {entries[3].version} was expected" in reason


def test_reordered_lines_are_caught_at_the_first_moved_line() -> None:
    header, entries, trailer = simulated()
    edited = [*entries[:3], entries[4], entries[3], *entries[5:]]
    problem_at(rejected(header, edited, trailer), line_of(3), entries[4].version, "OUT_OF_ORDER")


# -- tampering resealed by a forger: the chain holds, the rules catch it ------------------


def test_a_changed_event_resealed_is_caught_by_the_rules() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_roll)
    first = entries[i].events[0]
    moved = {**first, "position": first["position"] + 1}
    forged = reseal(header, edit_entry(entries, i, events=(moved, *entries[i].events[1:])), trailer)
    reason = problem_at(rejected(*forged), line_of(i), entries[i].version, "EVENTS_DIFFER")
    assert f"recorded {moved}, rules give {first}" in reason


def test_a_dropped_event_resealed_is_caught_by_the_rules() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_card)
    forged = reseal(header, edit_entry(entries, i, events=entries[i].events[:-1]), trailer)
    reason = problem_at(rejected(*forged), line_of(i), entries[i].version, "EVENTS_DIFFER")
    kept = len(entries[i].events) - 1
    said = f"{kept} event" if kept == 1 else f"{kept} events"
    assert f"recorded {said}, rules give {len(entries[i].events)}" in reason


def test_a_changed_setup_resealed_is_caught_at_line_1() -> None:
    header, entries, trailer = simulated()
    dealt = {**header.setup_events[1], "cards": [5, 5]}
    forged = reseal(
        replace(header, setup_events=(header.setup_events[0], dealt, *header.setup_events[2:])),
        entries,
        trailer,
    )
    problem_at(rejected(*forged), 1, 1, "EVENTS_DIFFER")


def test_a_command_the_rules_forbid_is_rejected_with_the_rule_violation() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_card)
    forged = reseal(
        header, edit_entry(entries, i, command={"kind": "play_card", "v": 1, "card": 99}), trailer
    )
    reason = problem_at(rejected(*forged), line_of(i), entries[i].version, "CARD_NOT_IN_HAND")
    assert "card 99 is not in your hand" in reason and "[TOY-CARD]" in reason


def test_a_command_from_a_seat_not_to_act_is_rejected() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_roll)
    forged = reseal(header, edit_entry(entries, i, seat=1 - entries[i].seat), trailer)
    reason = problem_at(rejected(*forged), line_of(i), entries[i].version, "NOT_TO_ACT")
    assert f"seat {2 - entries[i].seat} may not act now (waiting for seat {entries[i].seat + 1})" in reason


def test_a_malformed_command_is_rejected() -> None:
    header, entries, trailer = simulated()
    forged = reseal(header, edit_entry(entries, 2, command={"kind": "shoot", "v": 1}), trailer)
    reason = problem_at(rejected(*forged), line_of(2), entries[2].version, "BAD_COMMAND")
    assert "unknown kind 'shoot'" in reason


def renumbered(entries: list[Entry], first_version: int = 2) -> list[Entry]:
    return [replace(e, version=first_version + i) for i, e in enumerate(entries)]


def test_a_removed_line_resealed_and_renumbered_is_caught_where_it_was() -> None:
    header, entries, trailer = simulated()
    edited = renumbered(entries[:3] + entries[4:])
    forged = reseal(header, edited, replace(trailer, version=edited[-1].version))
    problem_at(rejected(*forged), line_of(3), entries[3].version, "NOT_TO_ACT")


def test_reordered_lines_resealed_and_renumbered_are_caught_at_the_first_moved_line() -> None:
    header, entries, trailer = simulated()
    forged = reseal(header, renumbered([*entries[:3], entries[4], entries[3], *entries[5:]]), trailer)
    problem_at(rejected(*forged), line_of(3), entries[3].version, "NOT_TO_ACT")


def test_a_command_after_the_game_is_over_is_rejected() -> None:
    header, entries, trailer = simulated()
    extra = replace(entries[-1], version=entries[-1].version + 1)
    forged = reseal(header, [*entries, extra], replace(trailer, version=extra.version))
    problem_at(rejected(*forged), line_of(len(entries)), extra.version, "GAME_OVER")


def test_a_wrong_final_state_or_result_in_the_trailer_is_caught() -> None:
    header, entries, trailer = simulated()
    last = len(entries) + 2
    wrong_hash = reseal(header, entries, replace(trailer, state_hash="0" * 64))
    problem_at(rejected(*wrong_hash), last, trailer.version, "STATE_HASH_DIFFERS")
    assert trailer.outcome is not None
    loser = trailer.outcome["ranking"][-1]
    wrong_winner = {**trailer.outcome, "ranking": [loser, *trailer.outcome["ranking"][:-1]]}
    forged = reseal(header, entries, replace(trailer, outcome=wrong_winner))
    assert "recorded result" in problem_at(rejected(*forged), last, trailer.version, "OUTCOME_DIFFERS")


def test_unknown_game_bad_seats_and_bad_options_are_caught_at_the_header() -> None:
    header, entries, trailer = simulated()
    problem_at(rejected(*reseal(replace(header, game="poker"), entries, trailer)), 1, 1, "UNKNOWN_GAME")
    five = replace(header, seats=5, players=tuple("abcde"))
    assert "2-4 seats, not 5" in problem_at(rejected(*reseal(five, entries, trailer)), 1, 1, "BAD_SEATS")
    options = replace(header, options={**header.options, "target": "far"})
    problem_at(rejected(*reseal(options, entries, trailer)), 1, 1, "BAD_OPTIONS")


# -- tabletop logs: no seed, observed outcomes --------------------------------------------


def test_a_tabletop_log_with_observed_outcomes_verifies() -> None:
    header, entries, trailer = tabletop(simulated(seats=3))
    assert header.seed_commitment is None and trailer.seed is None
    result = verify(header, entries, trailer)
    assert result.ok, result.problem
    assert result.draws_rederived == 0 and not result.seed_revealed
    assert any("tabletop log" in check for check in result.checks)


def test_a_tabletop_die_of_7_is_impossible() -> None:
    header, entries, trailer = tabletop(simulated())
    i = first_index(entries, is_roll)
    forged = reseal(header, edit_entry(entries, i, draws=({"op": "randint", "value": 7},)), trailer)
    reason = problem_at(rejected(*forged), line_of(i), entries[i].version, "IMPOSSIBLE_OUTCOME")
    assert "observed roll 7 is not between 1 and 6" in reason


def test_a_tabletop_shuffle_that_is_not_a_permutation_is_impossible() -> None:
    header, entries, trailer = tabletop(simulated())
    order = list(header.setup_draws[0]["value"])
    order[0] = 9
    forged = reseal(replace(header, setup_draws=({"op": "shuffle", "value": order},)), entries, trailer)
    reason = problem_at(rejected(*forged), 1, 1, "IMPOSSIBLE_OUTCOME")
    assert "not an arrangement of the 15 items" in reason


def test_a_tabletop_log_with_a_missing_or_extra_outcome_is_rejected() -> None:
    header, entries, trailer = tabletop(simulated())
    i = first_index(entries, is_roll)
    missing = reseal(header, edit_entry(entries, i, draws=()), trailer)
    assert "records no more outcomes" in problem_at(
        rejected(*missing), line_of(i), entries[i].version, "IMPOSSIBLE_OUTCOME"
    )
    j = first_index(entries, is_card)
    extra = reseal(header, edit_entry(entries, j, draws=({"op": "randint", "value": 3},)), trailer)
    assert "never asked for" in problem_at(
        rejected(*extra), line_of(j), entries[j].version, "IMPOSSIBLE_OUTCOME"
    )


def test_a_tabletop_roll_that_disagrees_with_its_events_is_rejected() -> None:
    header, entries, trailer = tabletop(simulated())
    i = first_index(entries, is_roll)
    other = entries[i].draws[0]["value"] % 6 + 1
    forged = reseal(header, edit_entry(entries, i, draws=({"op": "randint", "value": other},)), trailer)
    problem_at(rejected(*forged), line_of(i), entries[i].version, "EVENTS_DIFFER")


# -- the audit of randomness ---------------------------------------------------------------


def test_a_wrong_revealed_seed_is_caught_at_the_trailer() -> None:
    header, entries, trailer = simulated()
    forged = reseal(header, entries, replace(trailer, seed=b"another seed".hex()))
    result = rejected(*forged)
    problem_at(result, len(entries) + 2, trailer.version, "SEED_MISMATCH")
    assert result.seed_matches is False


def test_a_wrong_seed_does_not_hide_an_earlier_rule_problem() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_card)
    edited = edit_entry(entries, i, command={"kind": "play_card", "v": 1, "card": 99})
    forged = reseal(header, edited, replace(trailer, seed=b"another seed".hex()))
    problem_at(rejected(*forged), line_of(i), entries[i].version, "CARD_NOT_IN_HAND")


def test_a_seed_that_is_not_hex_is_caught_without_a_crash() -> None:
    header, entries, trailer = simulated()
    forged = reseal(header, entries, replace(trailer, seed="zz"))
    assert "'zz' is not hex" in problem_at(rejected(*forged), len(entries) + 2, trailer.version, "BAD_SEED")


def test_a_seed_revealed_without_a_commitment_is_caught() -> None:
    header, entries, trailer = simulated()
    forged = reseal(replace(header, seed_commitment=None), entries, trailer)
    result = rejected(*forged)
    problem_at(result, len(entries) + 2, trailer.version, "NO_COMMITMENT")
    assert "randomness: the revealed seed is unusable; every outcome was possible" in result.checks


def test_an_edited_roll_resealed_with_consistent_events_fails_only_the_seed_audit() -> None:
    honest = simulated()
    i = first_index(honest[1], is_roll)
    recorded = honest[1][i].draws[0]["value"]
    forged: Record = forged_roll(honest, SEED, i, recorded % 6 + 1)
    assert verify(*tabletop(forged)).ok  # without the seed the forgery is a possible game
    result = rejected(*forged)
    reason = problem_at(result, line_of(i), honest[1][i].version, "DRAW_DIFFERS")
    assert (
        f"draw 1 differs: recorded {{'op': 'randint', 'low': 1, 'high': 6, 'value': {recorded % 6 + 1}}}"
        in reason
    )
    assert f"the seed gives {{'op': 'randint', 'low': 1, 'high': 6, 'value': {recorded}}}" in reason
    assert [c.split(":")[0] for c in result.checks] == ["hash chain", "seed"]


def test_a_changed_command_under_a_revealed_seed_is_reported_as_a_rule_problem() -> None:
    header, entries, trailer = simulated()
    i = first_index(entries, is_card)
    # A roll in place of a card also changes the draws; the log records no die for it,
    # which is what is reported, not a failure of the seed.
    forged = reseal(header, edit_entry(entries, i, command={"kind": "roll", "v": 1}), trailer)
    problem_at(rejected(*forged), line_of(i), entries[i].version, "IMPOSSIBLE_OUTCOME")


# -- building and stepping through records -----------------------------------------------


def test_build_record_reveals_the_seed_only_when_the_game_is_over() -> None:
    assert simulated()[2].seed == SEED.hex()
    unfinished = simulated(max_steps=4)[2]
    assert unfinished.seed is None and unfinished.status == "in_progress" and unfinished.version == 5
    assert simulated(max_steps=4, reveal_seed=True)[2].seed == SEED.hex()


def test_build_record_needs_the_setup_step_first() -> None:
    with pytest.raises(ValueError, match="setup step"):
        build_record("g", TOY, {}, 2, ["a", "b"], "", SEED, [])


def test_steps_fold_the_record_one_version_at_a_time() -> None:
    header, entries, trailer = simulated()
    engine = get_engine(TOY)
    walked = list(steps(header, entries))
    assert [s.version for s in walked] == list(range(1, len(entries) + 2))
    assert walked[0].seat is None and walked[0].command is None
    assert [s.seat for s in walked[1:]] == [e.seat for e in entries]
    assert [encode(s.command) for s in walked[1:] if s.command] == [e.command for e in entries]
    assert state_hash(engine.view(walked[-1].state, None)) == trailer.state_hash
    assert engine.outcome(walked[-2].state) is None and engine.outcome(walked[-1].state) is not None
