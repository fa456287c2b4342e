"""The server side of a recording: expand, then store through the match-log import.

A rejected recording aborts the call with INVALID_ARGUMENT, an `ErrorInfo`
(reason RECORDING_REJECTED; metadata: the first problem's code, line and
version, and the number of problems) and a `google.rpc.BadRequest` with one
field violation per problem, so a client can list them all.
"""

from __future__ import annotations

from google.rpc import error_details_pb2

from replay.logfile import write_lines
from replay.reasons import Reason
from replay.recordings.expand import expand_text
from replay.recordings.problems import Problem, RecordingRejected
from replay.recordings.seal import Expansion
from service.core.errors import InvalidArgument


def expand_or_refuse(content: str, lenient: bool) -> tuple[Expansion, str]:
    """The expansion and its log text; or InvalidArgument carrying every problem."""
    try:
        expansion = expand_text(content, lenient=lenient)
    except RecordingRejected as rejected:
        raise refusal(rejected.problems) from None
    text = "\n".join(write_lines(expansion.header, expansion.entries, expansion.trailer)) + "\n"
    return expansion, text


def violation_field(problem: Problem) -> str:
    return f"content:line {problem.line}"


def refusal(problems: list[Problem]) -> InvalidArgument:
    """INVALID_ARGUMENT: the first problem in the ErrorInfo, every problem in a BadRequest."""
    first = problems[0]
    bad = error_details_pb2.BadRequest(
        field_violations=[
            error_details_pb2.BadRequest.FieldViolation(
                field=violation_field(p),
                description=f"line {p.line} (version {p.version}): {p.code}: {p.message}",
                reason=p.code,
            )
            for p in problems
        ]
    )
    count = f"{len(problems)} problem{'s' if len(problems) != 1 else ''}"
    return InvalidArgument(
        Reason.RECORDING_REJECTED,
        f"the recording has {count}; the first: {first}",
        field="content",
        code=first.code,
        line=str(first.line),
        version=str(first.version),
        problems=str(len(problems)),
    ).with_details([bad])
