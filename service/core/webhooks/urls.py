"""Which URLs a webhook may be sent to: http or https, and no private address unless the operator allows it.

A server that posts to any URL an organiser names could be aimed at its own network (a database's
admin port, a cloud metadata address): private, loopback, link-local and reserved addresses are
refused unless the operator starts the server with FRONTIER_WEBHOOK_PRIVATE=1.
The check runs when an endpoint is registered and again before every attempt, so a host whose
name later resolves to a private address is not posted to either.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from replay.reasons import Reason
from service.core.errors import InvalidArgument

MAX_URL_LENGTH = 2000
PRIVATE_HINT = (
    "private addresses are refused unless the server's operator starts it with FRONTIER_WEBHOOK_PRIVATE=1"
)


def check_url(url: str, allow_private: bool, *, resolve: bool = True) -> str:
    """`url` if a webhook may be sent there; else INVALID_ARGUMENT saying why and what to change."""
    if len(url) > MAX_URL_LENGTH:
        raise InvalidArgument(Reason.WEBHOOK_BAD_URL, f"the URL is longer than {MAX_URL_LENGTH} characters")
    try:
        parts = urlsplit(url)
        host, port = parts.hostname, parts.port
    except ValueError as error:
        raise InvalidArgument(Reason.WEBHOOK_BAD_URL, f"{url!r} is not a URL: {error}") from None
    if parts.scheme not in ("http", "https"):
        raise InvalidArgument(
            Reason.WEBHOOK_BAD_URL,
            f"{url!r}: a webhook URL starts with http:// or https://, not {parts.scheme or 'nothing'}",
        )
    if not host:
        raise InvalidArgument(Reason.WEBHOOK_BAD_URL, f"{url!r} names no host")
    if parts.username or parts.password:
        raise InvalidArgument(
            Reason.WEBHOOK_BAD_URL, f"{url!r} carries a user name or password; the signature authenticates"
        )
    if resolve and not allow_private:
        for address in _addresses(host, port or (443 if parts.scheme == "https" else 80)):
            if not address.is_global:
                raise InvalidArgument(
                    Reason.WEBHOOK_PRIVATE_ADDRESS,
                    f"{url!r}: {host} is the private address {address}; {PRIVATE_HINT}",
                )
    return url


def _addresses(host: str, port: int) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        return [ipaddress.ip_address(host)]
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError as error:
        raise InvalidArgument(Reason.WEBHOOK_BAD_URL, f"cannot resolve the host {host!r}: {error}") from None
    return [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
