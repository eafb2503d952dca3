"""Resigning from a page: the confirmation (for a browser without scripts) and its form."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from gamehall.core.errors import GamehallError
from gamehall.web.context import TheHall, page, rate
from gamehall.web.credentials import browser_seat, table_of
from gamehall.web.hall import Hall, LiveTable, SeatRefused
from gamehall.web.refusals import REDIRECT, page_refusals, said_on_page, status_of
from gamehall.web.security import language_of

RESIGN_REFUSALS = said_on_page(
    "A resignation refused: a page naming why, in one line (a spectator, the game over, the"
    " seat resigned already, a game that cannot be resigned, a form without its token)."
)
"""The refusals of the resignation pages, whose person reads a page."""

router = APIRouter()


def resign_page(
    hall: Hall,
    request: Request,
    live: LiveTable,
    seat: int | None,
    refused: GamehallError | None,
) -> HTMLResponse:
    """The confirmation page of a resignation (what follows, and the form that resigns),
    or the one line refusing it with its status."""
    lang = language_of(request)
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


@router.get(
    "/t/{table_id}/resign/confirm",
    response_class=HTMLResponse,
    responses={**page_refusals(404), **RESIGN_REFUSALS},
)
async def resign_confirmation(table_id: str, request: Request, hall: TheHall) -> HTMLResponse:
    """The confirmation of a resignation, for a browser without scripts (where scripts
    run, the table page's button opens it as a dialog): what follows, and the form that
    resigns; a seat that may not resign gets the line saying why."""
    live = table_of(hall, table_id)
    try:
        seat = browser_seat(request, live)
    except SeatRefused as refused:
        return resign_page(hall, request, live, None, refused)
    return resign_page(hall, request, live, seat, hall.resign_refusal(live, seat))


@router.post(
    "/t/{table_id}/resign",
    response_class=HTMLResponse,
    dependencies=[Depends(rate("actions"))],
    responses={
        **REDIRECT,
        **page_refusals(400, 404, 413, 429),
        **RESIGN_REFUSALS,
    },
)
async def resign_by_form(
    table_id: str, request: Request, seat: Annotated[int, Form(ge=0, le=9)], hall: TheHall
) -> Response:
    """Resign the seat this browser holds (the seat cookie; the form, with its CSRF token,
    names the seat as a check): back to the seat's page, which shows what followed; a
    refusal is a page naming why. Final: a resignation cannot be undone."""
    live, held = table_of(hall, table_id), None
    try:
        held = browser_seat(request, live)
        await hall.resign(table_id, held, seat)
    except GamehallError as refused:
        return resign_page(hall, request, live, held, refused)
    return RedirectResponse(f"/t/{table_id}/me", 303)
