"""The FastAPI application of the web hall: lobby, tables, seats, actions, live views, replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import FastAPI, Form, Header, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from gamehall.bots import BOT_KINDS
from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    UndoError,
    UnknownGameError,
)
from gamehall.core.game import EVERYTHING
from gamehall.core.i18n import LANGUAGES, catalog
from gamehall.core.registry import games
from gamehall.store.database import open_engine
from gamehall.store.tables import SequenceConflict, TableStore
from gamehall.web.hall import Hall, SeatRequest, TableNotFound
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator

MAX_BODY = 16 * 1024
STATIC = Path(__file__).with_name("static")


ClockSeconds = Annotated[float, Field(ge=5, le=3600)]
"""A table's clock: how long a person may think over one decision before a bot steps in."""


def clock_seconds(text: str) -> float | None:
    """The lobby form's clock field: empty for no clock, else seconds (HTTP 422 if not valid)."""
    if not text.strip():
        return None
    try:
        return TypeAdapter(ClockSeconds).validate_python(text.strip())
    except ValidationError as error:
        raise HTTPException(422, f"clock: {error.errors()[0]['msg']}") from None


class SeatSpec(BaseModel):
    """How to fill one seat: ``me``, ``invite`` or ``bot`` (with its kind)."""

    model_config = ConfigDict(extra="forbid")
    kind: str = Field(pattern="^(me|invite|bot)$")
    bot: str = Field(default="heuristic", max_length=32)
    name: str = Field(default="", max_length=40)


