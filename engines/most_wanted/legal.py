"""legal_commands and seats_to_act: what the game waits for, and every command allowed now.

Card choices are enumerated once per distinct look (rank and suit): the two
copies of a card are interchangeable, so listing both would only slow bots.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from engines.base import Command
from engines.most_wanted import commands as cmd
from engines.most_wanted.cards import face, suit
from engines.most_wanted.state import TILE_CARDS, TILES, State


def seats_to_act(state: State) -> tuple[int, ...]:
    action = state.action
    if state.phase == "action":
        return (state.active,)
    if state.phase == "join" and action is not None and action.deciding:
        return (action.window_seat,)
    if state.phase == "lock" and action is not None:
        return tuple(s for s in action.participants if s not in action.locked)
    return ()


def legal_commands(state: State, seat: int) -> list[Command]:
    if seat not in seats_to_act(state):
        return []
    player = state.player(seat)
    action = state.action
    if state.phase == "action":
        return _turn_actions(state, seat)
    assert action is not None
    if state.phase == "join":
        if seat in action.participants or (action.closing and not action.rejoining):
            return [cmd.WithdrawFromRobbery(), cmd.StayPut()]
        joins: list[Command] = [cmd.JoinRobbery(cards=c) for c in choices(player.hand, action.size)]
        return [*joins, cmd.StayPut()]
    return [cmd.LockCards(cards=c) for c in choices(player.hand + player.committed, action.size)]


def _turn_actions(state: State, seat: int) -> list[Command]:
    hand = state.player(seat).hand
    found: list[Command] = []
    for tile in TILES:
        found += [cmd.DeclareRobbery(tile=tile, cards=c) for c in choices(hand, TILE_CARDS[tile])]
    for colour in sorted({suit(c) for c in hand}):
        same = tuple(c for c in hand if suit(c) == colour)
        found += [cmd.DoHonestLabor(cards=c) for n in range(1, len(same) + 1) for c in choices(same, n)]
    found += [cmd.VisitChurch(cards=c) for n in range(len(hand) + 1) for c in choices(hand, n)]
    for target in range(state.seats):
        if target != seat:
            for size in (1, 2):
                if len(state.player(target).hand) >= size and len(hand) >= size:
                    found.append(cmd.ChallengeDuel(target=target, size=size))
    return found


def choices(cards: tuple[str, ...], size: int) -> Iterator[tuple[str, ...]]:
    """Each distinct-looking way to pick `size` of `cards`.

    Sorting puts the two copies of a card side by side, so the looks of a combination, read
    in order, already name its multiset of looks; a hand with no two copies (the usual case)
    needs no de-duplication at all. Bots call this for every legal move, so it is kept fast.
    """
    ordered = sorted(cards)
    looks = [face(c) for c in ordered]
    if len(set(looks)) == len(looks):
        yield from combinations(ordered, size)
        return
    seen: set[tuple[tuple[int, int], ...]] = set()
    for picked in combinations(range(len(ordered)), size):
        look = tuple(looks[i] for i in picked)
        if look not in seen:
            seen.add(look)
            yield tuple(ordered[i] for i in picked)
