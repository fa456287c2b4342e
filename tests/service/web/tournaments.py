"""A tournament played with bots over real gRPC beside the web viewer, and its page read back."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from service.cli.tournaments import TournamentClient
from tests.conftest import ORGANISER
from tests.service.tournaments import helpers
from tests.service.web.conftest import Site


def played_tournament(
    site: Site, players: list[str], rounds: int, play: int | None = None, **fields: Any
) -> str:
    """Create a Most Wanted tournament at tables of 2 and play `play` (default: all) of its rounds."""
    with TournamentClient(site.address, token=ORGANISER) as client:
        created = helpers.create(client, players, table_size=2, rounds=rounds, **fields)
        helpers.run(client, created.tournament_id, rounds if play is None else play)
        return str(created.tournament_id)


def standings_rows(body: str) -> list[list[str]]:
    """The standings table's cells, row by row, as text."""
    table = re.search(r'<table class="games" id="standings">(.*?)</table>', body, re.S)
    assert table, "the page has a standings table"
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(1), re.S)[1:]  # without the heading row
    return [
        [unescape(cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows
    ]
