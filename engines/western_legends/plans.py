"""Written positions of Western Legends (engines/bot.py's `Written`): directed play for the golden
corpus targets random play seldom reaches.

Each plan picks a step's command among the legal ones, as the random bot does, but with a purpose,
so a planned game is an ordinary game: the corpus re-runs its commands like any other's.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from engines.base import Command, Seat
from engines.bot import Written
from engines.western_legends import board
from engines.western_legends import commands as wl
from engines.western_legends.cards import value

FAR = 1_000  # spaces: farther than any route on the Western Legends board
ANNIE = "annie_oakley"


def _first(
    legal: Sequence[Command], chooser: random.Random, wanted: Sequence[Callable[[Command], bool]]
) -> Command | None:
    """A random one of the legal commands the first matching test accepts, else None."""
    for test in wanted:
        found = [c for c in legal if test(c)]
        if found:
            return chooser.choice(found)
    return None


def _toward(legal: Sequence[Command], goals: Iterable[str]) -> Command | None:
    """The Move that ends nearest one of `goals`, if any."""
    moves = [c for c in legal if isinstance(c, wl.Move)]
    ends = tuple(goals)

    def distance(space: str) -> int:
        return min(board.DISTANCE.get(space, {}).get(goal, FAR) for goal in ends)

    return min(moves, key=lambda c: distance(c.to)) if moves else None


def _earn(legal: Sequence[Command], chooser: random.Random) -> Command:
    """Work where nothing better is planned (the first legal command when there is no Work)."""
    return next((c for c in legal if isinstance(c, wl.Work)), None) or legal[0]


def rob_a_player_with_money_and_nuggets(
    state: Any, seat: Seat, legal: list[Command], chooser: random.Random
) -> Command:
    """Western Legends `choose_loot`: the others earn money and nuggets; seat 1 walks to one who
    holds both, robs them, and takes its pick (WL-FIGHT-10)."""
    rich = [s for s, p in enumerate(state.players) if s != seat and p.money > 0 and p.gold > 0]
    picked = _first(
        legal,
        chooser,
        [
            lambda c: isinstance(c, wl.ChooseLoot),
            lambda c: isinstance(c, wl.StartFight) and c.fight == "rob" and c.target in rich,
        ],
    )
    if picked is None and rich and seat == 0:
        picked = _toward(legal, [state.players[rich[0]].space])
    fight_cards = [c for c in legal if isinstance(c, (wl.CommitFightCard, wl.AnswerFight)) and c.card]
    if picked is None and fight_cards:
        picked = max(fight_cards, key=lambda c: value(c.card))  # play to win
    if picked is None:
        picked = _first(legal, chooser, [lambda c: isinstance(c, (wl.Prospect, wl.Work))])
    return picked if picked is not None else chooser.choice(legal)


def duel_annie_with_a_rifle(state: Any, seat: Seat, legal: list[Command], chooser: random.Random) -> Command:
    """Western Legends `start_of_fight_order` (WL-FIGHT-4): seat 1 (first player) keeps Annie
    Oakley and revels to the 5 LP her toll needs (WL-TRK-6); seat 2 buys a Rifle to wield and then
    duels her, so her toll and its peek start the same fight with the active seat second."""
    keep = [c for c in legal if isinstance(c, wl.ChooseCharacter)]
    if keep:
        annie = [c for c in keep if c.character == ANNIE]
        others = [c for c in keep if c.character != ANNIE]
        return ((annie if seat == 0 else others) or keep)[0]
    p, annie_player = state.players[seat], state.players[0]
    if seat == 0 and p.character == ANNIE:
        revel = [c for c in legal if isinstance(c, wl.Revel)]
        if revel and p.lp < LEGEND_LP:
            return max(revel, key=lambda c: c.times)
        if p.money >= REVEL_PRICE and p.lp < LEGEND_LP:
            return _toward(legal, board.CABARET) or _earn(legal, chooser)
        return _earn(legal, chooser)
    if seat == 1 and annie_player.character == ANNIE:
        wield = [c for c in legal if isinstance(c, wl.ChooseGear) and c.weapon == "rifle"]
        if wield:
            return wield[0]
        if p.owns("rifle") is not None:
            if annie_player.lp >= LEGEND_LP:
                duel = [
                    c for c in legal if isinstance(c, wl.StartFight) and c.target == 0 and c.fight == "duel"
                ]
                return duel[0] if duel else _toward(legal, [annie_player.space]) or _earn(legal, chooser)
            return _earn(legal, chooser)
        buy = [c for c in legal if isinstance(c, wl.Purchase) and c.item == "rifle" and c.activate]
        if buy:
            return buy[0]
        if p.money >= RIFLE_PRICE:
            return _toward(legal, board.STORES) or _earn(legal, chooser)
        return _earn(legal, chooser)
    return chooser.choice(legal)


LEGEND_LP = 5  # WL-TRK-6: abilities work from here
REVEL_PRICE = 30  # WL-LOC-CAB-1: per LP
RIFLE_PRICE = 40


# the corpus target (replay/golden/coverage.py's label) -> its written position
PLANS: dict[str, Written] = {
    "command choose_loot": Written(rob_a_player_with_money_and_nuggets),
    "start_of_fight_order=active_first": Written(duel_annie_with_a_rifle, {"first_player": "seat_0"}),
    "start_of_fight_order=first_player_first": Written(duel_annie_with_a_rifle, {"first_player": "seat_0"}),
}
