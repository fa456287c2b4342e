"""decide: check a command against the rules (RuleViolation with the rule id) and return its events."""

from __future__ import annotations

from engines.base import Command, Event, Rng, RuleViolation, Seat
from engines.choices import require_listed_words
from engines.western_legends import actions, board, fights, npc, saloon, turn
from engines.western_legends import commands as cmd
from engines.western_legends import events as ev
from engines.western_legends.items import ITEMS
from engines.western_legends.legal import seats_to_act
from engines.western_legends.rules import Tx, require
from engines.western_legends.state import State

FIGHT_STEP_COMMANDS: dict[str, type[Command]] = {
    "annie_tax": cmd.PayAnnieToll,
    "attacker_commit": cmd.CommitFightCard,
    "target_answer": cmd.AnswerFight,
    "react": cmd.PassReaction,
    "loot": cmd.ChooseLoot,
}
NOT_ACTIONS = (
    cmd.TakeIncome,
    cmd.ChooseGear,
    cmd.DiscardCard,
    cmd.ChooseCharacter,
    cmd.ChooseStart,
    cmd.RerollDie,
    cmd.RideOut,
    cmd.JoinPoker,
    cmd.ChoosePokerCards,
    *FIGHT_STEP_COMMANDS.values(),
)


def decide(state: State, seat: Seat, command: Command, rng: Rng) -> list[Event]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: State, seat: Seat, command: Command, rng: Rng) -> tuple[list[Event], State]:
    """`decide`'s events, and the state they fold into (the Tx folded each as it was made)."""
    require(state.phase != "over", "GAME_OVER", "The game is over.", "WL-END-1")
    require_listed_words(command, rule="WL-TURN-1")
    waiting = seats_to_act(state)
    require(
        seat in waiting,
        "NOT_YOUR_DECISION",
        f"The game is waiting for seat {waiting[0] + 1}, not seat {seat + 1}." if waiting else "",
        "WL-FIGHT-7" if state.fight else "WL-OVR-3",
    )
    tx = Tx(state, rng)
    if state.npc is not None:
        _npc_step(tx, seat, command)
        if tx.state.npc is None and tx.state.phase == "end_sheriff":
            turn.resume_end_phase(tx, tx.state.active)
    elif state.poker is not None:
        _poker_step(tx, seat, command)
    elif state.fight is not None:
        _fight_step(tx, seat, command)
    elif state.dice:
        _require_command(command, cmd.RerollDie, "Choose whether to reroll a die.", "WL-LOC-MINE-1")
        assert isinstance(command, cmd.RerollDie)
        require(command.die in (-1, 0, 1), "BAD_DIE", "Reroll die 0 or 1, or -1 to keep.", "WL-LOC-MINE-1")
        actions.reroll(tx, seat, command.die)
    elif state.phase == "choose_character":
        _require_command(command, cmd.ChooseCharacter, "First choose your character.", "WL-SET-3")
        assert isinstance(command, cmd.ChooseCharacter)
        require(
            command.character in state.players[seat].characters_offered,
            "CHARACTER_NOT_DEALT",
            f"{command.character!r} is not one of your two characters.",
            "WL-SET-3",
        )
        turn.choose_character(tx, seat, command.character)
    elif state.phase == "place":
        _require_command(command, cmd.ChooseStart, "Choose your start space.", "WL-SET-5")
        assert isinstance(command, cmd.ChooseStart)
        require(
            command.space in turn.start_spaces(state, seat),
            "NOT_A_START_SPACE",
            f"{command.space!r} is not part of your start location.",
            "WL-SET-5",
        )
        turn.choose_start(tx, seat, command.space)
    elif state.phase == "income":
        _start_phase(tx, seat, command)
    elif state.phase == "gear":
        _require_command(command, cmd.ChooseGear, "Choose your weapon and mount.", "WL-TURN-1")
        assert isinstance(command, cmd.ChooseGear)
        _require_gear(state, seat, command)
        tx.emit(ev.GearChosen(seat=seat, weapon=command.weapon, mount=command.mount))
    elif state.phase == "end_discard":
        _require_command(command, cmd.DiscardCard, "Discard down to your hand limit.", "WL-WND-2")
        assert isinstance(command, cmd.DiscardCard)
        _require_card(state, seat, command.card, "WL-WND-2")
        turn.discard_card(tx, seat, command.card)
    else:
        _action(tx, seat, command)
    return tx.events, tx.state


def _require_command(command: Command, expected: type[Command], message: str, rule: str) -> None:
    require(isinstance(command, expected), "WRONG_PHASE", message, rule)


def _require_card(state: State, seat: int, card: str, rule: str) -> None:
    require(card in state.players[seat].hand, "CARD_NOT_HELD", f"You do not hold {card!r}.", rule)


