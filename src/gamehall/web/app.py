"""The FastAPI application of the web hall: lobby, tables, seats, actions, live views, replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Form, Header, HTTPException, Query, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from gamehall.bots import BOT_KINDS
from gamehall.core.errors import GamehallError, UnknownGameError
from gamehall.core.game import EVERYTHING, Game
from gamehall.core.howto import HowTo, howto, parts
from gamehall.core.i18n import LANGUAGES, Catalog, Text, catalog
from gamehall.core.registry import find_game, games
from gamehall.core.resign import Resign
from gamehall.search.limits import SearchLimits
from gamehall.store.database import database_problem, open_writer
from gamehall.store.tables import TableStore, new_token
from gamehall.web import chat
from gamehall.web.hall import (
    CLOSED,
    Hall,
    LiveTable,
    NotOverYet,
    SeatRefused,
    SeatRequest,
    TableClosed,
    TableNotFound,
)
from gamehall.web.limits import Caps, Rates, SocketCaps
from gamehall.web.refusals import (
    BODY_REFUSALS,
    MAX_BODY,
    REDIRECT,
    TABLE_REFUSALS,
    BodyLimit,
    json_body,
    page_refusals,
    refusals,
    status_of,
    unparsable,
)
from gamehall.web.replay import script_of
from gamehall.web.requests import (
    ChanceSubmission,
    ChatMessage,
    ClaimRequest,
    NewTable,
    Posted,
    ResignRequest,
    Submission,
    UndoRequest,
    bank_seconds,
    clock_seconds,
    posted,
)
from gamehall.web.resume import BrokenTable
from gamehall.web.security import CrossSite, CsrfGuard, form_name, language_of
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator

MAX_MESSAGE = 1024
"""The largest WebSocket message a client may send: the socket only pushes views, and a message
from the client merely asks for a fresh one (a bigger one closes the socket with 1009)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (``new_table_id``): anything else names no table, and is
refused before it reaches the database (PostgreSQL refuses a NUL in a string with an error)."""
STATIC = Path(__file__).with_name("static")
REFUSAL_PAGE: dict[str, Any] = {
    "description": "A seat link that opens nothing (claimed, or replaced by a new link), or a"
    " form refused (another site's, or without its token).",
    "content": {"text/html": {"schema": {"type": "string"}}},
}
"""A refused seat link or form answers a page saying why, for the person who opened it."""
RESIGN_REFUSAL: dict[str, Any] = {
    "description": "A resignation refused: a page naming why, in one line (a spectator, the"
    " game over, the seat resigned already, a game that cannot be resigned, a form without"
    " its token).",
    "content": REFUSAL_PAGE["content"],
}
"""The refusals of the resignation pages, whose person reads a page."""
AGAIN_REFUSAL: dict[str, Any] = {
    "description": "A rematch refused: a page naming why, in one line (the game is not over,"
    " the browser holds no seat of the table and is not its host, a table that cannot be"
    " opened again, a form without its token).",
    "content": REFUSAL_PAGE["content"],
}
"""The refusals of the rematch pages."""
BROWSER_TABLES = 50
"""The most tables of one browser the lobby looks up (its seat cookies beyond are left out)."""
CREDENTIAL_DAYS = 30
"""How long a browser keeps a seat's or a host's credential cookie."""


@dataclass(frozen=True)
class Seated:
    """Who asks at a table: the table, and the seat the request's credential holds (None: a
    spectator, who gave no credential)."""

    live: LiveTable
    seat: int | None


def seat_cookie(table_id: str) -> str:
    """The cookie holding this browser's seat credential at a table."""
    return f"seat_{table_id}"


def host_cookie(table_id: str) -> str:
    """The cookie holding the host's credential of a table (the browser that opened it)."""
    return f"host_{table_id}"


