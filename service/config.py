"""Server settings from flags and environment, and the store they select.

The eventsourcing library picks its store from environment-style settings
(PERSISTENCE_MODULE, SQLITE_DBNAME, POSTGRES_*); this module is the one place
that turns our flags into them, so the same code runs on every store.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import quote, unquote, urlparse

from replay.trust import keys
from replay.trust import signer as signers
from replay.trust.keys import SigningKey
from service.core import shards as shards_module
from service.core.rate_limit import Limits
from service.core.stream_slots import StreamLimits
from service.core.webhooks.settings import WebhookSettings

DEFAULT_PORT = 50051
DEFAULT_DATA = "./data"
SQLITE_FILE = "frontier.sqlite"
MAX_MESSAGE_BYTES = 16 * 1024 * 1024


class ConfigError(ValueError):
    """A setting that cannot work; the message says which and why."""


# What a WebSocket Play connection may cost the server before and after it is known.
#
# Until its opening message has named a game and a seat token that the server accepted, a
# connection is anyone's: it gets a short deadline for that message and a small frame limit, so
# that a client that never authenticates holds little for long. Connections are capped in all and
# per client address (its IP address, an IPv6 client by its /64), counted from the handshake's end.
@dataclass(frozen=True)
class SocketLimits:
    open_timeout: float = 10.0  # seconds from the handshake to the opening message
    opening_bytes: int = 64 * 1024  # a frame before the caller is known (an opening is ~100 bytes)
    frame_bytes: int = 1024 * 1024  # a frame from a seat (a command is at most a few KiB)
    connections: int = 4096  # open connections on the server
    connections_per_address: int = 128  # open connections from one client address

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> SocketLimits:
        """The defaults, each overridden by its FRONTIER_WS_* variable when set."""
        d = cls()

        def number(name: str, value: float) -> float:
            text = env.get(f"FRONTIER_WS_{name}")
            return float(text) if text else value

        return cls(
            open_timeout=number("OPEN_TIMEOUT", d.open_timeout),
            opening_bytes=int(number("MAX_OPENING_BYTES", d.opening_bytes)),
            frame_bytes=int(number("MAX_FRAME_BYTES", d.frame_bytes)),
            connections=int(number("MAX_CONNECTIONS", d.connections)),
            connections_per_address=int(number("MAX_CONNECTIONS_PER_ADDRESS", d.connections_per_address)),
        )


DEFAULT_DRAIN_SECONDS = 30.0  # a stopping server's wait for the unary calls under way


@dataclass(frozen=True)
class Settings:
    data: Path = Path(DEFAULT_DATA)
    port: int = DEFAULT_PORT
    host: str = "127.0.0.1"
    store: str = "sqlite"  # "sqlite", "memory" or a postgres:// URL ("postgres" reads POSTGRES_*)
    # or several postgres:// URLs, comma-separated: games split across them by id (docs/scaling.md)
    store_replicas: tuple[str, ...] = ()  # a streaming replica's URL per database, or one for all
    redis: str | None = None
    organiser_token: str | None = None
    max_message_bytes: int = MAX_MESSAGE_BYTES
    workers: int = 64  # threads for unary calls; watch streams hold none
    max_watchers: int = 20_000  # spectators' open watch streams; beyond, RESOURCE_EXHAUSTED
    max_spectators_per_address: int = StreamLimits.spectators_per_address
    max_spectators_per_game: int = StreamLimits.spectators_per_game
    max_streams_per_seat: int = StreamLimits.streams_per_seat  # per seat token (organiser: per game)
    sqlite_lock_timeout: int = 10  # seconds a save waits for SQLite's write lock before UNAVAILABLE
    signing_key: Path | None = None  # default: signing-key.pem in `data`, made on first start
    signer_name: str | None = None  # the name checkpoints are signed as; default: the host name
    open_import: bool = False  # let anyone import even when an organiser token is set
    open_create: bool = True  # let anyone create games (service/core/create_policy.py says why)
    http_port: int | None = None  # the web viewer's port (service/web/), off when None; 0 picks a free one
    ws_port: int | None = None  # Play over WebSocket (service/wsplay/), off when None; 0 picks a free one
    trusted_proxy: str | None = None  # whose X-Forwarded-For the web viewer believes (service/web/server.py)
    cors_origins: tuple[str, ...] = ()  # other sites whose pages may call the API (service/grpc_api/connect/)
    witnesses: tuple[
        str, ...
    ] = ()  # witnesses the log's checkpoints are pushed to (service/core/witnessing.py)
    witness_every: float = 5.0  # seconds between pushes of a grown log to its witnesses
    token_failures: Limits = Limits()  # wrong tokens allowed per address (service/core/rate_limit.py)
    ws_limits: SocketLimits = SocketLimits()  # deadlines, frame sizes and connection caps (FRONTIER_WS_*)
    tls_cert: Path | None = None  # with tls_key: every port speaks TLS only (service/ops/tls.py)
    tls_key: Path | None = None
    metrics_port: int | None = None  # Prometheus metrics and /healthz (service/ops/), off when None
    log_format: str = "text"  # "text" or "json" (one object a line, service/ops/logs.py)
    engines: tuple[str, ...] = ()  # extra engines by import path, MODULE:ATTR (service/extra_engines.py)
    drain_seconds: float = DEFAULT_DRAIN_SECONDS  # at a stop, for calls under way (service/grpc_api/drain.py)
    webhooks: WebhookSettings = WebhookSettings()  # retries, private addresses (FRONTIER_WEBHOOK_*)

    @classmethod
    def from_env(cls, **overrides: object) -> Settings:
        env = os.environ
        values: dict[str, object] = {
            "data": Path(env.get("FRONTIER_DATA", DEFAULT_DATA)),
            "port": int(env.get("FRONTIER_PORT", DEFAULT_PORT)),
            "host": env.get("FRONTIER_HOST", "127.0.0.1"),
            "store": env.get("FRONTIER_STORE", "sqlite"),
            "store_replicas": _listed(env.get("FRONTIER_STORE_REPLICAS", "")),
            "redis": env.get("FRONTIER_REDIS") or None,
            "organiser_token": env.get("FRONTIER_ORGANISER_TOKEN") or None,
            "signing_key": Path(env["FRONTIER_SIGNING_KEY"]) if env.get("FRONTIER_SIGNING_KEY") else None,
            "signer_name": env.get("FRONTIER_SIGNER_NAME") or None,
            "open_import": env.get("FRONTIER_OPEN_IMPORT", "") in ("1", "true", "yes"),
            "open_create": env.get("FRONTIER_OPEN_CREATE", "1") not in ("0", "false", "no"),
            "http_port": int(env["FRONTIER_HTTP_PORT"]) if env.get("FRONTIER_HTTP_PORT") else None,
            "ws_port": int(env["FRONTIER_WS_PORT"]) if env.get("FRONTIER_WS_PORT") else None,
            "trusted_proxy": env.get("FRONTIER_TRUSTED_PROXY") or None,
            "cors_origins": _listed(env.get("FRONTIER_CORS_ORIGINS", "")),
            "witnesses": _listed(env.get("FRONTIER_WITNESSES", "")),
            "witness_every": float(env.get("FRONTIER_WITNESS_EVERY", 5.0)),
            "ws_limits": SocketLimits.from_env(env),
            "tls_cert": Path(env["FRONTIER_TLS_CERT"]) if env.get("FRONTIER_TLS_CERT") else None,
            "tls_key": Path(env["FRONTIER_TLS_KEY"]) if env.get("FRONTIER_TLS_KEY") else None,
            "metrics_port": int(env["FRONTIER_METRICS_PORT"]) if env.get("FRONTIER_METRICS_PORT") else None,
            "log_format": env.get("FRONTIER_LOG_FORMAT", "text"),
            "engines": tuple(path for path in env.get("FRONTIER_ENGINES", "").split(",") if path),
            "drain_seconds": float(env.get("FRONTIER_DRAIN_SECONDS", DEFAULT_DRAIN_SECONDS)),
            "max_watchers": int(env.get("FRONTIER_MAX_WATCHERS", 20_000)),
            "max_spectators_per_address": int(
                env.get("FRONTIER_MAX_SPECTATORS_PER_ADDRESS", StreamLimits.spectators_per_address)
            ),
            "max_spectators_per_game": int(
                env.get("FRONTIER_MAX_SPECTATORS_PER_GAME", StreamLimits.spectators_per_game)
            ),
            "max_streams_per_seat": int(
                env.get("FRONTIER_MAX_STREAMS_PER_SEAT", StreamLimits.streams_per_seat)
            ),
            "webhooks": _webhook_settings(env),
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        if values["store"] == "postgres":
            values["store"] = postgres_url_from_env(env)
        return cls(**values)  # type: ignore[arg-type]

    def stream_limits(self) -> StreamLimits:
        return StreamLimits(
            spectators=self.max_watchers,
            spectators_per_address=self.max_spectators_per_address,
            spectators_per_game=self.max_spectators_per_game,
            streams_per_seat=self.max_streams_per_seat,
        )

    def load_signing_key(self) -> SigningKey:
        """The key that signs checkpoints: the configured file, else one kept in the data folder.

        A memory store keeps nothing on disk, so without a configured key it signs with a key
        that lives as long as the process.
        """
        try:
            signer = (
                signers.check_name(self.signer_name)
                if self.signer_name is not None
                else signers.default_name()
            )
        except signers.SignerNameError as error:
            raise ConfigError(f"--signer-name: {error}") from None
        try:
            if self.signing_key is not None:
                key = keys.load_signing_key(self.signing_key)
            elif self.store == "memory":
                key = keys.generate()
            else:
                private_data_folder(self.data)
                key = keys.load_or_create(self.data / keys.KEY_FILE)
        except keys.KeyFileError as error:
            raise ConfigError(str(error)) from None
        return replace(key, signer=signer)

    def store_env(self) -> dict[str, str]:
        """The eventsourcing settings for the chosen store."""
        if self.store == "memory":
            return {"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_FASTFORWARD": "n"}
        if self.store == "sqlite":
            private_data_folder(self.data)
            private_sqlite_file(self.data / SQLITE_FILE)
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.data / SQLITE_FILE),
                # One process owns an SQLite file, so the cache never needs a catch-up read.
                "AGGREGATE_CACHE_FASTFORWARD": "n",
                "SQLITE_LOCK_TIMEOUT": str(self.sqlite_lock_timeout),
            }
        urls = _listed(self.store)
        if urls and all(url.startswith(("postgres://", "postgresql://")) for url in urls):
            if len(urls) == 1 and not self.store_replicas:
                return {**_postgres_env(urls[0]), **POSTGRES_TUNING}
            return {**POSTGRES_TUNING, **split_store_env(urls, self.store_replicas)}
        if "," in self.store or self.store_replicas:
            raise ConfigError(
                "--store with several databases, or with --store-replica, takes postgres:// URLs only, "
                f"not {redact_url(self.store)!r}"
            )
        raise ConfigError(
            f"--store must be 'sqlite', 'memory' or a postgres:// URL, not {redact_url(self.store)!r}"
        )


def _webhook_settings(env: Mapping[str, str]) -> WebhookSettings:
    try:
        return WebhookSettings.from_env(env)
    except ValueError as error:
        raise ConfigError(str(error)) from None


def _listed(text: str) -> tuple[str, ...]:
    """Comma-separated URLs (a comma in a password is written %2C, as in any URL)."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


