"""NPC fights (WL §8): bandits met on a Move and the Bank Guard, with the 13 fight cards.

The seat to the fighter's left draws N fight cards and keeps one face down; the
fighter commits a poker card; the fight card's effect applies whatever the
outcome; ties go to the NPC.
"""

from __future__ import annotations

from engines.western_legends import board
from engines.western_legends import events as ev
from engines.western_legends.cards import MIN_VALUE, value
from engines.western_legends.fightcards import DRAWN, EFFECTS, fight_value
from engines.western_legends.fights import guard
from engines.western_legends.items import ITEMS
from engines.western_legends.rules import Tx, draw, gain, jail
from engines.western_legends.state import NpcFight, State

SHERIFF_STEPS = 2  # WL-SHF-2 [gap]
# An open "after the Move" effect: Kit Carson's step, decided when the fight met on his Move ends
KIT_PENDING = "kit_after_the_fight"


def place_bandits(tx: Tx) -> None:
    """WL-NPC-3 [gap]: a bandit on every hideout with no figure on it."""
    state = tx.state
    taken = {p.space for p in state.players} | set(state.bandits)
    empty = tuple(s for pair in board.HIDEOUTS.values() for s in pair if s not in taken)
    if empty:
        tx.emit(ev.BanditsPlaced(spaces=empty))


def start(tx: Tx, kind: str, fighter: int) -> None:
    """WL-NPC-1 (2) [gap]: the player to the left chooses the fight card."""
    tx.emit(ev.NpcFightStarted(npc=kind, fighter=fighter, chooser=(fighter + 1) % tx.state.seats))
    _offer(tx)


def _offer(tx: Tx) -> None:
    """The chooser draws N fight cards: the top N, or random ones from the pool (version 1)."""
    npc = _npc(tx)
    cards: list[str] = []
    if ordered_deck(tx.state):
        cards = list(tx.state.fight_deck[: DRAWN[npc.kind]])
    else:
        for _ in range(DRAWN[npc.kind]):
            pool = [c for c in tx.state.fight_deck if c not in cards]
            cards.append(pool[tx.rng.randint(0, len(pool) - 1)])
    tx.emit(ev.FightCardsOffered(seat=npc.chooser, cards=tuple(cards), count=len(cards)))


def ordered_deck(state: State) -> bool:
    """The fight deck has an order; `fight_deck="pool"` is version 1's memoryless pool."""
    return state.option("fight_deck") == "ordered"


def _return_drawn(tx: Tx) -> None:
    """The cards drawn for this fight go beneath the fight deck in random order."""
    drawn = tx.state.fight_drawn
    if ordered_deck(tx.state) and drawn:
        tx.emit(ev.FightCardsReturned(cards=tx.rng.shuffle(drawn), count=len(drawn)))


def optional_ten(state: State) -> bool:
    """Card 10's restart is the fighter's choice; `fight_card_10="always_restart"` is version 1."""
    return state.option("fight_card_10") == "optional"


def choose(tx: Tx, card: str) -> None:
    npc = _npc(tx)
    tx.emit(ev.FightCardChosen(seat=npc.chooser, card=card))
    if not tx.state.players[npc.fighter].hand:
        _reveal(tx, "")  # WL-NPC-1 (3) [gap]: no card to commit is a loss


def commit(tx: Tx, card: str) -> None:
    tx.emit(ev.FightCardPlaced(seat=_npc(tx).fighter, card=card))
    _reveal(tx, card)


def _reveal(tx: Tx, poker_card: str) -> None:
    npc = _npc(tx)
    fight_card = tx.state.players[npc.chooser].offer[0]
    player_value = value(poker_card) if poker_card else 0
    npc_value = fight_value(fight_card)
    if modifiers_apply(tx.state):  # "the card played against you -1" holds in every fight
        npc_value = max(MIN_VALUE, npc_value - guard(tx.state, npc.fighter))
    won = player_value > npc_value  # WL-NPC-1 (6): ties go to the NPC
    tx.emit(
        ev.NpcRevealed(
            poker_card=poker_card,
            fight_card=fight_card,
            player_value=player_value,
            npc_value=npc_value,
            won=won,
        )
    )
    effect = EFFECTS[fight_card]
    fighter = npc.fighter
    if effect.restart and not optional_ten(tx.state):
        _restart(tx)
        return
    if effect.restart:  # "you may immediately cancel this fight": the chooser keeps or restarts
        tx.emit(ev.NpcAwaiting(step="effect"))
        return
    if poker_card:
        tx.emit(ev.CardsDiscarded(seat=fighter, cards=(poker_card,)))
    gain(tx, fighter, f"fight card {fight_card}", wounds=effect.wounds, lp=effect.lp, money=effect.money)
    draw(tx, fighter, effect.draws)
    if choice_options(tx.state):
        tx.emit(ev.NpcAwaiting(step="effect"))
    else:
        _settle(tx)