def _start_phase(tx: Tx, seat: int, command: Command) -> None:
    """WL-TURN-1: start-of-turn effects (Y. B. Rowdy's ride), then exactly one income."""
    state = tx.state
    match command:
        case cmd.TakeIncome(income=income):
            turn.take_income(tx, seat, income)
        case cmd.RideOut(card=card):
            require(
                actions.can_ride(state, seat) and state.free_move == 0,
                "CANNOT_RIDE",
                "Only Y. B. Rowdy (5 LP), outside town with a card, rides at the start of his turn.",
                "WL-TURN-1",
            )
            _require_card(state, seat, card, "WL-TURN-1")
            actions.ride_out(tx, seat, card)
        case cmd.Move(to=to) if state.free_move:
            _require_move(state, seat, to)
            actions.move(tx, seat, to)
        case _:
            raise RuleViolation("WRONG_PHASE", "First choose your income.", rule="WL-TURN-1")


def _require_gear(state: State, seat: int, command: cmd.ChooseGear) -> None:
    p = state.players[seat]
    for item, kind in ((command.weapon, "weapon"), (command.mount, "mount")):
        if item:
            owned = p.owns(item)
            require(
                owned is not None and ITEMS[item].kind == kind,
                "ITEM_NOT_OWNED",
                f"You own no {kind} {item!r}.",
                "WL-TURN-2",
            )
    weapons = [o for o in p.items if ITEMS[o.item].kind == "weapon"]
    require(
        bool(command.weapon) or not weapons, "WEAPON_REQUIRED", "Choose one of your weapons.", "WL-TURN-2"
    )


def _fight_step(tx: Tx, seat: int, command: Command) -> None:
    fight = tx.state.fight
    assert fight is not None
    expected = FIGHT_STEP_COMMANDS[fight.step]
    require(
        isinstance(command, expected),
        "WRONG_FIGHT_STEP",
        f"The fight is waiting for {expected.kind}.",
        "WL-FIGHT-5",
    )
    state = tx.state
    match command:
        case cmd.PayAnnieToll(card=card):
            if card:
                _require_card(state, seat, card, "WL-FIGHT-4")
            fights.pay_toll(tx, seat, card)
        case cmd.CommitFightCard(card=card):
            _require_card(state, seat, card, "WL-FIGHT-5")
            fights.commit(tx, seat, card)
        case cmd.AnswerFight(card=card):
            if card:
                _require_card(state, seat, card, "WL-FIGHT-5")
            fights.answer(tx, seat, card)
        case cmd.PassReaction():
            fights.pass_reaction(tx, seat)
        case cmd.ChooseLoot(loot=loot):
            fights.loot(tx, loot)


def _poker_step(tx: Tx, seat: int, command: Command) -> None:
    """WL-LOC-SAL-1: joining, then every player's face-down choice of hand cards."""
    state = tx.state
    assert state.poker is not None
    match command:
        case cmd.JoinPoker(join=join) if state.poker.step == "join":
            if join:
                require(
                    state.players[seat].money >= saloon.ANTE,
                    "NOT_ENOUGH_MONEY",
                    "Joining costs $10.",
                    "WL-LOC-SAL-1",
                )
            saloon.join(tx, seat, join)
        case cmd.ChoosePokerCards(cards=cards) if state.poker.step == "choose":
            hand = state.players[seat].hand
            size = saloon.shown_count(state, seat)
            require(
                len(cards) == size and len(set(cards)) == size and all(c in hand for c in cards),
                "BAD_POKER_CARDS",
                f"Choose exactly {size} different cards from your hand.",
                "WL-LOC-SAL-1",
            )
            saloon.choose(tx, seat, tuple(cards))
        case _:
            raise RuleViolation(
                "WRONG_POKER_STEP", f"The poker game is at its {state.poker.step} step.", rule="WL-LOC-SAL-1"
            )


def _npc_step(tx: Tx, seat: int, command: Command) -> None:
    state = tx.state
    assert state.npc is not None
    step = state.npc.step
    match command:
        case cmd.ChooseFightCard(card=card) if step == "choose":
            require(
                card in state.players[seat].offer,
                "CARD_NOT_OFFERED",
                "Pick one of the drawn fight cards.",
                "WL-NPC-1",
            )
            npc.choose(tx, card)
        case cmd.CommitFightCard(card=card) if step == "commit":
            _require_card(state, seat, card, "WL-NPC-1")
            npc.commit(tx, card)
        case cmd.NpcChoice(choice=choice) if step in ("effect", "reward"):
            require(
                choice in npc.choice_options(state),
                "BAD_CHOICE",
                f"{choice!r} is not an option now.",
                "WL-NPC-2",
            )
            npc.answer(tx, choice)
        case _:
            raise RuleViolation("WRONG_FIGHT_STEP", f"The NPC fight is at its {step} step.", rule="WL-NPC-1")


