"""The service log over HTTP, as c2sp.org/tlog-tiles lays it out under `/log/`.

`/log/checkpoint` is the signed checkpoint note (with witnesses configured, the newest one pushed to
them, with the cosignature lines they returned); `/log/tile/<L>/<N>[.p/<W>]` a tile of hashes and
`/log/tile/entries/<N>[.p/<W>]` an entry bundle. A tile's content never changes once served (a
partial tile of width W holds the same W hashes in every larger tree), so tiles may be cached for good;
the checkpoint may not. What the log holds is decided by the gate (service/core/service_log.py).
"""

from __future__ import annotations

from collections.abc import Callable

from starlette.requests import Request
from starlette.responses import Response

from replay.reasons import Reason
from replay.trust.keys import SigningKey
from service.core.errors import NotFound, ServiceError
from service.core.root import Ledger
from service.core.witnessing import Witnessing

IMMUTABLE = "public, max-age=31536000, immutable"


class LogRoutes:
    def __init__(
        self,
        ledger: Ledger,
        signing_key: SigningKey | None,
        refusal: Callable[[ServiceError], Response],
        witnessing: Witnessing | None = None,
    ) -> None:
        self.ledger = ledger
        self.witnessing = witnessing  # when witnesses are configured: the checkpoint they cosigned
        self.signing_key = signing_key
        self.refusal = refusal  # the viewer's JSON refusal: the gRPC status as HTTP, and its reason

    def checkpoint(self, _request: Request) -> Response:
        try:
            key = self._key()
            if self.witnessing is not None:
                note = self.witnessing.checkpoint()
            else:
                note = self.ledger.service_log.checkpoint(key)
        except ServiceError as error:
            return self.refusal(error)
        return Response(note, media_type="text/plain; charset=utf-8", headers={"Cache-Control": "no-store"})

    def tile(self, request: Request) -> Response:
        try:
            key = self._key()
            data = self.ledger.service_log.tile(key, "tile/" + request.path_params["path"])
        except ServiceError as error:
            return self.refusal(error)
        return Response(data, media_type="application/octet-stream", headers={"Cache-Control": IMMUTABLE})

    def _key(self) -> SigningKey:
        if self.signing_key is None:
            raise NotFound(Reason.NO_SIGNING_KEY, "this viewer signs nothing, so it serves no log")
        return self.signing_key