def split_store_env(urls: tuple[str, ...], replicas: tuple[str, ...]) -> dict[str, str]:
    """The settings of a store split across `urls` (service/core/shards.py), each with its replica.

    One replica for several databases is one standby of the server holding them all: each database
    is read there under its own name.
    """
    if replicas and len(replicas) not in (1, len(urls)):
        raise ConfigError(
            f"--store-replica: give one replica URL, or one per database ({len(urls)}), not {len(replicas)}"
        )
    if len(set(urls)) != len(urls):
        raise ConfigError("--store: a database is listed twice; each game must have one home")
    if any(not url.startswith(("postgres://", "postgresql://")) for url in replicas):
        raise ConfigError("--store-replica takes postgres:// URLs")
    shards = [_postgres_env(url) for url in urls]
    readers: list[dict[str, str]] = []
    for n, shard in enumerate(shards):
        if len(replicas) == len(urls):
            readers.append(_postgres_env(replicas[n]))
        elif replicas:
            readers.append({**_postgres_env(replicas[0]), "POSTGRES_DBNAME": shard["POSTGRES_DBNAME"]})
    return {
        **shards[0],
        shards_module.SHARDS_ENV: json.dumps(shards),
        shards_module.REPLICAS_ENV: json.dumps(readers) if readers else "",
    }


