"""What a page's verdict panel (templates/verdict.html, static/verdict.mjs) is given.

The panel runs the independent JavaScript verifier in the reader's browser, on the log the page
embeds, a log it fetches, or one the reader pastes. A page embeds only a log its reader may see
whole: a view of one seat or of the public carries none, since the full log holds what it hides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.web.script_bundle import bundle


@dataclass(frozen=True)
class Verdict:
    log: str | None = None  # the log's text, embedded in the page
    log_url: str | None = None  # where the page fetches the log from
    paste: bool = False  # the reader pastes or drops the log
    why_not: str = ""  # why a page without a log cannot be checked
    # The service log's checkpoint note ("note"), the game's entry ("index") and its path ("path", hex)
    log_evidence: dict[str, Any] | None = None

    @property
    def script(self) -> str:
        return bundle("verdict.mjs")


def not_embedded(why: str) -> Verdict:
    """A panel that says why its page carries no log, and where one can be checked."""
    return Verdict(
        why_not=f"{why}. Check the full log of the finished game on a page of the whole game, on /verify,"
        " or with frontier audit."
    )
