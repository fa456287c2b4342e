"""The web viewer shows a takeback as a step, and the game as it stood at the version taken back to."""

from __future__ import annotations

import random

from service.client import Client
from tests.service.test_takebacks import PLAIN, answer, asked, in_some_game
from tests.service.web.conftest import Site
from tests.service.web.http_client import get


def test_a_takeback_is_a_step_of_the_viewer(site: Site, site_client: Client) -> None:
    game, seat, request = in_some_game(
        site_client, "western-legends", "consent", asked, PLAIN, random.Random(2)
    )
    for other in request.pending.awaiting:
        answer(site_client, game, game.tokens[other])
    shown = get(f"{site.url}/api/games/{game.game_id}/steps").json()
    steps = shown["steps"]
    told = steps[-1]["narrative"]
    assert f"seat {seat + 1} (p{seat}) takes back to step {request.pending.to_version - 1}" in told, told
    assert "consent" in told
    back_to = next(step for step in steps if step["version"] == request.pending.to_version)
    assert steps[-1]["picture"] == back_to["picture"], "the viewer draws the table as it stood then"
    page = get(f"{site.url}/games/{game.game_id}")
    assert "takes back to step" in page.body
