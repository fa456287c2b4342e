"""Who the game waits for, and every command they may send now (the random bot's menu)."""

from __future__ import annotations

from engines.base import Command, Seat
from engines.western_legends import board
from engines.western_legends import commands as cmd
from engines.western_legends.items import ITEM_NAMES, ITEMS
from engines.western_legends.npc import choice_options
from engines.western_legends.state import State


def seats_to_act(state: State) -> tuple[Seat, ...]:
    if state.phase == "over":
        return ()
    if state.npc is not None:
        return (state.npc.chooser,) if state.npc.step == "choose" else (state.npc.fighter,)
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
    if state.phase == "income":
        return [
            cmd.TakeIncome(income="money"),
            cmd.TakeIncome(income="cards"),
            cmd.TakeIncome(income="mixed"),
        ]
    if state.phase == "gear":
        weapons = [o.item for o in p.items if ITEMS[o.item].kind == "weapon"] or [""]
        mounts = ["", *(o.item for o in p.items if ITEMS[o.item].kind == "mount")]
        return [cmd.ChooseGear(weapon=w, mount=m) for w in weapons for m in mounts]
    if state.phase == "end_discard":
        return [cmd.DiscardCard(card=c) for c in hand]
    return [cmd.EndActions(), *(_actions(state, seat) if state.actions_left > 0 else [])]


def _actions(state: State, seat: Seat) -> list[Command]:
    from engines.western_legends.actions import can_buy, movement, stops

    p = state.players[seat]
    reach = board.reachable_stopping_at(p.space, movement(state, seat), stops(state, seat))
    found: list[Command] = [cmd.Move(to=s) for s in sorted(reach, key=board.SPACES.index)]
    if p.space in board.MINES:
        found.append(cmd.Prospect())
    if p.space in board.BANK:
        found += [cmd.Deposit(nuggets=n) for n in range(1, p.gold + 1)]
        found.append(cmd.RobBank())
    if p.space in board.STORES:
        for item in ITEM_NAMES:
            if state.stock_of(item) > 0 and can_buy(p, item):
                flags = (False,) if ITEMS[item].kind == "misc" else (False, True)
                found += [cmd.Purchase(item=item, activate=a) for a in flags]
        found += [
            cmd.Upgrade(item=o.item)
            for o in p.items
            if not o.upgraded and ITEMS[o.item].kind != "misc" and p.money >= ITEMS[o.item].price
        ]
    if p.space in board.DOCTOR and p.wounds > 0 and p.money >= 10:
        found.append(cmd.Heal())
    if p.space in board.CABARET:
        found += [cmd.Revel(times=t) for t in range(1, p.money // 30 + 1)]
    if p.owns("provisions") is not None:
        found.append(cmd.UseProvisions())
    if p.hand:
        for target, other in enumerate(state.players):
            if target != seat and other.space == p.space and target not in state.fought:
                found += [
                    cmd.StartFight(target=target, fight="duel"),
                    cmd.StartFight(target=target, fight="rob"),
                ]
                if p.mp >= 1 and other.wp >= 1:
                    found.append(cmd.StartFight(target=target, fight="arrest"))
    return found