def _restart(tx: Tx) -> None:
    """WL-NPC-2 card 10: the committed card returns to hand [gap], a card is drawn, new fight cards.

    Card text, worded like every fight card for the seat that plays it ("you"), the fighter
    being "the other player": "If you do, the other player draws 1 poker card. Place this
    fight card and any others you drew beneath the deck in random order, then draw new
    fight cards."
    """
    npc = _npc(tx)
    tx.emit(ev.NpcFightRestarted(seat=npc.fighter))
    _return_drawn(tx)
    draw(tx, npc.fighter, 1)
    _offer(tx)


def decider(state: State) -> int:
    """Who answers the NPC fight now: the chooser draws and picks the fight card and, as the
    card's "you", decides card 10's cancel; the fighter answers every other choice."""
    npc = state.npc
    assert npc is not None
    if npc.step == "choose" or (npc.step == "effect" and EFFECTS[npc.card].choice == "keep_or_restart"):
        return npc.chooser
    return npc.fighter


def choice_options(state: State) -> tuple[str, ...]:
    """What the fighter may answer now: a fight card's option, or a bandit reward."""
    npc = state.npc
    if npc is None:
        return ()
    hand = tuple(sorted(set(state.players[npc.fighter].hand)))
    if npc.step == "reward":
        return ("lp", "mp")
    choice = EFFECTS[npc.card].choice if npc.card else ""
    if choice == "discard":
        return hand
    if choice == "wound_or_random":
        return ("wound", "random") if hand else ("wound",)
    if choice == "discard_or_money":
        return ("money", *hand)
    if choice == "point":
        return ("lp", "mp", "wp")
    if choice == "keep_or_restart":
        return ("keep", "restart")
    return ()


def answer(tx: Tx, choice: str) -> None:
    npc = _npc(tx)
    fighter = npc.fighter
    tx.emit(ev.NpcChoiceMade(seat=decider(tx.state), choice=choice))
    if npc.step == "reward":
        gain(tx, fighter, "beat a bandit", lp=int(choice == "lp"), mp=int(choice == "mp"))
        _end(tx)
        return
    if choice == "restart":
        _restart(tx)
        return
    if choice == "keep":  # card 10 kept as a plain 10: the fight goes on to its outcome
        committed = tx.state.players[fighter].committed
        if committed:
            tx.emit(ev.CardsDiscarded(seat=fighter, cards=(committed,)))
        _settle(tx)
        return
    hand = tx.state.players[fighter].hand
    if choice in hand:
        tx.emit(ev.CardsDiscarded(seat=fighter, cards=(choice,)))
    elif choice == "random":
        tx.emit(ev.CardsDiscarded(seat=fighter, cards=(hand[tx.rng.randint(0, len(hand) - 1)],)))
    elif choice in ("wound", "money"):
        gain(
            tx,
            fighter,
            f"fight card {npc.card}",
            wounds=int(choice == "wound"),
            money=-10 * (choice == "money"),
        )
    else:
        gain(
            tx,
            fighter,
            "fight card A",
            lp=int(choice == "lp"),
            mp=int(choice == "mp"),
            wp=int(choice == "wp"),
        )
    _settle(tx)


