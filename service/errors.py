"""Errors the application raises, each carrying the gRPC status it maps to.

The servicer turns them into a `google.rpc.Status` with an `ErrorInfo` whose
`reason` is the UPPER_SNAKE code, so clients can branch on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

import grpc
from google.protobuf import any_pb2
from google.protobuf.message import Message
from google.rpc import error_details_pb2, status_pb2

DOMAIN = "frontier-ledger"
STATUS_DETAILS_KEY = "grpc-status-details-bin"


class ServiceError(Exception):
    status: grpc.StatusCode = grpc.StatusCode.INTERNAL

    def __init__(self, reason: str, message: str, **metadata: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.metadata = {k: str(v) for k, v in metadata.items()}
        self.extra_details: tuple[Message, ...] = ()  # more google.rpc details after the ErrorInfo

    def with_details(self, details: Sequence[Message]) -> Self:
        """This error carrying more `google.rpc` details (e.g. a BadRequest) after its ErrorInfo."""
        self.extra_details = tuple(details)
        return self

    def trailing_metadata(self) -> tuple[tuple[str, bytes], ...]:
        """The `google.rpc.Status` with its `ErrorInfo`, as gRPC carries rich errors."""
        info = error_details_pb2.ErrorInfo(reason=self.reason, domain=DOMAIN, metadata=self.metadata)
        details = []
        for message in (info, *self.extra_details):
            detail = any_pb2.Any()
            detail.Pack(message)
            details.append(detail)
        status = status_pb2.Status(code=self.status.value[0], message=self.message, details=details)
        return ((STATUS_DETAILS_KEY, status.SerializeToString()),)


class NotFound(ServiceError):
    status = grpc.StatusCode.NOT_FOUND


class InvalidArgument(ServiceError):
    status = grpc.StatusCode.INVALID_ARGUMENT


class RuleBroken(ServiceError):
    """The rules forbid the command (an engine RuleViolation)."""

    status = grpc.StatusCode.FAILED_PRECONDITION


class Conflict(ServiceError):
    """A failed test-and-set: a stale expected version or a lost race; re-read and retry."""

    status = grpc.StatusCode.ABORTED


class AlreadyExists(ServiceError):
    status = grpc.StatusCode.ALREADY_EXISTS


class Unauthenticated(ServiceError):
    status = grpc.StatusCode.UNAUTHENTICATED


class PermissionDenied(ServiceError):
    status = grpc.StatusCode.PERMISSION_DENIED


class StoreUnavailable(ServiceError):
    status = grpc.StatusCode.UNAVAILABLE


class DataLoss(ServiceError):
    """The stored record of a game does not verify (a broken hash chain)."""

    status = grpc.StatusCode.DATA_LOSS


class ResourceExhausted(ServiceError):
    """A server limit is reached (e.g. the number of watch streams); try again later."""

    status = grpc.StatusCode.RESOURCE_EXHAUSTED


class DeadlineExceeded(ServiceError):
    """The caller took longer than the server allows for a step (e.g. a socket's opening message)."""

    status = grpc.StatusCode.DEADLINE_EXCEEDED