def _require_move(state: State, seat: int, to: str) -> None:
    require(to in board.SPACES, "UNKNOWN_SPACE", f"{to!r} is not a space on the map.", "WL-MOVE-1")
    require(to not in board.MESAS, "MESA", "Nobody can enter a mesa.", "WL-MOVE-3")
    reach = actions.movement(state, seat)
    require(
        to in actions.destinations(state, seat),
        "OUT_OF_RANGE",
        f"{to} is not within {reach} steps around the mesas and bandits.",
        "WL-MOVE-1",
    )


def _action(tx: Tx, seat: int, command: Command) -> None:
    state = tx.state
    p = state.players[seat]
    match command:
        case cmd.EndActions():
            turn.end_actions(tx, seat)
            return
        case cmd.ThrowWhiskey(target=target):  # a Reaction: no action (WL-TURN-4)
            require(
                "whiskey" in state.after_move and p.owns("whiskey") is not None,
                "NO_REACTION",
                "Whiskey is thrown right after your Move ends by another player.",
                "WL-TURN-4",
            )
            _require_here(state, seat, target)
            actions.throw_whiskey(tx, seat, target)
            return
        case cmd.ShakeDown(target=target, take=take):
            require(
                "billy" in state.after_move,
                "NO_REACTION",
                "Billy the Kid shakes down a player right after his Move ends by them.",
                "WL-TURN-4",
            )
            _require_here(state, seat, target)
            require(take in ("money", "card"), "BAD_CHOICE", "Take 'money' or 'card'.", "WL-TURN-4")
            them = state.players[target]
            require(
                them.money >= 10 if take == "money" else bool(them.hand),
                "NOTHING_TO_TAKE",
                f"Seat {target + 1} has no {take} to give.",
                "WL-TURN-4",
            )
            actions.shake_down(tx, seat, target, take)
            return
        case cmd.ExtraStep(to=to):  # Kit Carson's extra space: no action
            require(
                to in actions.kit_steps(state, seat),
                "NO_EXTRA_STEP",
                f"Kit Carson's extra step goes 1 space right after his Move action; {to!r} is not one.",
                "WL-MOVE-1",
            )
            actions.extra_step(tx, seat, to)
            return
        case cmd.ChooseGear():
            raise RuleViolation(
                "WRONG_PHASE",
                "Weapons and mounts are switched only in the start phase or on buying one.",
                rule="WL-TURN-2",
            )
    require(not isinstance(command, NOT_ACTIONS), "WRONG_PHASE", "That is not an action.", "WL-TURN-3")
    require(state.actions_left > 0, "NO_ACTIONS_LEFT", "You have used your three actions.", "WL-TURN-3")
    match command:
        case cmd.Move(to=to):
            _require_move(state, seat, to)
            actions.move(tx, seat, to)
        case cmd.Prospect():
            require(
                p.space in board.MINES, "NOT_AT_LOCATION", "You can only prospect at a mine.", "WL-LOC-MINE-1"
            )
            actions.prospect(tx, seat)
        case cmd.Deposit(nuggets=n):
            require(p.space in board.BANK, "NOT_AT_LOCATION", "You are not at the bank.", "WL-LOC-BANK-1")
            require(0 < n <= p.gold, "NOT_ENOUGH_GOLD", f"You cannot sell {n} nuggets.", "WL-LOC-BANK-1")
            actions.deposit(tx, seat, n)
        case cmd.Purchase(item=item, activate=activate):
            require(
                p.space in board.STORES,
                "NOT_AT_LOCATION",
                "You are not at a General Store.",
                "WL-LOC-STORE-1",
            )
            require(
                item in ITEMS and state.stock_of(item) > 0,
                "SOLD_OUT",
                f"No {item!r} for sale.",
                "WL-LOC-STORE-1",
            )
            require(actions.can_buy(p, item), "CANNOT_BUY", f"You cannot buy {item}.", "WL-CMP-3")
            require(
                not activate or ITEMS[item].kind != "misc",
                "NOT_GEAR",
                "Only gear is made active.",
                "WL-TURN-2",
            )
            actions.purchase(tx, seat, item, activate)
        case cmd.Upgrade(item=item):
            require(
                p.space in board.STORES,
                "NOT_AT_LOCATION",
                "You are not at a General Store.",
                "WL-LOC-STORE-1",
            )
            owned = p.owns(item)
            require(
                owned is not None and not owned.upgraded and ITEMS[item].kind != "misc",
                "CANNOT_UPGRADE",
                f"You have no basic {item!r} weapon or mount to upgrade.",
                "WL-LOC-STORE-1",
            )
            require(p.money >= ITEMS[item].price, "NOT_ENOUGH_MONEY", "You cannot pay.", "WL-LOC-STORE-1")
            actions.upgrade(tx, seat, item)
        case cmd.Heal():
            require(p.space in board.DOCTOR, "NOT_AT_LOCATION", "You are not at the doctor.", "WL-LOC-DOC-1")
            require(
                p.wounds > 0 and p.money >= 10, "CANNOT_HEAL", "You need a wound and $10.", "WL-LOC-DOC-1"
            )
            actions.heal(tx, seat)
        case cmd.Revel(times=times):
            require(
                p.space in board.CABARET, "NOT_AT_LOCATION", "You are not at the cabaret.", "WL-LOC-CAB-1"
            )
            require(
                times > 0 and 30 * times <= p.money, "NOT_ENOUGH_MONEY", "Each LP costs $30.", "WL-LOC-CAB-1"
            )
            actions.revel(tx, seat, times)
        case cmd.RobBank():
            require(p.space in board.BANK, "NOT_AT_LOCATION", "You are not at the bank.", "WL-LOC-BANK-2")
            require(
                actions.may_rob_bank(state),
                "ALREADY_ROBBED",
                "The bank can be robbed only once per turn.",
                "WL-LOC-BANK-2",
            )
            tx.emit(ev.ActionSpent(seat=seat, action="rob_bank"))
            npc.start(tx, "guard", seat)
        case cmd.TakeCattle():
            require(
                actions.can_take_cattle(state, seat),
                "CANNOT_TAKE_CATTLE",
                "Take cattle at a ranch with tokens left, carrying none.",
                "WL-LOC-CATTLE-1",
            )
            actions.take_cattle(tx, seat)
        case cmd.UseProvisions():
            require(
                p.owns("provisions") is not None, "ITEM_NOT_OWNED", "You have no Provisions.", "WL-CARD-1"
            )
            actions.use_provisions(tx, seat)
        case cmd.CrossMesa(to=to):
            require(
                to in actions.mesa_destinations(state, seat),
                "NO_MESA_ROUTE",
                f"Only Bloody Knife (5 LP) moves through a mesa, and {to!r} is not within reach that way.",
                "WL-MOVE-3",
            )
            actions.move(tx, seat, to, via_mesa=True)
        case cmd.Gamble():
            require(
                saloon.can_gamble(state, seat),
                "CANNOT_GAMBLE",
                "Gamble on a Saloon space with $10 for the ante (option saloon_poker).",
                "WL-LOC-SAL-1",
            )
            saloon.gamble(tx, seat)
        case cmd.Work():
            require(
                state.option("work_action") == "on",
                "NO_WORK",
                "This table plays without the Work action (option work_action).",
                "WL-LOC-WORK-1",
            )
            actions.work(tx, seat)
        case cmd.StartFight(target=target, fight=kind):
            _require_fight(state, seat, target, kind)
            fights.start(tx, seat, target, kind)
        case _:
            raise RuleViolation(
                "UNKNOWN_COMMAND", f"{command.kind} is not a Western Legends action.", rule="WL-TURN-3"
            )


