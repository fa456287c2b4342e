"""Who the game waits for, and every command each of them may send now."""

from __future__ import annotations

from itertools import combinations

from engines.base import Command, Seat
from engines.deadwood import commands as cmd
from engines.deadwood import rules
from engines.deadwood import state as st
from engines.deadwood.components import card_item
from engines.deadwood.state import State, holster_cards, showdown_guns


def seats_to_act(state: State) -> tuple[Seat, ...]:
    phase = state.phase
    if phase == st.CHOOSE:  # DW-SETUP-2: in seat order [default: no source found]
        return tuple(p.seat for p in state.players if not p.character)[:1]
    if phase == st.PASS:  # DW-SETUP-6: simultaneous
        return tuple(p.seat for p in state.players if p.passing is None)
    if phase == st.HEIST:  # DW-HEIST-2: simultaneous
        return tuple(p.seat for p in state.players if not p.has_committed)
    if phase == st.TURN:
        return (state.active,)
    if phase == st.DEFEND and state.fight is not None:
        return (state.fight.defender,)
    if phase == st.ASSIST and state.fight is not None:
        return (state.fight.askers[0],)
    if phase == st.SEND_AWAY and state.fight is not None:
        return (state.fight.attacker,)
    if phase == st.DISCARD:
        return (state.discarding,)
    if phase == st.GIVE_SAFE:
        return (state.overflow,)
    if phase == st.SHOWDOWN:
        return (state.showdown_turn,)
    if phase == st.MYSTERY and state.mystery_pending:
        return (state.mystery_pending[0][0],)
    return ()


def legal_commands(state: State, seat: Seat) -> list[Command]:
    if seat not in seats_to_act(state):
        return []
    player = state.player(seat)
    phase = state.phase
    if phase == st.CHOOSE:
        return [cmd.ChooseCharacter(c) for c in state.free_characters()]
    if phase == st.PASS:
        return [cmd.PassSafe(i) for i in range(len(player.safes))]
    if phase == st.TURN:
        return _turn_commands(state, seat)
    if phase == st.DEFEND and state.fight is not None:
        guns = showdown_guns(state, seat) if state.fight.kind == "showdown" else player.hand
        return [cmd.Defend(gun) for gun in guns]
    if phase == st.ASSIST:
        offers: list[Command] = [cmd.DeclineAssist()]
        for card in holster_cards(player):
            offers += [cmd.Assist(card, "attacker"), cmd.Assist(card, "defender")]
        return offers
    if phase == st.SEND_AWAY and state.fight is not None:
        return [
            cmd.SendAway(None),
            *(cmd.SendAway(d) for d in rules.send_away_destinations(state, state.fight)),
        ]
    if phase == st.DISCARD:
        return [cmd.DiscardCard(card) for card in player.hand]
    if phase == st.GIVE_SAFE:
        receivers = rules.give_receivers(state, seat)
        return [cmd.GiveSafe(i, to) for i in range(len(player.safes)) for to in receivers]
    if phase == st.HEIST:
        return [cmd.CommitToHeist(None), *(cmd.CommitToHeist(card) for card in player.hand)]
    if phase == st.MYSTERY:
        return [cmd.PlayMysteryGun(card) for card in player.hand]
    if phase == st.SHOWDOWN:
        targets = [s for s in state.finalists if s != seat and state.player(s).alive]
        return [cmd.ShowdownShoot(target, gun) for target in targets for gun in showdown_guns(state, seat)]
    return []


def _turn_commands(state: State, seat: Seat) -> list[Command]:
    """DW-TURN-1..3: every card as its item (Holsters excepted, DW-CARD-3) or as a gun."""
    commands: list[Command] = []
    if state.badge_round:
        commands.append(cmd.DeclineBadgeTurn())
    targets = rules.robbery_targets(state, seat)
    others = [s for s in range(state.seats) if s != seat]
    peeks = _peek_choices(state)
    destinations = rules.horse_destinations(state, seat)
    for card in state.player(seat).hand:
        item = card_item(card)
        if item == "horse":
            commands += [cmd.RideHorse(card, d) for d in destinations]
        elif item == "stetson":
            commands += [cmd.PeekSafes(card, refs) for refs in peeks]
        elif item == "duster":
            commands.append(cmd.DrawWithDuster(card))
        for target in targets:
            commands += [cmd.RobSafe(card, target, i) for i in range(len(state.player(target).safes))]
        commands += [cmd.ChallengeDuel(card, target) for target in others]
    return commands


def _peek_choices(state: State) -> list[tuple[cmd.SafeRef, ...]]:
    refs = [cmd.SafeRef(p.seat, i) for p in state.players for i in range(len(p.safes))]
    return list(combinations(refs, min(state.stetson_peeks, len(refs))))
