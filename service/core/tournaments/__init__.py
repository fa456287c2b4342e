"""Tournaments: seeded, checkable table assignment, standings and ratings folded from game outcomes."""
