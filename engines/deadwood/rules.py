"""Questions the rules ask of a state, shared by decide, evolve, flow and legal moves."""

from __future__ import annotations

from engines.deadwood.components import is_badge
from engines.deadwood.state import Fight, State, holster_cards


def horse_destinations(state: State, seat: int) -> tuple[str, ...]:
    """DW-CARD-2 Horse / DW-CAP-2: other locations in play with free capacity."""
    here = state.player(seat).location
    return tuple(loc for loc in state.locations if loc != here and state.has_room(loc))


def send_away_destinations(state: State, fight: Fight) -> tuple[str, ...]:
    """DW-DUEL-4: only when the defender shares the attacker's location; places with room."""
    here = state.player(fight.attacker).location
    if state.player(fight.defender).location != here:
        return ()
    return tuple(loc for loc in state.locations if loc != here and state.has_room(loc))


def assist_askers(state: State, fight: Fight) -> tuple[int, ...]:
    """DW-ASSIST-2: uninvolved seats clockwise from the attacker that hold any card.

    Everyone with a card is asked, Holster or not, so the question itself never
    reveals who holds a Holster; hand sizes are public, so skipping empty hands leaks nothing.
    """
    if not state.assists or fight.kind == "showdown":
        return ()
    involved = {fight.attacker, fight.defender}
    order = state.clockwise_from(fight.attacker)
    return tuple(s for s in order if s not in involved and state.player(s).hand)


def can_assist(state: State, seat: int) -> bool:
    return bool(holster_cards(state.player(seat)))


def robbery_targets(state: State, seat: int) -> tuple[int, ...]:
    """DW-ROB-1: other players holding a safe (teammates too unless the option forbids it)."""
    here = state.player(seat).location
    return tuple(
        p.seat
        for p in state.players
        if p.seat != seat and p.safes and (state.rob_teammates or p.location != here)
    )


def give_receivers(state: State, giver: int) -> tuple[int | None, ...]:
    """DW-ROB-7: the other players with the fewest safes, if they have room; else (None,)."""
    others = [p for p in state.players if p.seat != giver and len(p.safes) < state.safe_limit]
    if not others:
        return (None,)
    fewest = min(len(p.safes) for p in others)
    return tuple(p.seat for p in others if len(p.safes) == fewest)


def badge_allowance(state: State, seat: int) -> int:
    """DW-END-2: badges held when the badge round starts (or 1 per holder, by option)."""
    badges = sum(1 for s in state.player(seat).safes if is_badge(s))
    if state.badge_turns_rule == "per_player":
        return min(badges, 1)
    return badges


def over_limit(state: State, seat: int) -> bool:
    return len(state.player(seat).safes) > state.safe_limit
