"""describe: one sentence of narrative per event ("seat 1" is seat 0); shows only what the event holds."""

from __future__ import annotations

from collections.abc import Sequence

from engines.base import Event
from engines.western_legends import events as ev
from engines.wording import counted, seat_name, told

# The public counters of PlayerChanged, as people say them (singular, plural).
COUNTERS: tuple[tuple[str, str, str], ...] = (
    ("money", "dollar", "dollars"),
    ("gold", "gold nugget", "gold nuggets"),
    ("lp", "legend point", "legend points"),
    ("mp", "marshal point", "marshal points"),
    ("wp", "wanted point", "wanted points"),
    ("wounds", "wound", "wounds"),
)

# What each spent action does, said of the player who spends it.
ACTIONS: dict[str, str] = {
    "move": "spends an action to move",
    "prospect": "spends an action to prospect at the mine",
    "deposit": "spends an action to deposit gold at the bank",
    "purchase": "spends an action to buy at the general store",
    "upgrade": "spends an action to upgrade an item",
    "heal": "spends an action to see the doctor",
    "revel": "spends an action at the cabaret",
    "provisions": "spends an action to buy provisions",
    "take_cattle": "spends an action to take cattle at a ranch",
    "rob_bank": "spends an action to rob the bank",
    "fight": "spends an action to start a fight",
    "work": "spends an action to work for 10 dollars",
    "gamble": "spends an action to gamble at the saloon",
}

INCOMES = {"money": "money", "cards": "cards", "mixed": "money and a card"}


def character_name(character: str) -> str:
    """ "billy_the_kid" -> "Billy the Kid", "yb_rowdy" -> "Y. B. Rowdy"."""
    if character == "yb_rowdy":
        return "Y. B. Rowdy"
    words = character.split("_")
    return " ".join(w if w == "the" else w.capitalize() for w in words)


def _said(text: str) -> str:
    return text.replace("_", " ")


def _changes(event: ev.PlayerChanged) -> str:
    parts = []
    for key, one, many in COUNTERS:
        value: int = getattr(event, key)
        if value:
            parts.append(("+" if value > 0 else "-") + counted(abs(value), one, many))
    return ", ".join(parts) or "no change"


# The events told in one fixed sentence, "{seat}" naming the event's seat.
SENTENCES: dict[type[Event], str] = {
    ev.FirstPlayerChosen: "{seat} goes first.",
    ev.PlacementAwaited: "{seat} is to choose a start space.",
    ev.TollPaid: "{seat} pays Annie Oakley's toll.",
    ev.FightCardPlaced: "{seat} places a fight card face down.",
    ev.FightDeclined: "{seat} declines to fight.",
    ev.ReactionPassed: "{seat} does not react.",
    ev.FightEnded: "The fight is over.",
    ev.ActionsEnded: "{seat} ends their actions.",
    ev.TurnEnded: "{seat} ends their turn.",
    ev.FightCardChosen: "{seat} keeps one fight card face down.",
    ev.NpcFightRestarted: "{seat} takes the card back and the fight starts over.",
    ev.EndPhaseResumed: "{seat}'s end phase goes on.",
    ev.RerollAwaited: "{seat} may reroll a die with the Miner's Map.",
    ev.DiceSettled: "{seat}'s prospecting dice are paid out.",
    ev.RideEnded: "{seat} ends the ride.",
    ev.PokerDealerSeated: "Nobody joined: {seat} sets their hand aside and deals against the active player.",
    ev.PokerCardKept: "{seat} keeps one of the cards he played.",
    ev.PokerEnded: "The poker game is over; the cards go to the discard pile.",
}


