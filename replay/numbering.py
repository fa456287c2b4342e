"""How people number seats and steps, wherever they read a game (docs/cli.md, "Numbers people read").

The API and the match log count seats from 0 and positions by version (the setup is version 1).
People read seats from 1 ("seat 2", with the seat's name where it is known) and positions as the
narrative and the web viewer number them: version v is step v - 1, and version 1 is the setup.
"""

from __future__ import annotations

from collections.abc import Sequence


def step_number(version: int) -> int:
    """The step a person reads for the API's `version`: version 1 (the setup) is step 0."""
    return version - 1


def version_of_step(step: int) -> int:
    """The API's version for the step a person names."""
    return step + 1


def step_name(version: int) -> str:
    """ "the setup" for version 1, else "step S"."""
    return "the setup" if version == 1 else f"step {step_number(version)}"


def steps_span(first_version: int, last_version: int) -> str:
    """ "step 4" or "steps 4 to 6" for the versions `first_version` to `last_version`."""
    first, last = step_number(first_version), step_number(last_version)
    return f"step {first}" if first == last else f"steps {first} to {last}"


def ranking_text(tiers: Sequence[Sequence[int]]) -> str:
    """The API's 0-based tiers as people write a result, seats from 1: [[1], [2, 3]] -> "2,3=4"."""
    return ",".join("=".join(str(seat + 1) for seat in tier) for tier in tiers)
