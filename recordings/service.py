"""The server side of a recording: expand, then store through the match-log import.

A rejected recording aborts the call with INVALID_ARGUMENT, an `ErrorInfo`
(reason RECORDING_REJECTED; metadata: the first problem's code, line and
version, and the number of problems) and a `google.rpc.BadRequest` with one
field violation per problem, so a client can list them all.
"""

from __future__ import annotations

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc_status import rpc_status

from recordings.expand import expand_text
from recordings.problems import Problem, RecordingRejected
from recordings.seal import Expansion
from replay.logfile import write_lines

DOMAIN = "frontier-ledger"
REASON = "RECORDING_REJECTED"


def expand_or_abort(content: str, lenient: bool, context: grpc.ServicerContext) -> tuple[Expansion, str]:
    """The expansion and its log text; or the call ends with every problem as a rich status."""
    try:
        expansion = expand_text(content, lenient=lenient)
    except RecordingRejected as rejected:
        context.abort_with_status(rpc_status.to_status(rejected_status(rejected.problems)))
        raise AssertionError("abort_with_status returns only by raising") from None
    text = "\n".join(write_lines(expansion.header, expansion.entries, expansion.trailer)) + "\n"
    return expansion, text


def violation_field(problem: Problem) -> str:
    return f"content:line {problem.line}"


def rejected_status(problems: list[Problem]) -> status_pb2.Status:
    first = problems[0]
    info = error_details_pb2.ErrorInfo(
        reason=REASON,
        domain=DOMAIN,
        metadata={
            "code": first.code,
            "line": str(first.line),
            "version": str(first.version),
            "problems": str(len(problems)),
        },
    )
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
    details = []
    for message in (info, bad):
        packed = any_pb2.Any()
        packed.Pack(message)
        details.append(packed)
    summary = f"the recording has {len(problems)} problem(s); the first: {first}"
    return status_pb2.Status(code=grpc.StatusCode.INVALID_ARGUMENT.value[0], message=summary, details=details)