class NewTable(BaseModel):
    """A request to open a table."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=10)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=20)
    seats: list[SeatSpec] = Field(min_length=1, max_length=10)
    bot_delay: float = Field(default=0.6, ge=0, le=10)
    clock: ClockSeconds | None = None
    seed: str | None = Field(default=None, max_length=64, pattern=r"^[\w-]+$")
    physical: bool = False
    """A physical copy (companion mode): people enter every die and card."""
    replacement: str = Field(default="heuristic", max_length=32)
    """The bot kind (strength) that takes over from a person who leaves."""


class Submission(BaseModel):
    """An action for the seat the token opens, at the expected sequence number."""

    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=64)


class ChanceSubmission(BaseModel):
    """Chance outcomes entered at a physical table: a key, a notation, or several at once."""

    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=0)
    entry: str = Field(min_length=1, max_length=200)


class UndoRequest(BaseModel):
    """A request about the table as it stands at ``seq``: an undo, a correction, a hint."""

    model_config = ConfigDict(extra="forbid")
    seq: int = Field(ge=0)


ERROR_STATUS: list[tuple[type[Exception], int]] = [
    (TableNotFound, 404),
    (SequenceConflict, 409),
    (NotYourTurnError, 403),
    (UndoError, 409),
    (IllegalActionError, 422),
    (InvalidActionError, 422),
    (UnknownGameError, 422),
    (OptionError, 422),
    (GamehallError, 422),
]


class BodyLimit:
    """Refuses request bodies over a size (413) before the application reads them."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and not length.isdigit():
            await JSONResponse({"error": "content-length is not a number"}, 400)(
                scope, receive, send
            )
            return
        if length is not None and int(length) > self.limit:
            await self.refuse(scope, receive, send)
            return
        received, refused = 0, False

        async def counted() -> Message:  # a body sent in chunks, with no length announced
            nonlocal received, refused
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit and not refused:
                refused = True
                await self.refuse(scope, receive, send)
                return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if not refused:  # once refused, the application's own answer is dropped
                await send(message)

        await self.app(scope, counted, guarded)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer 413 naming the limit."""
        response = JSONResponse({"error": f"request body over {self.limit} bytes"}, 413)
        await response(scope, receive, send)


def create_app(database_url: str | None = None, leave_grace: float = 60.0) -> FastAPI:
    """The web hall on the database at ``database_url`` (SQLite by default)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall.resume_all()
        yield
        await hall.close()

    hall = Hall(TableStore(open_engine(database_url)), leave_grace=leave_grace)
    templates = environment()
    app = FastAPI(title="gamehall", lifespan=lifespan)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.state.hall = hall
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def language(request: Request) -> str:
        lang = request.query_params.get("lang") or request.cookies.get("lang", "en")
        return lang if lang in LANGUAGES else "en"

    def page(request: Request, template: str, **context: Any) -> HTMLResponse:
        lang = language(request)
        html = templates.get_template(template).render(
            t=translator(lang), lang=lang, languages=LANGUAGES, request=request, **context
        )
        return HTMLResponse(html)

    @app.exception_handler(GamehallError)
    async def gamehall_error(request: Request, error: GamehallError) -> JSONResponse:
        status = next(code for kind, code in ERROR_STATUS if isinstance(error, kind))
        return JSONResponse({"error": error.render(language(request))}, status)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": error.detail}, error.status_code)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        return JSONResponse({"error": f"{where}: {first.get('msg')}".strip(": ")}, 422)

    # -- pages ------------------------------------------------------------------------

    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        return page(
            request,
            "lobby.html",
            games=games(),
            bots=BOT_KINDS,
            open_tables=hall.store.list_tables("playing", 30),
            finished=hall.store.list_tables("finished", 30),
        )

    @app.get("/fragments/tables", response_class=HTMLResponse)
    async def table_lists(request: Request) -> HTMLResponse:
        return page(
            request,
            "table_lists.html",
            open_tables=hall.store.list_tables("playing", 30),
            finished=hall.store.list_tables("finished", 30),
        )

    @app.get("/lang/{code}")
    async def set_language(code: str, request: Request) -> RedirectResponse:
        back = request.headers.get("referer") or "/"
        response = RedirectResponse(back if back.startswith(str(request.base_url)) else "/", 303)
        if code in LANGUAGES:
            response.set_cookie("lang", code, max_age=365 * 86400, samesite="lax")
        return response

    @app.get("/games/{name}", response_class=HTMLResponse)
    async def game_page(name: str, request: Request) -> HTMLResponse:
        game_class = next((g for g in games() if g.name == name), None)
        if game_class is None:
            raise HTTPException(404, f"no game {name!r}")
        game = game_class(game_class.min_players)
        return page(request, "game.html", game=game, view=GAME_VIEWS.get(name))

    @app.post("/tables")
    async def create_from_form(
        request: Request,
        game: Annotated[str, Form(max_length=64)],
        players: Annotated[int, Form(ge=1, le=10)],
        seat_kinds: Annotated[list[str], Form()],
        bot_delay: Annotated[float, Form(ge=0, le=10)] = 0.6,
        clock: Annotated[str, Form(max_length=8)] = "",
        physical: Annotated[bool, Form()] = False,
        replacement: Annotated[str, Form(max_length=32)] = "heuristic",
    ) -> Response:
        seats = [
            SeatRequest(kind.split(":")[0], kind.partition(":")[2] or "heuristic")
            for kind in seat_kinds[:players]
        ]
        form = await request.form()
        options = {
            str(key)[4:]: str(value)
            for key, value in form.items()
            if str(key).startswith("opt:") and value != ""
        }
        info, tokens = hall.create_table(
            game,
            players,
            options,
            seats,
            bot_delay,
            clock_seconds(clock),
            physical=physical,
            replacement=replacement,
        )
        links = {seat: f"/t/{info.id}/seat/{token}" for seat, token in tokens.items()}
        mine = [s for s, kind in enumerate(seat_kinds[:players]) if kind == "me"]
        if mine and len(links) == 1:
            return RedirectResponse(links[mine[0]], 303)
        return page(request, "created.html", info=info, links=links, mine=mine)

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def spectate(table_id: str, request: Request) -> HTMLResponse:
        live = hall.live(table_id)
        script = GAME_VIEWS[live.info.game].script
        return page(request, "table.html", info=live.info, seat=None, token="", script=script)

    @app.get("/t/{table_id}/seat/{token}", response_class=HTMLResponse)
    async def seat_page(table_id: str, token: str, request: Request) -> HTMLResponse:
        live = hall.live(table_id)
        seat = live.info.seat_of(token)
        if seat is None:
            raise HTTPException(403, "this seat link is not valid for this table")
        script = GAME_VIEWS[live.info.game].script
        return page(request, "table.html", info=live.info, seat=seat, token=token, script=script)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse)
    async def replay_page(
        table_id: str, request: Request, step: Annotated[int, Query(ge=0)] = -1
    ) -> HTMLResponse:
        live = hall.live(table_id)
        match = live.match
        if not match.is_over():
            raise HTTPException(409, "the replay opens once the game is over")
        last = len(match.actions)
        step = last if step < 0 or step > last else step
        lang = language(request)
        texts = catalog(lang)
        log = []
        for index in range(step):
            for line in match.game.describe(
                match.states[index], match.actions[index], match.states[index + 1], EVERYTHING
            ):
                log.append((index, texts.render(line)))
        view = match.game.view(match.states[step], EVERYTHING)
        return page(
            request,
            "replay.html",
            info=live.info,
            step=step,
            last=last,
            log=log,
            table_html=render_table(
                live,
                {
                    "view": view,
                    "legal": [],
                    "seq": step,
                    "seat": None,
                    "log": [],
                    "over": True,
                    "to_move": None,
                },
                lang,
            ),
        )

    # -- the API ----------------------------------------------------------------------

    @app.post("/api/tables", status_code=201)
    async def create_table(spec: NewTable) -> dict[str, Any]:
        seats = [SeatRequest(s.kind, s.bot, s.name) for s in spec.seats]
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
        )
        hall.start_driver(hall.live(info.id))
        return {
            "id": info.id,
            "spectator": f"/t/{info.id}",
            "seats": [
                {"seat": s, "token": tok, "link": f"/t/{info.id}/seat/{tok}"}
                for s, tok in sorted(tokens.items())
            ],
        }

    @app.get("/api/tables/{table_id}")
    async def table_state(
        table_id: str,
        request: Request,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        live = hall.live(table_id)
        seat = seat_for(live, x_seat_token)
        lang = language(request)
        snapshot = seat_snapshot(live.match, seat, lang, live.logs)
        snapshot["companion"] = hall.companion(live, seat, lang)
        return snapshot

    def person_at(table_id: str, token: str | None, refusal: str) -> tuple[Any, int]:
        """The live table and the seat of ``token``; a spectator is refused (403)."""
        live = hall.live(table_id)
        seat = seat_for(live, token)
        if seat is None:
            raise HTTPException(403, f"a spectator {refusal}")
        return live, seat

    @app.post("/api/tables/{table_id}/actions")
    async def submit(
        table_id: str,
        submission: Submission,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        live = hall.live(table_id)
        seat = seat_for(live, x_seat_token)
        seq = await hall.act(table_id, seat, submission.seq, submission.action)
        return {"seq": seq}

    @app.post("/api/tables/{table_id}/chance")
    async def enter_chance(
        table_id: str,
        submission: ChanceSubmission,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        live = hall.live(table_id)
        seat = seat_for(live, x_seat_token)
        seq = await hall.enter_chance(table_id, seat, submission.seq, submission.entry)
        return {"seq": seq}

    @app.post("/api/tables/{table_id}/correct")
    async def correct(
        table_id: str,
        request_body: UndoRequest,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        _, seat = person_at(table_id, x_seat_token, "cannot correct an entry")
        return {"seq": await hall.correct(table_id, seat, request_body.seq)}

    @app.post("/api/tables/{table_id}/hint")
    async def hint(
        table_id: str,
        request_body: UndoRequest,
        request: Request,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        live, seat = person_at(table_id, x_seat_token, "gets no hint")
        advice = await hall.hint(table_id, seat, request_body.seq)
        texts = catalog(language(request))
        data = advice.to_json()
        data["solo"] = live.match.game.players == 1
        for row, estimate in zip(data["actions"], advice.estimates, strict=True):
            row["label"] = texts.render(estimate.label)
        return data

    @app.post("/api/tables/{table_id}/undo")
    async def undo(
        table_id: str,
        request_body: UndoRequest,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        _, seat = person_at(table_id, x_seat_token, "cannot undo")
        return {"seq": await hall.undo(table_id, seat, request_body.seq)}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        live = hall.live(table_id)
        if not live.match.is_over():
            raise HTTPException(409, "the record is available once the game is over")
        body = json.dumps(hall.record(live).to_json(), indent=1)
        return Response(
            body,
            media_type="application/json",
            headers={"content-disposition": f'attachment; filename="gamehall-{table_id}.json"'},
        )

    def seat_for(live: Any, token: str | None) -> int | None:
        if token is None:
            return None
        seat = live.info.seat_of(token)
        if seat is None:
            raise HTTPException(403, "this seat token is not valid for this table")
        return int(seat)

    def render_table(live: Any, snapshot: dict[str, Any], lang: str) -> str:
        view = GAME_VIEWS[live.info.game]
        t = translator(lang)
        html = templates.get_template(view.table).render(
            t=t, lang=lang, game=live.match.game, info=live.info, **snapshot
        )
        companion = snapshot.get("companion")
        if companion and companion.get("physical"):  # the chance entry, above the table
            entry = templates.get_template("parts/companion.html").render(
                t=t, seq=snapshot["seq"], seat=snapshot["seat"], **companion
            )
            html = entry + html
        return html

    # -- live views -------------------------------------------------------------------

    @app.websocket("/ws/tables/{table_id}")
    async def live_view(websocket: WebSocket, table_id: str) -> None:
        token = websocket.query_params.get("token") or None
        lang = websocket.query_params.get("lang", "en")
        lang = lang if lang in LANGUAGES else "en"
        try:
            live = hall.live(table_id)
        except TableNotFound:
            await websocket.close(code=4404)
            return
        seat = live.info.seat_of(token) if token else None
        if token and seat is None:
            await websocket.close(code=4403)
            return
        await websocket.accept()
        queue = hall.subscribe(live, seat)
        receiver = asyncio.ensure_future(websocket.receive())
        try:
            while True:
                snapshot = seat_snapshot(live.match, seat, lang, live.logs)
                snapshot["companion"] = hall.companion(live, seat, lang)
                html = render_table(live, snapshot, lang)
                await websocket.send_json(
                    {"seq": snapshot["seq"], "html": html, "over": snapshot["over"]}
                )
                getter = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait(
                    {getter, receiver}, return_when=asyncio.FIRST_COMPLETED
                )
                if receiver in done:
                    getter.cancel()
                    if receiver.result().get("type") == "websocket.disconnect":
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
