"""Checking a command against the rules and turning it into events.

Each `require_*` raises RuleViolation with an UPPER_SNAKE code and the rule id;
after the command's own events, flow.advance plays out whatever follows by itself.
"""

from __future__ import annotations

from engines.base import Command, Event, Rng, RuleViolation, Seat
from engines.choices import require_listed_words
from engines.deadwood import commands as cmd
from engines.deadwood import events as ev
from engines.deadwood import state as st
from engines.deadwood.components import CHARACTERS, LOCATION_NAMES, card_gun, card_item, safe_gun
from engines.deadwood.evolve import evolve
from engines.deadwood.flow import Emitter, advance_folded, score_mystery_gold
from engines.deadwood.legal import seats_to_act
from engines.deadwood.rules import (
    give_receivers,
    horse_destinations,
    robbery_targets,
    send_away_destinations,
)
from engines.deadwood.state import State, holster_cards, showdown_guns

# Which phase each command answers, and the rule that says who decides then: the active seat's
# turn commands apart from the others' decisions, so each refusal names only rules it can name
# (tools/reasons.py reads these tables for docs/reasons.md).
_TURN_COMMANDS: dict[type[Command], tuple[str, str]] = {
    cmd.RideHorse: (st.TURN, "DW-TURN-1"),
    cmd.PeekSafes: (st.TURN, "DW-TURN-1"),
    cmd.DrawWithDuster: (st.TURN, "DW-TURN-1"),
    cmd.RobSafe: (st.TURN, "DW-TURN-1"),
    cmd.ChallengeDuel: (st.TURN, "DW-TURN-1"),
    cmd.DeclineBadgeTurn: (st.TURN, "DW-END-2"),
}
_DECISIONS: dict[type[Command], tuple[str, str]] = {
    cmd.ChooseCharacter: (st.CHOOSE, "DW-SETUP-2"),
    cmd.PassSafe: (st.PASS, "DW-SETUP-6"),
    cmd.Defend: (st.DEFEND, "DW-ROB-2"),
    cmd.Assist: (st.ASSIST, "DW-ASSIST-2"),
    cmd.DeclineAssist: (st.ASSIST, "DW-ASSIST-2"),
    cmd.SendAway: (st.SEND_AWAY, "DW-DUEL-4"),
    cmd.DiscardCard: (st.DISCARD, "DW-CARD-2"),
    cmd.GiveSafe: (st.GIVE_SAFE, "DW-ROB-7"),
    cmd.CommitToHeist: (st.HEIST, "DW-HEIST-2"),
    cmd.ShowdownShoot: (st.SHOWDOWN, "DW-SHOW-3"),
    cmd.PlayMysteryGun: (st.MYSTERY, "DW-SAFE-4"),
}
_PHASES = {**_TURN_COMMANDS, **_DECISIONS}


def decide(state: State, seat: Seat, command: Command, rng: Rng) -> list[Event]:
    return decide_folded(state, seat, command, rng)[0]


def decide_folded(state: State, seat: Seat, command: Command, rng: Rng) -> tuple[list[Event], State]:
    """decide's events, and the state they fold into (each was folded as it was made)."""
    require_decision(state, seat, command)
    own = _command_events(state, seat, command)
    folded = state
    for event in own:
        folded = evolve(folded, event)
    out = Emitter(folded, rng)
    if isinstance(command, cmd.DrawWithDuster):
        _duster_draw(out, seat)
    if isinstance(command, cmd.GiveSafe) and command.to is not None:
        out.shuffle_row(command.to)  # DW-ROB-7: the receiver shuffles the safe in
    if isinstance(command, cmd.PlayMysteryGun):
        score_mystery_gold(out, seat, state.mystery_pending[0][1], card_gun(command.gun))
    after, final = advance_folded(out.state, rng)
    return own + out.events + after, final


def require_decision(state: State, seat: Seat, command: Command) -> None:
    if state.phase == st.OVER:
        raise RuleViolation("GAME_OVER", "The game is over.", rule="DW-SHOW-3")
    require_listed_words(command, rule="DW-TURN-1")
    if type(command) not in _PHASES:
        raise RuleViolation(
            "UNKNOWN_COMMAND", f"{command.kind!r} is not a Deadwood 1876 command.", rule="DW-TURN-1"
        )
    phase, rule = _PHASES[type(command)]
    if phase != state.phase:
        raise RuleViolation(
            "WRONG_PHASE",
            f"A {command.kind} command is not expected now; the game is in its {state.phase} step.",
            rule=rule,
            phase=state.phase,
        )
    if seat not in seats_to_act(state):
        if phase == st.TURN:
            raise RuleViolation(
                "NOT_YOUR_TURN",
                f"It is seat {state.active + 1}'s turn, not seat {seat + 1}'s.",
                rule=_TURN_COMMANDS[type(command)][1],
            )
        raise RuleViolation(
            "NOT_YOUR_DECISION",
            f"Seat {seat + 1} has nothing to decide now.",
            rule=_DECISIONS[type(command)][1],
            seat=str(seat),
        )


