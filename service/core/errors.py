"""Errors the application raises, each carrying the canonical status code it maps to.

The codes are google.rpc's canonical ones, which every front end speaks in its own way: the gRPC
front sends them as gRPC statuses, the WebSocket front as close reasons, the web pages as HTTP
statuses. Each error also builds a `google.rpc.Status` with an `ErrorInfo` whose `reason` is a
member of the closed vocabulary `Reason` (replay/reasons.py, listed in docs/reasons.md), so clients
can branch on it; a code of another vocabulary passes through only as a `ForeignCode`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NewType, Self

from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

from replay.reasons import Reason

DOMAIN = "frontier-ledger"

# A code of a vocabulary the service passes on as the reason without owning it: an engine's rule
# code (a RuleViolation, listed per game in docs/reasons.md) or a recording problem's code (a
# relayed line refused). Wrapping it says so where it is raised; a bare string is not a reason.
ForeignCode = NewType("ForeignCode", str)


class Code(enum.Enum):
    """The canonical status codes this service answers with (google.rpc.Code numbers)."""

    INVALID_ARGUMENT = 3
    DEADLINE_EXCEEDED = 4
    NOT_FOUND = 5
    ALREADY_EXISTS = 6
    PERMISSION_DENIED = 7
    RESOURCE_EXHAUSTED = 8
    FAILED_PRECONDITION = 9
    ABORTED = 10
    INTERNAL = 13
    UNAVAILABLE = 14
    DATA_LOSS = 15
    UNAUTHENTICATED = 16


class ServiceError(Exception):
    status: Code = Code.INTERNAL

    def __init__(self, reason: Reason | ForeignCode, message: str, **metadata: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.metadata = {k: str(v) for k, v in metadata.items()}
        self.extra_details: tuple[Message, ...] = ()  # more google.rpc details after the ErrorInfo

    def with_details(self, details: Sequence[Message]) -> Self:
        """This error carrying more `google.rpc` details (e.g. a BadRequest) after its ErrorInfo."""
        self.extra_details = tuple(details)
        return self

    def status_details(self) -> bytes:
        """The serialized `google.rpc.Status` with its `ErrorInfo` and any further details."""
        info = error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=self.metadata)
        details = []
        for message in (info, *self.extra_details):
            detail = any_pb2.Any()
            detail.Pack(message)
            details.append(detail)
        status = status_pb2.Status(code=self.status.value, message=self.message, details=details)
        serialized: bytes = status.SerializeToString()
        return serialized


class NotFound(ServiceError):
    status = Code.NOT_FOUND


class InvalidArgument(ServiceError):
    status = Code.INVALID_ARGUMENT


class RuleBroken(ServiceError):
    """The rules forbid the command (an engine RuleViolation)."""

    status = Code.FAILED_PRECONDITION


class Conflict(ServiceError):
    """A failed test-and-set: a stale expected version or a lost race; re-read and retry."""

    status = Code.ABORTED


class AlreadyExists(ServiceError):
    status = Code.ALREADY_EXISTS


class Unauthenticated(ServiceError):
    status = Code.UNAUTHENTICATED


class PermissionDenied(ServiceError):
    status = Code.PERMISSION_DENIED


class StoreUnavailable(ServiceError):
    status = Code.UNAVAILABLE


def store_unavailable(error: Exception) -> StoreUnavailable:
    """UNAVAILABLE STORE_UNAVAILABLE: the store refused or could not be reached (nothing was written)."""
    return StoreUnavailable(Reason.STORE_UNAVAILABLE, f"the event store is unavailable: {error}")


class DataLoss(ServiceError):
    """The stored record of a game does not verify (a broken hash chain)."""

    status = Code.DATA_LOSS


class ResourceExhausted(ServiceError):
    """A server limit is reached (e.g. the number of watch streams); try again later."""

    status = Code.RESOURCE_EXHAUSTED


class DeadlineExceeded(ServiceError):
    """The caller took longer than the server allows for a step (e.g. a socket's opening message)."""

    status = Code.DEADLINE_EXCEEDED
