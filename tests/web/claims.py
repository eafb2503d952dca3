"""Claiming seat links in tests: the API's claim (``bench.claims``, shared with the benches),
and a browser context's seat credential."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bench.claims import (
    CREDENTIAL,
    claim,
    claim_async,
    claim_request,
    claim_seats,
    credentials,
    take_seat,
)

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

__all__ = [
    "CREDENTIAL",
    "browser_headers",
    "claim",
    "claim_async",
    "claim_request",
    "claim_seats",
    "credentials",
    "take_seat",
]


def browser_headers(context: BrowserContext, table: str) -> dict[str, str]:
    """The headers that act for the seat a browser context claimed at ``table`` (its cookie,
    which the page's scripts cannot read, but the test can)."""
    cookie = next(c for c in context.cookies() if c.get("name") == f"seat_{table}")
    return {CREDENTIAL: cookie.get("value", "")}
