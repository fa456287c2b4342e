"""What the game does by itself between decisions: rolls, refills, rounds, scoring.

`advance` runs after every accepted command (and after setup): while the state
sits in a phase nobody has to decide, it emits the events that phase calls for.
Each event is folded at once, so the next rule sees the state it created.
"""

from __future__ import annotations

from engines.base import Event, Rng
from engines.deadwood import events as ev
from engines.deadwood.components import DICE, MYSTERY_SAFES
from engines.deadwood.evolve import evolve
from engines.deadwood.rules import badge_allowance, over_limit
from engines.deadwood.state import (
    AFTER_HEIST,
    DEFEND,
    END_TURN,
    FIGHT_READY,
    HEIST,
    MYSTERY,
    PASS,
    SEND_AWAY,
    SHOWDOWN_NEXT,
    Fight,
    State,
    gun_colour,
    showdown_guns,
)


class Emitter:
    """Collects events and keeps the state folded up to the last one."""

    def __init__(self, state: State, rng: Rng) -> None:
        self.state = state
        self.rng = rng
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = evolve(self.state, event)
        self.events.append(event)

    def roll(self, reason: str, dice: list[tuple[int, str]]) -> list[int]:
        """Roll one die per (seat, colour); a die shows DICE[colour][randint(1, 6) - 1]."""
        faces = [DICE[colour][self.rng.randint(1, 6) - 1] for _, colour in dice]
        seats = tuple(seat for seat, _ in dice)
        self.emit(ev.DiceRolled(reason, seats, tuple(c for _, c in dice), tuple(faces)))
        return faces

    def shuffle_row(self, seat: int) -> None:
        """DW-ROB-6: a holder re-orders their row only right after gaining a safe."""
        count = len(self.state.player(seat).safes)
        self.emit(ev.SafesShuffled(seat, tuple(self.rng.shuffle(list(range(count))))))

    def draw(self, seat: int, count: int) -> None:
        """DW-HAND-1: draw from the deck, reshuffling the discards when it runs out."""
        while count > 0:
            if not self.state.deck:
                if not self.state.discard:
                    return
                self.emit(ev.DiscardsReshuffled(self.rng.shuffle(self.state.discard)))
            cards = self.state.deck[:count]
            self.emit(ev.CardsDrawn(seat, cards))
            count -= len(cards)


def advance(state: State, rng: Rng) -> list[Event]:
    return advance_folded(state, rng)[0]


def advance_folded(state: State, rng: Rng) -> tuple[list[Event], State]:
    """advance's events, and the state they fold into."""
    out = Emitter(state, rng)
    while True:
        before = len(out.events)
        _step(out)
        if len(out.events) == before:
            return out.events, out.state


def _step(out: Emitter) -> None:
    state = out.state
    phase = state.phase
    if phase == PASS and all(p.passing is not None for p in state.players):
        _resolve_pass(out)
    elif phase == DEFEND and state.fight is not None and not _defence_options(state, state.fight):
        out.emit(ev.DefenceChosen(state.fight.defender, None))
    elif phase == FIGHT_READY:
        _resolve_fight(out)
    elif phase == END_TURN:
        _refill(out, state.active)
        _next_turn(out)
    elif phase == HEIST and all(p.has_committed for p in state.players):
        _resolve_heist(out)
    elif phase == AFTER_HEIST:
        _refill(out, state.first_player)
        out.emit(ev.TurnStarted(state.first_player, state.round + 1, False))
    elif phase == SHOWDOWN_NEXT:
        _next_showdown_turn(out, state.left_of(state.showdown_turn))
    elif phase == MYSTERY:
        if not state.mystery_pending:
            _teams(out)
        elif not state.player(state.mystery_pending[0][0]).hand:
            holder, safe = state.mystery_pending[0]  # no card to play: the safe scores nothing
            out.emit(ev.MysteryGunPlayed(holder, safe, None))


def _defence_options(state: State, fight: Fight) -> tuple[str, ...]:
    if fight.kind == "showdown":
        return showdown_guns(state, fight.defender)
    return state.player(fight.defender).hand


