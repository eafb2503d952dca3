"""The lobby form as a browser sends it: the page's CSRF token, bound to the cookie the page set."""

from __future__ import annotations

import html
import re
from typing import Any

import httpx
from fastapi.testclient import TestClient

from bench.claims import CSRF_TOKEN as TOKEN


def csrf_token(client: TestClient | httpx.Client) -> str:
    """The token the lobby's form carries (the client keeps the cookie the lobby set)."""
    found = TOKEN.search(client.get("/").text)
    assert found is not None, "the lobby's form carries no CSRF token"
    return found.group(1)


def post_lobby_form(
    client: TestClient | httpx.Client, data: dict[str, Any], **options: Any
) -> httpx.Response:
    """POST /tables with ``data`` and the lobby's token, as the browser sends the form."""
    return client.post("/tables", data={**data, "csrf_token": csrf_token(client)}, **options)


FORM_ERROR = re.compile(r'<p class="form-error"[^>]*>(.*?)</p>', re.S)
PAGE_REFUSAL = re.compile(r'<p class="refus(?:al|ed)"[^>]*>(.*?)</p>', re.S)


def form_error(response: httpx.Response) -> str:
    """The reason a form was refused, as the lobby shows it again in the form (a page, never
    JSON); fails if the answer is not that page."""
    assert response.headers["content-type"].startswith("text/html"), response.text
    found = FORM_ERROR.search(response.text)
    assert found is not None, f"no refusal in the form: {response.text[:300]}"
    return html.unescape(found.group(1))


def page_refusal(response: httpx.Response) -> str:
    """The one line a page says a request was refused with (a page, never JSON)."""
    assert response.headers["content-type"].startswith("text/html"), response.text
    found = PAGE_REFUSAL.search(response.text)
    assert found is not None, f"no refusal on the page: {response.text[:300]}"
    return html.unescape(found.group(1))


def refusal(response: httpx.Response) -> str:
    """The one line a refusal says: the JSON ``error`` of the API; a page's line, or the
    lobby form's reason, for a page or a form (whose refusals are pages, never JSON)."""
    if response.request.url.path.startswith("/api/"):
        error = response.json()["error"]
        assert isinstance(error, str), error
        return error
    if FORM_ERROR.search(response.text):
        return form_error(response)
    return page_refusal(response)
