"""How the web hall refuses a request: the 4xx status of each error, one JSON line naming the
problem, the OpenAPI description of those answers, and the guards that refuse a body before
the application reads it (its size, its content type)."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException, Request
from pydantic import BaseModel
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    UndoError,
    UnknownGameError,
)
from gamehall.store.tables import SequenceConflict
from gamehall.web.hall import AlreadyGone, NotOverYet, SeatRefused, TableClosed, TableNotFound
from gamehall.web.security import refusal_answer
from gamehall.web.thinking import HallBusy

MAX_BODY = 16 * 1024
"""The largest request body the hall reads (413 beyond)."""


class ErrorBody(BaseModel):
    """Every refusal: a 4xx status and one line naming the problem."""

    error: str


REFUSALS = {
    400: "The request is malformed: a body that cannot be parsed, a bad content-length.",
    403: (
        "A form without its CSRF token, a request from another site's page, a spectator "
        "acting, a seat link or credential that opens nothing here (claimed, revoked), not "
        "this seat's turn, not the table's host, a resignation for a seat the credential does "
        "not hold."
    ),
    404: "No table (or game) by this name.",
    409: (
        "A stale sequence number (the table has moved on), an undo the rules refuse, or a "
        "resignation too late (the game is over, or the seat has resigned already)."
    ),
    410: (
        "A broken table (its log cannot be replayed: the error names why), or a table closed"
        " before its end (cancelled by its host, or expired waiting for people)."
    ),
    413: f"A request body over {MAX_BODY} bytes.",
    415: "A body that is not JSON (content-type application/json).",
    422: "A request that does not validate, or an action, entry or option the game refuses.",
    429: (
        "Over a rate of this client address (tables opened, actions, hints, chat lines): see"
        " Retry-After."
    ),
    503: "Too many searches wait for the hall's workers already: ask for a hint again later.",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI description of the 4xx answers of a route: JSON shaped as ``ErrorBody``
    for the API (a page's refusal is a page saying why, the lobby's form shown again)."""
    content = {"application/json": {"schema": ErrorBody.model_json_schema()}}
    return {code: {"description": REFUSALS[code], "content": content} for code in codes}


PAGE_CONTENT: dict[str, Any] = {"text/html": {"schema": {"type": "string"}}}
"""The OpenAPI content of an answer that is a page."""


def page_refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI description of the 4xx answers of a page or a form: a page in the
    request's language saying why (the lobby's form shown again with its reason)."""
    return {code: {"description": REFUSALS[code], "content": PAGE_CONTENT} for code in codes}


REFUSAL_PAGE: dict[str, Any] = {
    "description": "A seat link that opens nothing (claimed, or replaced by a new link), or a"
    " form refused (another site's, or without its token).",
    "content": PAGE_CONTENT,
}
"""A refused seat link or form answers a page saying why, for the person who opened it."""


def said_on_page(description: str) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI description of the 403, 409 and 422 of a page that says in one line why
    it is refused (a rematch, a resignation): ``description``."""
    said = {"description": description, "content": PAGE_CONTENT}
    return {code: said for code in (403, 409, 422)}


REDIRECT: dict[int | str, dict[str, Any]] = {303: {"description": "See the page it leads to."}}
BODY_REFUSALS = (400, 413, 422)
"""What any request with a body may get: a malformed or oversized body, or one not valid."""
TABLE_REFUSALS = refusals(*BODY_REFUSALS, 403, 404, 409, 410, 415)
"""The answers of the API routes that act at a table (besides 200)."""


def unparsable(cause: BaseException | None) -> str | None:
    """Why a body could not be parsed (FastAPI answers 400 with the parser's exception as the
    cause), or None if the cause is not a parser's."""
    if isinstance(cause, UnicodeDecodeError):
        return f"body: not UTF-8 (byte {cause.start})"
    if isinstance(cause, RecursionError):
        return "body: JSON nested too deeply"
    if isinstance(cause, ValueError):  # Python refuses to read integers over 4300 digits
        return f"body: cannot be parsed: {str(cause).split(':')[0]}"
    return None


async def json_body(request: Request) -> None:
    """The API routes take JSON: another content type is refused (415), not misread."""
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json" and not media.endswith("+json"):
        given = repr(media) if media else "none"
        raise HTTPException(415, f"content-type must be application/json (given: {given})")


ERROR_STATUS: list[tuple[type[Exception], int]] = [
    (TableNotFound, 404),
    (TableClosed, 410),
    (HallBusy, 503),
    (SeatRefused, 403),
    (SequenceConflict, 409),
    (AlreadyGone, 409),
    (NotOverYet, 409),
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
            answer = refusal_answer(scope["path"], 400, "content-length is not a number")
            await answer(scope, receive, send)
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
        answer = refusal_answer(scope["path"], 413, f"request body over {self.limit} bytes")
        await answer(scope, receive, send)


def status_of(error: GamehallError) -> int:
    """The 4xx status refusing ``error``."""
    return next(code for kind, code in ERROR_STATUS if isinstance(error, kind))