def _resolve_pass(out: Emitter) -> None:
    """DW-SETUP-6 then DW-SETUP-7: everyone passes left, shuffles the new pair; then the first roll."""
    state = out.state
    for seat in range(state.seats):
        giver = out.state.player(seat)
        assert giver.passing is not None
        position = giver.safes.index(giver.passing)
        out.emit(ev.SafePassed(seat, state.left_of(seat), position, giver.passing))
    for seat in range(state.seats):
        out.shuffle_row(seat)
    contenders = list(range(state.seats))
    while len(contenders) > 1:  # DW-SETUP-7: tied highest rolls roll again
        faces = out.roll("first_player", [(seat, "black") for seat in contenders])
        best = max(faces)
        contenders = [seat for seat, face in zip(contenders, faces, strict=True) if face == best]
    out.emit(ev.FirstPlayerChosen(contenders[0]))
    out.emit(ev.TurnStarted(contenders[0], 1, False))


def _side_dice(state: State, fight: Fight) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """DW-ASSIST-2 / DW-SAFE-4 #4: each side's dice; a Sharpshooter rolls black in the showdown."""

    def colour(seat: int, gun: str) -> str:
        if fight.kind == "showdown" and "mystery-sharpshooter" in state.player(seat).safes:
            return "black"
        return gun_colour(gun)

    attack = [(fight.attacker, colour(fight.attacker, fight.attack_gun))]
    defence = []
    if fight.defence_gun is not None:
        defence.append((fight.defender, colour(fight.defender, fight.defence_gun)))
    for helper in fight.helpers:
        (attack if helper.side == "attacker" else defence).append((helper.seat, gun_colour(helper.card)))
    return attack, defence


def _resolve_fight(out: Emitter) -> None:
    """DW-ROB-4/5, DW-DUEL-2..5, DW-SHOW-3: roll sums, re-roll ties, apply the result."""
    fight = out.state.fight
    assert fight is not None
    attack_dice, defence_dice = _side_dice(out.state, fight)
    attack = defence = 0
    if defence_dice:  # DW-ROB-2: a side with no dice loses without a roll
        while attack == defence:
            faces = out.roll(fight.kind, attack_dice + defence_dice)
            attack, defence = sum(faces[: len(attack_dice)]), sum(faces[len(attack_dice) :])
    won = attack > defence or not defence_dice
    out.emit(ev.FightResolved(won, attack, defence))
    if fight.kind == "showdown":
        out.emit(ev.PlayerEliminated(fight.defender if won else fight.attacker))
    elif won and fight.kind == "robbery":
        safe = out.state.player(fight.defender).safes[fight.position]
        out.emit(ev.SafeStolen(fight.attacker, fight.defender, fight.position, safe))
        out.shuffle_row(fight.attacker)
        if over_limit(out.state, fight.attacker):
            out.emit(ev.OverLimit(fight.attacker))
    elif won and out.state.phase != SEND_AWAY:  # a duel won with no send-away choice
        out.emit(ev.StarsSwapped(fight.attacker, fight.defender))


def _refill(out: Emitter, start: int) -> None:
    """DW-HAND-1: everyone below hand size draws up, from `start` clockwise."""
    for seat in out.state.clockwise_from(start):
        missing = out.state.hand_size - len(out.state.player(seat).hand)
        if missing > 0:
            out.draw(seat, missing)


def _next_turn(out: Emitter) -> None:
    """DW-RND-1..3 and DW-END-1/2: next seat, a heist, the badge round, or scoring."""
    state = out.state
    if state.badge_round:
        _next_badge_turn(out, state.left_of(state.active))
        return
    following = state.left_of(state.active)
    if following != state.first_player:
        out.emit(ev.TurnStarted(following, state.round, False))
    elif state.round <= state.main_rounds:
        out.emit(ev.HeistStarted(state.round))
    else:
        allowances = tuple(badge_allowance(state, seat) for seat in range(state.seats))
        out.emit(ev.BadgeRoundStarted(allowances))
        _next_badge_turn(out, state.first_player)


def _next_badge_turn(out: Emitter, start: int) -> None:
    for seat in out.state.clockwise_from(start):
        if out.state.player(seat).badge_turns > 0:
            out.emit(ev.TurnStarted(seat, out.state.main_rounds + 2, True))
            return
    _score(out)


