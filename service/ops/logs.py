"""The server's log lines on standard error: text, or one JSON object a line for a log shipper."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime

from service.config import ConfigError

LOG_FORMATS = ("text", "json")

# What every LogRecord carries; anything else (`extra=`) is the caller's own field.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update({k: v for k, v in vars(record).items() if k not in _STANDARD})
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def check_log_format(log_format: str) -> None:
    if log_format not in LOG_FORMATS:
        raise ConfigError(f"--log-format must be 'text' or 'json', not {log_format!r}")


def configure_logs(log_format: str) -> None:
    """Send the server's (and uvicorn's) log records to standard error in `log_format`."""
    check_log_format(log_format)
    handler = logging.StreamHandler(sys.stderr)
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):  # uvicorn's own handlers print text
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
