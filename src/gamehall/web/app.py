"""The FastAPI application of the web hall: the hall and what its routes share (``context``),
the guards (middleware, the CSRF check), the error answers (``errors``) and the routers, one
per concern (``routes``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import Depends, FastAPI
from fastapi.staticfiles import StaticFiles

from gamehall.search.limits import SearchLimits
from gamehall.store.database import open_writer
from gamehall.store.tables import TableStore
from gamehall.web.context import HallContext
from gamehall.web.errors import handle_errors
from gamehall.web.hall import Hall
from gamehall.web.limits import Caps, Rates, SocketCaps
from gamehall.web.refusals import MAX_BODY, BodyLimit
from gamehall.web.routes import again, api, live, lobby, replay, resign, seats, tables
from gamehall.web.security import CrossSite, CsrfGuard
from gamehall.web.views import environment

STATIC = Path(__file__).with_name("static")
ROUTERS = (
    lobby.router,
    again.router,
    tables.router,
    resign.router,
    seats.router,
    replay.router,
    api.router,
    live.router,
)
"""The routes by concern: the lobby and the games' pages, the rematch, a table's pages,
resigning from a page, seat links, replays, the JSON API, the live view."""


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
    caps = caps or Caps()
    context = HallContext(hall, environment(), CsrfGuard(), Rates(caps))
    app = FastAPI(title="gamehall", lifespan=lifespan, dependencies=[Depends(context.csrf.check)])
    app.add_middleware(SocketCaps, caps=caps, rates=context.rates)
    app.add_middleware(BodyLimit, limit=MAX_BODY)
    app.add_middleware(CrossSite, allowed_hosts=allowed_hosts)  # outermost: headers on all
    app.state.context = context
    app.state.hall = hall
    app.state.render_table = context.render_table
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    handle_errors(app)
    for router in ROUTERS:
        app.include_router(router)
    return app
