"""Every kind of Deadwood command survives the typed proto (DeadwoodCommand) unchanged."""

from __future__ import annotations

from engines.deadwood import ENGINE
from engines.deadwood import commands as cmd
from engines.simulate import playout
from service.core.convert import command_from_proto, command_to_proto


def test_every_legal_command_of_random_games_round_trips_through_the_proto() -> None:
    seen: set[str] = set()
    chosen = {"character_choice": "chosen"}  # DW-SETUP-2: the choice is a command only then
    for seats, seed, options in ((3, b"proto-a", {}), (7, b"proto-b", {}), (4, b"proto-c", chosen)):
        for step in playout(ENGINE, seats, seed=seed, bot_seed=seats, options=options):
            for seat in ENGINE.seats_to_act(step.state):
                for command in ENGINE.legal_commands(step.state, seat):
                    assert command_from_proto(ENGINE, command_to_proto(ENGINE, command)) == command
                    seen.add(command.kind)
    rare = {"give_safe", "send_away", "discard_card", "play_mystery_gun"}
    assert seen >= {c.kind for c in ENGINE.commands} - rare


def test_optional_fields_keep_none_apart_from_a_value() -> None:
    for command in (
        cmd.SendAway(None),
        cmd.SendAway("grand_central"),
        cmd.GiveSafe(0, None),
        cmd.GiveSafe(2, 0),
        cmd.CommitToHeist(None),
        cmd.CommitToHeist("horse-red-1"),
        cmd.PeekSafes("stetson-red-1", (cmd.SafeRef(0, 1), cmd.SafeRef(3, 0))),
        cmd.Assist("holster-red-1", "defender"),
        cmd.DeclineAssist(),
        cmd.DeclineBadgeTurn(),
        cmd.PlayMysteryGun("duster-black-1"),
    ):
        assert command_from_proto(ENGINE, command_to_proto(ENGINE, command)) == command
