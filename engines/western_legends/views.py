"""view and redact: the one place where hands, face-down fight cards and the deck are hidden."""

from __future__ import annotations

from dataclasses import replace

from engines.base import Event, JsonValue
from engines.western_legends import events as ev
from engines.western_legends.cattle import token_colour
from engines.western_legends.state import Player, State


def _sees(viewer: int | None, seat: int) -> bool:
    return viewer is None or viewer == seat


def redact(event: Event, viewer: int | None) -> Event:
    """A drawn hand card or a face-down fight card shows only to its owner (and the organiser)."""
    if isinstance(event, ev.CardsDrawn) and not _sees(viewer, event.seat):
        return replace(event, cards=())
    if isinstance(event, ev.FightCardPlaced) and not _sees(viewer, event.seat):
        return replace(event, card="")
    if isinstance(event, ev.FightCardsOffered) and not _sees(viewer, event.seat):
        return replace(event, cards=())
    if isinstance(event, ev.FightCardChosen) and not _sees(viewer, event.seat):
        return replace(event, card="")
    if isinstance(event, ev.CharactersOffered) and not _sees(viewer, event.seat):
        return replace(event, characters=())
    if isinstance(event, (ev.CattleTaken, ev.CattleReturned)) and not _sees(viewer, event.seat):
        return replace(event, token="")
    if isinstance(event, ev.CattleStolen) and not (_sees(viewer, event.seat) or viewer == event.victim):
        return replace(event, token="")
    if isinstance(event, ev.HandPeeked) and not (_sees(viewer, event.seat) or viewer == event.target):
        return replace(event, cards=())
    if isinstance(event, ev.CardStolen) and not (_sees(viewer, event.seat) or viewer == event.victim):
        return replace(event, card="")
    if isinstance(event, ev.PokerCardsChosen) and not _sees(viewer, event.seat):
        return replace(event, cards=())
    if isinstance(event, ev.FightDeckShuffled) and viewer is not None:
        return replace(event, order=())  # the deck's order is nobody's to see
    if isinstance(event, ev.FightCardsReturned) and viewer is not None:
        return replace(event, cards=())
    return event


def status(player: Player) -> str:
    """WL-TRK-3: "marshal" (MP >= 1), "wanted" (WP >= 1) or "neutral"."""
    return "marshal" if player.mp else "wanted" if player.wp else "neutral"


def _player(player: Player, seat: int, viewer: int | None) -> dict[str, JsonValue]:
    shown: dict[str, JsonValue] = {
        "seat": seat,
        "character": player.character,
        "space": player.space,
        "money": player.money,
        "gold": player.gold,
        "lp": player.lp,
        "mp": player.mp,
        "wp": player.wp,
        "wounds": player.wounds,
        "items": [{"item": o.item, "upgraded": o.upgraded} for o in player.items],
        "weapon": player.weapon,
        "mount": player.mount,
        "hand_size": len(player.hand),
        "has_committed": bool(player.committed),
        "status": status(player),
        "cattle_colour": token_colour(player.cattle) if player.cattle else "",
    }
    if _sees(viewer, seat):
        shown["cattle"] = player.cattle
        shown["characters_offered"] = list(player.characters_offered)
        shown["hand"] = list(player.hand)
        shown["committed"] = player.committed
        shown["fight_cards_offered"] = list(player.offer)
    return shown


def _poker(state: State, viewer: int | None) -> JsonValue:
    """WL-LOC-SAL-1: the game in progress; chosen cards and a dealer's own hand stay secret."""
    poker = state.poker
    if poker is None:
        return None
    shown: dict[str, JsonValue] = {
        "active": poker.active,
        "step": poker.step,
        "waiting": list(poker.waiting),
        "players": list(poker.players),
        "dealer": poker.dealer,
        "pot": poker.pot,
        "flop": list(poker.flop),
        "chosen_seats": [s for s, _ in poker.chosen],
        "set_aside_size": len(poker.set_aside),
    }
    if viewer is None or viewer == poker.dealer:
        shown["set_aside"] = list(poker.set_aside)
    mine = dict(poker.chosen)
    if viewer is None:
        shown["chosen"] = [{"seat": s, "cards": list(c)} for s, c in poker.chosen]
    elif viewer in mine:
        shown["chosen"] = [{"seat": viewer, "cards": list(mine[viewer])}]
    return shown


def view(state: State, viewer: int | None) -> dict[str, JsonValue]:
    fight = state.fight
    top_wp = max(p.wp for p in state.players)
    shown: dict[str, JsonValue] = {
        "most_wanted": [s for s, p in enumerate(state.players) if top_wp and p.wp == top_wp],  # WL-TRK-3
        "ranches": {colour: len(pool) for colour, pool in state.ranches},
        "dice_awaiting_reroll": [list(chain) for chain in state.dice],
        "after_move": list(state.after_move),
        "free_move": state.free_move,
        "round": state.round,
        "active": state.active,
        "first_player": state.first_player,
        "phase": state.phase,
        "actions_left": state.actions_left,
        "fought_this_turn": list(state.fought),
        "players": [_player(p, seat, viewer) for seat, p in enumerate(state.players)],
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "stand": dict(state.stock),
        "bandits": list(state.bandits),
        "sheriff": state.sheriff,
        "fight_deck_size": len(state.fight_deck),
        "npc_fight": None
        if state.npc is None
        else {
            "npc": state.npc.kind,
            "fighter": state.npc.fighter,
            "chooser": state.npc.chooser,
            "step": state.npc.step,
            "fight_card": state.npc.card,
            "won": state.npc.won,
        },
        "end_round": state.end_round,
        "final_lp": list(state.final_lp),
        "end_reason": state.end_reason,
        "options": dict(state.options),
        "fight": None
        if fight is None
        else {
            "attacker": fight.attacker,
            "target": fight.target,
            "kind": fight.kind,
            "step": fight.step,
            "reactor": fight.reactor,
            "attacker_value": fight.attacker_value,
            "target_value": fight.target_value,
        },
    }
    if state.option("saloon_poker") == "on":  # a key only rules version 2 games have
        shown["poker"] = _poker(state, viewer)
    if viewer is None:
        shown["deck"] = list(state.deck)
        shown["fight_deck"] = list(state.fight_deck)
        shown["ranch_tokens"] = {colour: list(pool) for colour, pool in state.ranches}
    return shown
