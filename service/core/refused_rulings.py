"""A ruling or takeback the table refuses (replay's `RulingRefused`), as the service answers it.

One table for every caller, so docs/reasons.md can say which status each such reason comes with.
"""

from __future__ import annotations

from replay.reasons import Reason
from replay.table import RulingRefused
from service.core.errors import InvalidArgument, RuleBroken

# The request's fault (INVALID_ARGUMENT, naming the field at fault); every other refusal is the
# game state's (FAILED_PRECONDITION).
REQUEST_FAULTS = {
    Reason.BAD_RESULT: "result",
    Reason.RESULT_NOT_ALLOWED: "result",
    Reason.REASON_REQUIRED: "reason",
    Reason.REASON_TOO_LONG: "reason",
    Reason.BAD_TO_VERSION: "to_version",
    Reason.BAD_TAKEBACK_POLICY: "takeback_policy",
}


def answer(refused: RulingRefused, rule: str) -> InvalidArgument | RuleBroken:
    """INVALID_ARGUMENT naming the field for a request's fault, else FAILED_PRECONDITION under `rule`."""
    field = REQUEST_FAULTS.get(refused.code)
    if field is not None:
        return InvalidArgument(refused.code, refused.message, field=field)
    return RuleBroken(refused.code, refused.message, rule=rule)
