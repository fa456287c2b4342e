"""TLS for the server's ports and for the clients that reach them.

The server takes one certificate chain and key (PEM) for its gRPC, WebSocket and HTTP ports. A
client trusts a CA file it is given (a private CA), or else the system's trust store.
"""

from __future__ import annotations

import os
import ssl
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import grpc

from service.config import ConfigError

CA_VARIABLE = "FRONTIER_TLS_CA"  # a CA file: the clients use TLS and trust it
ON_VARIABLE = "FRONTIER_TLS"  # "1": the clients use TLS and trust the system's store


class TlsError(ConfigError):
    """A certificate or key that cannot be used; the message says which and why."""


@dataclass(frozen=True)
class ServerTls:
    cert: Path  # the server's certificate chain, PEM, leaf first
    key: Path  # its private key, PEM

    def _read(self, path: Path, what: str) -> bytes:
        try:
            return path.read_bytes()
        except OSError as error:
            raise TlsError(f"cannot read the TLS {what} {path}: {error.strerror}") from None

    def grpc_credentials(self) -> grpc.ServerCredentials:
        return grpc.ssl_server_credentials(
            [(self._read(self.key, "key"), self._read(self.cert, "certificate"))]
        )

    def ssl_context(self) -> ssl.SSLContext:
        """The context the WebSocket and HTTP ports wrap their connections in."""
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(self.cert, self.key)
        except (OSError, ssl.SSLError) as error:
            raise TlsError(
                f"cannot use the TLS certificate {self.cert} with key {self.key}: {error}"
            ) from None
        return context


def server_tls(cert: Path | None, key: Path | None) -> ServerTls | None:
    """Both files, or neither (plaintext); one without the other is a mistake worth stopping for."""
    if cert is None and key is None:
        return None
    if cert is None or key is None:
        raise TlsError("--tls-cert and --tls-key go together: give both, or neither for plaintext")
    check_key_mode(key)
    tls = ServerTls(cert, key)
    tls.ssl_context()  # a key that does not match the certificate stops the server before it starts
    return tls


def check_key_mode(key: Path) -> None:
    """Refuse a private key other users can read or change, as ssh and PostgreSQL do.

    A key readable by others lets any local account impersonate the server; refusing (rather than
    warning in a log nobody reads) makes the operator fix it once. PostgreSQL's rule: mode 0600 or
    stricter, or 0640 when root owns the file (a group such as Debian's ssl-cert may read it).
    """
    try:
        status = key.stat()
    except OSError:
        return  # reading it says why, naming the file
    allowed = 0o640 if status.st_uid == 0 else 0o600
    mode = stat.S_IMODE(status.st_mode)
    if mode & ~allowed & 0o777:
        raise TlsError(
            f"the TLS key {key} is open to other users (mode {mode:04o}): anyone who can read it can "
            f"pose as this server; `chmod 600 {key}` (or 640 when root owns it) and start again"
        )


@dataclass(frozen=True)
class ClientTls:
    """How a client reaches the server: plaintext, or TLS trusting `ca` (None: the system's store)."""

    enabled: bool = False
    ca: Path | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> ClientTls:
        if env.get(CA_VARIABLE):
            return cls(enabled=True, ca=Path(env[CA_VARIABLE]))
        return cls(enabled=env.get(ON_VARIABLE, "") in ("1", "true", "yes"))

    def _roots(self) -> bytes | None:
        path = self.ca or _system_ca_file()
        if path is None:
            return None  # gRPC's own bundled roots
        try:
            return path.read_bytes()
        except OSError as error:
            raise TlsError(f"cannot read the TLS CA file {path}: {error.strerror}") from None

    def channel(self, address: str, options: list[tuple[str, int]]) -> grpc.Channel:
        if not self.enabled:
            return grpc.insecure_channel(address, options=options)
        return grpc.secure_channel(address, grpc.ssl_channel_credentials(self._roots()), options=options)

    def ssl_context(self) -> ssl.SSLContext:
        """For wss:// and https:// (None as CA: the system's store, as `ssl` finds it)."""
        context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH)
        if self.ca is not None:
            try:
                context.load_verify_locations(self.ca)
            except (OSError, ssl.SSLError) as error:
                raise TlsError(f"cannot use the TLS CA file {self.ca}: {error}") from None
        return context


def _system_ca_file() -> Path | None:
    """The system's bundle, which `ssl` knows and gRPC does not look for."""
    paths = ssl.get_default_verify_paths()
    for name in (paths.cafile, paths.openssl_cafile):
        if name and Path(name).is_file():
            return Path(name)
    return None
