"""Play again: the rematch page of a finished table, and the form opening the new table."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, Response

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text, catalog
from gamehall.core.registry import find_game
from gamehall.store.tables import new_token
from gamehall.web.context import TheHall, page, rate
from gamehall.web.credentials import as_host, browser_seat, host_cookie, table_of
from gamehall.web.hall import LiveTable, NotOverYet, SeatRequest
from gamehall.web.refusals import REDIRECT, page_refusals, said_on_page, status_of
from gamehall.web.routes.lobby import opened
from gamehall.web.security import language_of

AGAIN_REFUSALS = said_on_page(
    "A rematch refused: a page naming why, in one line (the game is not over, the browser"
    " holds no seat of the table and is not its host, a table that cannot be opened again, a"
    " form without its token)."
)
"""The refusals of the rematch pages."""

router = APIRouter()


def rematch(live: LiveTable, request: Request) -> tuple[int | None, list[SeatRequest]]:
    """Who asks for a rematch (their seat, None for the host without one) and the seats of
    the new table: the asker's own, the other people's as invite links, the same bots.
    Refused unless the game is over and the browser holds a seat or is the host."""
    if live.match.to_move() is not None:
        raise NotOverYet.of(Text("web.again.not_over"))
    seat = browser_seat(request, live)
    if seat is None:
        as_host(live, request.cookies.get(host_cookie(live.info.id)), "web.again.not_yours")
    seats = [
        SeatRequest("me", name=s.name)
        if s.seat == seat
        else SeatRequest("bot", s.bot)
        if s.bot is not None and not s.replaced
        else SeatRequest("invite", name=s.name)
        for s in live.info.seats
    ]
    return seat, seats


def rematch_options(live: LiveTable) -> tuple[dict[str, object], Text | None]:
    """The new table's options (the finished one's that a browser may set, as the game
    changes them for a rematch) and the sentence saying what changes."""
    remote = {spec.name for spec in find_game(live.info.game).option_specs if spec.remote}
    options = {k: v for k, v in live.info.options.items() if k in remote and v is not None}
    return live.match.game.rematch(options, live.match.state)


def again_refused(request: Request, live: LiveTable, refused: GamehallError) -> HTMLResponse:
    """The rematch page saying, in one line, why this browser may not open one."""
    message = refused.render(language_of(request))
    response = page(request, "again.html", info=live.info, message=message)
    response.status_code = status_of(refused)
    return response


@router.get(
    "/t/{table_id}/again",
    response_class=HTMLResponse,
    responses={**page_refusals(404), **AGAIN_REFUSALS},
)
async def again_page(table_id: str, request: Request, hall: TheHall) -> HTMLResponse:
    """Play again with the same seats: what the new table will be, and the form opening it;
    the line saying why not, if this browser may not."""
    live = table_of(hall, table_id)
    try:
        seat, seats = rematch(live, request)
    except GamehallError as refused:
        return again_refused(request, live, refused)
    title = find_game(live.info.game).title
    _options, change = rematch_options(live)
    changed = catalog(language_of(request)).render(change) if change else None
    return page(
        request,
        "again.html",
        info=live.info,
        seat=seat,
        seats=seats,
        title=title,
        change=changed,
    )


@router.post(
    "/t/{table_id}/again/open",
    response_class=HTMLResponse,
    dependencies=[Depends(rate("tables"))],
    responses={
        **REDIRECT,
        **page_refusals(400, 404, 413, 429),
        **AGAIN_REFUSALS,
    },
)
async def play_again(table_id: str, request: Request, hall: TheHall) -> Response:
    """Open a new table with the finished one's game, options and seats (``rematch``)."""
    live = table_of(hall, table_id)
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
