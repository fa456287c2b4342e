"""Inactivity raises a ladder player's deviation by Glicko's Step 1, σ' = min(√(σ² + c²t), σ₀), with t
the whole periods since their last game, counted from the games' recorded finishing times."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from openskill.models import PlackettLuce

from service.core.ladders.board import DEFAULT_C, Counted, leaderboard
from service.core.ladders.record import LadderDefinition

START = datetime(2026, 1, 1, tzinfo=UTC)
DAY = 86400
SIGMA0 = PlackettLuce().sigma


def definition(period: int = DAY) -> LadderDefinition:
    return LadderDefinition("ladder", "Club", "most-wanted", {}, "", "", period, DEFAULT_C)


def game(number: int, players: tuple[str, ...], at: datetime, season: int = 1) -> Counted:
    return Counted(f"g{number}", players, season, at, ((0,), (1,)))


def sigmas(games: list[Counted], as_of: datetime, period: int = DAY) -> dict[str, float]:
    return {row.player: row.sigma for row in leaderboard(definition(period), games, 1, as_of)}


def test_an_idle_player_s_sigma_grows_by_c_squared_per_whole_period_up_to_the_start() -> None:
    games = [game(n, ("ann", "bob"), START + timedelta(minutes=n)) for n in range(6)]
    last = START + timedelta(minutes=5)
    settled = sigmas(games, last)["ann"]
    assert sigmas(games, last + timedelta(hours=23))["ann"] == settled  # no whole period yet
    for days in (1, 10, 40):
        expected = min(math.sqrt(settled**2 + DEFAULT_C**2 * days), SIGMA0)
        assert math.isclose(sigmas(games, last + timedelta(days=days, minutes=1))["ann"], expected)
    assert sigmas(games, last + timedelta(days=10_000))["ann"] == SIGMA0  # never beyond the start
    # c is Glickman's choice: a deviation of σ₀/3 returns to σ₀ in 100 periods.
    assert math.isclose(math.sqrt((SIGMA0 / 3) ** 2 + DEFAULT_C**2 * 100), SIGMA0)


def test_a_game_after_a_pause_starts_from_the_raised_sigma() -> None:
    early = [game(n, ("ann", "bob"), START + timedelta(minutes=n)) for n in range(4)]
    soon = [*early, game(9, ("ann", "cy"), START + timedelta(minutes=10))]
    late = [*early, game(9, ("ann", "cy"), START + timedelta(days=30))]
    at = START + timedelta(days=31)
    # Ann comes back after a month less certain than after ten minutes, and one game does not undo it.
    assert sigmas(late, at)["ann"] > sigmas(soon, START + timedelta(minutes=11))["ann"]
    # Bob played neither time; his table sigma at the same moment is the same either way.
    assert sigmas(late, at)["bob"] == sigmas(soon, at)["bob"]