def _postgres_env(store: str) -> dict[str, str]:
    url = urlparse(store)
    return {
        "PERSISTENCE_MODULE": "eventsourcing.postgres",
        "POSTGRES_DBNAME": url.path.lstrip("/") or "frontier",
        "POSTGRES_HOST": url.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(url.port or 5432),
        "POSTGRES_USER": unquote(url.username or "postgres"),
        "POSTGRES_PASSWORD": postgres_password(url.password),
    }


POSTGRES_TUNING = {
    # Other servers write too: catch up from the store before deciding.
    "AGGREGATE_CACHE_FASTFORWARD": "y",
    # Measured ~2.6x more saves/s than the default insert path (DESIGN.md).
    "POSTGRES_ENABLE_DB_FUNCTIONS": "y",
    "POSTGRES_PRE_PING": "y",  # a restarted database must not leave dead pooled connections
    "POSTGRES_CONNECT_TIMEOUT": "2",  # the library retries 10 times: ~20 s to UNAVAILABLE
    "POSTGRES_POOL_SIZE": "10",
    "POSTGRES_MAX_OVERFLOW": "20",
}


def postgres_password(in_url: str | None) -> str:
    """The URL's password, else libpq's PGPASSWORD; empty, libpq reads its password file.

    The library passes the password to libpq explicitly, and an explicit one (even empty) hides
    PGPASSWORD from libpq, so it is read here; an empty one still lets libpq look the password up in
    PGPASSFILE (default ~/.pgpass), which it does for an empty password.
    """
    if in_url:
        return unquote(in_url)
    return os.environ.get("PGPASSWORD", "")


