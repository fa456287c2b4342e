"""The start and end phases, the end trigger's last round and final scoring (WL §4, §5, §15)."""

from __future__ import annotations

from engines.western_legends import events as ev
from engines.western_legends.characters import CHARACTERS
from engines.western_legends.items import ITEMS
from engines.western_legends.npc import place_bandits, sheriff_step
from engines.western_legends.rules import Tx, check_end_trigger, draw, gain, hand_limit, row_value
from engines.western_legends.state import State

INCOME = {"money": (20, 0), "cards": (0, 2), "mixed": (10, 1)}  # WL-TURN-1 (2): (money, cards)


def choose_character(tx: Tx, seat: int, character: str) -> None:
    tx.emit(ev.CharacterChosen(seat=seat, character=character))
    take_character(tx, seat)
    if all(p.character for p in tx.state.players):
        after_characters(tx)


def take_character(tx: Tx, seat: int) -> None:
    """WL-SET-3: the start money, cards, items, wounds and MP/WP; starting MP/WP pay no track rewards."""
    spec = CHARACTERS[tx.state.players[seat].character]
    if spec.money or spec.mp or spec.wp or spec.wounds:
        tx.emit(
            ev.PlayerChanged(
                seat=seat, reason="start bonus", money=spec.money, mp=spec.mp, wp=spec.wp, wounds=spec.wounds
            )
        )
    for item, upgraded in spec.items:
        gain_item(tx, seat, item, upgraded)
    draw(tx, seat, spec.cards)


def after_characters(tx: Tx) -> None:
    """WL-SET-4: the highest starting WP goes first (a random one among ties); then WL-SET-5."""
    players = tx.state.players
    if tx.state.option("first_player") == "seat_0":
        first = 0
    else:
        top = max(p.wp for p in players)
        tied = [seat for seat, p in enumerate(players) if p.wp == top]
        first = tied[tx.rng.randint(0, len(tied) - 1)] if len(tied) > 1 else tied[0]
    tx.emit(ev.FirstPlayerChosen(seat=first))
    next_placement(tx)


def start_spaces(state: State, seat: int) -> tuple[str, ...]:
    """WL-SET-5: the cells of the seat's start location it may begin on."""
    spec = CHARACTERS[state.players[seat].character]
    starts = spec.starts
    if spec.free_start and state.option("wyatt_start") == "free_hideout":
        taken = {p.space for s, p in enumerate(state.players) if s != seat}
        starts = tuple(cell for cell in starts if cell not in taken) or starts
    return starts if state.option("start_space") == "choose" else starts[:1]


def next_placement(tx: Tx) -> None:
    """WL-SET-5: in turn order, figures go to their start locations; then the first turn begins."""
    state = tx.state
    for i in range(state.seats):
        seat = (state.first_player + i) % state.seats
        if state.players[seat].space:
            continue
        spaces = start_spaces(state, seat)
        if len(spaces) > 1:
            tx.emit(ev.PlacementAwaited(seat=seat))
            return
        tx.emit(ev.Moved(seat=seat, to=spaces[0], reason="start location"))
        state = tx.state
    begin_turn(tx, state.first_player, 1)


def choose_start(tx: Tx, seat: int, space: str) -> None:
    tx.emit(ev.Moved(seat=seat, to=space, reason="start location"))
    next_placement(tx)


def gain_item(tx: Tx, seat: int, item: str, upgraded: bool) -> None:
    """Take an item from the stand and resolve its "after you gain this" text."""
    tx.emit(ev.ItemGained(seat=seat, item=item, upgraded=upgraded, from_stand=True))
    spec = ITEMS[item]
    if spec.wounds_on_gain:
        gain(tx, seat, f"{item} on gain", wounds=-spec.wounds_on_gain)
    draw(tx, seat, spec.draws_on_gain)


def begin_turn(tx: Tx, seat: int, round_number: int) -> None:
    """WL-TURN-1 (1): start-of-turn effects (Bass Reeves draws 1, Mary Fields +$10; Rowdy rides)."""
    tx.emit(ev.TurnStarted(seat=seat, round=round_number))
    if seat == tx.state.first_player and (round_number == 1 or respawn(tx.state)):
        place_bandits(tx)
    ability = tx.state.ability(seat)
    draw(tx, seat, ability.turn_start_draw)
    if ability.turn_start_money:
        gain(tx, seat, "start-of-turn ability", money=ability.turn_start_money)


