"""Connect's codecs for our google.protobuf messages: requests pass through as bytes, answers encode.

A request is decoded later, by its method (service/grpc_api/connect/calls.py), so that a body that is
not a valid message gets the same INVALID_ARGUMENT (MALFORMED_REQUEST) over Connect as over gRPC.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

JSON = "json"
PROTO = "proto"


@dataclass(frozen=True)
class Body:
    """A request's bytes as they came, and the codec they are written in."""

    data: bytes
    codec: str


class PassThroughCodec:
    """Hands requests on undecoded; answers as protobuf's binary form or its canonical JSON."""

    def __init__(self, name: str) -> None:
        self._name = name

    def name(self) -> str:
        return self._name

    def encode(self, message: Message) -> bytes:
        if self._name == PROTO:
            return message.SerializeToString()
        return json_format.MessageToJson(message, indent=None).encode()

    def decode(self, data: bytes | bytearray, message_class: Any) -> Body:
        return Body(bytes(data), self._name)


CODECS = (PassThroughCodec(PROTO), PassThroughCodec(JSON))