def redact_url(url: str) -> str:
    """`url` with its password, if any, as `***`: fit for errors and logs (each of a comma list)."""
    if "," in url:
        return ",".join(redact_url(part) for part in url.split(","))
    try:
        parsed = urlparse(url)
        password = parsed.password
    except ValueError:  # not a URL we can take apart: show nothing of what may follow a scheme
        return url.split("://", 1)[0] + "://***" if "://" in url else url
    if not password:
        return url
    host = parsed.netloc.rpartition("@")[2]
    return parsed._replace(netloc=f"{parsed.username or ''}:***@{host}").geturl()


def redact_secrets(text: str, url: str) -> str:
    """`text` (an error message that may quote `url` or its password) without the password.

    `url` may be a comma list: every URL is redacted, then every password, longest first (one
    password may hold another).
    """
    parts = url.split(",")
    spellings: set[str] = set()
    for part in parts:
        text = text.replace(part, redact_url(part))
        with contextlib.suppress(ValueError):
            password = urlparse(part).password
            if password:
                spellings |= {password, unquote(password)}
    for spelling in sorted(spellings, key=len, reverse=True):
        text = text.replace(spelling, "***")
    return text


def private_data_folder(folder: Path) -> None:
    """Make the data folder readable by its owner only.

    It holds the signing key and the SQLite store, which holds every running game's seed and
    hands: another local user who could read them would see every secret and could sign any log.
    A folder that holds nothing but ours (made now, or by an earlier version that made it 0755) is
    closed to others; a folder the user chose that holds other things keeps its mode, and our
    files in it are 0600.
    """
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    if all(_is_ours(path.name) for path in folder.iterdir()):
        folder.chmod(0o700)


def _is_ours(name: str) -> bool:
    return name == keys.KEY_FILE or name == SQLITE_FILE or name.startswith(SQLITE_FILE + "-")


def private_sqlite_file(path: Path) -> None:
    """Create the SQLite store 0600 before SQLite opens it (an empty file is an empty database).

    SQLite gives its WAL and shared-memory files the database file's mode; older stores and their
    WAL files made with the default mode are tightened too.
    """
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    for file in (path, *path.parent.glob(path.name + "-*")):
        file.chmod(0o600)


def postgres_url_from_env(env: Mapping[str, str]) -> str:
    """`--store postgres`: the URL the eventsourcing library's own POSTGRES_* variables describe."""
    user = quote(env.get("POSTGRES_USER", "postgres"), safe="")
    password = quote(env.get("POSTGRES_PASSWORD", ""), safe="")
    host = env.get("POSTGRES_HOST", "127.0.0.1")
    port = env.get("POSTGRES_PORT", "5432")
    dbname = env.get("POSTGRES_DBNAME", "frontier")
    return f"postgres://{user}:{password}@{host}:{port}/{dbname}"