def _settle(tx: Tx) -> None:
    """WL-NPC-3/4 and WL-LOC-BANK-2: rewards or the loser's wound and draw."""
    npc = _npc(tx)
    fighter = npc.fighter
    if not npc.won:
        gain(tx, fighter, f"lost to the {npc.kind}", wounds=1, wp=int(npc.kind == "guard"))
        draw(tx, fighter, 1)
        if npc.kind == "sheriff":  # WL-NPC-5: arrested; nobody gains MP
            jail(tx, fighter, "arrested by the Sheriff")
            _sheriff_to_office(tx)
        _end(tx)
        return
    if modifiers_apply(tx.state):
        _shotgun_draw(tx, fighter)
    if npc.kind == "sheriff":
        _sheriff_to_office(tx)  # WL-NPC-5: a win sends the Sheriff home
    elif npc.kind == "guard":
        gain(tx, fighter, "robbed the bank", wp=3, money=80)
    else:
        _bandit_win_bonus(tx, fighter)
        p = tx.state.players[fighter]
        if p.wp == 0 and not EFFECTS[npc.card].mp_ban:
            tx.emit(ev.NpcAwaiting(step="reward"))
            return
        gain(tx, fighter, "beat a bandit", lp=1)
    _end(tx)


def modifiers_apply(state: State) -> bool:
    """Card modifiers and the Shotgun's draw in NPC fights too (version 1: player fights only)."""
    return state.option("npc_fight_modifiers") == "all_fights"


def _shotgun_draw(tx: Tx, fighter: int) -> None:
    """The Shotgun: "After you win a fight, draw 1 poker card" (card image; no player-only limit)."""
    weapon = tx.state.players[fighter].weapon
    if weapon and ITEMS[weapon].draw_on_win:
        draw(tx, fighter, 1)


def _bandit_win_bonus(tx: Tx, fighter: int) -> None:
    """Wyatt Earp: the first bandit win in his own action phase gives +1 action."""
    state = tx.state
    if (
        state.ability(fighter).bandit_win_actions
        and "bandit_win" not in state.turn_flags
        and fighter == state.active
        and state.phase == "actions"
    ):
        tx.emit(ev.ActionGranted(seat=fighter, reason="first bandit beaten this turn"))


def _sheriff_to_office(tx: Tx) -> None:
    if tx.state.sheriff != board.SHERIFF_OFFICE:
        tx.emit(ev.SheriffMoved(path=(board.SHERIFF_OFFICE,)))


def sheriff_step(tx: Tx) -> None:
    """WL-SHF-1/2 [gap]: while anyone is Wanted, the Sheriff walks up to 2 spaces toward the Most Wanted.

    Among tied Most Wanted players he heads for the first in seat order from the
    active player; entering a space with a Wanted player, he stops and fights the
    Most Wanted one there.
    """
    state = tx.state
    order = [(state.active + i) % state.seats for i in range(state.seats)]
    top = max(p.wp for p in state.players)
    if top == 0:
        return
    goal = state.players[next(s for s in order if state.players[s].wp == top)].space
    path: list[str] = []
    here = state.sheriff
    for _ in range(SHERIFF_STEPS):
        if here == goal or _wanted_at(state, here) and path:
            break
        here = board.step_toward(here, goal)
        path.append(here)
        if _wanted_at(state, here):
            break
    if path:
        tx.emit(ev.SheriffMoved(path=tuple(path)))
    wanted = _wanted_at(tx.state, tx.state.sheriff)
    if wanted:
        start(tx, "sheriff", max(wanted, key=lambda s: tx.state.players[s].wp))


def _wanted_at(state: State, space: str) -> list[int]:
    return [s for s, p in enumerate(state.players) if p.space == space and p.wp > 0]


def _end(tx: Tx) -> None:
    _return_drawn(tx)
    npc = _npc(tx)
    space = tx.state.players[npc.fighter].space if npc.kind == "bandit" else ""
    tx.emit(ev.NpcFightEnded(bandit_space=space))
    _end_move(tx, npc.fighter)


def _end_move(tx: Tx, fighter: int) -> None:
    """Kit Carson's card: "at the end of a Move action, you may move 1 additional space". A Move
    that met this fight ends with it, so his step is decided now, by the LP he ends it with."""
    open_effects = tx.state.after_move
    if KIT_PENDING not in open_effects:
        return
    kept = tuple(e for e in open_effects if e != KIT_PENDING)
    kit = ("kit",) if tx.state.ability(fighter).extra_move else ()
    tx.emit(ev.AfterMoveOpened(seat=fighter, effects=(*kept, *kit)))


def _npc(tx: Tx) -> NpcFight:
    assert tx.state.npc is not None
    return tx.state.npc
