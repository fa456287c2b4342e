"""Shared effect functions: gaining and losing with caps and track rewards, drawing cards.

A `Tx` folds every event it emits at once, so later steps of one command read
the state as the table would see it after the earlier steps.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engines.base import Event, Rng, RuleViolation
from engines.western_legends import board
from engines.western_legends import events as ev
from engines.western_legends.evolve import evolve
from engines.western_legends.items import ITEMS
from engines.western_legends.state import Player, State

TRACK_TOP = 9
# WL-TRK-1: the reward for reaching each Marshal space, as (money, lp)
MARSHAL_REWARDS = {
    1: (20, 0),
    2: (20, 0),
    3: (0, 2),
    4: (30, 0),
    5: (30, 0),
    6: (0, 4),
    7: (40, 0),
    8: (40, 0),
    9: (0, 6),
}
WANTED_DRAW_SPACES = frozenset({2, 4, 6, 8})  # WL-TRK-2
BASE_GOLD_CAP = 4
GOLD_SUPPLY = 36  # WL-CMP-5: nuggets in the box; sold or lost nuggets go back to it
HAND_BASE = 5  # WL-WND-2


@dataclass
class Tx:
    """The events one command causes, folded as they are emitted."""

    state: State
    rng: Rng
    events: list[Event] = field(default_factory=list)

    def emit(self, event: Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)


def row_value(points: int) -> int:
    """WL-TRK-1/2: rows of three spaces score 1, 2, 3."""
    return 0 if points <= 0 else (min(points, TRACK_TOP) - 1) // 3 + 1


def gold_cap(player: Player) -> int:
    return BASE_GOLD_CAP + (ITEMS[player.mount].extra_gold if player.mount else 0)


def half(amount: int, rounding: str) -> int:
    """WL-CMP-2: half, rounded up by default."""
    return (amount + 1) // 2 if rounding == "up" else amount // 2


def half_money(money: int, rounding: str) -> int:
    return half(money // 10, rounding) * 10


def hand_limit(state: State, seat: int) -> int:
    """WL-WND-2: 5 minus wounds; Calamity Jane +1, Doc Holliday's wounds do not count."""
    player, ability = state.players[seat], state.ability(seat)
    wounds = 0 if ability.wounds_spare_hand else player.wounds
    return max(0, HAND_BASE + ability.hand_limit_bonus - wounds)


def gold_left(state: State) -> int:
    """WL-CMP-5: nuggets still in the supply."""
    return GOLD_SUPPLY - sum(p.gold for p in state.players)


def gain(
    tx: Tx,
    seat: int,
    reason: str,
    *,
    money: int = 0,
    gold: int = 0,
    lp: int = 0,
    mp: int = 0,
    wp: int = 0,
    wounds: int = 0,
) -> None:
    """Apply signed changes with caps (WL-CMP-3, WL-WND-1), exclusivity (WL-TRK-4) and track rewards."""
    p = tx.state.players[seat]
    if wp > 0 and p.mp > 0:
        tx.emit(ev.PlayerChanged(seat=seat, reason="marshal points drop (WL-TRK-4)", mp=-p.mp))
        p = tx.state.players[seat]
    if mp > 0 and p.wp > 0:
        mp = 0  # WL-TRK-4: a Wanted player cannot gain MP
    new_mp, new_wp = min(TRACK_TOP, max(0, p.mp + mp)), min(TRACK_TOP, max(0, p.wp + wp))
    extra_lp = max(0, p.mp + mp - TRACK_TOP) - max(0, p.mp - TRACK_TOP)
    extra_lp += max(0, p.wp + wp - TRACK_TOP) - max(0, p.wp - TRACK_TOP)
    money_cap = tx.state.int_option("money_cap")
    gold = min(gold, gold_left(tx.state))
    change = ev.PlayerChanged(
        seat=seat,
        reason=reason,
        money=min(money_cap, max(0, p.money + money)) - p.money,
        gold=min(max(p.gold, gold_cap(p)), max(0, p.gold + gold)) - p.gold,
        lp=max(0, p.lp + lp) - p.lp,
        mp=new_mp - p.mp,
        wp=new_wp - p.wp,
        wounds=min(tx.state.int_option("wound_cap"), max(0, p.wounds + wounds)) - p.wounds,
    )
    if any((change.money, change.gold, change.lp, change.mp, change.wp, change.wounds)):
        tx.emit(change)
    for space in range(p.mp + 1, new_mp + 1):
        cash, points = MARSHAL_REWARDS[space]
        gain(tx, seat, f"marshal track space {space}", money=cash, lp=points)
    draws = sum(1 for space in range(p.wp + 1, new_wp + 1) if space in WANTED_DRAW_SPACES)
    draw(tx, seat, draws)
    if extra_lp:
        gain(tx, seat, "track points past 9", lp=extra_lp)
    if change.wounds > 0:  # Doc Holliday: after gaining wounds, draw 1
        draw(tx, seat, tx.state.ability(seat).draw_after_wounds)
    if _end_checked_on_gain(tx.state):
        check_end_trigger(tx, seat)  # whenever anyone reaches the target; version 2 waited for the end phase


def _end_checked_on_gain(state: State) -> bool:
    """WL-END-1 on every gain: the default, and version 1 (whose end phase order did the same)."""
    legacy_order = state.option("end_phase_order") == "sheriff_lp_discard"
    return state.option("end_trigger") == "any_gain" or legacy_order


def check_end_trigger(tx: Tx, seat: int) -> None:
    """WL-END-1: the first player to reach the chosen LP triggers the end."""
    state = tx.state
    if state.end_round == 0 and state.players[seat].lp >= state.int_option("target_lp"):
        tx.emit(ev.EndTriggered(seat=seat, round=state.round))


def draw(tx: Tx, seat: int, count: int) -> None:
    """Draw `count` random cards from the face-down pool, refilling from the discards (WL-CMP-5)."""
    taken: list[str] = []
    for _ in range(count):
        if not tx.state.deck or len(taken) == len(tx.state.deck):
            if taken:
                tx.emit(ev.CardsDrawn(seat=seat, cards=tuple(taken), count=len(taken)))
                taken = []
            if not tx.state.discard:
                return
            tx.emit(ev.DeckRefilled(count=len(tx.state.discard)))
        pool = [c for c in tx.state.deck if c not in taken]
        taken.append(pool[tx.rng.randint(0, len(pool) - 1)])
    if taken:
        tx.emit(ev.CardsDrawn(seat=seat, cards=tuple(taken), count=len(taken)))


def require(condition: bool, code: str, message: str, rule: str) -> None:
    """Raise the RuleViolation a player sees when `condition` fails."""
    if not condition:
        raise RuleViolation(code, message, rule=rule)


def jail(tx: Tx, seat: int, why: str) -> None:
    """WL-FIGHT-10 Arrest / WL-JAIL-1: to the Sheriff's Office; all WP and half money and nuggets lost."""
    p = tx.state.players[seat]
    rounding = str(tx.state.option("half_rounding"))
    tx.emit(ev.Moved(seat=seat, to=board.SHERIFF_OFFICE, reason=why))
    if p.cattle:  # its token goes back, unrevealed, to its ranch
        tx.emit(ev.CattleReturned(seat=seat, token=p.cattle, reason=why))
    tx.emit(
        ev.PlayerChanged(
            seat=seat,
            reason=why,
            money=-half_money(p.money, rounding),
            gold=-half(p.gold, rounding),
            wp=-p.wp,
        )
    )
