"""The FastAPI application of the web hall: lobby, tables, seats, actions, live views, replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Form, Header, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.websockets import WebSocketDisconnect

from gamehall.bots import BOT_KINDS
from gamehall.core.errors import (
    GamehallError,
)
from gamehall.core.game import EVERYTHING
from gamehall.core.i18n import LANGUAGES, catalog
from gamehall.core.registry import games
from gamehall.store.database import open_engine
from gamehall.store.tables import TableStore
from gamehall.web.hall import Hall, LiveTable, SeatRequest, TableNotFound
from gamehall.web.refusals import (
    BODY_REFUSALS,
    ERROR_STATUS,
    MAX_BODY,
    REDIRECT,
    TABLE_REFUSALS,
    BodyLimit,
    json_body,
    refusals,
    unparsable,
)
from gamehall.web.requests import (
    ChanceSubmission,
    NewTable,
    Submission,
    UndoRequest,
    clock_seconds,
)
from gamehall.web.views import GAME_VIEWS, environment, seat_snapshot, translator

MAX_MESSAGE = 1024
"""The largest WebSocket message a client may send: the socket only pushes views, and a message
from the client merely asks for a fresh one (a bigger one closes the socket with 1009)."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (``new_table_id``): anything else names no table, and is
refused before it reaches the database (PostgreSQL refuses a NUL in a string with an error)."""
STATIC = Path(__file__).with_name("static")


def create_app(database_url: str | None = None, leave_grace: float = 60.0) -> FastAPI:
    """The web hall on the database at ``database_url`` (SQLite by default)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall.resume_all()
        hall.start_sweeper()
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
        # The exception's headers are kept: a 405 names the allowed methods (Allow).
        detail = unparsable(error.__cause__) if error.status_code == 400 else None
        return JSONResponse(
            {"error": detail or error.detail}, error.status_code, headers=error.headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        errors = error.errors()
        first: dict[str, Any] = errors[0] if errors else {"loc": (), "msg": "invalid request"}
        if first.get("type") == "json_invalid":  # where the JSON breaks, and how
            at = first.get("loc", ("body", 0))[-1]
            reason = first.get("ctx", {}).get("error", "")
            return JSONResponse({"error": f"body: JSON decode error at {at}: {reason}"}, 422)
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
        return JSONResponse({"error": f"{where}: {first.get('msg')}"}, 422)

    def live_table(table_id: str) -> LiveTable:
        """The table ``table_id`` names (404 if none, an id that cannot exist included)."""
        if not TABLE_ID.fullmatch(table_id):
            raise TableNotFound(f"no table {table_id[:40]!r}")
        return hall.live(table_id)

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

    @app.get("/games/{name}", response_class=HTMLResponse, responses=refusals(404, 422))
    async def game_page(name: str, request: Request) -> HTMLResponse:
        game_class = next((g for g in games() if g.name == name), None)
        if game_class is None:
            raise HTTPException(404, f"no game {name!r}")
        game = game_class(game_class.min_players)
        return page(request, "game.html", game=game, view=GAME_VIEWS.get(name))

    @app.post(
        "/tables", response_class=HTMLResponse, responses={**REDIRECT, **refusals(*BODY_REFUSALS)}
    )
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

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        """Liveness and what the hall holds in memory (for monitoring and the soak)."""
        return {"status": "ok", **hall.health()}

    @app.get("/t/{table_id}", response_class=HTMLResponse, responses=refusals(404, 422))
    async def spectate(table_id: str, request: Request) -> HTMLResponse:
        live = live_table(table_id)
        script = GAME_VIEWS[live.info.game].script
        return page(request, "table.html", info=live.info, seat=None, token="", script=script)

    @app.get(
        "/t/{table_id}/seat/{token}", response_class=HTMLResponse, responses=refusals(403, 404, 422)
    )
    async def seat_page(table_id: str, token: str, request: Request) -> HTMLResponse:
        live = live_table(table_id)
        seat = live.info.seat_of(token)
        if seat is None:
            raise HTTPException(403, "this seat link is not valid for this table")
        script = GAME_VIEWS[live.info.game].script
        return page(request, "table.html", info=live.info, seat=seat, token=token, script=script)

    @app.get("/t/{table_id}/replay", response_class=HTMLResponse, responses=refusals(404, 409, 422))
    async def replay_page(
        table_id: str, request: Request, step: Annotated[int | None, Query(ge=0)] = None
    ) -> HTMLResponse:
        live = live_table(table_id)
        match = live.match
        if not match.is_over():
            raise HTTPException(409, "the replay opens once the game is over")
        last = len(match.actions)
        step = last if step is None or step > last else step
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

    @app.post(
        "/api/tables",
        status_code=201,
        dependencies=[Depends(json_body)],
        responses=refusals(*BODY_REFUSALS, 415),
    )
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

    @app.get("/api/tables/{table_id}", responses=refusals(403, 404, 422))
    async def table_state(
        table_id: str,
        request: Request,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, Any]:
        live = live_table(table_id)
        seat = seat_for(live, x_seat_token)
        lang = language(request)
        snapshot = seat_snapshot(live.match, seat, lang, live.logs)
        snapshot["companion"] = hall.companion(live, seat, lang)
        return snapshot

    def person_at(table_id: str, token: str | None, refusal: str) -> tuple[Any, int]:
        """The live table and the seat of ``token``; a spectator is refused (403)."""
        live = live_table(table_id)
        seat = seat_for(live, token)
        if seat is None:
            raise HTTPException(403, f"a spectator {refusal}")
        return live, seat

    @app.post(
        "/api/tables/{table_id}/actions",
        dependencies=[Depends(json_body)],
        responses=TABLE_REFUSALS,
    )
    async def submit(
        table_id: str,
        submission: Submission,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        live = live_table(table_id)
        seat = seat_for(live, x_seat_token)
        seq = await hall.act(table_id, seat, submission.seq, submission.action)
        return {"seq": seq}

    @app.post(
        "/api/tables/{table_id}/chance",
        dependencies=[Depends(json_body)],
        responses=TABLE_REFUSALS,
    )
    async def enter_chance(
        table_id: str,
        submission: ChanceSubmission,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        live = live_table(table_id)
        seat = seat_for(live, x_seat_token)
        seq = await hall.enter_chance(table_id, seat, submission.seq, submission.entry)
        return {"seq": seq}

    @app.post(
        "/api/tables/{table_id}/correct",
        dependencies=[Depends(json_body)],
        responses=TABLE_REFUSALS,
    )
    async def correct(
        table_id: str,
        request_body: UndoRequest,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        _, seat = person_at(table_id, x_seat_token, "cannot correct an entry")
        return {"seq": await hall.correct(table_id, seat, request_body.seq)}

    @app.post(
        "/api/tables/{table_id}/hint",
        dependencies=[Depends(json_body)],
        responses=TABLE_REFUSALS,
    )
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

    @app.post(
        "/api/tables/{table_id}/undo",
        dependencies=[Depends(json_body)],
        responses=TABLE_REFUSALS,
    )
    async def undo(
        table_id: str,
        request_body: UndoRequest,
        x_seat_token: Annotated[str | None, Header(max_length=64)] = None,
    ) -> dict[str, int]:
        _, seat = person_at(table_id, x_seat_token, "cannot undo")
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
            live = live_table(table_id)
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
