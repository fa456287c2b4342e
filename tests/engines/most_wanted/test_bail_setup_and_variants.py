"""The remaining rule ids: setup (MW-SET-1/2), track and money (MW-TRK-2, MW-MON-2/3), bail and its
timing (MW-BAIL-1/2, MW-TURN-4), ties (MW-TIE-1), tile sides and night actions (MW-TILE-3/4,
MW-NIGHT-1), the hand-size invariant (MW-ROB-7), simultaneous commitment and Double Crosser
(MW-HID-3/4) and the two-player game (MW-2P-1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from engines.base import SPECTATOR, Event, OptionError, RuleViolation
from engines.most_wanted import ENGINE
from engines.most_wanted import events as ev
from engines.most_wanted.commands import (
    ChallengeDuel,
    DeclareRobbery,
    DoHonestLabor,
    JoinRobbery,
    LockCards,
    StayPut,
    Tile,
    VisitChurch,
    WithdrawFromRobbery,
)
from engines.most_wanted.hands import best_hands, hand_key
from engines.most_wanted.state import GOAL, State, bail_value
from engines.simulate import playout

from .helpers import new_game, of, play, table

DAY_ACTIONS = {"declare_robbery", "do_honest_labor", "visit_church", "challenge_duel"}

FOUR = {
    0: ["7-0-a", "8-1-a", "6-2-b", "10-3-b", "J-3-b"],
    1: ["9-0-a", "10-1-a", "7-2-b", "8-3-b", "Q-3-b"],
    2: ["J-0-a", "Q-1-a", "9-2-b", "K-3-b", "7-3-b"],
    3: ["A-0-a", "A-1-a", "8-2-b", "9-3-b", "6-3-b"],
}


def robbery(
    state: State, tile: str, hands: Mapping[int, tuple[str, ...]], lock_order: tuple[int, ...] | None = None
) -> tuple[State, list[Event]]:
    """The active player declares with hands[active]; every other seat in `hands` joins with its
    cards on its first chance and then stays put; everyone locks the same cards (in `lock_order`)."""
    active = state.active
    state, events = play(state, active, DeclareRobbery(tile=tile, cards=hands[active]))  # type: ignore[arg-type]
    while state.phase == "join":
        (seat,) = ENGINE.seats_to_act(state)
        assert state.action is not None
        joining = seat in hands and seat not in state.action.participants
        state, events = play(state, seat, JoinRobbery(cards=hands[seat]) if joining else StayPut())
    if state.phase != "lock":  # nobody joined: the declaration itself settled the robbery
        return state, events
    for seat in lock_order or ENGINE.seats_to_act(state):
        state, events = play(state, seat, LockCards(cards=hands[seat]))
    return state, events


def four_way(state: State, lock_order: tuple[int, ...] | None = None) -> tuple[State, list[Event]]:
    hands = {seat: tuple(cards[:2]) for seat, cards in FOUR.items()}
    return robbery(state, "pony_express", hands, lock_order)


# MW-SET-1 / MW-SET-2 ------------------------------------------------------------------------------


def test_MW_SET_1_six_day_actions_are_set_out_robberies_on_their_start_side() -> None:
    state = new_game(4)
    tiles = ENGINE.view(state, SPECTATOR)["tiles"]
    assert [(t["tile"], t["flipped"]) for t in tiles] == [
        ("pony_express", False),
        ("stagecoach", False),
        ("train", False),
    ]
    legal = ENGINE.legal_commands(state, state.active)
    assert {c.kind for c in legal} == DAY_ACTIONS
    tiles_offered = {c.tile for c in legal if isinstance(c, DeclareRobbery)}
    assert tiles_offered == {"pony_express", "stagecoach", "train"}


@pytest.mark.parametrize("seats", range(2, 9))
def test_MW_SET_2_every_outlaw_starts_at_start_with_no_money(seats: int) -> None:
    state = new_game(seats, seed=bytes([seats]))
    assert [(p.notoriety, p.money) for p in state.players] == [(0, 0)] * seats
    shown = ENGINE.view(state, SPECTATOR)["players"]
    assert [(p["seat"], p["notoriety"], p["money"]) for p in shown] == [(s, 0, 0) for s in range(seats)]


# MW-TRK-2 ---------------------------------------------------------------------------------------


def test_MW_TRK_2_the_track_runs_to_13_and_only_13_is_most_wanted() -> None:
    assert GOAL == 13
    hands = {0: ["9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"], 1: ["6-0-a"], 2: ["8-2-a"]}
    train = ("9-0-a", "9-0-b", "K-0-a", "7-1-a")
    short, _ = robbery(table(hands).with_player(0, notoriety=8), "train", {0: train})
    assert short.player(0).notoriety == 12 and short.phase == "action"  # space 12 is not the end
    assert bail_value(12) == 3
    reached, events = robbery(table(hands).with_player(0, notoriety=9), "train", {0: train})
    assert reached.player(0).notoriety == 13 and reached.phase == "over"
    assert of(events, ev.GameEnded) == [ev.GameEnded(winners=(0,), reason="most_wanted")]


# MW-MON-2 / MW-MON-3 ----------------------------------------------------------------------------


def test_MW_MON_2_each_money_bag_is_worth_1_and_the_supply_never_runs_out() -> None:
    hands = {0: ["9-0-a", "9-0-b", "K-0-a", "7-0-a", "A-2-a"]}
    start = table(hands).with_player(1, money=40).with_player(2, money=23)  # 63 bags out already
    state, events = play(start, 0, DoHonestLabor(cards=("9-0-a", "9-0-b", "K-0-a", "7-0-a")))
    assert of(events, ev.LaborPaid)[0].money == 8
    assert state.player(0).money == 8 and sum(p.money for p in state.players) == 71
    # Bail is paid in bags of 1: a loser on space 5 (bail 2) with 3 money keeps exactly 1.
    duel_hands = {0: ["A-0-a", "K-1-a"], 1: ["7-0-a", "8-1-a"]}
    start = table(duel_hands).with_player(1, notoriety=5, money=3)
    state, _ = play(start, 0, ChallengeDuel(target=1, size=1))
    state, _ = play(state, 1, LockCards(cards=("7-0-a",)))
    state, _ = play(state, 0, LockCards(cards=("A-0-a",)))
    assert state.player(1).money == 1


def test_MW_MON_3_money_and_hand_sizes_are_public_to_every_viewer() -> None:
    state, _ = play(table(FOUR, seats=4), 0, DoHonestLabor(cards=("10-3-b", "J-3-b")))
    state = state.with_player(1, hand=state.player(1).hand[:3])
    for viewer in (SPECTATOR, 1, 2, 3):
        shown = ENGINE.view(state, viewer)["players"]
        assert [(p["money"], p["hand_size"]) for p in shown] == [(4, 5), (0, 3), (0, 5), (0, 5)]
        assert all("hand" not in p for p in shown if p["seat"] != viewer)
    _, events = play(table(FOUR, seats=4), 0, DoHonestLabor(cards=("10-3-b", "J-3-b")))
    (paid,) = of(events, ev.LaborPaid)
    assert ENGINE.redact(paid, SPECTATOR) == paid  # what was earned, and with which cards, is public


# MW-BAIL-1 / MW-BAIL-2 / MW-TURN-4 ----------------------------------------------------------------


def test_MW_BAIL_1_every_loser_of_a_robbery_or_duel_pays_and_the_winner_does_not() -> None:
    start = table(FOUR, seats=4)
    for seat in range(4):
        start = start.with_player(seat, notoriety=2, money=5)
    state, events = four_way(start)
    assert of(events, ev.HandsRevealed)[0].winner == 3
    assert [(e.seat, e.amount) for e in of(events, ev.BailPaid)] == [(0, 1), (1, 1), (2, 1)]
    assert [p.money for p in state.players] == [4, 4, 4, 5]
    state = replace(state, active=0, phase="action")
    state = state.with_player(0, hand=("A-3-a", "K-2-a", *state.player(0).hand[2:]))
    state = state.with_player(1, hand=("6-1-b", "7-1-b", *state.player(1).hand[2:]))
    state, _ = play(state, 0, ChallengeDuel(target=1, size=1))
    state, _ = play(state, 1, LockCards(cards=("7-1-b",)))
    state, events = play(state, 0, LockCards(cards=("A-3-a",)))
    assert of(events, ev.BailPaid) == [ev.BailPaid(seat=1, amount=1, to_seat=None)]
    assert state.player(0).money == 4 and state.player(1).money == 3


def test_MW_BAIL_2_bail_is_the_value_of_the_losers_own_space() -> None:
    start = table(FOUR, seats=4)
    for seat, position in ((0, 0), (1, 4), (2, 5), (3, 12)):
        start = start.with_player(seat, notoriety=position, money=9)
    hands = {seat: tuple(cards[:2]) for seat, cards in FOUR.items()}
    hands[0] = ("A-0-a", "A-1-a")  # seat 0 (at start) now wins; seats 1-3 lose
    hands[3] = ("7-0-a", "8-1-a")
    start = start.with_player(0, hand=(*hands[0], *FOUR[0][2:])).with_player(
        3, hand=(*hands[3], *FOUR[3][2:])
    )
    state, events = robbery(start, "pony_express", hands)
    assert of(events, ev.HandsRevealed)[0].winner == 0
    assert [(e.seat, e.amount) for e in of(events, ev.BailPaid)] == [(1, 1), (2, 2), (3, 3)]
    # A loser at start owes nothing: no bail event for seat 0 when it loses from space 0.
    start = table(FOUR, seats=4).with_player(0, notoriety=0, money=9)
    _, events = four_way(start)
    assert of(events, ev.HandsRevealed)[0].winner == 3
    assert 0 not in {e.seat for e in of(events, ev.BailPaid)} | {e.seat for e in of(events, ev.MovedBack)}


def test_MW_TURN_4_bail_is_settled_after_the_reveal_before_the_winner_moves_from_old_positions() -> None:
    duel_hands = {0: ["A-0-a", "K-1-a"], 1: ["7-0-a", "8-1-a"]}
    start = table(duel_hands).with_player(1, notoriety=9, money=0)  # bail 3, cannot pay
    state, _ = play(start, 0, ChallengeDuel(target=1, size=1))
    state, _ = play(state, 1, LockCards(cards=("7-0-a",)))
    state, events = play(state, 0, LockCards(cards=("A-0-a",)))
    kinds = [e.kind for e in events]
    assert kinds.index("hands_revealed") < kinds.index("moved_back") < kinds.index("advanced")
    # The loser moved back to space 6 (bail 2), yet the winner's reward is the bail of space 9.
    assert of(events, ev.MovedBack) == [ev.MovedBack(seat=1, spaces=3)]
    assert of(events, ev.Advanced) == [ev.Advanced(seat=0, points=3)]
    assert state.player(1).notoriety == 6 and state.player(0).notoriety == 3


# MW-TIE-1 ---------------------------------------------------------------------------------------


def test_MW_TIE_1_equal_ranks_in_other_suits_are_an_exact_tie_that_the_engine_resolves() -> None:
    assert hand_key(("9-0-a", "9-1-a", "K-2-a"), False) == hand_key(("9-2-b", "9-3-b", "K-0-b"), False)
    tied, _ = best_hands({1: ("9-0-a", "9-1-a"), 2: ("9-2-b", "9-3-b"), 3: ("8-0-a", "8-1-a")})
    assert tied == (1, 2)
    hands = {0: ("7-0-a", "8-1-a"), 1: ("9-0-a", "9-1-a"), 2: ("9-2-b", "9-3-b")}
    start = table({s: [*cards, f"Q-{s}-b"] for s, cards in hands.items()})
    _, events = robbery(start, "pony_express", hands)
    (reveal,) = of(events, ev.HandsRevealed)
    assert reveal.tied == (1, 2) and reveal.winner == 1  # one winner, named in the event


# MW-TILE-3 / MW-TILE-4 / MW-NIGHT-1 -------------------------------------------------------------


def test_MW_TILE_3_the_flipped_sides_bail_symbol_changes_no_bail() -> None:
    def settle(flipped: tuple[Tile, ...]) -> list[Event]:
        start = replace(table(FOUR, seats=4), flipped=flipped)
        for seat in range(4):
            start = start.with_player(seat, notoriety=6, money=1)
        return four_way(start)[1]

    day, night = settle(()), settle(("pony_express",))
    assert of(day, ev.Advanced) == [ev.Advanced(seat=3, points=2)]
    assert of(night, ev.Advanced) == [ev.Advanced(seat=3, points=3)]  # only the reward changes
    for events in (day, night):
        assert of(events, ev.MovedBack) == [ev.MovedBack(seat=s, spaces=2) for s in (0, 1, 2)]
        assert not of(events, ev.BailPaid)


def test_MW_TILE_4_only_day_sides_are_played_and_only_robberies_ever_flip() -> None:
    state = table({0: ["9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"], 1: ["6-0-a"], 2: ["6-1-a"]})
    flipped: list[str] = []
    for _ in range(5):
        state = replace(state, deck=(), discard=("7-3-a", "7-3-b", "8-3-a"), active=0, phase="action")
        state, events = play(state, 0, VisitChurch(cards=()))
        flipped += [e.tile for e in of(events, ev.TileFlipped)]
        state = state.with_player(0, hand=("9-0-a", "9-0-b", "K-0-a", "7-1-a", "A-2-a"))
        legal = ENGINE.legal_commands(replace(state, active=0, phase="action"), 0)
        assert {c.kind for c in legal} == DAY_ACTIONS
    assert flipped == ["pony_express", "stagecoach", "train"]
    assert {c.kind for c in ENGINE.commands} == DAY_ACTIONS | {
        "join_robbery",
        "withdraw_from_robbery",
        "stay_put",
        "lock_cards",
    }


def test_MW_NIGHT_1_dishonest_labor_saloon_and_shootout_are_off_and_cannot_be_switched_on() -> None:
    kinds = {c.kind for c in ENGINE.commands} | {e.kind for e in ENGINE.events}
    assert not {k for k in kinds if any(n in k for n in ("dishonest", "saloon", "shootout", "night"))}
    for option in ("night_sides", "night_actions", "shootout"):
        with pytest.raises(OptionError):
            ENGINE.options({option: True})
    state, _ = play(table(FOUR, seats=4), 0, ChallengeDuel(target=1, size=1))
    assert ENGINE.seats_to_act(state) == (0, 1) and ENGINE.legal_commands(state, 2) == []
    with pytest.raises(RuleViolation) as raised:  # a Duel stays a two-seat duel, never a Shootout
        play(state, 2, LockCards(cards=("J-0-a",)))
    assert raised.value.code == "NOT_A_PARTICIPANT"


# MW-ROB-7 ---------------------------------------------------------------------------------------


class HandsAtActionStart:
    """After every TurnStarted: every seat holds at least 5 cards and any robbery can be declared."""

    def __init__(self) -> None:
        self.turns = 0

    def __call__(self, state: State, event: Event) -> None:
        if not isinstance(event, ev.TurnStarted):
            return
        self.turns += 1
        assert all(len(p.hand) >= 5 for p in state.players), [len(p.hand) for p in state.players]
        tiles = {c.tile for c in ENGINE.legal_commands(state, state.active) if isinstance(c, DeclareRobbery)}
        assert tiles == {"pony_express", "stagecoach", "train"}


@pytest.mark.parametrize("seats", [2, 5, 8])
def test_MW_ROB_7_everyone_holds_five_cards_whenever_an_action_starts(seats: int) -> None:
    check = HandsAtActionStart()
    for game in range(3):
        for _ in playout(ENGINE, seats, seed=f"rob7-{seats}-{game}".encode(), bot_seed=game, on_event=check):
            pass
    assert check.turns > 30


def test_MW_ROB_7_a_joiner_who_withdrew_and_a_loser_both_start_the_next_action_with_five() -> None:
    hands = {seat: tuple(cards[:2]) for seat, cards in FOUR.items()}
    state, _ = play(table(FOUR, seats=4), 0, DeclareRobbery(tile="pony_express", cards=hands[0]))
    state, _ = play(state, 1, JoinRobbery(cards=hands[1]))
    state, _ = play(state, 2, JoinRobbery(cards=hands[2]))
    state, _ = play(state, 3, StayPut())
    state, _ = play(state, 1, WithdrawFromRobbery())
    while state.phase == "join":
        state, _ = play(state, ENGINE.seats_to_act(state)[0], StayPut())
    for seat in ENGINE.seats_to_act(state):
        state, events = play(state, seat, LockCards(cards=hands[seat]))
    assert state.phase == "action" and state.active == 1
    assert [len(p.hand) for p in state.players] == [5, 5, 5, 5]
    assert {e.seat for e in of(events, ev.CardsDrawn)} == {0, 2}  # seat 1 got its own cards back


# MW-HID-3 / MW-HID-4 ----------------------------------------------------------------------------


def test_MW_HID_3_commitment_is_face_down_and_the_lock_step_is_simultaneous() -> None:
    declared, events = play(
        table(FOUR, seats=4), 0, DeclareRobbery(tile="pony_express", cards=("7-0-a", "8-1-a"))
    )
    (declaration,) = of(events, ev.RobberyDeclared)
    for viewer in (SPECTATOR, 1, 2, 3):  # the bluff: others see that seat 0 is in, not with what
        assert ENGINE.redact(declaration, viewer).cards == ()  # type: ignore[attr-defined]
        assert "committed" not in ENGINE.view(declared, viewer)["players"][0]
    with pytest.raises(RuleViolation) as raised:
        play(declared, 0, WithdrawFromRobbery())
    assert raised.value.code == "ACTIVE_CANNOT_WITHDRAW"
    # Every lock order gives the same reveal: nobody acts after seeing another's final cards.
    reveals = []
    for order in ((0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)):
        _, events = four_way(table(FOUR, seats=4), lock_order=order)
        reveals.append(of(events, ev.HandsRevealed))
    assert reveals[0] == reveals[1] == reveals[2] and reveals[0][0].winner == 3
    hands = {seat: tuple(cards[:2]) for seat, cards in FOUR.items()}
    state = table(FOUR, seats=4)
    state, _ = play(state, 0, DeclareRobbery(tile="pony_express", cards=hands[0]))
    for seat in (1, 2, 3):
        state, _ = play(state, seat, JoinRobbery(cards=hands[seat]))
    for seat in (1, 2, 3):
        state, _ = play(state, seat, StayPut())
    assert state.phase == "lock" and ENGINE.seats_to_act(state) == (0, 1, 2, 3)
    state, events = play(state, 2, LockCards(cards=hands[2]))
    (locked,) = of(events, ev.CardsLocked)
    assert ENGINE.redact(locked, 1) == ev.CardsLocked(seat=2, count=2, cards=())
    assert ENGINE.seats_to_act(state) == (0, 1, 3)


def test_MW_HID_4_all_sixes_lose_or_win_depending_on_whether_all_aces_are_shown() -> None:
    def showdown(third: tuple[str, ...]) -> ev.HandsRevealed:
        hands = {0: ("6-0-a", "6-1-a"), 1: ("K-0-a", "K-1-a"), 2: third}
        start = table({s: [*cards, f"9-{s}-b", f"10-{s}-b", f"J-{s}-b"] for s, cards in hands.items()})
        (reveal,) = of(robbery(start, "pony_express", hands)[1], ev.HandsRevealed)
        assert isinstance(reveal, ev.HandsRevealed)
        return reveal

    weak = showdown(("7-0-a", "7-1-a"))
    assert weak.winner == 1 and weak.hands[0].category == "pair"
    strong = showdown(("A-0-a", "A-1-a"))
    assert strong.winner == 0 and strong.hands[0].category == "Double Crosser"
    almost = showdown(("A-0-a", "Q-1-a"))  # one non-Ace card: not all Aces, so no Double Crosser
    assert almost.winner == 1 and almost.hands[0].category == "pair"


# MW-2P-1 ----------------------------------------------------------------------------------------


def test_MW_2P_1_two_players_play_the_standard_rules_against_each_other() -> None:
    state = new_game(2)
    assert [len(p.hand) for p in state.players] == [5, 5]
    opponent = 1 - state.active
    legal = ENGINE.legal_commands(state, state.active)
    assert {c.kind for c in legal} == DAY_ACTIONS
    assert {c.target for c in legal if isinstance(c, ChallengeDuel)} == {opponent}
    with pytest.raises(RuleViolation):
        play(state, state.active, ChallengeDuel(target=2, size=1))
    endings = set()
    for game in range(6):
        *_, last = playout(ENGINE, 2, seed=f"2p-{game}".encode(), bot_seed=game)
        outcome = ENGINE.outcome(last.state)
        assert outcome is not None and len(outcome.winners) == 1
        endings.add(last.state.end_reason)
    assert "most_wanted" in endings
