"""The web viewer as an ASGI app, reading games in-process through the `Games` application.

Starlette (with Jinja2 pages, served by uvicorn): a small, well-kept ASGI toolkit with plain
request/response functions and no ORM or session machinery we would have to switch off; its sync
endpoints run in a thread pool, which suits the synchronous `Games` reads.

Who sees what is decided exactly as for gRPC, by the visibility gate (`service.core.visibility`): no
token is the public, a seat's token that seat, the organiser's token everything. Only the organiser
may pick another view with `?seat=N` (1-based, as people count seats), `?seat=public` or `?seat=all`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from engines.base import SPECTATOR, Seat
from engines.registry import game_ids, get_engine
from replay.reasons import Reason
from replay.trust.keys import SigningKey
from service.core.auth import Caller, authenticate, is_organiser_token
from service.core.client_address import client_address
from service.core.errors import InvalidArgument, NotFound, ServiceError, Unauthenticated
from service.core.exchange import export_lines
from service.core.fields import require_id
from service.core.listing import Summary
from service.core.rate_limit import TokenFailures, TooManyFailures
from service.core.records import FINISHED, GameRecord
from service.core.root import Ledger
from service.core.witnessing import Witnessing
from service.web.clock_view import live_clocks
from service.web.headers import PageHeaders
from service.web.limits import BodyLimit
from service.web.log_routes import LogRoutes
from service.web.page import games_page, message_page, verify_page, viewer_page
from service.web.same_origin import SameOriginPosts
from service.web.sessions import SESSION_COOKIE, Sessions
from service.web.steps import GameView, game_view, seat_labels, short_result, told_result, viewer_name
from service.web.tournament_links import TournamentLinks
from service.web.tournament_pages import TournamentPages
from service.web.verdict import Verdict

HTTP_STATUS = {
    "NOT_FOUND": 404,
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "PERMISSION_DENIED": 403,
    "UNAVAILABLE": 503,
}


def create_app(
    ledger: Ledger,
    organiser_token: str | None,
    failures: TokenFailures | None = None,
    signing_key: SigningKey | None = None,
    witnessing: Witnessing | None = None,
) -> Starlette:
    """The viewer's routes; `signing_key` signs the logs it exports (None: it exports none)."""
    viewer = WebViewer(
        ledger,
        organiser_token,
        failures or TokenFailures(seat_token=ledger.games.index.holds_seat_token),
        signing_key,
    )
    tournaments = TournamentPages(ledger, _status, viewer._gameless_caller)
    log = LogRoutes(ledger, signing_key, _json_error, witnessing)
    return Starlette(
        middleware=[
            Middleware(PageHeaders),  # outermost: refusals below carry the frame headers too
            Middleware(BodyLimit),  # before anything reads a body
            Middleware(SameOriginPosts),
            # Pages carry a picture per step (MBs for a long game) that compresses ~10x.
            Middleware(GZipMiddleware, minimum_size=2048, compresslevel=5),
        ],
        routes=[
            Route("/", viewer.game_list),
            Route("/games/{game_id}", viewer.game_page),
            Route("/api/games/{game_id}/steps", viewer.game_steps),
            Route("/api/games/{game_id}/log", viewer.game_log),
            Route("/verify", lambda _request: HTMLResponse(verify_page())),
            Route("/tournaments", tournaments.tournament_list),
            Route("/tournaments/{tournament_id}", tournaments.tournament),
            Route("/login", viewer.login, methods=["GET", "POST"]),
            Route("/logout", viewer.logout, methods=["POST"]),
            Route("/healthz", lambda _request: PlainTextResponse("ok")),
            Route("/log/checkpoint", log.checkpoint),
            Route("/log/tile/{path:path}", log.tile),
        ],
    )


