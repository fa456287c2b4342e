"""The HTML pages, from Jinja templates with autoescaping on: names and tags are text, never markup.

The viewer page carries its styles, script and data inline, so the served page and the offline
file (`frontier replay --html`) are the same document; only the served one has a poll URL.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from functools import cache
from importlib.resources import files
from typing import Any

import jinja2

from service.web.pictures import backdrop, key
from service.web.script_policy import with_script_policy
from service.web.steps import GameView
from service.web.verdict import Verdict


@cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("service.web", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters["when"] = readable_time
    return environment


def readable_time(stamp: str) -> str:
    """ "2026-12-05T02:56:39+00:00" as people read it: "5 Dec 2026, 02:56 UTC" (text that is no
    timestamp is shown as it is)."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return stamp
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    return f"{moment.day} {moment:%b %Y, %H:%M} UTC"


@cache
def _static(name: str) -> str:
    return files("service.web").joinpath("static", name).read_text(encoding="utf-8")


def _render(template: str, **values: Any) -> str:
    page = _environment().get_template(template).render(css=_static("viewer.css"), **values)
    return with_script_policy(page)


def viewer_page(
    game: GameView,
    *,
    poll: str | None = None,
    links: dict[str, Any] | None = None,
    clocks: list[dict[str, Any]] | None = None,
    verdict: Verdict | None = None,
) -> str:
    """The viewer for one game; `poll` is the URL that gives later steps of a live game, `clocks`
    its seats' clocks now (service/web/clock_view.py), `verdict` what its verdict panel checks."""
    data = {**game.to_json(), "poll": poll if game.status != "finished" else None, "clocks": clocks or []}
    return _render(
        "viewer.html",
        game=game,
        data=data,
        js=_static("viewer.js"),
        backdrop=backdrop(game.game),
        key=key(game.game),
        links=links or {},
        verdict=verdict,
    )


def verify_page() -> str:
    """A page where a reader pastes or drops a log and a key, checked in the browser alone."""
    return _render("verify.html", verdict=Verdict(paste=True))


def games_page(
    games: Sequence[dict[str, Any]],
    game_types: Sequence[tuple[str, str]],
    filters: dict[str, str],
    organiser: bool,
) -> str:
    return _render("games.html", games=games, game_types=game_types, filters=filters, organiser=organiser)


def message_page(heading: str, message: str = "", *, form: bool = False, home: str = "/") -> str:
    back = "all tournaments" if home == "/tournaments" else "all games"
    return _render("message.html", heading=heading, message=message, form=form, home=home, back=back)


def tournaments_page(tournaments: Sequence[dict[str, Any]]) -> str:
    return _render("tournaments.html", tournaments=tournaments)


def tournament_page(**values: Any) -> str:
    return _render("tournament.html", **values)
