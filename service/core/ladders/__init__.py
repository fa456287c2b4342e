"""Ladders: a rated ladder per game, its leaderboard folded from finished games, and its seasons."""
