"""Why a server that answers on its port was not reached: TLS on one side and not the other.

gRPC says only UNAVAILABLE when a plaintext client meets a TLS server, or a TLS client meets a
certificate it does not trust; a person is then told "is `frontier serve` running?" about a
server that is running. A short handshake of our own on the same port tells the cases apart so
the hint can name the option that fixes it. The probe only decides which sentence to print; it
trusts nothing and sends nothing but a TLS hello.
"""

from __future__ import annotations

import socket
import ssl

from service.ops import tls

PROBE_SECONDS = 2.0

TLS_OPTION = f"--tls-ca FILE (or ${tls.CA_VARIABLE})"


def hint(server: str) -> str | None:
    """A sentence for a server that listens but was not reached over (or without) TLS; None
    when nothing explains it (nothing listens, or both sides agree on TLS)."""
    host, port = _split(server)
    if port is None:
        return None
    client = tls.ClientTls.from_env()
    try:
        speaks = _handshakes(host, port, _any_certificate())
    except OSError:
        return None  # nothing listens there: the "is it running?" hint stands
    if speaks and not client.enabled:
        return (
            f"the server at {server} speaks TLS: pass {TLS_OPTION} with the CA certificate that signed "
            f"its certificate, or --tls (${tls.ON_VARIABLE}=1) if a public CA signed it"
        )
    if not speaks and client.enabled:
        return (
            f"the server at {server} does not speak TLS: leave out --tls and --tls-ca "
            f"(and ${tls.CA_VARIABLE}, ${tls.ON_VARIABLE})"
        )
    if speaks:
        try:
            _handshakes(host, port, client.ssl_context(), verify_name=host)
        except ssl.SSLCertVerificationError as error:
            return (
                f"the server at {server} speaks TLS, but its certificate is not trusted here "
                f"({error.verify_message}): pass {TLS_OPTION} with the CA certificate that signed it"
            )
        except (OSError, tls.TlsError):
            return None
    return None


def _handshakes(host: str, port: int, context: ssl.SSLContext, verify_name: str | None = None) -> bool:
    """True if a TLS handshake on host:port completes; False if the port answers but not in TLS.
    Raises OSError if nothing can be reached, SSLCertVerificationError for an untrusted certificate."""
    with socket.create_connection((host, port), timeout=PROBE_SECONDS) as raw:
        try:
            with context.wrap_socket(raw, server_hostname=verify_name or host):
                return True
        except ssl.SSLCertVerificationError:
            raise
        except (ssl.SSLError, ConnectionError, TimeoutError):
            return False


def _any_certificate() -> ssl.SSLContext:
    """A context that completes a handshake with any certificate: it asks whether TLS is spoken."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.set_alpn_protocols(["h2"])  # what a gRPC client offers
    return context


def _split(server: str) -> tuple[str, int | None]:
    """HOST:PORT (or [IPv6]:PORT) into its parts; port None for anything else."""
    host, _, port = server.rpartition(":")
    if not host or not port.isdigit():
        return server, None
    return host.strip("[]"), int(port)
