"""Seat links: the page a link opens, and the form that claims its seat."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from gamehall.web.context import TheHall, page
from gamehall.web.credentials import keep_credential, seat_cookie, seat_credential, table_of
from gamehall.web.hall import LiveTable, SeatRefused
from gamehall.web.refusals import REDIRECT, REFUSAL_PAGE, page_refusals
from gamehall.web.security import language_of

router = APIRouter()


def seat_refused(request: Request, live: LiveTable, refused: SeatRefused) -> HTMLResponse:
    """The page of a seat link that opens nothing (403), saying why."""
    message = refused.render(language_of(request))
    refusal = page(request, "refused.html", info=live.info, message=message)
    refusal.status_code = 403
    return refusal


@router.get(
    "/t/{table_id}/seat/{token}",
    response_class=HTMLResponse,
    responses={**page_refusals(404, 422), 403: REFUSAL_PAGE},
)
async def seat_link(table_id: str, token: str, request: Request, hall: TheHall) -> Response:
    """A seat link opened: the page that takes the seat (its form posts back here, at once
    where scripts run). Opening claims nothing, so a chat app's link preview cannot burn
    the link; the seat is claimed by the browser that posts."""
    live = table_of(hall, table_id)
    held = seat_credential(request, table_id)
    try:
        seat = hall.claimable(live, token, held)
    except SeatRefused as refused:
        return seat_refused(request, live, refused)
    if held is not None and live.info.seat_claimed_by(held) == seat:
        return RedirectResponse(f"/t/{table_id}/me", 303)  # this browser's own seat
    return page(request, "claim.html", info=live.info, seat=seat, token=token)


@router.post(
    "/t/{table_id}/claim",
    response_class=HTMLResponse,
    responses={**REDIRECT, **page_refusals(404, 422), 403: REFUSAL_PAGE},
)
async def claim_seat(
    table_id: str, request: Request, token: Annotated[str, Form(max_length=64)], hall: TheHall
) -> Response:
    """Claim the seat of a link's ``token`` (the form of the link's page): the first
    browser to post it gets the seat's credential (a cookie) and goes to its seat page, so
    the link leaves the address bar; after that the link opens nothing."""
    live = table_of(hall, table_id)
    try:
        _, credential = hall.claim(live, token, seat_credential(request, table_id))
    except SeatRefused as refused:
        return seat_refused(request, live, refused)
    response = RedirectResponse(f"/t/{table_id}/me", 303)
    keep_credential(response, request, seat_cookie(table_id), credential)
    return response
