"""ServiceError as a gRPC status: the code, the message and the rich details in trailing metadata."""

from __future__ import annotations

import grpc

from service.core.errors import ServiceError

STATUS_DETAILS_KEY = "grpc-status-details-bin"  # where gRPC clients look for a google.rpc.Status


def abort_arguments(error: ServiceError) -> tuple[grpc.StatusCode, str, tuple[tuple[str, bytes], ...]]:
    """What `context.abort` takes to end a call with `error`."""
    return grpc.StatusCode[error.status.name], error.message, ((STATUS_DETAILS_KEY, error.status_details()),)