def _resolve_heist(out: Emitter) -> None:
    """DW-HEIST-2: gangs by location roll their committed guns; the best member takes the safe."""
    state = out.state
    committed = {p.seat: p.committed for p in state.players if p.committed is not None}
    out.emit(ev.HeistRevealed(tuple(committed.get(seat, "") for seat in range(state.seats))))
    gangs = [
        [seat for seat in state.team(loc) if seat in committed] for loc in state.locations if state.team(loc)
    ]
    gangs = [gang for gang in gangs if gang]
    top = state.centre[0]
    if not gangs:
        out.emit(ev.HeistFailed(top))
        return
    faces_by_seat: dict[int, int] = {}
    while len(gangs) > 1:
        dice = [(seat, gun_colour(committed[seat])) for gang in gangs for seat in gang]
        faces = out.roll("heist", dice)
        faces_by_seat = {seat: face for (seat, _), face in zip(dice, faces, strict=True)}
        sums = [sum(faces_by_seat[s] for s in gang) for gang in gangs]
        gangs = [gang for gang, total in zip(gangs, sums, strict=True) if total == max(sums)]
    members = gangs[0]
    if not faces_by_seat and len(members) > 1:
        dice = [(seat, gun_colour(committed[seat])) for seat in members]
        faces_by_seat = dict(zip(members, out.roll("heist", dice), strict=True))
    while len(members) > 1:  # the member whose die rolled highest; ties roll again
        best = max(faces_by_seat[s] for s in members)
        members = [s for s in members if faces_by_seat[s] == best]
        if len(members) > 1:
            dice = [(seat, gun_colour(committed[seat])) for seat in members]
            faces_by_seat = dict(zip(members, out.roll("heist_member", dice), strict=True))
    winner = members[0]
    out.emit(ev.HeistWon(winner, top))
    out.shuffle_row(winner)
    if over_limit(out.state, winner):
        out.emit(ev.OverLimit(winner))


def _score(out: Emitter) -> None:
    """DW-END-3..5 and DW-SAFE-4/5: reveal, count gold by location, pick the finalists."""
    state = out.state
    out.emit(ev.SafesRevealed(tuple(ev.Holding(p.seat, p.safes) for p in state.players)))
    if state.mystery_gold_die == "played_gun":  # the holders choose: MYSTERY waits on them in turn
        pending = [
            (seat, safe)
            for seat in state.clockwise_from(state.first_player)
            for safe in state.player(seat).safes
            if safe in MYSTERY_GOLD
        ]
        if pending:
            out.emit(
                ev.MysteryScoringStarted(tuple(s for s, _ in pending), tuple(safe for _, safe in pending))
            )
            return
    for player in state.players:
        for safe in player.safes:
            if safe in MYSTERY_GOLD:
                score_mystery_gold(out, player.seat, safe, "black")
    _teams(out)


MYSTERY_GOLD = (MYSTERY_SAFES[0], MYSTERY_SAFES[1])


def score_mystery_gold(out: Emitter, seat: int, safe: str, colour: str) -> None:
    """DW-SAFE-4: Cash adds the die, Fool's Gold subtracts it."""
    (face,) = out.roll(safe, [(seat, colour)])
    out.emit(ev.GoldAdjusted(seat, safe, face if safe == MYSTERY_SAFES[0] else -face))


def _teams(out: Emitter) -> None:
    """DW-END-3..5: a location's gold is its members' gold; the richest go to the showdown."""
    state = out.state
    teams = {loc: state.team(loc) for loc in state.locations}
    gold = tuple(sum(state.gold[s] for s in teams[loc]) for loc in state.locations)
    manned = [g for loc, g in zip(state.locations, gold, strict=True) if teams[loc]]
    best = max(manned)
    finalists = tuple(
        sorted(
            s
            for loc, g in zip(state.locations, gold, strict=True)
            if teams[loc] and g == best
            for s in teams[loc]
        )
    )
    out.emit(ev.TeamsScored(gold, finalists))
    if len(finalists) == 1:
        out.emit(ev.GameWon(finalists[0], "the only member of the richest location"))
        return
    # DW-SHOW-3: the finalist clockwise-nearest the first player opens.
    _next_showdown_turn(out, state.first_player)


def _next_showdown_turn(out: Emitter, start: int) -> None:
    """DW-SHOW-3/4: the next living, armed finalist clockwise attacks; last one standing wins."""
    state = out.state
    living = [s for s in state.finalists if state.player(s).alive]
    if len(living) == 1:
        out.emit(ev.GameWon(living[0], "last one standing"))
        return
    armed = [s for s in living if showdown_guns(state, s)]
    if not armed:
        best = max(state.gold[s] for s in living)
        richest = [s for s in living if state.gold[s] == best]
        pick = richest[out.rng.randint(0, len(richest) - 1)] if len(richest) > 1 else richest[0]
        out.emit(ev.GameWon(pick, "no guns left: the richest finalist"))
        return
    for seat in state.clockwise_from(start):
        if seat in armed:
            out.emit(ev.ShowdownTurnStarted(seat))
            return
        if seat in living:
            out.emit(ev.ShowdownPassed(seat))
