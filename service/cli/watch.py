"""`frontier watch GAME`: a game followed live, one line per step, numbered as the narrative numbers
steps ("Step 4 — seat 2: ..."; replay/numbering.py)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from replay.clock import PAUSE
from replay.narrative import describe_pause
from replay.numbering import step_name, steps_span, version_of_step
from replay.table import RESUME, SCHEDULED_START, TIMEOUT
from replay.takebacks import TAKEBACK
from service.cli.server_option import add_server_argument

TOKEN_HELP = "a seat or organiser token (default: $FRONTIER_TOKEN)"


def register(commands: Any) -> None:
    watch = commands.add_parser("watch", help="follow a game live: one line per step until it ends")
    add_server_argument(watch)
    watch.add_argument("game_id", help="the game to follow")
    start = watch.add_mutually_exclusive_group()
    start.add_argument(
        "--from-step",
        type=int,
        metavar="STEP",
        help="start after this step, as watch and `frontier replay` number them (0: after the setup)",
    )
    start.add_argument(
        "--from-version",
        type=int,
        default=0,
        help="start after this version, as the API numbers them: version v is step v - 1 (default 0: from "
        "the start)",
    )
    watch.add_argument("--token", help=TOKEN_HELP)
    watch.set_defaults(run=run_watch)


def run_watch(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    start = args.from_version if args.from_step is None else version_of_step(args.from_step)
    token = args.token or os.environ.get("FRONTIER_TOKEN")
    with Client(args.server, token=token, timeout=24 * 3600) as client:
        # A timeout under the pause policy stops the game until the organiser ends it: said as such.
        shown = client.call("GetState", frontier_pb2.GetStateRequest(game_id=args.game_id))
        pauses = shown.timeout_policy == PAUSE
        if shown.starts_at and shown.version <= 1:  # scheduled: nobody moves before its start line
            print(f"note: starts at {shown.starts_at}: no seat moves and no clock runs before", flush=True)
        if shown.HasField("pending_takeback"):  # a request is no line: the stream would never tell it
            asked = shown.pending_takeback
            print(
                f"note: seat {asked.seat + 1} asks to take back to {step_name(asked.to_version)} "
                f"(`frontier takeback show {args.game_id}`)",
                flush=True,
            )
        stream = client.stub.WatchGame(
            frontier_pb2.WatchGameRequest(game_id=args.game_id, from_version=start),
            metadata=client.metadata(),
        )
        for update in stream:
            if update.notice:
                print(f"note: {update.notice}", flush=True)
                continue
            print(step_line(update, pauses), flush=True)
            if update.status == "finished":
                print("the game is over", flush=True)
                break
    return 0


def step_line(update: Any, pauses: bool) -> str:
    """ "Step 4 — seat 2: card_played   (waiting for seat 1)", or "Setup — ..." for version 1."""
    seat = update.seat if update.HasField("seat") else None
    said = ", ".join(event.kind for event in update.events)
    if update.ruling.ruling:
        said = ruling_words(update.ruling, update.version)
    waiting = ", ".join(f"seat {s + 1}" for s in update.seats_to_act)
    after = f"   (waiting for {waiting})" if waiting else ""
    if pauses and update.ruling.ruling == TIMEOUT and update.status != "finished":
        after = f"   — {describe_pause(seat, [])}"
    if update.version == 1:
        return f"Setup — {said}"
    who = "the server" if seat is None else f"seat {seat + 1}"
    if update.ruling.ruling and update.ruling.by == "organiser":
        who = "the organiser"
    return f"{step_name(update.version).capitalize()} — {who}: {said}{after}"


def ruling_words(ruling: Any, version: int) -> str:
    """A ruling step's words: its name, and for a takeback the narrative's words (replay/narrative.py)."""
    if ruling.ruling == RESUME and ruling.reason.startswith(SCHEDULED_START):
        return f"play begins ({ruling.reason})"
    if ruling.ruling != TAKEBACK:
        return str(ruling.ruling)
    undone = steps_span(ruling.to_version + 1, version - 1)
    if ruling.granted_by_organiser:
        granted = "granted by the organiser"
    else:
        granted = "with " + " and ".join(f"seat {s + 1}'s" for s in ruling.granted_by_seats) + " consent"
    return f"takes back to {step_name(ruling.to_version)}, {granted} ({undone} undone)"