def _require_here(state: State, seat: int, target: int) -> None:
    require(
        target in actions.others_here(state, seat),
        "TARGET_ELSEWHERE",
        f"Seat {target + 1} is not another player on your space; pick one who is.",
        "WL-TURN-4",
    )


def _require_fight(state: State, seat: int, target: int, kind: str) -> None:
    require(
        0 <= target < state.seats and target != seat,
        "NO_SUCH_TARGET",
        f"Seat {target + 1} is not another player at this table (seats 1 to {state.seats}).",
        "WL-FIGHT-1",
    )
    me, them = state.players[seat], state.players[target]
    require(
        me.space == them.space,
        "TARGET_ELSEWHERE",
        f"Seat {target + 1} is not on your space: you can only fight a player there.",
        "WL-FIGHT-1",
    )
    require(
        target not in state.fought,
        "ALREADY_FOUGHT",
        "You already fought that player this turn.",
        "WL-FIGHT-3",
    )
    require(bool(me.hand), "EMPTY_HAND", "You need a poker card to start a fight.", "WL-FIGHT-5")
    if kind == "arrest":
        require(me.mp >= 1, "NOT_A_MARSHAL", "Only a Marshal (1 MP or more) can arrest.", "WL-FIGHT-2")
        require(them.wp >= 1, "TARGET_NOT_WANTED", "You can only arrest a Wanted player.", "WL-FIGHT-2")
