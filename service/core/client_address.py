"""Who a caller is, for the caps and limits that count callers: its address without the port.

Every new connection gets a new port, so a count per connection holds nobody back. An IPv6
client counts by its /64, the block one host or subscriber usually holds whole; an IPv4 address
mapped into IPv6 is that IPv4 address. Every local client over a Unix socket is one. Clients
behind one proxy or NAT share its address: caps meant per client apply to the proxy as a whole.
"""

from __future__ import annotations

import ipaddress


def client_address(peer: str) -> str:
    """The client a gRPC peer string (`ipv4:1.2.3.4:5`, `ipv6:[::1]:5`, `unix:...`) or a plain
    IP address (an HTTP or WebSocket client's host) names."""
    kind, _, rest = peer.partition(":")
    if kind == "ipv4":
        peer = rest.rsplit(":", 1)[0]
    elif kind == "ipv6":
        peer = rest.rsplit(":", 1)[0].strip("[]")
    elif kind in ("unix", "unix-abstract"):
        return "unix"
    try:
        parsed = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer
    if parsed.version == 6:
        mapped = parsed.ipv4_mapped
        if mapped is not None:
            return str(mapped)
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return str(parsed)