def respawn(state: State) -> bool:
    """Bandits go out at setup only (sourced); `bandit_respawn="every_round"` is version 1 (no source)."""
    return state.option("bandit_respawn") == "every_round"


def take_income(tx: Tx, seat: int, income: str) -> None:
    money, cards = INCOME[income]
    tx.emit(ev.IncomeTaken(seat=seat, income=income))
    gain(tx, seat, "income", money=money)
    draw(tx, seat, cards)


def end_actions(tx: Tx, seat: int) -> None:
    """WL-TURN-5: the end phase (see `resume_end_phase` for its order).

    The Sheriff's walk only with `sheriff_walk="end_phase"` (no source has one).
    """
    tx.emit(ev.ActionsEnded(seat=seat))
    if tx.state.option("sheriff_walk") == "end_phase":
        sheriff_step(tx)
    if tx.state.npc is None:
        resume_end_phase(tx, seat)


def sources_order(state: State) -> bool:
    """Discard to the hand limit, then Wanted LP (the companion's order).

    `end_phase_order="sheriff_lp_discard"` is version 1: Wanted LP before the discard, and
    the end triggered the moment anyone reaches the target. `end_trigger="end_phase"` is
    version 2: the end checked only here, for the seat whose end phase it is.
    """
    return state.option("end_phase_order") == "discard_first"


def resume_end_phase(tx: Tx, seat: int) -> None:
    """After the Sheriff's step (and any fight he started): the hand limit and Wanted LP."""
    tx.emit(ev.EndPhaseResumed(seat=seat))
    if not sources_order(tx.state):
        _wanted_lp(tx, seat)
    _finish_if_within_limit(tx, seat)


def _wanted_lp(tx: Tx, seat: int) -> None:
    """WL-TURN-5: a Wanted player gains their row's LP."""
    wanted_lp = row_value(tx.state.players[seat].wp)
    if wanted_lp:
        gain(tx, seat, "wanted track", lp=wanted_lp)


def discard_card(tx: Tx, seat: int, card: str) -> None:
    tx.emit(ev.CardsDiscarded(seat=seat, cards=(card,)))
    _finish_if_within_limit(tx, seat)


def _finish_if_within_limit(tx: Tx, seat: int) -> None:
    if len(tx.state.players[seat].hand) > hand_limit(tx.state, seat):
        return
    if sources_order(tx.state):
        _wanted_lp(tx, seat)  # with end_trigger="any_gain" this gain checks the end itself
        if tx.state.option("end_trigger") == "end_phase":
            check_end_trigger(tx, seat)
    tx.emit(ev.TurnEnded(seat=seat))
    state = tx.state
    following = (seat + 1) % state.seats
    if following != state.first_player:
        begin_turn(tx, following, state.round)
    elif state.end_round and state.round > state.end_round:
        tx.emit(ev.GameEnded(final_lp=final_scores(state), reason="legend points reached"))
    elif state.round >= state.int_option("max_rounds"):
        tx.emit(ev.GameEnded(final_lp=final_scores(state), reason="round cap reached"))
    else:
        begin_turn(tx, following, state.round + 1)


def final_scores(state: State) -> tuple[int, ...]:
    """WL-END-2: items, money, wounds, Wanted and Marshal bonuses added to LP."""
    top_wp = max(p.wp for p in state.players)
    most_wanted = [s for s, p in enumerate(state.players) if top_wp > 0 and p.wp == top_wp]
    per_item = state.int_option("upgraded_item_lp")
    scores = []
    for seat, p in enumerate(state.players):
        score = p.lp + per_item * sum(1 for o in p.items if o.upgraded) + p.money // 60 - p.wounds
        if p.wp > 0:
            score += 3 if most_wanted == [seat] else 1
        score += row_value(p.mp)
        scores.append(score)
    return tuple(scores)


def ranking_key(state: State, seat: int) -> tuple[int, int, int, int]:
    """WL-END-3: LP, then MP or WP, then nuggets, then fewest wounds."""
    p = state.players[seat]
    return (state.final_lp[seat], max(p.mp, p.wp), p.gold, -p.wounds)
