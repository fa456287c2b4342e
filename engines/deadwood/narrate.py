"""One sentence of narrative per event ("seat 2 robs seat 5's safe 1"); shows only what the event holds."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event
from engines.deadwood import events as ev
from engines.deadwood.components import LOCATION_NAMES
from engines.wording import counted, seat_name, told

# The events told in one fixed sentence, "{seat}" naming the event's seat.
SENTENCES: dict[type[Event], str] = {
    ev.SafesDealt: "{seat} is dealt two safes.",
    ev.FirstPlayerChosen: "{seat} rolled highest and plays first.",
    ev.DusterPlayed: "{seat} plays a Duster and draws cards.",
    ev.OverLimit: "{seat} holds too many safes and must give one away.",
    ev.SafeLeftGame: "Nobody has room: a safe of {seat} leaves the game unseen.",
    ev.HeistCommitted: "{seat} has committed to the heist.",
    ev.HeistWon: "{seat} carries off the centre safe.",
    ev.HeistFailed: "Nobody fought for the centre safe; it leaves the game unseen.",
    ev.BadgeTurnDeclined: "{seat} declines the badge turn.",
    ev.SafesRevealed: "Every safe is turned face up.",
    ev.ShowdownTurnStarted: "{seat} is to shoot.",
    ev.ShowdownPassed: "{seat} has no gun left and passes.",
    ev.PlayerEliminated: "{seat} is out of the showdown.",
    ev.DeckShuffled: "The Deadwood deck is shuffled.",
    ev.DiscardsReshuffled: "The discard pile is shuffled into a new deck.",
    ev.PassChosen: "{seat} chooses a safe to pass.",
    ev.SafesShuffled: "{seat} shuffles their row of safes.",
    ev.AssistDeclined: "{seat} does not help.",
}


def describe(event: Event, names: Sequence[str]) -> str:
    def who(seat: int) -> str:
        return seat_name(seat, names)

    def where(location: str) -> str:
        return LOCATION_NAMES.get(location, location)

    match event:
        case ev.GameStarted(seats=seats, main_rounds=rounds):
            return f"A game of Deadwood 1876 for {seats} players begins ({counted(rounds, 'main round')})."
        case ev.RulesAdded(holsters_in_showdown=holsters, mystery_gold_die=die):
            fired = "may" if holsters else "may not"
            scored = "a gun its holder plays" if die == "played_gun" else "the black die"
            return f"Holster cards {fired} be fired in the showdown; Cash and Fool's Gold score by {scored}."
        case ev.MysteryScoringStarted(seats=seats):
            return (
                "Cash and Fool's Gold score: " + ", ".join(who(s) for s in seats) + " will each play a gun."
            )
        case ev.MysteryGunPlayed(seat=seat, safe=safe, gun=gun):
            if gun is None:
                return f"{who(seat)} has no card to play for {safe}, which scores nothing."
            return f"{who(seat)} plays {gun} for {safe}."
        case ev.CharacterChosen(seat=seat, character=character):
            return f"{who(seat)} chooses {character}."
        case ev.StarsPlaced(locations=locations):
            return (
                "Stars drawn: "
                + "; ".join(f"{who(s)} at {where(loc)}" for s, loc in enumerate(locations))
                + "."
            )
        case ev.CardsDrawn(seat=seat, cards=cards):
            return f"{who(seat)} draws {counted(len(cards), 'card')}."
        case ev.SafePassed(giver=giver, receiver=receiver):
            return f"{who(giver)} hands a safe face down to {who(receiver)}."
        case ev.DiceRolled(reason=reason, seats=seats, colours=colours, faces=faces):
            rolls = ", ".join(f"{who(s)} {c} {f}" for s, c, f in zip(seats, colours, faces, strict=True))
            return f"Dice for the {reason.replace('_', ' ')}: {rolls}."
        case ev.TurnStarted(seat=seat, round=round_, badge=badge):
            return f"{who(seat)} takes a badge turn." if badge else f"Round {round_}: {who(seat)} to play."
        case ev.HorseRidden(seat=seat, destination=destination):
            return f"{who(seat)} rides a horse to {where(destination)}."
        case ev.SafesPeeked(seat=seat, targets=targets):
            peeked = ", ".join(f"{who(r.seat)}'s safe {r.position + 1}" for r in targets)
            return f"{who(seat)} tips a Stetson and peeks at {peeked}."
        case ev.CardDiscarded(seat=seat, card=card):
            return f"{who(seat)} discards {card}."
        case ev.FightStarted(fight=kind, attacker=attacker, defender=defender, position=position, gun=gun):
            if kind == "robbery":
                return f"{who(attacker)} draws {gun} to rob {who(defender)}'s safe {position + 1}."
            return f"{who(attacker)} draws {gun} against {who(defender)} ({kind})."
        case ev.DefenceChosen(seat=seat, gun=gun):
            return f"{who(seat)} defends with {gun}." if gun else f"{who(seat)} has no gun to defend with."
        case ev.AssistOffered(seat=seat, card=card, side=side):
            return f"{who(seat)} helps the {side} with {card}."
        case ev.FightResolved(attacker_won=won, attack=attack, defence=defence):
            return f"The {'attacker' if won else 'defender'} wins, {attack} to {defence}."
        case ev.SafeStolen(attacker=attacker, defender=defender, position=position):
            return f"{who(attacker)} takes safe {position + 1} from {who(defender)}."
        case ev.StarsSwapped(attacker=attacker, defender=defender):
            return f"{who(attacker)} and {who(defender)} swap places."
        case ev.PlayerSentAway(seat=seat, destination=destination):
            return f"{who(seat)} is sent away to {where(destination)}."
        case ev.HeistStarted(round=round_):
            return f"The heist after round {round_}: everyone commits a card in secret."
        case ev.BadgeRoundStarted(allowances=allowances):
            holders = [f"{who(s)} x{n}" for s, n in enumerate(allowances) if n > 0]
            if any(n < 0 for n in allowances):  # redacted: the other seats' badges are secret
                mine = f" ({', '.join(holders)})" if holders else ""
                return f"Badge round: badge holders take their extra turns{mine}."
            return "Badge round: " + (", ".join(holders) if holders else "nobody holds a badge") + "."
        case ev.GoldAdjusted(seat=seat, safe=safe, delta=delta):
            return f"{who(seat)}'s {safe} changes their gold by {delta:+d}."
        case ev.TeamsScored(finalists=finalists):
            return "To the Final Showdown: " + ", ".join(who(s) for s in finalists) + "."
        case ev.CentreStacked(safes=safes):
            return f"The centre stack: {counted(len(safes), 'safe')} face down."
        case ev.SafesBoxed(safes=safes):
            go = "goes" if len(safes) == 1 else "go"
            return f"{counted(len(safes), 'safe')} {go} back to the box unseen."
        case ev.DiscardRequired(seat=seat, count=count):
            return f"{who(seat)} must discard {counted(count, 'card')}."
        case ev.HeistRevealed(cards=cards):
            shown = [f"{who(s)} {card}" for s, card in enumerate(cards) if card]
            return "The heist cards turn up: " + (", ".join(shown) or "nobody committed a card") + "."
        case ev.GameWon(seat=seat, reason=reason):
            return f"{who(seat)} wins: {reason}."
    return told(event, names, SENTENCES) or event.kind.replace("_", " ").capitalize() + "."
