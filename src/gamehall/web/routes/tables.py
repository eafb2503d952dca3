"""A table's pages: a spectator's, the seat this browser holds, and the host's Cancel."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from gamehall.core.howto import parts
from gamehall.core.registry import find_game
from gamehall.web import chat
from gamehall.web.context import Context, HallContext, TheHall
from gamehall.web.credentials import as_host, host_cookie, seat_credential, table_of
from gamehall.web.hall import Hall, LiveTable
from gamehall.web.refusals import BODY_REFUSALS, REDIRECT, page_refusals
from gamehall.web.security import language_of
from gamehall.web.views import web_view_of

router = APIRouter()


def table_page(context: HallContext, request: Request, live: LiveTable, me: bool) -> HTMLResponse:
    """A table's page: a spectator's, or (``me``) the seat this browser holds. It holds no
    credential: the socket and the API read the cookie. The host also sees the seats it
    may give a new link."""
    hall, table_id = context.hall, live.info.id
    credential = seat_credential(request, table_id) if me else None
    seat = live.info.seat_claimed_by(credential)
    host_credential = request.cookies.get(host_cookie(table_id))
    host = live.info.is_host(host_credential)
    invites = hall.invitations(live, host_credential) if host and host_credential else {}
    return context.page(
        request,
        "table.html",
        names=live.match.names(),
        info=live.info,
        seat=seat,
        **context.resigning(live, seat, language_of(request)),
        me=me and (seat is not None or credential is None),
        revoked=credential is not None and seat is None,
        host=host,
        invites={s: f"/t/{table_id}/seat/{token}" for s, token in invites.items()},
        cancellable=host and hall.waiting(live),
        reissuable=[s for s in live.info.seats if s.bot is None or s.replaced] if host else [],
        presets=chat.PRESETS,
        script=web_view_of(live.info.game).script,
        title=find_game(live.info.game).title,
        rules=rules_address(live.info.game, live.info.options),
    )


def rules_address(name: str, options: dict[str, Any]) -> str:
    """The "How to play" page of a table: its deck's, if the deck has one."""
    part = options.get("deck")
    return f"/games/{name}/rules" + (f"/{part}" if part in parts(find_game(name)) else "")


@router.get("/t/{table_id}", response_class=HTMLResponse, responses=page_refusals(404, 410, 422))
async def spectate(table_id: str, request: Request, context: Context) -> HTMLResponse:
    return table_page(context, request, table_of(context.hall, table_id), me=False)


@router.get("/t/{table_id}/me", response_class=HTMLResponse, responses=page_refusals(404, 410, 422))
async def my_seat(table_id: str, request: Request, context: Context) -> HTMLResponse:
    """The seat this browser claimed (the cookie may be withheld when the page is reached
    from another site: the socket, opened from this page, carries it)."""
    return table_page(context, request, table_of(context.hall, table_id), me=True)


def cancel_as_host(hall: Hall, live: LiveTable, credential: str | None) -> None:
    """The host closes its table still waiting for people (403 for anyone else)."""
    as_host(live, credential, "web.cancel.not_host")
    hall.cancel(live)


@router.post(
    "/t/{table_id}/cancel",
    response_class=HTMLResponse,
    responses={**REDIRECT, **page_refusals(*BODY_REFUSALS, 403, 404, 409, 410)},
)
async def cancel_by_form(table_id: str, request: Request, hall: TheHall) -> Response:
    """The host's Cancel button: the table closes, and its page says so."""
    live = table_of(hall, table_id)
    cancel_as_host(hall, live, request.cookies.get(host_cookie(table_id)))
    return RedirectResponse(f"/t/{table_id}", 303)
