"""ImportLog refuses every malformed file with INVALID_ARGUMENT naming its line, never UNKNOWN."""

from __future__ import annotations

import grpc
import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.replay.test_robust_reading import MALFORMED
from tests.service.helpers import failure

# A proto string is UTF-8 by definition: a file that is not cannot reach the server.
SENDABLE = sorted(name for name in MALFORMED if name != "not UTF-8")


@pytest.mark.parametrize("name", SENDABLE)
def test_import_of_a_malformed_log_is_invalid_argument_with_its_line(client: Client, name: str) -> None:
    content, line, words = MALFORMED[name]
    request = frontier_pb2.ImportLogRequest(content=content.decode("utf-8", "surrogatepass"))
    refused = failure(lambda: client.call("ImportLog", request, token=ORGANISER))
    assert refused.code == grpc.StatusCode.INVALID_ARGUMENT, refused
    assert refused.reason == "MALFORMED_LOG"
    assert refused.metadata["line"] == str(line) and refused.metadata["code"] == "MALFORMED_LINE"
    assert words in refused.message and f"line {line}:" in refused.message


@pytest.mark.parametrize(
    ("method", "reason", "whose"),
    [
        ("ImportLog", "EMPTY_LOG", "the match log's"),
        ("ExpandRecording", "EMPTY_RECORDING", "the recording's"),
    ],
)
def test_an_import_with_no_content_asks_for_its_text(
    client: Client, method: str, reason: str, whose: str
) -> None:
    kind = frontier_pb2.ImportLogRequest if method == "ImportLog" else frontier_pb2.ExpandRecordingRequest
    refused = failure(lambda: client.call(method, kind(content=" \n"), token=ORGANISER))
    assert refused.code == grpc.StatusCode.INVALID_ARGUMENT, refused
    assert (refused.reason, refused.metadata) == (reason, {"field": "content"})
    assert refused.message == f"content is empty: send {whose} text"