def keep_credential(response: Response, request: Request, name: str, credential: str) -> None:
    """Give the browser a credential: HttpOnly (no script reads it), SameSite=Strict (no
    other site's page sends it), Secure over https."""
    response.set_cookie(
        name,
        credential,
        max_age=CREDENTIAL_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


def game_title(name: str) -> str:
    """The title of the game ``name`` (a table of a game this hall no longer knows: as is)."""
    try:
        return find_game(name).title
    except UnknownGameError:
        return name


def wants_page(request: Request) -> bool:
    """Whether a refusal of ``request`` is a page: its route answers pages (or, matching no
    route, its path is not the API's); the API and the data a page loads get JSON."""
    route = request.scope.get("route")
    if route is None:
        return not request.url.path.startswith(("/api/", "/openapi"))
    answers = getattr(route, "response_class", None)
    answers = getattr(answers, "value", answers)  # FastAPI's placeholder of its default
    return isinstance(answers, type) and issubclass(answers, (HTMLResponse, RedirectResponse))


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame carries (123 bytes, whole characters)."""
    return text.encode()[:120].decode(errors="ignore")


def table_of(hall: Hall, table_id: str) -> LiveTable:
    """The table ``table_id`` names (404 if none, an id that cannot exist included)."""
    if not TABLE_ID.fullmatch(table_id):
        raise TableNotFound(f"no table {table_id[:40]!r}")
    return hall.live(table_id)


async def seated(
    table_id: str,
    request: Request,
    x_seat_credential: Annotated[str | None, Header(max_length=64)] = None,
) -> Seated:
    """The seat lookup of every seat route: the table, and the seat the request's credential
    holds (the ``x-seat-credential`` header for programs, the seat cookie for browsers);
    with none, a spectator."""
    live = table_of(request.app.state.hall, table_id)
    credential = x_seat_credential or request.cookies.get(seat_cookie(table_id))
    return Seated(live, seat_holding(live, credential))


async def acting(request: Request, at: Annotated[Seated, Depends(seated)]) -> Seated:
    """A seat acting: its person is back, if a bot took the seat over meanwhile."""
    if at.seat is not None:
        await request.app.state.hall.come_back(at.live, at.seat)
    return at


def person(at: Seated, refusal: str) -> int:
    """The seat of a person; a spectator is refused (403)."""
    if at.seat is None:
        raise HTTPException(403, f"a spectator {refusal}")
    return at.seat


def seat_holding(live: LiveTable, credential: str | None) -> int | None:
    """The seat ``credential`` holds at the table; None without one; refused (403) if it
    holds none (revoked by a new link, or never valid)."""
    if not credential:
        return None
    seat = live.info.seat_claimed_by(credential)
    if seat is None:
        raise SeatRefused.of(Text("web.seat.invalid_credential"))
    return seat


def create_app(
    database_url: str | None = None,
    leave_grace: float = 60.0,
    limits: SearchLimits | None = None,
    caps: Caps | None = None,
    allowed_hosts: Iterable[str] | None = None,
) -> FastAPI:
    """The web hall on the database at ``database_url`` (SQLite by default); ``limits`` bound
    what its searches may cost (:class:`SearchLimits`' defaults if not given), ``caps`` what
    one client may ask (:class:`Caps`), ``allowed_hosts`` the host names it answers to (None:
    any)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall.store.hold()  # again, if this app was started and stopped before
        try:
            hall.resume_all()
            hall.start_sweeper()
            yield
            await hall.close()
        finally:
            hall.store.close()  # checkpointed and closed: the database file alone holds all

    hall = Hall(TableStore(*open_writer(database_url)), leave_grace=leave_grace, limits=limits)
    templates = environment()
    caps = caps or Caps()
    rates, csrf = Rates(caps), CsrfGuard()
    app = FastAPI(title="gamehall", lifespan=lifespan, dependencies=[Depends(csrf.check)])
    app.add_middleware(SocketCaps, caps=caps, rates=rates)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(CrossSite, allowed_hosts=allowed_hosts)  # outermost: headers on all
    app.state.hall = hall
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def language(request: Request) -> str:
        return language_of(request)

    def page(
        request: Request, template: str, names: Sequence[Text | str] = (), **context: Any
    ) -> HTMLResponse:
        """A page in the request's language, naming a table's players ``names``; its forms
        carry the browser's CSRF token."""
        lang = language(request)
        token, cookie = csrf.issue(request)
        html = templates.get_template(template).render(
            t=translator(lang, names),
            lang=lang,
            languages=LANGUAGES,
            request=request,
            csrf_token=token,
            **context,
        )
        response = HTMLResponse(html)
        csrf.set_cookie(response, cookie)
        return response

    @app.exception_handler(GamehallError)
    async def gamehall_error(request: Request, error: GamehallError) -> Response:
        return await refuse(request, status_of(error), error.render(texts_for(request)))

    def texts_for(request: Request) -> Catalog:
        """The request's catalog, naming the players of the table it is about (if loaded)."""
        live = hall.tables.get(request.path_params.get("table_id", ""))
        lang = language(request)
        return catalog(lang) if live is None else live.match.catalog(lang)

    async def refuse(
        request: Request, status: int, message: str, headers: Mapping[str, str] | None = None
    ) -> Response:
        """A refusal: one JSON line for the API; for a page, a page in the request's
        language, and for the lobby's form the lobby again, filled in as it was sent, with
        the message in the form."""
        answer: Response
        if not wants_page(request):
            answer = JSONResponse({"error": message}, status)
        elif request.method == "POST" and request.url.path == "/tables":
            answer = lobby_page(request, form_error=message, posted=await posted(request))
        else:
            answer = page(request, "unavailable.html", message=message)
        answer.status_code = status
        answer.headers.update(headers or {})
        return answer

    @app.exception_handler(BrokenTable)
    async def broken_table(request: Request, error: BrokenTable) -> Response:
        return await refuse(request, 410, error.render(language(request)))

    @app.exception_handler(DBAPIError)
    async def database_error(request: Request, error: DBAPIError) -> Response:
        text = Text("web.database_unavailable", {"reason": database_problem(error)})
        return await refuse(request, 503, catalog(language(request)).render(text))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> Response:
        # The exception's headers are kept: a 405 names the allowed methods (Allow), a 429
        # when to try again (Retry-After).
        detail = unparsable(error.__cause__) if error.status_code == 400 else None
        return await refuse(request, error.status_code, detail or error.detail, error.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> Response:
        errors = error.errors()
        first: dict[str, Any] = errors[0] if errors else {"loc": (), "msg": "invalid request"}
        if first.get("type") == "json_invalid":  # where the JSON breaks, and how
            at = first.get("loc", ("body", 0))[-1]
            reason = first.get("ctx", {}).get("error", "")
            return await refuse(request, 422, f"body: JSON decode error at {at}: {reason}")
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        return await refuse(request, 422, f"{where}: {first.get('msg')}")

    def live_table(table_id: str) -> LiveTable:
        """The table ``table_id`` names (404 if none, an id that cannot exist included)."""
        return table_of(hall, table_id)

    # -- pages ------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return lobby_page(request)

    def lobby_page(
        request: Request, form_error: str | None = None, posted: Posted | None = None
    ) -> HTMLResponse:
        """The lobby: the games, the form opening a table (filled in as ``posted``, with the
        reason it was refused), the tables in play and the finished ones."""
        return page(
            request,
            "lobby.html",
            games=games(),
            bots=BOT_KINDS,
            form_error=form_error,
            posted=posted or Posted(),
            yours=tables_of_browser(request),
            **listed_tables(),
        )

    def listed_tables() -> dict[str, Any]:
        """The lobby's lists of the tables in play and the finished ones."""
        return {
            "open_tables": hall.store.list_tables("playing", 30),
            "finished": hall.store.list_tables("finished", 30),
            "title_of": game_title,
        }

    def tables_of_browser(request: Request) -> list[dict[str, Any]]:
        """The tables in play where this browser holds a seat (by its seat cookies, at most
        ``BROWSER_TABLES``), those where it is its move first."""
        held = {
            name.removeprefix("seat_"): credential
            for name, credential in request.cookies.items()
            if name.startswith("seat_") and TABLE_ID.fullmatch(name.removeprefix("seat_"))
        }
        found = []
        for stored in hall.store.tables_by_id(sorted(held)[:BROWSER_TABLES]):
            live = hall.tables.get(stored.id)
            info = live.info if live is not None else stored
            seat = info.seat_claimed_by(held[info.id])
            if info.status != "playing" or seat is None:
                continue
            to_move = live.match.to_move() if live is not None else info.to_move
            title = find_game(info.game).title
            found.append(
                {"id": info.id, "title": title, "seat": seat, "your_move": to_move == seat}
            )
        return sorted(found, key=lambda table: (not table["your_move"], table["id"]))

    @app.get("/fragments/tables", response_class=HTMLResponse)
    async def table_lists(request: Request) -> HTMLResponse:
        return page(request, "table_lists.html", **listed_tables())

    @app.get("/fragments/yours", response_class=HTMLResponse)
    async def your_tables(request: Request) -> HTMLResponse:
        """This browser's tables in play, those where it is its move first."""
        return page(request, "your_tables.html", yours=tables_of_browser(request))

    @app.get(
        "/lang/{code}",
        status_code=303,
        response_class=RedirectResponse,
        responses={**REDIRECT, **refusals(422)},
    )
    async def set_language(code: str, request: Request) -> RedirectResponse:
        back = request.headers.get("referer") or "/"
        response = RedirectResponse(back if back.startswith(str(request.base_url)) else "/", 303)
        if code in LANGUAGES:
            response.set_cookie("lang", code, max_age=365 * 86400, samesite="lax")
        return response

    @app.get("/games/{name}", response_class=HTMLResponse, responses=page_refusals(404, 422))
    async def game_page(name: str, request: Request) -> HTMLResponse:
        game_class = next((g for g in games() if g.name == name), None)
        if game_class is None:
            raise HTTPException(404, f"no game {name!r}")
        game = game_class(game_class.min_players)
        guides = rule_pages(game_class, language(request))
        return page(request, "game.html", game=game, view=GAME_VIEWS.get(name), guides=guides)

    def rule_pages(game_class: type[Game[Any]], lang: str) -> list[HowTo]:
        """The "How to play" pages of a game: its own, then its parts' (20 Strong's decks)."""
        found = [howto(game_class, lang), *(howto(game_class, lang, p) for p in parts(game_class))]
        return [guide for guide in found if guide is not None]

    @app.get("/games/{name}/rules", response_class=HTMLResponse, responses=page_refusals(404, 422))
    @app.get(
        "/games/{name}/rules/{part}", response_class=HTMLResponse, responses=page_refusals(404, 422)
    )
    async def rules_page(name: str, request: Request, part: str | None = None) -> HTMLResponse:
        game_class = next((g for g in games() if g.name == name), None)
        if game_class is None:
            raise HTTPException(404, f"no game {name!r}")
        if part is not None and part not in parts(game_class):
            raise HTTPException(404, f"{name} has no rules page {part!r}")
        lang = language(request)
        guide = howto(game_class, lang, part)
        if guide is None:
            raise HTTPException(404, f"{name} has no rules page")
        others = rule_pages(game_class, lang)
        return page(request, "howto.html", game=game_class, guide=guide, others=others)

    @app.post(
        "/tables",
        response_class=HTMLResponse,
        dependencies=[Depends(rates.dependency("tables"))],
        responses={**REDIRECT, **page_refusals(*BODY_REFUSALS, 403, 429)},
    )
    async def create_from_form(
        request: Request,
        game: Annotated[str, Form(max_length=64)],
        players: Annotated[int, Form(ge=1, le=10)],
        seat_kinds: Annotated[list[str], Form()],
        bot_delay: Annotated[float, Form(ge=0, le=10)] = 0.6,
        clock: Annotated[str, Form(max_length=16)] = "",
        clock_unit: Annotated[str, Form(max_length=8)] = "seconds",
        bank: Annotated[str, Form(max_length=16)] = "",
        bank_unit: Annotated[str, Form(max_length=8)] = "minutes",
        physical: Annotated[bool, Form()] = False,
        replacement: Annotated[str, Form(max_length=32)] = "heuristic",
        name: Annotated[str, Form(max_length=256)] = "",
    ) -> Response:
        own = form_name(name)  # the creator's own seats
        seats = [
            SeatRequest(
                kind.split(":")[0],
                kind.partition(":")[2] or "heuristic",
                own if kind == "me" else "",
            )
            for kind in seat_kinds[:players]
        ]
        form = await request.form()
        options = {
            str(key)[4:]: str(value)
            for key, value in form.items()
            if str(key).startswith("opt:") and value != ""
        }
        host = new_token()
        info, tokens = hall.create_table(
            game,
            players,
            options,
            seats,
            bot_delay,
            clock_seconds(clock, clock_unit),
            physical=physical,
            bank=bank_seconds(bank, bank_unit),
            replacement=replacement,
            host=host,
        )
        return opened(
            request, info, tokens, [s for s, r in enumerate(seats) if r.kind == "me"], host
        )

    def opened(
        request: Request, info: Any, tokens: dict[int, str], mine: list[int], host: str
    ) -> Response:
        """The answer to opening a table (post/redirect/get): this browser claims its first
        own seat at once and holds the host's credential, and goes to that seat's page, else
        to the table's; there its host finds the invite links."""
        yours, credential = None, None
        if mine:  # the creator's first own seat is claimed by this browser at once
            yours, credential = hall.claim(hall.live(info.id), tokens.pop(mine[0]))
        mine_or_table = f"/t/{info.id}/me" if yours is not None else f"/t/{info.id}"
        response = RedirectResponse(mine_or_table, 303)
        keep_credential(response, request, host_cookie(info.id), host)
        if credential is not None:
            keep_credential(response, request, seat_cookie(info.id), credential)
        return response

    def rematch(live: LiveTable, request: Request) -> tuple[int | None, list[SeatRequest]]:
        """Who asks for a rematch (their seat, None for the host without one) and the seats of
        the new table: the asker's own, the other people's as invite links, the same bots.
        Refused unless the game is over and the browser holds a seat or is the host."""
        if live.match.to_move() is not None:
            raise NotOverYet.of(Text("web.again.not_over"))
        table_id = live.info.id
        seat = seat_holding(live, request.cookies.get(seat_cookie(table_id)))
        if seat is None and not live.info.is_host(request.cookies.get(host_cookie(table_id))):
            raise SeatRefused.of(Text("web.again.not_yours"))
        seats = [
            SeatRequest("me", name=s.name)
            if s.seat == seat
            else SeatRequest("bot", s.bot)
            if s.bot is not None and not s.replaced
            else SeatRequest("invite", name=s.name)
            for s in live.info.seats
        ]
        return seat, seats

    @app.get(
        "/t/{table_id}/again",
        response_class=HTMLResponse,
        responses={**page_refusals(404), **dict.fromkeys((403, 409, 422), AGAIN_REFUSAL)},
    )
    async def again_page(table_id: str, request: Request) -> HTMLResponse:
        """Play again with the same seats: what the new table will be, and the form opening it;
        the line saying why not, if this browser may not."""
        live = live_table(table_id)
        try:
            seat, seats = rematch(live, request)
        except GamehallError as refused:
            return again_refused(request, live, refused)
        title = find_game(live.info.game).title
        _options, change = rematch_options(live)
        changed = catalog(language(request)).render(change) if change else None
        return page(
            request,
            "again.html",
            info=live.info,
            seat=seat,
            seats=seats,
            title=title,
            change=changed,
        )

    def rematch_options(live: LiveTable) -> tuple[dict[str, object], Text | None]:
        """The new table's options (the finished one's that a browser may set, as the game
        changes them for a rematch) and the sentence saying what changes."""
        remote = {spec.name for spec in find_game(live.info.game).option_specs if spec.remote}
        options = {k: v for k, v in live.info.options.items() if k in remote and v is not None}
        return live.match.game.rematch(options, live.match.state)

    def again_refused(request: Request, live: LiveTable, refused: GamehallError) -> HTMLResponse:
        """The rematch page saying, in one line, why this browser may not open one."""
        message = refused.render(language(request))
        response = page(request, "again.html", info=live.info, message=message)
        response.status_code = status_of(refused)
        return response

    @app.post(
        "/t/{table_id}/again/open",
        response_class=HTMLResponse,
        dependencies=[Depends(rates.dependency("tables"))],
        responses={
            **REDIRECT,
            **page_refusals(400, 404, 413, 429),
            **dict.fromkeys((403, 409, 422), AGAIN_REFUSAL),
        },
    )
    async def play_again(table_id: str, request: Request) -> Response:
        """Open a new table with the finished one's game, options and seats (``rematch``)."""
        live = live_table(table_id)
        try:
            _asker, seats = rematch(live, request)
        except GamehallError as refused:
            return again_refused(request, live, refused)
        info = live.info
        options, _change = rematch_options(live)
        host = new_token()
        try:
            new, tokens = hall.create_table(
                info.game,
                info.players,
                options,
                seats,
                info.bot_delay,
                info.clock,
                physical=info.physical,
                bank=info.bank,
                replacement=info.replacement,
                host=host,
            )
        except GamehallError as refused:
            return again_refused(request, live, refused)
        mine = [s for s, r in enumerate(seats) if r.kind == "me"]
        return opened(request, new, tokens, mine, host)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness and what the hall holds in memory (for monitoring and the soak)."""
        return {"status": "ok", **hall.health()}

    def table_page(request: Request, live: LiveTable, me: bool) -> HTMLResponse:
        """A table's page: a spectator's, or (``me``) the seat this browser holds. It holds no
        credential: the socket and the API read the cookie. The host also sees the seats it
        may give a new link."""
        table_id = live.info.id
        credential = request.cookies.get(seat_cookie(table_id)) if me else None
        seat = live.info.seat_claimed_by(credential)
        host_credential = request.cookies.get(host_cookie(table_id))
        host = live.info.is_host(host_credential)
        invites = hall.invitations(live, host_credential) if host and host_credential else {}
        return page(
            request,
            "table.html",
            names=live.match.names(),
            info=live.info,
            seat=seat,
            **resigning(live, seat, language(request)),
            me=me and (seat is not None or credential is None),
            revoked=credential is not None and seat is None,
            host=host,
            invites={s: f"/t/{table_id}/seat/{token}" for s, token in invites.items()},
            cancellable=host and hall.waiting(live),
            reissuable=[s for s in live.info.seats if s.bot is None or s.replaced] if host else [],
            presets=chat.PRESETS,
            script=GAME_VIEWS[live.info.game].script,
            title=find_game(live.info.game).title,
            rules=rules_address(live.info.game, live.info.options),
        )

    def rules_address(name: str, options: dict[str, Any]) -> str:
        """The "How to play" page of a table: its deck's, if the deck has one."""
        part = options.get("deck")
        return f"/games/{name}/rules" + (f"/{part}" if part in parts(find_game(name)) else "")

    @app.get("/t/{table_id}", response_class=HTMLResponse, responses=page_refusals(404, 410, 422))
    async def spectate(table_id: str, request: Request) -> HTMLResponse:
        return table_page(request, live_table(table_id), me=False)

    @app.get(
        "/t/{table_id}/me", response_class=HTMLResponse, responses=page_refusals(404, 410, 422)
    )
    async def my_seat(table_id: str, request: Request) -> HTMLResponse:
        """The seat this browser claimed (the cookie may be withheld when the page is reached
        from another site: the socket, opened from this page, carries it)."""
        return table_page(request, live_table(table_id), me=True)

    def resigning(live: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """What a seat's page and pushes say of resigning: ``resign``, what resigning now
        would do (None: this seat may not), and ``resigned``, the seats that did."""
        offer = hall.resign_offer(live, seat)
        return {
            "resign": live.match.catalog(lang).render(offer) if offer is not None else None,
            "resigned": sorted(hall.resigned(live)),
        }

    def resign_page(
        request: Request, live: LiveTable, seat: int | None, refused: GamehallError | None
    ) -> HTMLResponse:
        """The confirmation page of a resignation (what follows, and the form that resigns),
        or the one line refusing it with its status."""
        lang = language(request)
        offer = hall.resign_offer(live, seat) if refused is None else None
        response = page(
            request,
            "resign.html",
            info=live.info,
            seat=seat,
            consequence=live.match.catalog(lang).render(offer) if offer is not None else None,
            message=refused.render(live.match.catalog(lang)) if refused is not None else None,
        )
        if refused is not None:
            response.status_code = status_of(refused)
        return response

    @app.get(
        "/t/{table_id}/resign/confirm",
        response_class=HTMLResponse,
        responses={**page_refusals(404), **dict.fromkeys((403, 409, 422), RESIGN_REFUSAL)},
    )
    async def resign_confirmation(table_id: str, request: Request) -> HTMLResponse:
        """The confirmation of a resignation, for a browser without scripts (where scripts
        run, the table page's button opens it as a dialog): what follows, and the form that
        resigns; a seat that may not resign gets the line saying why."""
        live = live_table(table_id)
        try:
            seat = seat_holding(live, request.cookies.get(seat_cookie(table_id)))
        except SeatRefused as refused:
            return resign_page(request, live, None, refused)
        return resign_page(request, live, seat, hall.resign_refusal(live, seat))

    @app.post(
        "/t/{table_id}/resign",
        response_class=HTMLResponse,
        dependencies=[Depends(rates.dependency("actions"))],
        responses={
            **REDIRECT,
            **page_refusals(400, 404, 413, 429),
            **dict.fromkeys((403, 409, 422), RESIGN_REFUSAL),
        },
    )
    async def resign_by_form(
        table_id: str, request: Request, seat: Annotated[int, Form(ge=0, le=9)]
    ) -> Response:
        """Resign the seat this browser holds (the seat cookie; the form, with its CSRF token,
        names the seat as a check): back to the seat's page, which shows what followed; a
        refusal is a page naming why. Final: a resignation cannot be undone."""
        live, held = live_table(table_id), None
        try:
            held = seat_holding(live, request.cookies.get(seat_cookie(table_id)))
            await hall.resign(table_id, held, seat)
        except GamehallError as refused:
            return resign_page(request, live, held, refused)
        return RedirectResponse(f"/t/{table_id}/me", 303)

    def seat_refused(request: Request, live: LiveTable, refused: SeatRefused) -> HTMLResponse:
        """The page of a seat link that opens nothing (403), saying why."""
        message = refused.render(language(request))
        refusal = page(request, "refused.html", info=live.info, message=message)
        refusal.status_code = 403
        return refusal

    @app.get(
        "/t/{table_id}/seat/{token}",
        response_class=HTMLResponse,
        responses={**page_refusals(404, 422), 403: REFUSAL_PAGE},
    )
    async def seat_link(table_id: str, token: str, request: Request) -> Response:
        """A seat link opened: the page that takes the seat (its form posts back here, at once
        where scripts run). Opening claims nothing, so a chat app's link preview cannot burn
        the link; the seat is claimed by the browser that posts."""
        live = live_table(table_id)
        held = request.cookies.get(seat_cookie(table_id))
        try:
            seat = hall.claimable(live, token, held)
        except SeatRefused as refused:
            return seat_refused(request, live, refused)
        if held is not None and live.info.seat_claimed_by(held) == seat:
            return RedirectResponse(f"/t/{table_id}/me", 303)  # this browser's own seat
        return page(request, "claim.html", info=live.info, seat=seat, token=token)

    @app.post(
        "/t/{table_id}/claim",
        response_class=HTMLResponse,
        responses={**REDIRECT, **page_refusals(404, 422), 403: REFUSAL_PAGE},
    )
    async def claim_seat(
        table_id: str, request: Request, token: Annotated[str, Form(max_length=64)]
    ) -> Response:
        """Claim the seat of a link's ``token`` (the form of the link's page): the first
        browser to post it gets the seat's credential (a cookie) and goes to its seat page, so
        the link leaves the address bar; after that the link opens nothing."""
        live = live_table(table_id)
        try:
            _, credential = hall.claim(live, token, request.cookies.get(seat_cookie(table_id)))
        except SeatRefused as refused:
            return seat_refused(request, live, refused)
        response = RedirectResponse(f"/t/{table_id}/me", 303)
        keep_credential(response, request, seat_cookie(table_id), credential)
        return response

    def finished(table_id: str) -> LiveTable:
        """The live table of a finished game (409 while it is played)."""
        live = live_table(table_id)
        if not live.match.is_over():
            raise HTTPException(409, "the replay opens once the game is over")
        return live

    def replay_frame(live: LiveTable, step: int, lang: str) -> dict[str, Any]:
        """What the replay shows at ``step``: the table as it was, everything revealed, the
        log up to it and the chapter it is in."""
        match = live.match
        script = live.replays.get(lang)
        if script is None:
            script = live.replays[lang] = script_of(match, lang)
        view = match.game.view(match.states[step], EVERYTHING)
        outcome = match.game.outcome(match.states[step])
        snapshot = {
            "view": view,
            "legal": [],
            "seq": step,
            "seat": None,
            "log": [],
            "over": True,
            "to_move": None,
            "outcome": None if outcome is None else outcome.to_json(),
            "resign": None,
            "resigned": sorted({a.seat for a in match.actions[:step] if type(a) is Resign}),
        }
        back, on = script.part_jumps(step, len(match.actions))
        return {
            "step": step,
            "last": len(match.actions),
            "back": back,
            "on": on,
            "html": render_table(live, snapshot, lang),
            "log": script.log_before(step),
            "chapter": script.chapter_at(step),
            "chapters": script.chapters,
        }

    def replay_step(live: LiveTable, step: int | None) -> int:
        last = len(live.match.actions)
        return last if step is None or step > last else step

    @app.get(
        "/t/{table_id}/replay", response_class=HTMLResponse, responses=page_refusals(404, 409, 422)
    )
    async def replay_page(
        table_id: str, request: Request, step: Annotated[int | None, Query(ge=0)] = None
    ) -> HTMLResponse:
        """A finished game, step by step: a slider, steps and rounds or turns by button or
        key; without scripts, each link loads its step."""
        live = finished(table_id)
        lang = language(request)
        frame = replay_frame(live, replay_step(live, step), lang)
        return page(
            request,
            "replay.html",
            info=live.info,
            title=find_game(live.info.game).title,
            deal=hall.deal_shown(live),
            verdict=hall.deal_verdict(live, lang),
            frame=frame,
        )

    @app.get("/t/{table_id}/replay/frames/{step}", responses=refusals(404, 409, 422))
    async def replay_frame_data(
        table_id: str, step: Annotated[int, PathParam(ge=0)], request: Request
    ) -> dict[str, Any]:
        """One step of the replay as data (the table's HTML, the log before it, its
        chapter), for the replay page to show without loading a page."""
        live = finished(table_id)
        frame = replay_frame(live, replay_step(live, step), language(request))
        del frame["chapters"]  # the page has them
        return frame

    # -- the API ----------------------------------------------------------------------

    @app.post(
        "/api/tables",
        status_code=201,
        dependencies=[Depends(json_body), Depends(rates.dependency("tables"))],
        responses=refusals(*BODY_REFUSALS, 415, 429),
    )
    async def create_table(spec: NewTable) -> dict[str, Any]:
        """Open a table: its seat links (each opens its seat once, for whoever claims it
        first) and the host's credential (which may give a seat a new link)."""
        seats = [SeatRequest(s.kind, s.bot, s.name) for s in spec.seats]
        host = new_token()
        info, tokens = hall.create_table(
            spec.game,
            spec.players,
            dict(spec.options),
            seats,
            spec.bot_delay,
            spec.clock,
            spec.seed,
            spec.physical,
            spec.replacement,
            host=host,
            bank=spec.bank,
        )
        hall.start_driver(hall.live(info.id))
        return {
            "id": info.id,
            "spectator": f"/t/{info.id}",
            "host": host,
            "commitment": info.commitment,
            "seats": [
                {"seat": s, "token": tok, "link": f"/t/{info.id}/seat/{tok}"}
                for s, tok in sorted(tokens.items())
            ],
        }

    @app.post(
        "/api/tables/{table_id}/claim",
        dependencies=[Depends(json_body)],
        responses=refusals(*BODY_REFUSALS, 403, 404, 415),
    )
    async def claim(
        table_id: str, body: ClaimRequest, request: Request, response: Response
    ) -> dict[str, Any]:
        """Exchange a seat link's token for the seat's credential (also set as the cookie);
        the first claim wins, and the link then opens nothing."""
        live = live_table(table_id)
        seat, credential = hall.claim(live, body.token, request.cookies.get(seat_cookie(table_id)))
        keep_credential(response, request, seat_cookie(table_id), credential)
        return {"seat": seat, "credential": credential}

    @app.post("/api/tables/{table_id}/seats/{seat}/reissue", responses=refusals(403, 404, 422))
    async def reissue(
        table_id: str,
        seat: int,
        request: Request,
        x_host_credential: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        """The host gives a person's seat a new link: the old link and whoever claimed it
        open the seat no more (a person who lost her browser, a seat passed on)."""
        live = live_table(table_id)
        host = x_host_credential or request.cookies.get(host_cookie(table_id))
        if not live.info.is_host(host):
            raise SeatRefused.of(Text("web.seat.not_host"))
        token = hall.reissue(live, seat, host)
        return {"seat": seat, "token": token, "link": f"/t/{table_id}/seat/{token}"}

    def cancel_as_host(live: LiveTable, credential: str | None) -> None:
        """The host closes its table still waiting for people (403 for anyone else)."""
        if not live.info.is_host(credential):
            raise SeatRefused.of(Text("web.cancel.not_host"))
        hall.cancel(live)

    @app.post(
        "/t/{table_id}/cancel",
        response_class=HTMLResponse,
        responses={**REDIRECT, **page_refusals(*BODY_REFUSALS, 403, 404, 409, 410)},
    )
    async def cancel_by_form(table_id: str, request: Request) -> Response:
        """The host's Cancel button: the table closes, and its page says so."""
        live = live_table(table_id)
        cancel_as_host(live, request.cookies.get(host_cookie(table_id)))
        return RedirectResponse(f"/t/{table_id}", 303)

    @app.post("/api/tables/{table_id}/cancel", responses=refusals(403, 404, 409, 410, 422))
    async def cancel(
        table_id: str,
        request: Request,
        x_host_credential: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        """The host closes a table still waiting for people (a person's seat unclaimed)."""
        live = live_table(table_id)
        cancel_as_host(live, x_host_credential or request.cookies.get(host_cookie(table_id)))
        return {"id": table_id, "status": live.info.status}

    @app.post(
        "/api/tables/{table_id}/chat",
        dependencies=[Depends(json_body), Depends(rates.dependency("chat"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def say(body: ChatMessage, at: Annotated[Seated, Depends(seated)]) -> dict[str, Any]:
        """A seated person says a line in the table's chat: a preset message (by its key) or
        its own words; every page at the table shows it."""
        hall.say(at.live, person(at, "cannot chat"), body.preset, body.words)
        return {"lines": len(at.live.chat)}

    @app.get("/api/tables/{table_id}", responses=refusals(403, 404, 422))
    async def table_state(
        request: Request, at: Annotated[Seated, Depends(seated)]
    ) -> dict[str, Any]:
        live, seat = at.live, at.seat
        lang = language(request)
        snapshot = seat_snapshot(live.match, seat, lang, live.logs)
        snapshot["companion"] = hall.companion(live, seat, lang)
        snapshot["players"] = hall.players(live, seat)
        snapshot["deal"] = hall.deal_shown(live)
        snapshot.update(resigning(live, seat, lang))
        return snapshot

    @app.post(
        "/api/tables/{table_id}/actions",
        dependencies=[Depends(json_body), Depends(rates.dependency("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def submit(
        table_id: str,
        submission: Submission,
        at: Annotated[Seated, Depends(acting)],
    ) -> dict[str, int]:
        seq = await hall.act(table_id, at.seat, submission.seq, submission.action)
        return {"seq": seq}

    @app.post(
        "/api/tables/{table_id}/chance",
        dependencies=[Depends(json_body), Depends(rates.dependency("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def enter_chance(
        table_id: str,
        submission: ChanceSubmission,
        at: Annotated[Seated, Depends(acting)],
    ) -> dict[str, int]:
        seq = await hall.enter_chance(table_id, at.seat, submission.seq, submission.entry)
        return {"seq": seq}

    @app.post(
        "/api/tables/{table_id}/correct",
        dependencies=[Depends(json_body), Depends(rates.dependency("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def correct(
        table_id: str,
        request_body: UndoRequest,
        at: Annotated[Seated, Depends(acting)],
    ) -> dict[str, int]:
        seat = person(at, "cannot correct an entry")
        return {"seq": await hall.correct(table_id, seat, request_body.seq)}

    @app.post(
        "/api/tables/{table_id}/hint",
        dependencies=[Depends(json_body), Depends(rates.dependency("hints"))],
        responses={**TABLE_REFUSALS, **refusals(429, 503)},
    )
    async def hint(
        table_id: str,
        request_body: UndoRequest,
        request: Request,
        at: Annotated[Seated, Depends(acting)],
    ) -> dict[str, Any]:
        live, seat = at.live, person(at, "gets no hint")
        advice = await hall.hint(table_id, seat, request_body.seq)
        texts = live.match.catalog(language(request))
        data = advice.to_json()
        data["solo"] = live.match.game.players == 1
        data["summary"] = texts.render(advice.summary())
        for row, estimate in zip(data["actions"], advice.estimates, strict=True):
            row["label"] = texts.render(estimate.label)
        return data

    @app.post(
        "/api/tables/{table_id}/resign",
        dependencies=[Depends(json_body), Depends(rates.dependency("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def resign(
        table_id: str,
        request_body: ResignRequest,
        at: Annotated[Seated, Depends(seated)],
    ) -> dict[str, int]:
        """Resign the seat the credential holds (``seat`` names it, as a check), at any
        moment: a solo game is lost; in a game of several the seat leaves and the others play
        on (the last one left wins). Final: no undo. Refused with one line: a spectator or
        another seat (403), the game over or the seat resigned already (409), a game that
        cannot be resigned (422)."""
        return {"seq": await hall.resign(table_id, at.seat, request_body.seat)}

    @app.post(
        "/api/tables/{table_id}/undo",
        dependencies=[Depends(json_body), Depends(rates.dependency("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )
    async def undo(
        table_id: str,
        request_body: UndoRequest,
        at: Annotated[Seated, Depends(acting)],
    ) -> dict[str, int]:
        seat = person(at, "cannot undo")
        return {"seq": await hall.undo(table_id, seat, request_body.seq)}

    @app.get("/api/tables/{table_id}/record", responses=refusals(404, 409, 422))
    async def record(table_id: str) -> Response:
        live = live_table(table_id)
        if not live.match.is_over():
            raise HTTPException(409, "the record is available once the game is over")
        body = json.dumps(hall.record(live).to_json(), indent=1)
        return Response(
            body,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="gamehall-{table_id}.json"'},
        )

    def render_table(live: Any, snapshot: dict[str, Any], lang: str) -> str:
        view = GAME_VIEWS[live.info.game]
        t = translator(lang, live.match.names())
        html = templates.get_template(view.table).render(
            t=t, lang=lang, game=live.match.game, info=live.info, **snapshot
        )
        companion = snapshot.get("companion")
        if companion and companion.get("physical"):  # the chance entry, above the table
            entry = templates.get_template("parts/companion.html").render(
                t=t, seq=snapshot["seq"], seat=snapshot["seat"], **companion
            )
            html = entry + html
        if snapshot.get("held"):  # a bot plays this seat: say who, instead of any button
            html = templates.get_template("parts/held.html").render(t=t, **snapshot) + html
        if snapshot.get("players"):  # who sits here: names, people and bots, presence
            players = templates.get_template("parts/players.html")
            html = players.render(t=t, lang=lang, **snapshot) + html
        return html

    # -- live views -------------------------------------------------------------------

    def push(live: LiveTable, seat: int | None, lang: str) -> str:
        """What a socket showing ``seat`` in ``lang`` is sent now (JSON text), rendered once
        per step and shared by every socket showing the same (``LiveTable.push_for``)."""
        snapshot = seat_snapshot(live.match, seat, lang, live.logs)
        snapshot["companion"] = hall.companion(live, seat, lang)
        snapshot["players"] = hall.players(live, seat)
        snapshot.update(resigning(live, seat, lang))  # a game's table may say who resigned
        html = render_table(live, snapshot, lang)
        pushed = {"seq": snapshot["seq"], "html": html, "over": snapshot["over"]}
        said = chat.shown(list(live.chat), seat, live.match.catalog(lang))
        waiting = [s.seat for s in live.info.seats if s.waiting]
        return json.dumps(
            {
                **pushed,
                "resign": snapshot["resign"],
                "resigned": snapshot["resigned"],
                "chat": said,
                "waiting": waiting,
            }
        )

    def stamped(shown: str) -> str:
        """A push (a JSON object, shared by every socket) with the hall's time as it is sent
        (``now``): a page counts a clock down from its deadline on the hall's time, whatever
        its own clock says."""
        return f'{shown[:-1]}, "now": {time.time():.3f}}}'

    def socket_credential(websocket: WebSocket, table_id: str) -> str | None:
        """The seat credential a socket gives: its header, or the cookie from a seat page
        (a spectator page sends the cookie too, but watches as a spectator)."""
        header = websocket.headers.get("x-seat-credential")
        if header or websocket.query_params.get("seat") != "me":
            return header or None
        return websocket.cookies.get(seat_cookie(table_id))

    @app.websocket("/ws/tables/{table_id}")
    async def live_view(websocket: WebSocket, table_id: str) -> None:
        """A table's live view: the seat the credential holds (the ``x-seat-credential``
        header, or from a seat page, ``?seat=me``, the seat cookie), else a spectator's."""
        credential = socket_credential(websocket, table_id)
        lang = websocket.query_params.get("lang", "en")
        lang = lang if lang in LANGUAGES else "en"
        try:
            live = live_table(table_id)
        except TableNotFound:
            await websocket.close(code=4404)
            return
        except (BrokenTable, TableClosed) as error:
            await websocket.close(code=4410, reason=close_reason(error.render(lang)))
            return
        seat = live.info.seat_claimed_by(credential)
        if credential and seat is None:
            await websocket.close(code=4403)
            return
        await websocket.accept()
        queue = await hall.subscribe(live, seat)
        receiver = asyncio.ensure_future(websocket.receive())
        try:
            while True:
                if credential and live.info.seat_claimed_by(credential) != seat:  # a new link
                    reason = catalog(lang).render(Text("web.seat.invalid_credential"))
                    await websocket.close(4403, close_reason(reason))
                    return
                if live.info.status in CLOSED:  # cancelled by its host, or expired
                    reason = catalog(lang).render(Text(CLOSED[live.info.status]))
                    await websocket.close(4410, close_reason(reason))
                    return
                shown = live.push_for(seat, lang, partial(push, live, seat, lang))
                await websocket.send_text(stamped(shown))
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    message = receiver.result()
                    if message.get("type") == "websocket.disconnect":
                        return
                    text, data = message.get("text"), message.get("bytes")
                    if len(text.encode() if text is not None else data or b"") > MAX_MESSAGE:
                        await websocket.close(1009, f"message over {MAX_MESSAGE} bytes")
                        return
                    receiver = asyncio.ensure_future(websocket.receive())  # a refresh
                while not queue.empty():
                    queue.get_nowait()
        except WebSocketDisconnect:
            return
        finally:
            receiver.cancel()
            hall.unsubscribe(live, queue)
            with contextlib.suppress(Exception):
                await websocket.close()

    app.state.render_table = render_table
    return app
