"""describe: one sentence of narrative per event ("seat 1" is seat 0)."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event
from engines.western_legends import events as ev


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"

    match event:
        case ev.GameStarted(seats=seats, first_player=first):
            cast = ", ".join(f"{who(i)} as {s.character}" for i, s in enumerate(seats))
            return f"Western Legends begins: {cast}; {who(first)} goes first."
        case ev.PlayerChanged(seat=seat, reason=reason):
            parts = [
                f"{v:+d} {k}"
                for k in ("money", "gold", "lp", "mp", "wp", "wounds")
                if (v := getattr(event, k))
            ]
            return f"{who(seat)}: {', '.join(parts) or 'no change'} ({reason})."
        case ev.CardsDrawn(seat=seat, count=count):
            return f"{who(seat)} draws {count} card(s)."
        case ev.CardsDiscarded(seat=seat, cards=cards):
            return f"{who(seat)} discards {', '.join(cards)}."
        case ev.Moved(seat=seat, to=to, reason=reason):
            return f"{who(seat)} goes to {to} ({reason})."
        case ev.FightStarted(attacker=a, target=t, fight=kind):
            return f"{who(a)} starts a {kind} against {who(t)}."
        case ev.FightRevealed(attacker_card=a, target_card=t, attacker_value=av, target_value=tv):
            return f"The cards turn up: {a} ({av}) against {t} ({tv})."
        case ev.FightWon(winner=w, loser=loser):
            return f"{who(w)} wins the fight against {who(loser)}."
        case ev.DiceRolled(seat=seat, faces=faces):
            return f"{who(seat)} prospects and rolls {', '.join(map(str, faces))}."
        case ev.TurnStarted(seat=seat, round=r):
            return f"Round {r}: {who(seat)}'s turn."
        case ev.EndTriggered(seat=seat, round=r):
            return f"{who(seat)} reaches the legend mark in round {r}; one more round follows."
        case ev.CharacterChosen(seat=seat, character=character):
            return f"{who(seat)} plays {character.replace('_', ' ').title()}."
        case ev.CattleTaken(seat=seat, ranch=ranch):
            return f"{who(seat)} takes a cattle token from the {ranch} ranch."
        case ev.CattleDelivered(seat=seat, token=token, delivery=how):
            return f"{who(seat)} {how}s cattle token {token}."
        case ev.GameEnded(final_lp=lp, reason=reason):
            return (
                f"The game ends ({reason}): " + ", ".join(f"{who(s)} {v} LP" for s, v in enumerate(lp)) + "."
            )
    actor = getattr(event, "seat", None)
    subject = who(actor) if isinstance(actor, int) else "the table"
    return f"{subject}: {event.kind.replace('_', ' ')}."
