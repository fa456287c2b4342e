"""Pushing the service log's checkpoints to its witnesses, and keeping the cosigned checkpoint.

Each round (every few seconds, in a thread of its own) the log's newest checkpoint, if it grew,
goes to every configured witness as c2sp.org/tlog-witness asks (replay/trust/witness_protocol.py):
with the size the witness cosigned last and a consistency proof from there. A witness that answers
409 names its size; the push is made once more from that size (a server restarted forgets what
each witness holds). The checkpoint with every cosignature gathered is what `/log/checkpoint`
serves; a witness's refusal is logged loudly and its cosignature is simply missing, so readers with
a witness policy see who did not cosign.
"""

from __future__ import annotations

import logging
import threading
import urllib.error
import urllib.request

from replay.trust import merkle, note, tlog
from replay.trust import witness_protocol as protocol
from replay.trust.keys import SigningKey
from service.core.errors import NotFound
from service.core.service_log import ServiceLog

log = logging.getLogger(__name__)
TIMEOUT = 10.0  # seconds a witness has to answer one push


class Witnessing:
    def __init__(
        self, service_log: ServiceLog, key: SigningKey, witnesses: tuple[str, ...], every: float
    ) -> None:
        self.service_log, self.key, self.witnesses, self.every = service_log, key, witnesses, every
        self._sizes: dict[str, int] = {url: 0 for url in witnesses}  # what each witness cosigned, we believe
        self._cosigned: str | None = None
        self._pushed = -1
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="frontier-witnessing", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=TIMEOUT + 1)

    def checkpoint(self) -> str:
        """The newest checkpoint pushed to the witnesses, with their cosignature lines; before the
        first push, the log's checkpoint as it stands."""
        cosigned = self._cosigned
        return self.service_log.checkpoint(self.key) if cosigned is None else cosigned

    def push(self) -> None:
        """One round: the log's checkpoint to every witness, if it grew since the last round."""
        signed = self.service_log.checkpoint(self.key)
        checkpoint = tlog.parse_checkpoint(note.split(signed)[0])
        if checkpoint.size == self._pushed:
            return
        hashes = [merkle.leaf_hash(entry) for entry in self.service_log.entries(self.key)][: checkpoint.size]
        lines = "".join(self._cosign(url, signed, hashes) for url in self.witnesses)
        self._cosigned, self._pushed = signed + lines, checkpoint.size

    def _cosign(self, url: str, signed: str, hashes: list[bytes]) -> str:
        for _attempt in range(2):
            old = min(self._sizes[url], len(hashes))
            proof = merkle.consistency_proof(hashes, old) if 0 < old < len(hashes) else []
            request = urllib.request.Request(
                url.rstrip("/") + protocol.PATH, data=protocol.encode(old, proof, signed), method="POST"
            )
            try:
                with urllib.request.urlopen(request, timeout=TIMEOUT) as reply:  # noqa: S310 (configured)
                    self._sizes[url] = len(hashes)
                    return bytes(reply.read()).decode()
            except urllib.error.HTTPError as error:
                said = error.read().decode("utf-8", "replace").strip()
                if error.code == 409 and said.isdigit() and int(said) > len(hashes):
                    log.error(
                        "witness %s cosigned size %s; the log is at %d: ROLLBACK", url, said, len(hashes)
                    )
                    return ""
                if error.code == 409 and said.isdigit() and int(said) != old:
                    self._sizes[url] = int(said)  # its size: once more from there
                    continue
                if error.code == 409:
                    said = f"SPLIT VIEW: it cosigned another tree of size {said}"
                log.error(
                    "witness %s refused the log's checkpoint at size %d (%d): %s",
                    url,
                    len(hashes),
                    error.code,
                    said,
                )
                return ""
            except (urllib.error.URLError, OSError) as error:
                log.warning("witness %s cannot be reached: %s", url, error)
                return ""
        log.error("witness %s refused the log's checkpoint at size %d: SPLIT VIEW", url, len(hashes))
        return ""

    def _run(self) -> None:
        while not self._stopped.is_set():
            try:
                self.push()
            except NotFound as error:  # a store that serves no log: nothing to push, ever
                log.error("the log's checkpoints are pushed to no witness: %s", error)
                return
            except Exception:  # a round that fails is tried again; the server goes on
                log.exception("pushing the log's checkpoint to its witnesses failed")
            self._stopped.wait(self.every)
