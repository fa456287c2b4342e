"""Refusals of a command the game moved on from: they keep their codes and say what to do.

Several seats may act at once (a simultaneous step, a bot racing a person): a command chosen from
an older update then meets a newer state. With `expected_version` it is ABORTED STALE_VERSION,
without it the rules refuse it (WRONG_PHASE and the like). Either way the next update the seat
receives brings fresh legal commands, and the client chooses again from those.
"""

from __future__ import annotations

from engines.base import RuleViolation
from replay.reasons import Reason
from service.core.errors import Conflict, ForeignCode, RuleBroken, ServiceError

WAIT_AND_RETRY = (
    "if you chose it from an earlier update, the game has moved on: wait for the next update "
    "(a Play push, or GetState) and send a new command chosen from its legal commands"
)

# The engines' codes for a command meant for another moment of the game (another step or seat).
NOT_NOW = frozenset({"WRONG_PHASE", "NOT_YOUR_TURN", "NOT_YOUR_DECISION"})


def stale_version(current: int, expected: int) -> Conflict:
    """ABORTED STALE_VERSION: `expected_version` is not the game's."""
    return Conflict(
        Reason.STALE_VERSION,
        f"the game is at version {current}, not {expected}; {WAIT_AND_RETRY}",
        current_version=str(current),
    )


def refusal(violation: RuleViolation, *, lost_race: bool) -> ServiceError:
    """The rules' refusal as the service answers it; ABORTED when it met a state newer than the client saw."""
    error = Conflict if lost_race else RuleBroken
    message = violation.message
    if lost_race or violation.code in NOT_NOW:
        message = f"{message.rstrip('.')}; {WAIT_AND_RETRY}"
    # The engine's own vocabulary (docs/reasons.md lists it per game), passed on as the reason.
    return error(ForeignCode(violation.code), message, rule=violation.rule, **violation.details)
