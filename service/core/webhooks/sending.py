"""One attempt to deliver one message: sign it (Standard Webhooks) and POST it, following no redirect.

During a secret's rotation every secret still in its overlap signs: the `webhook-signature` header
lists one `v1,<base64>` signature per secret, separated by spaces, as the specification allows, so
a receiver holding either secret verifies it.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from datetime import UTC, datetime
from typing import Any

from standardwebhooks import Webhook

USER_AGENT = "frontier-ledger-webhooks/1"
ANSWER_BYTES = 512  # of a refusing receiver's answer, kept for the dead-letter list


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is a failure: following it would post to a URL nobody registered or checked."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def signature(secrets: list[str], message_id: str, at: datetime, body: bytes) -> str:
    """The `webhook-signature` header: one signature per secret, space-separated."""
    return " ".join(Webhook(secret).sign(message_id, at, body) for secret in secrets)


def send(url: str, secrets: list[str], message_id: str, body: str, timeout: float) -> str:
    """POST `body` to `url`, signed; "" when the receiver answered 2xx, else what went wrong."""
    at = datetime.now(UTC)
    data = body.encode()
    request = urllib.request.Request(
        url,
        data=data,
        method="POST",
        headers={
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            "webhook-id": message_id,
            "webhook-timestamp": str(int(at.timestamp())),
            "webhook-signature": signature(secrets, message_id, at, data),
        },
    )
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            status = answer.status
    except urllib.error.HTTPError as error:
        text = error.read(ANSWER_BYTES).decode(errors="replace")
        return f"HTTP {error.code}: {text}".strip()
    except (OSError, ValueError) as error:
        return f"no answer: {error}"
    return "" if 200 <= status < 300 else f"HTTP {status}"
