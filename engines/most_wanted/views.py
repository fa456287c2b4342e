"""view and redact: the one place where hands, face-down cards and the deck order are hidden."""

from __future__ import annotations

from engines.base import Event, JsonValue, changed
from engines.most_wanted import events as ev
from engines.most_wanted.state import TILE_CARDS, TILES, Player, State


def _sees(viewer: int | None, seat: int) -> bool:
    return viewer is None or viewer == seat


def redact(event: Event, viewer: int | None) -> Event:
    """MW-HID-1: a seat's cards only to that seat; the deck order to nobody but the organiser."""
    if viewer is None:
        return event
    if isinstance(event, ev.DeckShuffled):
        return changed(event, order=())
    if isinstance(event, ev.SECRET_CARD_EVENTS) and not _sees(viewer, event.seat):
        return changed(event, cards=())
    return event


def _player(player: Player, seat: int, viewer: int | None) -> dict[str, JsonValue]:
    shown: dict[str, JsonValue] = {
        "seat": seat,
        "notoriety": player.notoriety,
        "money": player.money,  # MW-MON-3: public
        "hand_size": len(player.hand),
        "committed_count": len(player.committed),
    }
    if _sees(viewer, seat):
        shown["hand"] = list(player.hand)
        shown["committed"] = list(player.committed)
    return shown


def view(state: State, viewer: int | None) -> dict[str, JsonValue]:
    action = state.action
    shown: dict[str, JsonValue] = {
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "players": [_player(p, seat, viewer) for seat, p in enumerate(state.players)],
        "deck_size": len(state.deck),
        "discard": list(state.discard),  # MW-REF-3: face up
        "tiles": [
            {"tile": t, "cards": TILE_CARDS[t], "points": state.tile_points(t), "flipped": t in state.flipped}
            for t in TILES
        ],
        "reshuffles": state.reshuffles,
        "winners": list(state.winners),
        "end_reason": state.end_reason,
        "settings": {
            "first_player": state.settings.first_player,
            "tie_rule": state.settings.tie_rule,
            "duel_reward": state.settings.duel_reward,
            "bail_rule": state.settings.bail_rule,
            "max_join_circuits": state.settings.max_join_circuits,
            "max_turns": state.settings.max_turns,
        },
        "action": None,
    }
    if state.settings.rules_added:  # a most-wanted/1 game's view (and state hash) stays as it was
        assert isinstance(shown["settings"], dict)
        shown["settings"] |= {
            "first_seat": state.settings.first_seat,
            "last_call": state.settings.last_call,
            "declarer_may_swap": state.settings.declarer_may_swap,
        }
    if viewer is None:
        shown["deck"] = list(state.deck)
    if action is not None:
        shown["action"] = {
            "kind": action.kind,
            "tile": action.tile,
            "size": action.size,
            "participants": list(action.participants),  # MW-HID-2: joining is public
            "locked": list(action.locked),
            "deciding": action.window_seat if state.phase == "join" and action.deciding else None,
            "circuits": action.circuits,
        }
        if action.closing:  # MW-ROB-8 (3a): the joined seats still to answer the last call
            shown["action"]["last_call"] = list(action.last_call)
    return shown
