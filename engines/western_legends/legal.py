"""Who the game waits for, and every command they may send now (the random bot's menu).

The action menu is ordered most-useful first (actions that score or pay at this
spot, then fights, then Moves to spaces where something can be done, then the
rest, `end_actions` last), so a bot that leans toward the front of the list
plays purposefully while a uniform bot still sees every legal command.
"""

from __future__ import annotations

from itertools import combinations

from engines.base import Command, Seat
from engines.western_legends import actions, board, saloon
from engines.western_legends import commands as cmd
from engines.western_legends.items import ITEM_NAMES, ITEMS
from engines.western_legends.npc import choice_options, decider
from engines.western_legends.rules import gold_cap
from engines.western_legends.state import State
from engines.western_legends.turn import start_spaces


def seats_to_act(state: State) -> tuple[Seat, ...]:
    if state.phase == "over":
        return ()
    if state.phase == "choose_character":
        return tuple(s for s, p in enumerate(state.players) if not p.character)
    if state.npc is not None:
        return (decider(state),)
    poker = state.poker
    if poker is not None:
        if poker.step == "join":
            return poker.waiting[:1]
        done = {s for s, _ in poker.chosen}
        return tuple(s for s in sorted(poker.seated()) if s not in done)
    fight = state.fight
    if fight is None:
        return (state.active,)
    if fight.step in ("annie_tax", "react"):
        return (fight.reactor,)
    return (fight.target,) if fight.step == "target_answer" else (fight.attacker,)


def legal_commands(state: State, seat: Seat) -> list[Command]:
    if seat not in seats_to_act(state):
        return []
    p = state.players[seat]
    hand = sorted(set(p.hand))
    if state.npc is not None:
        npc_step = state.npc.step
        if npc_step == "choose":
            return [cmd.ChooseFightCard(card=c) for c in sorted(set(p.offer))]
        if npc_step == "commit":
            return [cmd.CommitFightCard(card=c) for c in hand]
        return [cmd.NpcChoice(choice=c) for c in choice_options(state)]
    if state.poker is not None:
        if state.poker.step == "join":
            joins = [True, False] if p.money >= saloon.ANTE else [False]
            return [cmd.JoinPoker(join=j) for j in joins]
        size = saloon.shown_count(state, seat)
        return [cmd.ChoosePokerCards(cards=c) for c in combinations(hand, size)]
    if state.fight is not None:
        step = state.fight.step
        if step == "annie_tax":
            return [cmd.PayAnnieToll(card=""), *(cmd.PayAnnieToll(card=c) for c in hand)]
        if step == "attacker_commit":
            return [cmd.CommitFightCard(card=c) for c in hand]
        if step == "target_answer":
            return [cmd.AnswerFight(card=""), *(cmd.AnswerFight(card=c) for c in hand)]
        if step == "react":
            return [cmd.PassReaction()]
        return [cmd.ChooseLoot(loot="money"), cmd.ChooseLoot(loot="gold")]
    if state.dice:
        return [cmd.RerollDie(die=-1), cmd.RerollDie(die=0), cmd.RerollDie(die=1)]
    if state.phase == "choose_character":
        return [cmd.ChooseCharacter(character=c) for c in p.characters_offered]
    if state.phase == "place":
        return [cmd.ChooseStart(space=s) for s in start_spaces(state, seat)]
    if state.phase == "income":
        found: list[Command] = [
            cmd.TakeIncome(income="money"),
            cmd.TakeIncome(income="cards"),
            cmd.TakeIncome(income="mixed"),
        ]
        if state.free_move:
            found += _moves(state, seat)
        elif actions.can_ride(state, seat):
            found += [cmd.RideOut(card=c) for c in hand]
        return found
    if state.phase == "gear":
        weapons = [o.item for o in p.items if ITEMS[o.item].kind == "weapon"] or [""]
        mounts = [*(o.item for o in p.items if ITEMS[o.item].kind == "mount"), ""]
        return [cmd.ChooseGear(weapon=w, mount=m) for w in weapons for m in mounts]
    if state.phase == "end_discard":
        return [cmd.DiscardCard(card=c) for c in hand]
    found = _reactions(state, seat)
    if state.actions_left > 0:
        found += _actions(state, seat)
    return [*found, cmd.EndActions()]