def describe(event: Event, names: Sequence[str]) -> str:  # noqa: C901 - one case per event kind
    def who(seat: int) -> str:
        return seat_name(seat, names)

    match event:
        case ev.GameStarted(seats=seats):
            # The first player is chosen later (FirstPlayerChosen), once every character is known.
            if seats and all(s.character for s in seats):
                cast = ", ".join(f"{who(i)} as {character_name(s.character)}" for i, s in enumerate(seats))
                return f"Western Legends begins: {cast}."
            return (
                f"Western Legends begins for {len(seats)} players; each is dealt two characters to keep one."
            )
        case ev.CharactersOffered(seat=seat, characters=characters):
            if characters:
                offered = " and ".join(character_name(c) for c in characters)
                return f"{who(seat)} is offered {offered}."
            return f"{who(seat)} is dealt two characters in secret."
        case ev.CharacterChosen(seat=seat, character=character):
            return f"{who(seat)} plays as {character_name(character)}."
        case ev.PlayerChanged(seat=seat, reason=reason):
            return f"{who(seat)}: {_changes(event)} ({_said(reason)})."
        case ev.CardsDrawn(seat=seat, count=count):
            return f"{who(seat)} draws {counted(count, 'card')}."
        case ev.CardsDiscarded(seat=seat, cards=cards):
            return f"{who(seat)} discards {', '.join(cards) or 'nothing'}."
        case ev.DeckRefilled(count=count):
            return f"The discard pile ({counted(count, 'card')}) becomes the new deck."
        case ev.ItemGained(seat=seat, item=item, upgraded=upgraded):
            return f"{who(seat)} gains {'an upgraded' if upgraded else 'a'} {_said(item)}."
        case ev.ItemUpgraded(seat=seat, item=item):
            return f"{who(seat)} upgrades the {_said(item)}."
        case ev.ItemDiscarded(seat=seat, item=item):
            return f"{who(seat)} returns the {_said(item)} to the store."
        case ev.TurnStarted(seat=seat, round=r):
            return f"Round {r}: {who(seat)}'s turn."
        case ev.IncomeTaken(seat=seat, income=income):
            return f"{who(seat)} takes income in {INCOMES.get(income, _said(income))}."
        case ev.GearChosen(seat=seat, weapon=weapon, mount=mount):
            gear = " and the ".join(_said(g) for g in (weapon, mount) if g)
            return f"{who(seat)} readies the {gear}." if gear else f"{who(seat)} readies no gear."
        case ev.ActionSpent(seat=seat, action=action):
            return f"{who(seat)} {ACTIONS.get(action, 'spends an action: ' + _said(action))}."
        case ev.Moved(seat=seat, to=to, reason=reason):
            return f"{who(seat)} goes to {to} ({reason})."
        case ev.DiceRolled(seat=seat, faces=faces):
            return f"{who(seat)} prospects and rolls {', '.join(map(str, faces))}."
        case ev.FightStarted(attacker=a, target=t, fight=kind, toll_seat=toll):
            tolled = f"; {who(toll)} must pay Annie Oakley's toll first" if toll >= 0 else ""
            return f"{who(a)} starts a {kind} against {who(t)}{tolled}."
        case ev.FightRevealed(attacker_card=a, target_card=t, attacker_value=av, target_value=tv):
            return f"The cards turn up: {a or 'no card'} ({av}) against {t or 'no card'} ({tv})."
        case ev.FightWon(winner=w, loser=loser):
            return f"{who(w)} wins the fight against {who(loser)}."
        case ev.LootChosen(seat=seat, loot=loot):
            return f"{who(seat)} takes the {'gold nuggets' if loot == 'gold' else loot} as loot."
        case ev.EndTriggered(seat=seat, round=r):
            return f"{who(seat)} reaches the legend mark in round {r}; one more round follows."
        case ev.RulesMigrated(text_options=written):
            rules = ", ".join(f"{name} {value}" for name, value in written)
            return f"The upgrade to newer rules writes the options they record: {rules}."
        case ev.GameEnded(final_lp=lp, reason=reason):
            scores = ", ".join(f"{who(s)} {counted(v, 'LP', 'LP')}" for s, v in enumerate(lp))
            return f"The game ends ({reason}): {scores}."
        case ev.BanditsPlaced(spaces=spaces):
            if not spaces:
                return "No hideout is free for a bandit."
            where = ", ".join(spaces)
            return f"{counted(len(spaces), 'bandit')} now {'holds' if len(spaces) == 1 else 'hold'} {where}."
        case ev.NpcFightStarted(npc=npc, fighter=fighter, chooser=chooser):
            foe = {"guard": "the Bank Guard", "sheriff": "the Sheriff"}.get(npc, f"a {_said(npc)}")
            return f"{who(fighter)} fights {foe}; {who(chooser)} draws the fight cards for it."
        case ev.FightCardsOffered(seat=seat, count=count):
            return f"{who(seat)} draws {counted(count, 'fight card')}."
        case ev.NpcRevealed(poker_card=card, fight_card=fight, player_value=mine, npc_value=theirs, won=won):
            verdict = "the player wins" if won else "the player loses"
            played = card or "no card"
            return f"The cards turn up: {played} ({mine}) against fight card {fight} ({theirs}); {verdict}."
        case ev.NpcAwaiting(step=step):
            return (
                "The fighter chooses a reward."
                if step == "reward"
                else "The fighter chooses the fight card's effect."
            )
        case ev.NpcChoiceMade(seat=seat, choice=choice):
            return f"{who(seat)} chooses {_said(choice)}."
        case ev.NpcFightEnded(bandit_space=space):
            return f"The bandit at {space} leaves the board." if space else "The fight is over."
        case ev.SheriffMoved(path=path):
            return f"The Sheriff moves to {path[-1]}." if path else "The Sheriff stays put."
        case ev.CattleTaken(seat=seat, ranch=ranch):
            return f"{who(seat)} takes a cattle token from the {ranch} ranch."
        case ev.CattleDelivered(seat=seat, token=token, delivery=how):
            return f"{who(seat)} {how}s cattle token {token}."
        case ev.CattleReturned(seat=seat, reason=reason):
            return f"{who(seat)}'s cattle token goes back to its ranch ({reason})."
        case ev.CattleStolen(seat=seat, victim=victim, kept=kept):
            fate = "keeps it" if kept else "sends it back to its ranch"
            return f"{who(seat)} takes {who(victim)}'s cattle token and {fate}."
        case ev.HandPeeked(seat=seat, target=target, cards=cards):
            seen = counted(len(cards), "card") if cards else "cards"  # a redacted peek hides how many
            return f"{who(seat)} looks at {seen} of {who(target)}'s hand with the rifle."
        case ev.DieRerolled(seat=seat, die=die, faces=faces):
            return f"{who(seat)} rerolls die {die + 1}: {', '.join(map(str, faces))}."
        case ev.AfterMoveOpened(seat=seat, effects=effects):
            return f"{who(seat)} may now use {', '.join(_said(e) for e in effects) or 'nothing'}."
        case ev.WhiskeyThrown(seat=seat, target=target):
            return f"{who(seat)} throws whiskey at {who(target)}."
        case ev.ShakenDown(seat=seat, target=target, take=take):
            what = "10 dollars" if take == "money" else "a random card"
            return f"{who(seat)} shakes down {who(target)} for {what}."
        case ev.CardStolen(seat=seat, victim=victim):
            return f"{who(seat)} steals a card from {who(victim)}."
        case ev.RideStarted(seat=seat, steps=steps):
            return f"{who(seat)} discards a card to ride up to {counted(steps, 'space')}."
        case ev.ActionGranted(seat=seat, reason=reason):
            return f"{who(seat)} gains an extra action ({reason})."
        case ev.GambleStarted(seat=seat, order=order):
            others = ", ".join(who(s) for s in order) or "nobody"
            return f"{who(seat)} antes 10 dollars for a game of poker; may join: {others}."
        case ev.PokerJoined(seat=seat, joined=joined):
            return f"{who(seat)} {'joins the game for 10 dollars' if joined else 'stays out of the game'}."
        case ev.PokerFlopRevealed(cards=cards, house=house):
            return f"The house adds {house} dollars; the flop is {', '.join(cards)}."
        case ev.PokerCardsChosen(seat=seat, count=count):
            return f"{who(seat)} chooses {counted(count, 'card')} face down."
        case ev.PokerShowdown(hands=hands, winners=winners, dealer_won=dealer_won, pot=pot):
            shown = "; ".join(f"{who(h.seat)}: {' '.join(h.cards)} ({h.hand})" for h in hands)
            if dealer_won:
                result = f"the dealer wins and the {pot} dollars go back to the supply"
            else:
                verb = "win" if len(winners) > 1 else "wins"
                result = f"{' and '.join(who(s) for s in winners)} {verb} the {pot}-dollar pot"
            return f"Showdown: {shown}; {result}."
        case ev.FightDeckShuffled(count=count):
            return f"The {counted(count, 'fight card')} are shuffled face down."
        case ev.FightCardsReturned(count=count):
            return f"{counted(count, 'fight card')} go beneath the fight deck in random order."
    said = told(event, names, SENTENCES)
    if said is not None:
        return said
    actor = getattr(event, "seat", None)
    subject = who(actor) if isinstance(actor, int) else "the table"
    return f"{subject}: {event.kind.replace('_', ' ')}."
