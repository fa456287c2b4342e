"""Deadwood 1876 (Facade Games, 2018): teams by location, face-down safes, gun dice, a final showdown.

The rules the engine follows are in seeds/rules/deadwood-1876.md; modules:
components (printed data), options, state, commands, events, rules (shared
questions), setup, decide, flow (automatic steps), evolve, legal, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.deadwood import decide, evolve, legal, narrate, options, picture, setup, views
from engines.deadwood.commands import COMMANDS
from engines.deadwood.events import EVENTS
from engines.deadwood.outcome import outcome
from engines.deadwood.recording import Deadwood
from engines.game import GameEngine

ENGINE = GameEngine(
    game_id="deadwood-1876",
    title="Deadwood 1876",
    rules_version="deadwood-1876/2",
    legacy_defaults=options.LEGACY_DEFAULTS,
    min_seats=2,
    max_seats=9,
    commands=COMMANDS,
    events=EVENTS,
    options=options.validate,
    deal=setup.setup,
    evolve=evolve.evolve,
    evolve_all=evolve.evolve_all,
    decide=decide.decide,
    decide_folded=decide.decide_folded,
    legal_commands=legal.legal_commands,
    seats_to_act=legal.seats_to_act,
    view=views.view,
    redact=views.redact,
    outcome=outcome,
    describe=narrate.describe,
    reshuffle_unseen=setup.reshuffle_unseen,
    recording=Deadwood(),
    picture=picture.PICTURE,
    proto_field="deadwood_1876",
)

__all__ = ["ENGINE"]
