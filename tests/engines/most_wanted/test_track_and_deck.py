"""Score track and bail (MW-TRK, MW-BAIL), refills and reshuffles (MW-REF, MW-TILE), the end (MW-END)."""

from __future__ import annotations

from dataclasses import replace

from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import (
    ChallengeDuel,
    DeclareRobbery,
    JoinRobbery,
    LockCards,
    StayPut,
    VisitChurch,
)
from engines.most_wanted.state import bail_value

from .helpers import of, play, table

HANDS = {
    0: ["9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"],
    1: ["6-0-a", "8-1-a", "Q-2-a", "J-0-b", "10-1-a"],
    2: ["Q-0-a", "Q-1-a", "Q-3-a", "A-0-a", "8-2-a"],
}


def test_MW_TRK_1_outlaws_start_at_zero_with_no_bail() -> None:
    state = table(HANDS)
    assert all(p.notoriety == 0 for p in state.players) and bail_value(0) == 0


def test_MW_TRK_3_bail_rises_from_one_to_three_up_the_track() -> None:
    assert [bail_value(n) for n in range(1, 13)] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]


def test_MW_MON_1_players_start_with_no_money() -> None:
    assert all(p.money == 0 for p in table(HANDS).players)


def test_MW_BAIL_3_a_player_who_cannot_pay_moves_back_and_keeps_their_money() -> None:
    start = table(HANDS).with_player(2, notoriety=10, money=2)
    state, _ = play(start, 0, ChallengeDuel(target=2, size=1))
    state, _ = play(state, 2, LockCards(cards=("8-2-a",)))
    state, events = play(state, 0, LockCards(cards=("A-2-a",)))
    assert of(events, ev.MovedBack) == [ev.MovedBack(seat=2, spaces=3)]
    assert state.player(2).money == 2 and state.player(2).notoriety == 7


def test_MW_BAIL_3_option_partial_payment_then_move_back_the_rest() -> None:
    start = table(HANDS, bail_rule="partial_then_move_back").with_player(2, notoriety=10, money=2)
    state, _ = play(start, 0, ChallengeDuel(target=2, size=1))
    state, _ = play(state, 2, LockCards(cards=("8-2-a",)))
    state, _ = play(state, 0, LockCards(cards=("A-2-a",)))
    assert state.player(2).money == 0 and state.player(2).notoriety == 9


def test_MW_TRK_4_moving_back_never_goes_below_start() -> None:
    start = table(HANDS).with_player(2, notoriety=1, money=0)
    state, _ = play(start, 0, ChallengeDuel(target=2, size=1))
    state, _ = play(state, 2, LockCards(cards=("8-2-a",)))
    state, _ = play(state, 0, LockCards(cards=("A-2-a",)))
    assert state.player(2).notoriety == 0


def test_MW_BAIL_4_losers_settle_clockwise_from_the_active_player() -> None:
    start = table(HANDS, active=1, max_join_circuits=1, last_call=False)
    start = start.with_player(0, notoriety=2, money=1).with_player(1, notoriety=2, money=1)
    state, _ = play(start, 1, DeclareRobbery(tile="pony_express", cards=("6-0-a", "8-1-a")))
    state, _ = play(state, 2, JoinRobbery(cards=("Q-0-a", "Q-1-a")))
    state, _ = play(state, 0, JoinRobbery(cards=("9-0-a", "9-0-b")))
    for seat, cards in ((0, ("9-0-a", "9-0-b")), (1, ("6-0-a", "8-1-a"))):
        state, _ = play(state, seat, LockCards(cards=cards))
    state, events = play(state, 2, LockCards(cards=("Q-0-a", "Q-1-a")))
    assert [e.seat for e in of(events, ev.BailPaid)] == [1, 0]
    assert [e.seat for e in of(events, ev.CardsDiscarded)] == [1, 2, 0]


def test_MW_REF_2_an_empty_deck_reshuffles_the_discards_and_flips_a_tile() -> None:
    discard = ["7-3-a", "7-3-b", "8-3-a", "8-3-b"]
    start = table(HANDS, deck=["10-3-a"], discard=discard)
    state, events = play(start, 0, VisitChurch(cards=()))
    (shuffled,) = of(events, ev.DeckShuffled)
    assert shuffled.reshuffle and sorted(shuffled.order) == sorted(discard)
    assert of(events, ev.TileFlipped) == [ev.TileFlipped(tile="pony_express")]
    assert len(state.player(0).hand) == 7 and state.discard == ()


def test_MW_TILE_1_robbery_tiles_start_on_their_day_side() -> None:
    tiles = ENGINE.view(table(HANDS), None)["tiles"]
    assert [(t["tile"], t["cards"], t["points"], t["flipped"]) for t in tiles] == [
        ("pony_express", 2, 2, False),
        ("stagecoach", 3, 3, False),
        ("train", 4, 4, False),
    ]


def test_MW_TILE_2_flips_lowest_unflipped_on_the_first_three_reshuffles_only() -> None:
    state = table(HANDS)
    flips = []
    for _ in range(4):
        state = replace(state, deck=(), discard=("7-3-a", "7-3-b", "8-3-a"), active=0, phase="action")
        state, events = play(state, 0, VisitChurch(cards=()))
        flips.append([e.tile for e in of(events, ev.TileFlipped)])
        state = state.with_player(0, hand=HANDS[0])
    assert flips == [["pony_express"], ["stagecoach"], ["train"], []]
    assert state.tile_points("pony_express") == 3 and state.tile_points("train") == 5


def test_MW_REF_3_the_discard_pile_is_public() -> None:
    state, _ = play(table(HANDS), 0, VisitChurch(cards=("7-1-a",)))
    assert ENGINE.view(state, 2)["discard"] == ENGINE.view(state, -1)["discard"] == ["7-1-a"]


def test_MW_END_1_reaching_most_wanted_ends_the_game_capped_at_13() -> None:
    start = table(HANDS).with_player(0, notoriety=12)
    state, _ = play(start, 0, DeclareRobbery(tile="train", cards=("9-0-a", "9-0-b", "K-0-a", "7-1-a")))
    state, _ = play(state, 1, StayPut())
    state, _ = play(state, 2, StayPut())
    state, events = play(state, 0, LockCards(cards=("9-0-a", "9-0-b", "K-0-a", "7-1-a")))
    assert of(events, ev.GameEnded) == [ev.GameEnded(winners=(0,), reason="most_wanted")]
    assert state.player(0).notoriety == 13 and state.phase == "over"
    assert len(state.player(0).hand) == 5  # the action finished (refill) before the end
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.winners == (0,) and outcome.scores[0] == 13


def test_MW_END_2_the_turn_cap_ends_the_game_with_the_leaders_winning() -> None:
    start = table(HANDS, max_turns=1).with_player(1, notoriety=4).with_player(2, notoriety=4)
    state, events = play(start, 0, VisitChurch(cards=()))
    assert of(events, ev.GameEnded) == [ev.GameEnded(winners=(1, 2), reason="turn_limit")]
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.ranking == ((1, 2), (0,))
