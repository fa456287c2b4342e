"""`frontier takeback ask|accept|decline|show GAME`: a seat's takeback asked for, answered, or shown.

The rules are the server's (docs/games-that-end.md, "Takebacks"); this module only asks and says
what the answer means, numbering seats and steps as people do (replay/numbering.py).
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from replay.numbering import step_name, steps_span, version_of_step
from service.cli.server_option import add_server_argument

SEAT_TOKEN_HELP = "your seat's token (default: $FRONTIER_TOKEN)"
ANSWER_TOKEN_HELP = (
    "your seat's token, or the organiser's under takeback policy organiser (default: $FRONTIER_TOKEN)"
)


def register(commands: Any) -> None:
    takeback = commands.add_parser(
        "takeback",
        help="take back a move: ask as a seat, accept or decline as the others, show one waiting",
        description="A game created with a takeback policy (`frontier new --takeback-policy`) lets a seat "
        "take back its last moves when the other seats still in (policy consent) or the organiser (policy "
        "organiser) accept; never past a die roll, a shuffle, a card someone saw, or a ruling.",
    )
    actions = takeback.add_subparsers(required=True, metavar="ACTION")
    ask = actions.add_parser("ask", help="ask, as a seat, to take the game back")
    ask.add_argument("game_id", help="the game")
    ask.add_argument(
        "--to-step",
        type=int,
        metavar="STEP",
        help="the step to go back to, as `frontier replay` and `watch` number them (0: the setup; "
        "default: just before your seat's last move)",
    )
    ask.add_argument("--token", help=SEAT_TOKEN_HELP)
    add_server_argument(ask)
    ask.set_defaults(run=run_ask)
    for name, accept, what in (
        ("accept", True, "accept the takeback asked for: the last acceptance takes the game back"),
        ("decline", False, "decline the takeback asked for: the request is cleared, the game goes on"),
    ):
        answer = actions.add_parser(name, help=what)
        answer.add_argument("game_id", help="the game")
        answer.add_argument("--token", help=ANSWER_TOKEN_HELP)
        add_server_argument(answer)
        answer.set_defaults(run=run_answer, accept=accept)
    show = actions.add_parser("show", help="show the game's takeback policy and any takeback waiting")
    show.add_argument("game_id", help="the game")
    show.add_argument("--token", help="a seat or organiser token (default: $FRONTIER_TOKEN; none needed)")
    add_server_argument(show)
    show.set_defaults(run=run_show)


def _token(args: argparse.Namespace) -> str | None:
    token: str | None = args.token or os.environ.get("FRONTIER_TOKEN")
    return token


def run_ask(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    if args.to_step is not None and args.to_step < 0:
        print(
            f"error: --to-step {args.to_step}: steps count from 0 (the setup), as `frontier replay` numbers "
            "them",
            file=sys.stderr,
        )
        return 2
    token = _token(args)
    if not token:
        print(
            "error: asking for a takeback needs your seat's token: --token TOKEN or $FRONTIER_TOKEN",
            file=sys.stderr,
        )
        return 2
    to_version = 0 if args.to_step is None else version_of_step(args.to_step)
    request = frontier_pb2.RequestTakebackRequest(game_id=args.game_id, to_version=to_version)
    with Client(args.server, token=token) as client:
        if args.to_step is not None:  # said in steps here, before the server answers in versions
            now = client.call("GetState", frontier_pb2.GetStateRequest(game_id=args.game_id)).version
            if to_version >= now:
                earlier = (
                    f"give an earlier step, 0 (the setup) to {now - 2}" if now > 1 else "nothing is earlier"
                )
                print(
                    f"error: --to-step {args.to_step}: the game stands at {step_name(now)}; {earlier}",
                    file=sys.stderr,
                )
                return 2
        reply = client.call("RequestTakeback", request)
    print(pending_line(reply.pending, reply.version))
    print(f"to answer: frontier takeback accept|decline {args.game_id} --token=THEIR_TOKEN")
    return 0


def run_answer(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    token = _token(args)
    if not token:
        print(
            "error: answering a takeback needs a token: your seat's (or, under takeback policy organiser, "
            "the organiser's): --token TOKEN or $FRONTIER_TOKEN",
            file=sys.stderr,
        )
        return 2
    request = frontier_pb2.AnswerTakebackRequest(game_id=args.game_id, accept=args.accept)
    with Client(args.server, token=token) as client:
        before = client.call("GetState", frontier_pb2.GetStateRequest(game_id=args.game_id))
        reply = client.call("AnswerTakeback", request)
    if reply.taken_back:  # a granted answer holds no request any more: the one read just before
        asked = before.pending_takeback
        print(
            f"taken back: the game stands as it stood at {step_name(asked.to_version)} "
            f"({steps_span(asked.to_version + 1, before.version)} undone; {step_name(before.version + 1)} "
            "records the takeback)"
        )
    elif not args.accept:
        print(f"declined: the takeback is cleared; the game goes on from {step_name(reply.version)}")
    else:
        print(f"accepted; {pending_line(reply.pending, reply.version)}")
    return 0


def run_show(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(args.server, token=_token(args)) as client:
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=args.game_id))
    print(f"takeback policy: {state.takeback_policy or 'off'}; the game stands at {step_name(state.version)}")
    if state.HasField("pending_takeback"):
        print(pending_line(state.pending_takeback, state.version))
    else:
        print("no takeback is asked for")
    return 0


def pending_line(pending: Any, version: int) -> str:
    """ "seat 1 asks to take back to step 3 (steps 4 to 5 undone); waiting for seat 2 to answer" """
    undone = steps_span(pending.to_version + 1, version)
    who = " and ".join(f"seat {seat + 1}" for seat in pending.awaiting)
    waiting = f"waiting for {who} to accept or decline" if who else "waiting for the organiser to grant it"
    to = step_name(pending.to_version)
    return f"seat {pending.seat + 1} asks to take back to {to} ({undone} undone); {waiting}"