def require_card(state: State, seat: Seat, card: str, rule: str = "DW-TURN-1") -> None:
    if card not in state.player(seat).hand:
        raise RuleViolation("CARD_NOT_HELD", f"You do not hold the card {card!r}.", rule=rule, card=card)


def require_item(card: str, item: str) -> None:
    if card_item(card) != item:
        raise RuleViolation(
            "WRONG_ITEM", f"{card!r} shows a {card_item(card)}, not a {item}.", rule="DW-CARD-1", card=card
        )


def require_player(state: State, seat: Seat, target: int, rule: str) -> None:
    if not 0 <= target < state.seats:
        raise RuleViolation("NO_SUCH_PLAYER", f"There is no seat {target + 1}.", rule=rule)
    if target == seat:
        code = "OWN_SAFE" if rule == "DW-ROB-1" else "SELF_TARGET"
        raise RuleViolation(code, "You cannot target yourself.", rule=rule)


def require_destination(destination: str, allowed: tuple[str, ...], rule: str) -> None:
    if destination not in allowed:
        raise RuleViolation(
            "LOCATION_FULL",
            f"{LOCATION_NAMES.get(destination, repr(destination))} is not a place in play with free room.",
            rule=rule,
            destination=destination,
        )


def _require_free_character(state: State, character: str) -> None:
    """DW-SETUP-2: one of the nine characters, and not one another seat took."""
    if character in state.free_characters():
        return
    if character in CHARACTERS:
        raise RuleViolation(
            "CHARACTER_TAKEN",
            f"{character} is taken; choose from {', '.join(state.free_characters())}.",
            rule="DW-SETUP-2",
            character=character,
        )
    raise RuleViolation(
        "NO_SUCH_CHARACTER", f"{character!r} is not a Deadwood 1876 character.", rule="DW-SETUP-2"
    )