def _reactions(state: State, seat: Seat) -> list[Command]:
    """Free "after you end a Move" effects (WL-TURN-4)."""
    found: list[Command] = [cmd.ExtraStep(to=s) for s in actions.kit_steps(state, seat)]
    if not state.after_move:
        return found
    for target in actions.others_here(state, seat):
        them = state.players[target]
        if "whiskey" in state.after_move and state.players[seat].owns("whiskey"):
            found.append(cmd.ThrowWhiskey(target=target))
        if "billy" in state.after_move:
            if them.money >= 10:
                found.append(cmd.ShakeDown(target=target, take="money"))
            if them.hand:
                found.append(cmd.ShakeDown(target=target, take="card"))
    return found


def _actions(state: State, seat: Seat) -> list[Command]:
    p = state.players[seat]
    found: list[Command] = []
    if p.space in board.CABARET:
        found += [cmd.Revel(times=t) for t in range(p.money // 30, 0, -1)]
    if p.space in board.BANK:
        found += [cmd.Deposit(nuggets=n) for n in range(p.gold, 0, -1)]
    if actions.can_take_cattle(state, seat):
        found.append(cmd.TakeCattle())
    if p.space in board.MINES:
        found.append(cmd.Prospect())
    if p.space in board.DOCTOR and p.wounds > 0 and p.money >= 10:
        found.append(cmd.Heal())
    if p.space in board.BANK and actions.may_rob_bank(state):
        found.append(cmd.RobBank())
    if saloon.can_gamble(state, seat):
        found.append(cmd.Gamble())
    if p.space in board.STORES:
        found += [
            cmd.Upgrade(item=o.item)
            for o in p.items
            if not o.upgraded and ITEMS[o.item].kind != "misc" and p.money >= ITEMS[o.item].price
        ]
        for item in ITEM_NAMES:
            if state.stock_of(item) > 0 and actions.can_buy(p, item):
                flags = (False,) if ITEMS[item].kind == "misc" else (True, False)
                found += [cmd.Purchase(item=item, activate=a) for a in flags]
    if p.owns("provisions") is not None:
        found.append(cmd.UseProvisions())
    if p.hand:
        for target in actions.others_here(state, seat):
            if target not in state.fought:
                other = state.players[target]
                if p.mp >= 1 and other.wp >= 1:
                    found.append(cmd.StartFight(target=target, fight="arrest"))
                found += [
                    cmd.StartFight(target=target, fight="duel"),
                    cmd.StartFight(target=target, fight="rob"),
                ]
    work: list[Command] = [cmd.Work()] if state.option("work_action") == "on" else []
    knife = sorted(actions.mesa_destinations(state, seat), key=board.SPACE_INDEX.__getitem__)
    mesa: list[Command] = [cmd.CrossMesa(to=s) for s in knife]
    return found + _moves(state, seat) + mesa + work  # Work earns least: after every Move


def _moves(state: State, seat: Seat) -> list[Command]:
    """Every destination: where this player can score or deliver first, then where it can earn."""
    tiers = _space_tiers(state, seat)
    reach = actions.destinations(state, seat)
    ordered = sorted(reach, key=lambda s: (tiers.get(s, 9), board.SPACE_INDEX[s]))
    return [cmd.Move(to=s) for s in ordered]


def _space_tiers(state: State, seat: Seat) -> dict[str, int]:
    """0: scores or delivers now; 1: earns (mines, ranches, the doctor when hurt); others come after."""
    p = state.players[seat]
    tiers: dict[str, int] = {}
    if p.gold < gold_cap(p):
        tiers.update(dict.fromkeys(board.MINES, 1))
    if p.cattle:
        tiers[board.RAIL_STATION] = 0
        tiers.update(dict.fromkeys(board.RANCHES.values(), 0))
    else:
        tiers.update(dict.fromkeys(board.RANCHES.values(), 1))
    if p.wounds >= 2 and p.money >= 10:
        tiers.update(dict.fromkeys(board.DOCTOR, 1))
    if p.gold:
        tiers.update(dict.fromkeys(board.BANK, 0))
    if p.money >= 30:
        tiers.update(dict.fromkeys(board.CABARET, 0))
    return tiers
