"""Who a request is at a table: the seat's and the host's credentials (a header for programs,
a cookie for browsers), and the dependencies and checks every seat route shares."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Header, HTTPException, Request, Response

from gamehall.core.i18n import Text
from gamehall.web.context import context_of
from gamehall.web.hall import Hall, LiveTable, SeatRefused, TableNotFound

TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a table id can look like (``new_table_id``): anything else names no table, and is
refused before it reaches the database (PostgreSQL refuses a NUL in a string with an error)."""
CREDENTIAL_DAYS = 30
"""How long a browser keeps a seat's or a host's credential cookie."""


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


def table_of(hall: Hall, table_id: str) -> LiveTable:
    """The table ``table_id`` names (404 if none, an id that cannot exist included)."""
    if not TABLE_ID.fullmatch(table_id):
        raise TableNotFound(f"no table {table_id[:40]!r}")
    return hall.live(table_id)


@dataclass(frozen=True)
class Seated:
    """Who asks at a table: the table, and the seat the request's credential holds (None: a
    spectator, who gave no credential)."""

    live: LiveTable
    seat: int | None


async def seated(
    table_id: str,
    request: Request,
    x_seat_credential: Annotated[str | None, Header(max_length=64)] = None,
) -> Seated:
    """The seat lookup of every seat route: the table, and the seat the request's credential
    holds (the ``x-seat-credential`` header for programs, the seat cookie for browsers);
    with none, a spectator."""
    live = table_of(context_of(request).hall, table_id)
    credential = x_seat_credential or seat_credential(request, table_id)
    return Seated(live, seat_holding(live, credential))


async def acting(request: Request, at: Annotated[Seated, Depends(seated)]) -> Seated:
    """A seat acting: its person is back, if a bot took the seat over meanwhile."""
    if at.seat is not None:
        await context_of(request).hall.come_back(at.live, at.seat)
    return at


Sitting = Annotated[Seated, Depends(seated)]
"""A route parameter: the table and the seat the request holds (:func:`seated`)."""
Acting = Annotated[Seated, Depends(acting)]
"""A route parameter: the table and the seat acting there (:func:`acting`)."""


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


def seat_credential(request: Request, table_id: str) -> str | None:
    """The seat credential this browser holds at a table (its seat cookie), if any."""
    return request.cookies.get(seat_cookie(table_id))


def browser_seat(request: Request, live: LiveTable) -> int | None:
    """The seat this browser's seat cookie holds at the table (:func:`seat_holding`)."""
    return seat_holding(live, seat_credential(request, live.info.id))


async def host_credential(
    table_id: str,
    request: Request,
    x_host_credential: Annotated[str | None, Header(max_length=64)] = None,
) -> str | None:
    """The host's credential a request gives: the ``x-host-credential`` header for programs,
    the host cookie for browsers."""
    return x_host_credential or request.cookies.get(host_cookie(table_id))


Hosting = Annotated[str | None, Depends(host_credential)]
"""A route parameter: the host's credential the request gives (:func:`host_credential`)."""


def as_host(live: LiveTable, credential: str | None, refusal: str) -> None:
    """Refuse (403, the message ``refusal``) unless ``credential`` is the table's host's."""
    if not live.info.is_host(credential):
        raise SeatRefused.of(Text(refusal))
