"""describe: one sentence per event for replays ("seat 2 declares a Stagecoach robbery with 3 cards")."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event
from engines.most_wanted import events as ev
from engines.most_wanted.cards import label
from engines.most_wanted.state import TILE_NAMES
from engines.wording import UNSEEN, counted, seat_name


def describe(event: Event, names: Sequence[str]) -> str:  # noqa: C901 - one case per event kind
    def who(seat: int) -> str:
        return seat_name(seat, names)

    def cards(found: tuple[str, ...], count: int) -> str:
        many = counted(count, "card")
        if found and all(card == UNSEEN for card in found):
            return f"{many} {UNSEEN}"  # "2 cards (unseen)", not "((unseen)-(unseen))"
        return f"{many} ({label(found)})" if found else many

    match event:
        case ev.GameStarted(seats=seats):
            return f"a game of Most Wanted starts with {seats} players"
        case ev.DeckShuffled(reshuffle=again):
            return "the discard pile is shuffled into a new deck" if again else "the deck is shuffled"
        case ev.TileFlipped(tile=tile):
            return f"the {TILE_NAMES[tile]} tile flips to its richer side"
        case ev.CardsDrawn(seat=seat, count=count, cards=found):
            return f"{who(seat)} draws {cards(found, count)}"
        case ev.FirstDuelStarted(seats=seats):
            return "duel for first player: " + ", ".join(who(s) for s in seats) + " each play one card"
        case ev.TurnStarted(seat=seat, turn=turn):
            return f"Turn {turn}: {who(seat)} is the active player"
        case ev.RobberyDeclared(seat=seat, tile=tile, count=count, cards=found):
            return f"{who(seat)} declares a {TILE_NAMES[tile]} robbery with {cards(found, count)}"
        case ev.RobberyJoined(seat=seat, count=count, cards=found):
            return f"{who(seat)} joins with {cards(found, count)}"
        case ev.RobberyWithdrawn(seat=seat):
            return f"{who(seat)} withdraws"
        case ev.StayedPut(seat=seat):
            return f"{who(seat)} stays put"
        case ev.JoinWindowClosed(participants=seats):
            return "the join window closes; " + ", ".join(who(s) for s in seats) + " lock their cards"
        case ev.RulesAdded(last_call=last_call, declarer_may_swap=swap):
            # A named first player is told by its own event; first_seat alone means nothing here.
            rules = [
                "a join window at its cap ends with a last call" if last_call else "no last call",
                "an unopposed robber may still change its cards"
                if swap
                else "an unopposed robber's cards stand",
            ]
            return "table rules: " + "; ".join(rules)
        case ev.LastCallStarted(seats=seats):
            return "last call: " + ", ".join(who(s) for s in seats) + " may still withdraw or stand"
        case ev.RejoinCallAdded():
            return "table rules: a last call that changes who is in gives the seats out a call to join"
        case ev.RejoinCallStarted(seats=seats):
            return "re-join call: " + ", ".join(who(s) for s in seats) + " may join or stand"
        case ev.DuelChallenged(seat=seat, target=target, size=size):
            return f"{who(seat)} challenges {who(target)} to a {size}-card duel"
        case ev.CardsLocked(seat=seat, count=count, cards=found):
            return f"{who(seat)} locks {cards(found, count)}"
        case ev.HandsRevealed(hands=hands, winner=winner, tied=tied):
            shows = ", ".join(f"{who(h.seat)} shows {label(h.cards)} ({h.category})" for h in hands)
            end = f"{who(winner)} wins" if winner is not None else "nobody wins"
            tie = f" after a tie between {', '.join(who(s) for s in tied)}" if tied else ""
            return f"reveal: {shows}; {end}{tie}"
        case ev.BailPaid(seat=seat, amount=amount, to_seat=to_seat):
            to = f" to {who(to_seat)}" if to_seat is not None else ""
            return f"{who(seat)} pays {amount} bail{to}"
        case ev.MovedBack(seat=seat, spaces=spaces):
            return f"{who(seat)} cannot pay bail and moves back {counted(spaces, 'space')}"
        case ev.Advanced(seat=seat, points=points):
            return f"{who(seat)} gains {points} notoriety"
        case ev.CardsDiscarded(seat=seat, cards=found):
            return f"{who(seat)} discards {label(found)}"
        case ev.LaborPaid(seat=seat, cards=found, money=money):
            return f"{who(seat)} does Honest Labor with {label(found)} and earns {money} money"
        case ev.ChurchVisited(seat=seat, cards=found):
            gave = f"discards {label(found)}" if found else "discards nothing"
            return f"{who(seat)} goes to Church, {gave} and draws up to 7"
        case ev.FirstPlayerChosen(seat=seat):
            return f"{who(seat)} goes first"
        case ev.GameEnded(winners=winners, reason=reason):
            why = "reaches Most Wanted" if reason == "most_wanted" else "leads when the turn limit is reached"
            return ", ".join(who(s) for s in winners) + f" {why}; the game ends"
    return event.kind.replace("_", " ")


# The codes GameEnded records (and the log's outcome keeps), as people read them.
REASON_WORDS = {
    "most_wanted": "reached 13 notoriety: Most Wanted",
    "turn_limit": "the most notoriety when the turn limit was reached",
}


def describe_reason(reason: str) -> str:
    """An outcome's reason in words: "reached 13 notoriety: Most Wanted" for `most_wanted`."""
    return REASON_WORDS.get(reason, reason)
