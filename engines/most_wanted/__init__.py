"""Most Wanted (North Star Games, 2018): robberies joined face down, duels, bail, the race to 13.

The rules the engine follows are in seeds/rules/most-wanted.md; modules: cards
(deck data), hands (ranking), options, state, commands, events, rules (checks),
setup, decide, flow (automatic steps), evolve, legal, views, narrate,
outcome; recording (what an arbiter writes) and picture (the table drawn).
"""

from __future__ import annotations

from engines.game import GameEngine
from engines.most_wanted import decide, evolve, legal, narrate, options, picture, setup, views
from engines.most_wanted.commands import COMMANDS
from engines.most_wanted.events import EVENTS
from engines.most_wanted.outcome import outcome
from engines.most_wanted.recording import MostWanted

ENGINE = GameEngine(
    game_id="most-wanted",
    title="Most Wanted",
    rules_version="most-wanted/2",
    legacy_defaults=options.LEGACY_DEFAULTS,
    min_seats=2,
    max_seats=8,
    commands=COMMANDS,
    events=EVENTS,
    options=options.validate,
    deal=setup.setup,
    evolve=evolve.evolve,
    decide=decide.decide,
    decide_folded=decide.decide_folded,
    legal_commands=legal.legal_commands,
    seats_to_act=legal.seats_to_act,
    view=views.view,
    redact=views.redact,
    outcome=outcome,
    describe=narrate.describe,
    reshuffle_unseen=setup.reshuffle_unseen,
    recording=MostWanted(),
    picture=picture.PICTURE,
    proto_field="most_wanted",
)

__all__ = ["ENGINE"]
