"""`frontier witness --listen`: the witness as a service a log pushes its checkpoints to.

It answers `POST /add-checkpoint` (c2sp.org/tlog-witness, replay/trust/witness_protocol.py) for the
one log it was given the key of, from the same state file as the polling witness: it cosigns a
checkpoint only when the consistency proof leads from the last one it cosigned to it, and refuses
any other, saying SPLIT VIEW loudly when the log shows it another history. One request at a time
decides and writes the state, so two pushes cannot both extend the same old checkpoint.
"""

from __future__ import annotations

import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from replay.trust import cosignature, keys, log_audit, tlog
from replay.trust import witness_protocol as protocol
from service.cli.service_log import read_state, write_state


class Witness:
    """The decision and the memory: what to answer a push, and the state it keeps."""

    def __init__(self, log_key: log_audit.LogKey, name: str, key: keys.SigningKey, state: Path) -> None:
        self.log_key, self.name, self.key, self.state = log_key, name, key, state
        self._lock = threading.Lock()

    def add_checkpoint(self, body: bytes) -> str:
        """The cosignature line for the pushed checkpoint; protocol.Refusal saying why not."""
        request = protocol.decode(body)
        origin = request.note.split("\n", 1)[0]
        try:
            expected = log_audit.origin_of(request.note, self.log_key)
        except tlog.LogError:
            expected = None
        if origin != expected:
            raise protocol.Refusal(404, f"this witness does not witness the log {origin!r}")
        try:
            new = tlog.open_checkpoint(request.note, origin, self.log_key.public)
        except tlog.LogError as error:
            raise protocol.Refusal(403, f"not signed by the log's key: {error}") from None
        with self._lock:
            state = read_state(self.state)
            kept = state.get(origin)
            cosigned = None if kept is None else tlog.open_checkpoint(kept, origin, self.log_key.public)
            protocol.check(cosigned, request, new)
            signed = cosignature.cosign(request.note, self.name, self.key, int(time.time()))
            state[origin] = signed
            write_state(self.state, state)
        return signed[len(request.note) :]  # the line the cosignature added


def serve(witness: Witness, host: str, port: int) -> ThreadingHTTPServer:
    """A server bound to host:port (0: any free port), not yet serving."""

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (the standard library's name)
            if self.path != protocol.PATH:
                self._answer(404, "text/plain", f"this witness serves only POST {protocol.PATH}\n")
                return
            length_text = self.headers.get("Content-Length") or "0"
            length = int(length_text) if length_text.isdigit() else 0
            if not 0 < length <= protocol.MAX_BODY:
                self._answer(400, "text/plain", f"a request body of 1 to {protocol.MAX_BODY} bytes\n")
                return
            try:
                line = witness.add_checkpoint(self.rfile.read(length))
            except protocol.Refusal as refusal:
                said = "REFUSED, SPLIT VIEW" if refusal.split_view else "refused"
                print(f"{said} ({refusal.status}): {refusal}", file=sys.stderr, flush=True)
                media = protocol.SIZE_MEDIA_TYPE if refusal.status == 409 else "text/plain"
                self._answer(refusal.status, media, refusal.body)
                return
            print(f"cosigned: {line.strip()}", flush=True)
            self._answer(200, "text/plain", line)

        def _answer(self, status: int, media: str, body: str) -> None:
            data = body.encode()
            self.send_response(status)
            self.send_header("Content-Type", f"{media}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the library's name)
            pass  # each answer is said above, once

    return ThreadingHTTPServer((host, port), Handler)
