"""Western Legends (Kolossal Games, 2018), core ruleset: map, three-phase turn, fights, rewards, scoring.

The rules are in seeds/rules/western-legends.md. Modules: board, cards, items,
characters (data); options, state, commands, events; rules (shared effects),
turn, actions, fights (effect functions); decide, legal, evolve, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.game import GameEngine
from engines.western_legends import decide, evolve, legal, narrate, options, picture, turn, views
from engines.western_legends.commands import COMMANDS
from engines.western_legends.events import EVENTS
from engines.western_legends.outcome import outcome
from engines.western_legends.recording import WesternLegends

ENGINE = GameEngine(
    game_id="western-legends",
    title="Western Legends",
    rules_version="western-legends/2",
    legacy_defaults={"western-legends/1": options.LEGACY_V1},
    min_seats=2,
    max_seats=6,
    commands=COMMANDS,
    events=EVENTS,
    options=options.validate,
    deal=turn.setup,
    evolve=evolve.evolve,
    decide=decide.decide,
    decide_folded=decide.decide_folded,
    legal_commands=legal.legal_commands,
    seats_to_act=legal.seats_to_act,
    view=views.view,
    redact=views.redact,
    outcome=outcome,
    describe=narrate.describe,
    reshuffle_unseen=turn.reshuffle_unseen,
    recording=WesternLegends(),
    picture=picture.PICTURE,
    proto_field="western_legends",
)

__all__ = ["ENGINE"]
