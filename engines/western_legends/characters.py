"""The 12 base characters as data (WL §12): start spaces, start bonuses and legendary abilities.

A legendary ability (WL-TRK-6: working at 5 LP or more) is a record of numbers and
flags; the few effect functions that read them live where the effect happens
(turn start, movement, fights, hand limit), so a new character is new data here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engines.western_legends import board


@dataclass(frozen=True)
class Ability:
    """What a legendary ability does, as data read by small effect functions."""

    turn_start_draw: int = 0  # Bass Reeves: start of your turn, draw 1
    turn_start_money: int = 0  # Mary Fields: start of your turn, +$10
    fight_toll: bool = False  # Annie Oakley: a fight's opponent discards 1 card or takes 1 wound
    guard_outside_town: int = 0  # Kit Carson, Jesse James: outside town the card against you −1
    wins_player_ties: bool = False  # Jesse James: wins all ties against players
    extra_move: int = 0  # Kit Carson: "at the end of a Move action, you may move 1 additional space"
    crosses_mesas: bool = False  # Bloody Knife: a mesa counts as 1 space; crossing one heals 1 wound
    shakedown: bool = False  # Billy the Kid: after a Move where players are, one gives $10 or 1 card
    hand_limit_bonus: int = 0  # Calamity Jane: hand limit +1
    wounds_spare_hand: bool = False  # Doc Holliday: wounds do not lower the hand limit
    draw_after_wounds: int = 0  # Doc Holliday: after gaining wounds, draw 1
    bandit_win_actions: int = 0  # Wyatt Earp: the first bandit win each turn gives +1 action
    poker_win_money: int = 0  # Wild Bill Hickok: "After you win a game of Poker, gain $20."
    poker_loss_keeps: int = 0  # Wild Bill Hickok: "…you may keep 1 random Poker card you played."
    ride_out: int = 0  # Y. B. Rowdy: starting the turn outside town, discard 1 card to move up to 3
    full_ruleset_only: str = ""  # text that needs saloon poker or story cards (not in the core set)


@dataclass(frozen=True)
class CharacterSpec:
    name: str
    starts: tuple[str, ...]  # WL-SET-5: any of these cells
    free_start: bool = False  # "any available" start, so not a cell another figure took
    money: int = 0
    cards: int = 0
    items: tuple[tuple[str, bool], ...] = ()  # (item, upgraded)
    mp: int = 0
    wp: int = 0
    wounds: int = 0
    ability: Ability = Ability()


_HIDEOUTS = tuple(c for pair in board.HIDEOUTS.values() for c in pair)
_REVOLVER = ("revolver", False)
_REVOLVER_UP = ("revolver", True)

CHARACTERS: dict[str, CharacterSpec] = {
    spec.name: spec
    for spec in (
        CharacterSpec(
            "annie_oakley",
            ("D3", "D4", "E4"),
            cards=1,
            items=(("rifle", False),),
            ability=Ability(fight_toll=True),
        ),
        CharacterSpec(
            "bass_reeves",
            (board.SHERIFF_OFFICE,),
            money=10,
            cards=1,
            items=(_REVOLVER_UP,),
            mp=1,
            ability=Ability(turn_start_draw=1),
        ),
        CharacterSpec(
            "billy_the_kid",
            board.HIDEOUTS["A"],
            cards=2,
            items=(_REVOLVER,),
            wp=2,
            ability=Ability(shakedown=True),
        ),
        CharacterSpec(
            "bloody_knife",
            ("B8",),
            money=20,
            cards=2,
            items=(_REVOLVER,),
            ability=Ability(crosses_mesas=True),
        ),
        CharacterSpec(
            "calamity_jane",
            ("K4", "J5", "K5"),
            money=20,
            items=(_REVOLVER, ("provisions", False)),
            ability=Ability(
                hand_limit_bonus=1, full_ruleset_only="after contributing to a story card, draw 1"
            ),
        ),
        CharacterSpec(
            "doc_holliday",
            ("I3",),
            money=40,
            cards=2,
            items=(_REVOLVER,),
            wounds=1,
            ability=Ability(wounds_spare_hand=True, draw_after_wounds=1),
        ),
        CharacterSpec(
            "jesse_james",
            board.HIDEOUTS["B"],
            money=10,
            cards=1,
            items=(_REVOLVER_UP,),
            wp=1,
            ability=Ability(guard_outside_town=1, wins_player_ties=True),
        ),
        CharacterSpec(
            "kit_carson",
            ("F2",),
            cards=2,
            items=(("miners_map", False), _REVOLVER_UP),
            ability=Ability(extra_move=1, guard_outside_town=1),
        ),
        CharacterSpec(
            "mary_fields",
            ("B5", "C5", "D5"),
            money=10,
            cards=1,
            items=(("shotgun", False),),
            ability=Ability(
                turn_start_money=10, full_ruleset_only="after contributing to a story card, +$10"
            ),
        ),
        CharacterSpec(
            "wild_bill_hickok",
            ("I4",),
            money=10,
            cards=3,
            items=(_REVOLVER,),
            ability=Ability(poker_win_money=20, poker_loss_keeps=1),
        ),
        CharacterSpec(
            "wyatt_earp",
            _HIDEOUTS,
            free_start=True,  # card: "Any available Bandit Hideout"
            money=10,
            cards=2,
            items=(_REVOLVER,),
            mp=1,
            ability=Ability(bandit_win_actions=1),
        ),
        CharacterSpec("yb_rowdy", ("H7",), cards=3, items=(_REVOLVER_UP,), ability=Ability(ride_out=3)),
    )
}
CHARACTER_NAMES: tuple[str, ...] = tuple(CHARACTERS)
NO_ABILITY = Ability()