def _command_events(state: State, seat: Seat, command: Command) -> list[Event]:
    match command:
        case cmd.ChooseCharacter(character=character):
            _require_free_character(state, character)
            return [ev.CharacterChosen(seat, character)]
        case cmd.PassSafe(position=position):
            _require_position(state, seat, position, "DW-SETUP-6")
            return [ev.PassChosen(seat, position)]
        case cmd.RideHorse(card=card, destination=destination):
            require_card(state, seat, card)
            require_item(card, "horse")
            require_destination(destination, horse_destinations(state, seat), "DW-CAP-2")
            return [ev.HorseRidden(seat, card, destination)]
        case cmd.PeekSafes(card=card, safes=refs):
            require_card(state, seat, card)
            require_item(card, "stetson")
            _require_peeks(state, refs)
            contents = tuple(state.player(r.seat).safes[r.position] for r in refs)
            return [ev.SafesPeeked(seat, card, refs, contents)]
        case cmd.DrawWithDuster(card=card):
            require_card(state, seat, card)
            require_item(card, "duster")
            return [ev.DusterPlayed(seat, card)]
        case cmd.RobSafe(card=card, target=target, position=position):
            require_card(state, seat, card)
            require_player(state, seat, target, "DW-ROB-1")
            if target not in robbery_targets(state, seat):
                raise RuleViolation(
                    "TEAMMATE", "This table plays without robbing teammates.", rule="DW-ROB-1"
                )
            _require_position(state, target, position, "DW-ROB-1")
            return [ev.FightStarted("robbery", seat, target, position, card)]
        case cmd.ChallengeDuel(card=card, target=target):
            require_card(state, seat, card)
            require_player(state, seat, target, "DW-DUEL-1")
            return [ev.FightStarted("duel", seat, target, -1, card)]
        case cmd.DeclineBadgeTurn():
            if not state.badge_round:
                raise RuleViolation("MUST_PLAY", "You must play a card on your turn.", rule="DW-TURN-1")
            return [ev.BadgeTurnDeclined(seat)]
        case cmd.Defend(gun=gun):
            assert state.fight is not None
            if state.fight.kind == "showdown":
                _require_showdown_gun(state, seat, gun)
            else:
                require_card(state, seat, gun, "DW-ROB-2")
            return [ev.DefenceChosen(seat, gun)]
        case cmd.Assist(card=card, side=side):
            require_card(state, seat, card, "DW-ASSIST-2")
            if card not in holster_cards(state.player(seat)):
                raise RuleViolation("NOT_A_HOLSTER", "Only a Holster card can assist.", rule="DW-ASSIST-1")
            if side not in ("attacker", "defender"):
                raise RuleViolation("NO_SUCH_SIDE", "Help the attacker or the defender.", rule="DW-ASSIST-2")
            return [ev.AssistOffered(seat, card, side)]
        case cmd.DeclineAssist():
            return [ev.AssistDeclined(seat)]
        case cmd.SendAway(destination=destination):
            assert state.fight is not None
            if destination is None:
                return [ev.StarsSwapped(state.fight.attacker, state.fight.defender)]
            require_destination(destination, send_away_destinations(state, state.fight), "DW-DUEL-4")
            return [ev.PlayerSentAway(state.fight.defender, destination)]
        case cmd.DiscardCard(card=card):
            require_card(state, seat, card, "DW-CARD-2")
            return [ev.CardDiscarded(seat, card)]
        case cmd.GiveSafe(position=position, to=to):
            _require_position(state, seat, position, "DW-ROB-7")
            if to not in give_receivers(state, seat):
                raise RuleViolation(
                    "NOT_FEWEST_SAFES",
                    "The safe must go to a player with the fewest safes"
                    " (out of the game only if nobody has room).",
                    rule="DW-ROB-7",
                )
            safe = state.player(seat).safes[position]
            if to is None:
                return [ev.SafeLeftGame(seat, position, safe)]
            return [ev.SafePassed(seat, to, position, safe)]
        case cmd.CommitToHeist(card=card):
            if card is not None:
                require_card(state, seat, card, "DW-HEIST-2")
            return [ev.HeistCommitted(seat, card)]
        case cmd.PlayMysteryGun(gun=gun):
            require_card(state, seat, gun, "DW-SAFE-4")
            return [ev.MysteryGunPlayed(seat, state.mystery_pending[0][1], gun)]
        case cmd.ShowdownShoot(target=target, gun=gun):
            require_player(state, seat, target, "DW-SHOW-3")
            if target not in state.finalists or not state.player(target).alive:
                raise RuleViolation(
                    "NOT_IN_SHOWDOWN", f"Seat {target + 1} is not a living finalist.", rule="DW-SHOW-3"
                )
            _require_showdown_gun(state, seat, gun)
            return [ev.FightStarted("showdown", seat, target, -1, gun)]
    raise RuleViolation(
        "UNKNOWN_COMMAND", f"{command.kind} is not a Deadwood 1876 command.", rule="DW-TURN-1"
    )


def _require_position(state: State, seat: Seat, position: int, rule: str) -> None:
    if not 0 <= position < len(state.player(seat).safes):
        raise RuleViolation(
            "NO_SUCH_SAFE", f"Seat {seat + 1} has no safe at position {position + 1}.", rule=rule
        )


def _require_peeks(state: State, refs: tuple[cmd.SafeRef, ...]) -> None:
    available = sum(len(p.safes) for p in state.players)
    wanted = min(state.stetson_peeks, available)
    if len(refs) != wanted or len(set(refs)) != len(refs):
        raise RuleViolation(
            "WRONG_PEEK_COUNT", f"A Stetson looks at exactly {wanted} different safes.", rule="DW-CARD-2"
        )
    for ref in refs:
        if not 0 <= ref.seat < state.seats:
            raise RuleViolation("NO_SUCH_PLAYER", f"There is no seat {ref.seat + 1}.", rule="DW-CARD-2")
        _require_position(state, ref.seat, ref.position, "DW-CARD-2")


def _require_showdown_gun(state: State, seat: Seat, gun: str) -> None:
    if gun not in showdown_guns(state, seat):
        if gun in state.player(seat).hand and card_item(gun) == "holster":
            raise RuleViolation(
                "HOLSTER_IN_SHOWDOWN",
                f"{gun!r} is a Holster: Holsters cannot be fired in the Final Showdown at this table.",
                rule="DW-SHOW-1",
            )
        is_safe_gun = gun in state.player(seat).safes and safe_gun(gun) is not None
        reason = (
            "your safes are Jammed" if is_safe_gun else "it is neither in your hand nor a gun in your safes"
        )
        raise RuleViolation("GUN_NOT_HELD", f"You cannot shoot with {gun!r}: {reason}.", rule="DW-SHOW-1")


def _duster_draw(out: Emitter, seat: Seat) -> None:
    """DW-CARD-2 Duster: draw, then discard down to the hand size one card at a time."""
    out.draw(seat, out.state.duster_draw)
    excess = len(out.state.player(seat).hand) - out.state.hand_size
    if excess > 0:
        out.emit(ev.DiscardRequired(seat, excess))
