"""What each viewer may see: state views and event redaction, in one place.

A seat sees its own hand, the contents of the safes it holds now and what its
own private events told it at the time; nothing else that is hidden. SPECTATOR
sees public information only; None (the organiser) sees everything.
"""

from __future__ import annotations

from dataclasses import replace

from engines.base import Event, JsonValue, Seat
from engines.deadwood import events as ev
from engines.deadwood.state import Player, State

HIDDEN = "?"  # stands for a card or safe id the viewer may not see
HIDDEN_COUNT = -1  # stands for a number the viewer may not see (another seat's badge allowance)


def view(state: State, seat: Seat | None) -> dict[str, JsonValue]:
    fight = state.fight
    data: dict[str, JsonValue] = {
        "phase": state.phase,
        "round": state.round,
        "main_rounds": state.main_rounds,
        "badge_round": state.badge_round,
        "first_player": state.first_player,
        "active": state.active,
        "locations": [
            {"id": loc, "capacity": state.capacity, "team": list(state.team(loc))} for loc in state.locations
        ],
        "hand_size": state.hand_size,
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "centre_safes": len(state.centre),
        "boxed_safes": len(state.boxed),
        "players": [_player(state, p, seat) for p in state.players],
        "fight": None,
        "overflow": state.overflow,
        "discarding": state.discarding,
        "to_discard": state.to_discard,
        "gold": list(state.gold),
        "team_gold": list(state.team_gold),
        "finalists": list(state.finalists),
        "eliminated": list(state.eliminated),
        "showdown_turn": state.showdown_turn,
        "winner": state.winner,
        "win_reason": state.win_reason,
    }
    if state.mystery_pending:  # DW-SAFE-4 (absent otherwise, so a /1 game's view is unchanged)
        data["mystery_pending"] = [{"seat": s, "safe": safe} for s, safe in state.mystery_pending]
    if fight is not None:
        data["fight"] = {
            "kind": fight.kind,
            "attacker": fight.attacker,
            "defender": fight.defender,
            "position": fight.position,
            "attack_gun": fight.attack_gun,
            "defence_gun": fight.defence_gun,
            "defended": fight.defended,
            "helpers": [{"seat": h.seat, "card": h.card, "side": h.side} for h in fight.helpers],
            "askers": list(fight.askers),
        }
    if seat is None:
        data["deck"] = list(state.deck)
        data["centre"] = list(state.centre)
        data["boxed"] = list(state.boxed)
    return data


def _player(state: State, player: Player, seat: Seat | None) -> dict[str, JsonValue]:
    mine = seat is None or seat == player.seat
    shown_safes = mine or state.revealed  # DW-SAFE-5: face up from scoring on
    return {
        "seat": player.seat,
        "character": player.character,
        "location": player.location,
        "hand_count": hand_count(player),
        "hand": list(player.hand) if mine else None,
        "safe_count": len(player.safes),
        "safes": list(player.safes) if shown_safes else None,
        "passing": player.passing if mine else None,
        "has_passed": player.passing is not None,
        "committed": player.committed if mine else None,
        "has_committed": player.has_committed,
        "badge_turns": player.badge_turns if mine or state.revealed else None,  # DW-END-2: badges are secret
        "alive": player.alive,
    }


def hand_count(player: Player) -> int:
    """Cards held, a face-down heist card included until the reveal (DW-HIDE-1).

    Hand sizes are public, so a count that dropped at the commitment would tell every seat
    who committed a card and who committed none before the reveal.
    """
    return len(player.hand) + (player.committed is not None)


def redact(event: Event, seat: Seat | None) -> Event:
    if seat is None:
        return event
    match event:
        case ev.DeckShuffled(cards=cards) | ev.DiscardsReshuffled(cards=cards):
            return replace(event, cards=_hide(cards))
        case ev.CentreStacked(safes=safes) | ev.SafesBoxed(safes=safes):
            return replace(event, safes=_hide(safes))
        case ev.CardsDrawn(seat=owner, cards=cards) if owner != seat:
            return replace(event, cards=_hide(cards))
        case ev.SafesDealt(seat=owner, safes=safes) if owner != seat:
            return replace(event, safes=_hide(safes))
        case ev.PassChosen(seat=owner) if owner != seat:
            return replace(event, position=-1)
        case ev.SafePassed(receiver=receiver) if receiver != seat:
            return replace(event, safe=HIDDEN)
        case ev.SafesShuffled(seat=owner) if owner != seat:
            return replace(event, order=())
        case ev.SafesPeeked(seat=owner, safes=safes) if owner != seat:
            return replace(event, safes=_hide(safes))
        case ev.SafeStolen(attacker=attacker) if attacker != seat:
            return replace(event, safe=HIDDEN)
        case ev.SafeLeftGame() | ev.HeistFailed():
            return replace(event, safe=HIDDEN)
        case ev.HeistWon(seat=owner) if owner != seat:
            return replace(event, safe=HIDDEN)
        case ev.HeistCommitted(seat=owner) if owner != seat:
            return replace(event, card=HIDDEN)
        case ev.BadgeRoundStarted(allowances=allowances):  # DW-END-2: "Badge safes are not revealed"
            return replace(
                event, allowances=tuple(n if s == seat else HIDDEN_COUNT for s, n in enumerate(allowances))
            )
    return event


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)