class WebViewer:
    def __init__(
        self,
        ledger: Ledger,
        organiser_token: str | None,
        failures: TokenFailures,
        signing_key: SigningKey | None = None,
    ) -> None:
        self.ledger = ledger  # its gate is asked at each request: one installed later decides from then on
        self.games = ledger.games
        self.organiser_token = organiser_token
        self.failures = failures  # wrong tokens per address, shared with gRPC under `frontier serve`
        self.signing_key = signing_key
        self.sessions = Sessions()
        self.tournaments = TournamentLinks(ledger.tournaments)

    # -- pages -------------------------------------------------------------------------

    def game_list(self, request: Request) -> Response:
        try:
            caller = self._gameless_caller(request)
        except ServiceError as error:
            return HTMLResponse(
                message_page("Cannot list games", error.message), _status(error), _headers(error)
            )
        filters = {k: request.query_params.get(k, "") for k in ("game", "status", "tag")}
        found = self.ledger.gate.games(caller, **filters, player="", after=0, limit=500)
        rows = [
            {
                "game_id": s.game_id,
                "title": get_engine(s.game).title,
                "players": ", ".join(name or f"seat {i + 1}" for i, name in enumerate(s.players)),
                "tag": s.tag,
                "tournament": self.tournaments.link(s.tag),
                "commands": s.commands,
                "status": s.status.replace("_", " "),
                "result": self._result(s, caller),
                "imported": s.imported,
                "created_at": s.created_at,
            }
            for s in reversed(found)  # newest first
        ]
        types = [(g, get_engine(g).title) for g in game_ids()]
        return HTMLResponse(games_page(rows, types, filters, caller.is_organiser))

    def _result(self, summary: Summary, caller: Caller) -> str:
        """A finished game's winners, as the gate shows `caller` the game ("" while it is played)."""
        if summary.status != "finished":
            return ""
        try:
            sight = self.ledger.gate.sight(self.games.get(summary.game_id), caller)
        except ServiceError:  # a table of a duplicate deal still in play: its result waits
            return "withheld until the deal is over"
        return short_result(sight.record.outcome, sight.record.players)

    def game_page(self, request: Request) -> Response:
        try:
            record, view, seat_param = self._view(request, after=0)
        except ServiceError as error:
            return HTMLResponse(
                message_page("Cannot show this game", error.message), _status(error), _headers(error)
            )
        poll = f"/api/games/{record.header.game_id}/steps" + (f"?seat={seat_param}" if seat_param else "")
        links: dict[str, Any] = {"games": "/", "tournament": self.tournaments.link(record.header.tag)}
        if self._caller(request).is_organiser:
            base = f"/games/{record.header.game_id}?seat="
            links["seats"] = [("everything", base + "all"), ("public", base + "public")] + [
                (label, f"{base}{i + 1}") for i, label in enumerate(view.labels)
            ]
        clocks = live_clocks(record).get("clocks", [])
        # A finished game's page checks its own export in the reader's browser.
        verdict = None
        if record.status == FINISHED and self.signing_key is not None:
            verdict = Verdict(log_url=f"/api/games/{record.header.game_id}/log")
        return HTMLResponse(viewer_page(view, poll=poll, links=links, clocks=clocks, verdict=verdict))

    def game_log(self, request: Request) -> Response:
        """The game's signed match log as ExportLog gives it: redacted unless the gate shows everything."""
        try:
            if self.signing_key is None:
                raise NotFound(Reason.NO_SIGNING_KEY, "this viewer signs no logs: export them over gRPC")
            stored = self._game(request)
            gate = self.ledger.gate
            sight = gate.sight(stored, self._authenticated(request, stored))
            lines = export_lines(self.games, gate, sight.record, sight.viewer, self.signing_key)
            content = "\n".join(lines) + "\n"
        except ServiceError as error:
            return _json_error(error)
        return PlainTextResponse(content)

    def game_steps(self, request: Request) -> Response:
        try:
            after = _int_param(request, "after", 0)
            idle = self._nothing_new(request, after)
            if idle is not None:
                return JSONResponse(idle)
            record, view, _seat = self._view(request, after=after)
        except ServiceError as error:
            return _json_error(error)
        data = view.to_json()
        answer = {k: data[k] for k in ("steps", "status", "result", "viewer")}
        return JSONResponse({**answer, **live_clocks(record)})

    async def login(self, request: Request) -> Response:
        if request.method == "GET":
            return HTMLResponse(message_page("Organiser sign-in", form=True))
        address = _address(request)
        try:
            self.failures.admit(address)  # a guessing address waits before its token is looked at
        except TooManyFailures as error:
            return HTMLResponse(message_page("Sign-in refused", error.message), 429, _headers(error))
        # A one-field urlencoded form (bounded by web.limits): parsed here rather than pulling in
        # python-multipart.
        fields = parse_qs((await request.body()).decode("utf-8", "replace"))
        token = (fields.get("token") or [""])[0].strip()
        if not is_organiser_token(token, self.organiser_token):
            self.failures.failed(address)
            wrong = "That is not the organiser's token: try again."
            return HTMLResponse(message_page("Organiser sign-in", wrong, form=True), 403)
        response = RedirectResponse("/", status_code=303)
        # The cookie names a sign-in the server holds, never the token. HttpOnly: page scripts never
        # read it; SameSite=Strict: other sites cannot ride on it. Secure whenever the page came over
        # HTTPS (served with TLS or behind a TLS proxy), so it never travels in clear.
        secure = request.url.scheme == "https" or request.headers.get("x-forwarded-proto") == "https"
        response.set_cookie(
            SESSION_COOKIE,
            self.sessions.open(),
            max_age=int(self.sessions.lifetime),
            httponly=True,
            samesite="strict",
            secure=secure,
        )
        return response

    def logout(self, request: Request) -> Response:
        self.sessions.close(request.cookies.get(SESSION_COOKIE, ""))
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(SESSION_COOKIE)
        return response

    def _nothing_new(self, request: Request, after: int) -> dict[str, Any] | None:
        """The answer to a poll that is up to date, from the cached record alone (no fold).

        Most polls of a live game find nothing new; answering them without reading the game's
        events keeps a page's cost per second flat however long the game is.
        """
        stored = self._game(request)
        caller = self._authenticated(request, stored)  # as over gRPC
        record, viewer = self._seen(stored, caller, request.query_params.get("seat", ""))
        if after < record.game_version:
            return None
        return {
            "steps": [],
            "status": record.status,
            "result": told_result(get_engine(record.header.game), record.outcome, record.players),
            "viewer": viewer_name(
                viewer, seat_labels(record.header, record.players), record.status == FINISHED
            ),
            **live_clocks(record),
        }

    def _game(self, request: Request) -> GameRecord:
        """The game the path names; its id checked as on every front end."""
        return self.games.get(require_id(request.path_params["game_id"], "game_id"))

    # -- who is looking ----------------------------------------------------------------

    def _caller(self, request: Request) -> Caller:
        """Who is looking: the Authorization header's token, else the organiser if signed in here."""
        headers = request.headers.getlist("authorization")
        signed_in = not headers and self.sessions.is_open(request.cookies.get(SESSION_COOKIE, ""))
        sent = self.organiser_token if signed_in and self.organiser_token else ""
        return self.failures.caller(_address(request), headers, self.organiser_token, sent)

    def _authenticated(self, request: Request, record: GameRecord) -> Caller:
        caller = self._caller(request)
        try:
            self.ledger.gate.admit(record, caller)  # a private game: an outsider's token is no clue
            return authenticate(caller, record.token_hashes)
        except ServiceError as error:
            self.failures.note(_address(request), caller, error)
            raise

    def _gameless_caller(self, request: Request) -> Caller:
        """The caller of a page about no one game: a token that is no one's is a failed guess."""
        caller = self._caller(request)
        self.failures.gameless(_address(request), caller)
        return caller

    def _view(self, request: Request, *, after: int) -> tuple[GameRecord, GameView, str]:
        stored = self._game(request)
        # As over gRPC: a token that is neither the organiser's nor a seat of this game is refused.
        caller = self._authenticated(request, stored)
        seat_param = request.query_params.get("seat", "")
        record, viewer = self._seen(stored, caller, seat_param)
        shown = record.game_version  # held back for spectators (service/core/relays/delay.py)
        # seat lines and a deal line too (format 3)
        lines = (line for line in self.games.lines(record.header.game_id) if line.version <= shown)
        view = game_view(self.ledger.gate, record.header, lines, record.players, viewer, after=after)
        return record, view, seat_param

    def _seen(self, record: GameRecord, caller: Caller, seat_param: str) -> tuple[GameRecord, Seat | None]:
        """The game as the gate shows `caller` (a delayed game's spectator: its public record) and the view.

        The view is the gate's, unless the organiser asks for another one with ?seat=.
        """
        if seat_param:
            self.ledger.permissions.check_choose_view(caller)
        sight = self.ledger.gate.sight(record, caller)
        if not seat_param:
            return sight.record, sight.viewer
        return sight.record, _chosen_viewer(sight.record, seat_param)


