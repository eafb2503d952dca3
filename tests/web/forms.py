"""The lobby form as a browser sends it: the page's CSRF token, bound to the cookie the page set."""

from __future__ import annotations

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
