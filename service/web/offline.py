"""`frontier replay --html`: one match log as a single self-contained viewer page.

The log is verified first; a log that fails verification is refused rather than drawn, because a
published picture of a game should only ever show a record that checks out. A page of the whole
game carries the log too, and checks it again in the reader's browser (service/web/verdict.py).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engines.base import SPECTATOR, Seat
from replay.record import Trailer
from replay.trust.signed_log import read_signed
from replay.verify import verify
from service.core.rendering import Rendering
from service.web.page import viewer_page
from service.web.steps import game_view
from service.web.verdict import Verdict, not_embedded


class LogRefused(ValueError):
    """The log cannot be drawn; the message says why and where."""


def html_from_log(data: bytes, viewer: Seat | None = None, log_evidence: dict[str, Any] | None = None) -> str:
    """The viewer page for the log in `data`, as `viewer` sees it (None: everything the log holds);
    `log_evidence`: where the game is in the service log, for the page to check against a witness policy."""
    from replay.logfile import LogFormatError, decode_lines
    from replay.trust.checkpoint import CheckpointError

    try:
        header, entries, trailer, _checkpoint = read_signed(decode_lines(data))
    except (LogFormatError, CheckpointError) as error:
        raise LogRefused(f"not a valid match log: {error}") from None
    verification = verify(header, entries, trailer)
    problem = verification.problem
    if problem is not None:
        raise LogRefused(f"the log fails verification at {problem}")
    if viewer is not None and viewer != SPECTATOR and not 0 <= viewer < header.seats:
        raise LogRefused(f"seat {viewer + 1} does not exist: this game has seats 1 to {header.seats}")
    view = game_view(Rendering(), header, entries, verification.players, viewer)
    verdict = _verdict(data, view.viewer, viewer is None, trailer)
    if verdict.log is not None and log_evidence is not None:
        verdict = replace(verdict, log_evidence=log_evidence)
    return viewer_page(view, verdict=verdict)


def _verdict(data: bytes, shown_as: str, whole: bool, trailer: Trailer | None) -> Verdict:
    """The page carries its log only if its reader may see all of it: the whole of a finished game."""
    if not whole:
        return not_embedded(
            f"this page shows one view of the game (shown as: {shown_as}), so it carries no log:"
            " the full log holds what this view hides"
        )
    if trailer is None or trailer.status != "finished":
        return not_embedded(
            "the game is not over, so the page carries no log: until its seed is revealed the log holds"
            " what is still hidden, and its salts cannot be checked"
        )
    return Verdict(log=data.decode("utf-8"))