def _chosen_viewer(record: GameRecord, seat_param: str) -> Seat | None:
    """The view the organiser asks for with ?seat=N (1-based), ?seat=public or ?seat=all."""
    if seat_param == "all":
        return None
    if seat_param == "public":
        return SPECTATOR
    seats = record.header.seats
    if not seat_param.isdigit() or not 1 <= int(seat_param) <= seats:
        raise InvalidArgument(
            Reason.BAD_SEAT,
            f"seat must be 1 to {seats}, 'public' or 'all', not {seat_param!r}",
            field="seat",
        )
    return int(seat_param) - 1


def _int_param(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not text.isdigit():
        raise InvalidArgument(Reason.BAD_NUMBER, f"{name} must be a whole number, not {text!r}", field=name)
    return int(text)


def _address(request: Request) -> str:
    return client_address(request.client.host) if request.client is not None else "unknown"


def _json_error(error: ServiceError) -> JSONResponse:
    """An API refusal: the gRPC status as HTTP, and its reason, message and field."""
    return JSONResponse(
        {"error": error.reason, "message": error.message, **error.metadata}, _status(error), _headers(error)
    )


def _headers(error: ServiceError) -> dict[str, str] | None:
    return {"Retry-After": str(error.retry_after)} if isinstance(error, TooManyFailures) else None


def _status(error: ServiceError) -> int:
    if isinstance(error, TooManyFailures):
        return 429
    if isinstance(error, Unauthenticated):
        return 401
    return HTTP_STATUS.get(error.status.name, 500)
