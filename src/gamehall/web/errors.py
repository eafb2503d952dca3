"""How the web hall answers an error: one JSON line for the API, a page saying why for a page,
and for the lobby's form the lobby again, filled in as it was sent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy.exc import DBAPIError
from starlette.exceptions import HTTPException as StarletteHTTPException

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Catalog, Text, catalog
from gamehall.store.database import database_problem
from gamehall.web.context import context_of, page
from gamehall.web.form_problems import form_problem
from gamehall.web.refusals import status_of, unparsable
from gamehall.web.requests import posted
from gamehall.web.resume import BrokenTable
from gamehall.web.routes.lobby import lobby_page
from gamehall.web.security import language_of


def wants_page(request: Request) -> bool:
    """Whether a refusal of ``request`` is a page: its route answers pages (or, matching no
    route, its path is not the API's); the API and the data a page loads get JSON."""
    route = request.scope.get("route")
    if route is None:
        return not request.url.path.startswith(("/api/", "/openapi"))
    answers = getattr(route, "response_class", None)
    answers = getattr(answers, "value", answers)  # FastAPI's placeholder of its default
    return isinstance(answers, type) and issubclass(answers, (HTMLResponse, RedirectResponse))


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


def texts_for(request: Request) -> Catalog:
    """The request's catalog, naming the players of the table it is about (if loaded)."""
    live = context_of(request).hall.tables.get(request.path_params.get("table_id", ""))
    lang = language_of(request)
    return catalog(lang) if live is None else live.match.catalog(lang)


async def gamehall_error(request: Request, error: GamehallError) -> Response:
    return await refuse(request, status_of(error), error.render(texts_for(request)))


async def broken_table(request: Request, error: BrokenTable) -> Response:
    return await refuse(request, 410, error.render(language_of(request)))


async def database_error(request: Request, error: DBAPIError) -> Response:
    text = Text("web.database_unavailable", {"reason": database_problem(error)})
    return await refuse(request, 503, catalog(language_of(request)).render(text))


async def http_error(request: Request, error: StarletteHTTPException) -> Response:
    # The exception's headers are kept: a 405 names the allowed methods (Allow), a 429
    # when to try again (Retry-After).
    detail = unparsable(error.__cause__) if error.status_code == 400 else None
    return await refuse(request, error.status_code, detail or error.detail, error.headers)


async def invalid_request(request: Request, error: RequestValidationError) -> Response:
    errors = error.errors()
    first: dict[str, Any] = errors[0] if errors else {"loc": (), "msg": "invalid request"}
    if first.get("type") == "json_invalid":  # where the JSON breaks, and how
        at = first.get("loc", ("body", 0))[-1]
        reason = first.get("ctx", {}).get("error", "")
        return await refuse(request, 422, f"body: JSON decode error at {at}: {reason}")
    if wants_page(request):  # a person's form: the field by its label, in their language
        return await refuse(request, 422, texts_for(request).render(form_problem(first)))
    where = ".".join(str(p) for p in first.get("loc", ()) if p != "body") or "body"
    return await refuse(request, 422, f"{where}: {first.get('msg')}")


HANDLERS: dict[type[Exception], Any] = {
    GamehallError: gamehall_error,
    BrokenTable: broken_table,
    DBAPIError: database_error,
    StarletteHTTPException: http_error,
    RequestValidationError: invalid_request,
}
"""Each error the hall answers itself, and its handler."""


def handle_errors(app: FastAPI) -> None:
    """Answer every error of ``app`` as the hall does (:data:`HANDLERS`)."""
    for kind, handler in HANDLERS.items():
        app.add_exception_handler(kind, handler)
