"""Claiming seat links, for programs that play through the API (benches, tests): a link is
exchanged once for the seat's credential (``POST /api/tables/{id}/claim``), and requests then
send the credential."""

from __future__ import annotations

import re
from typing import Any

import httpx

CREDENTIAL = "x-seat-credential"
CSRF_TOKEN = re.compile(r'name="csrf_token" value="([0-9a-f]+)"')
"""The CSRF token a page's form carries (bound to the cookie the page set)."""


def claim_request(link: str) -> tuple[str, str, dict[str, str]]:
    """For a seat link (``/t/{id}/seat/{token}``, or a full URL): the claim's URL (as full as
    the link), the seat cookie's name, and the claim's body."""
    base, rest = link.split("/t/", 1)
    table, token = rest.split("/seat/")
    return f"{base}/api/tables/{table}/claim", f"seat_{table}", {"token": token}


def claim(client: httpx.Client, link: str) -> dict[str, str]:
    """Claim the seat of ``link`` with ``client``: the headers that act for it. The cookie
    the claim also sets is dropped, so the client stays a spectator when it sends none."""
    url, cookie, body = claim_request(link)
    response = client.post(url, json=body)
    assert response.status_code == 200, response.text
    client.cookies.delete(cookie)
    return {CREDENTIAL: response.json()["credential"]}


async def claim_async(client: httpx.AsyncClient, link: str) -> dict[str, str]:
    """:func:`claim` for an asynchronous client."""
    url, cookie, body = claim_request(link)
    response = await client.post(url, json=body)
    response.raise_for_status()
    client.cookies.delete(cookie)
    return {CREDENTIAL: response.json()["credential"]}


def claim_seats(client: httpx.Client, table: dict[str, Any]) -> dict[int, dict[str, str]]:
    """Claim every seat link of a table the API opened: seat -> its headers."""
    return {seat["seat"]: claim(client, seat["link"]) for seat in table["seats"]}


def credentials(client: httpx.Client, table: dict[str, Any]) -> dict[int, str]:
    """Each person seat's credential at a table the API opened (seat -> credential), its
    links claimed on first use and kept in ``table``."""
    if "credentials" not in table:
        claimed = claim_seats(client, table)
        table["credentials"] = {seat: headers[CREDENTIAL] for seat, headers in claimed.items()}
    found: dict[int, str] = table["credentials"]
    return found


def take_seat(client: httpx.Client, link: str, **options: Any) -> httpx.Response:
    """Open a seat link as a browser does: its page (which claims nothing), then the page's
    form, which takes the seat; the page's answer if it offers no form (a refusal)."""
    page = client.get(link)
    found = CSRF_TOKEN.search(page.text)
    if page.status_code != 200 or found is None:
        return page
    api_claim, _, body = claim_request(link)
    form = {"csrf_token": found.group(1), **body}
    return client.post(api_claim.replace("/api/tables/", "/t/"), data=form, **options)
