"""Caps and rates: what one client may ask of the hall, so no one can take it down for the rest.

- Rates per client address (the ``limits`` library, a moving window in memory): tables
  opened, actions (moves, chance entries, corrections, undos), hints, and the messages a
  socket sends; a request over its rate is answered 429 with ``Retry-After``, a socket over
  its rate is closed (1008).
- :class:`SocketCaps`: sockets watching one table, and sockets from one address (1013 beyond).
- :func:`guarded_http`: the HTTP protocol ``gamehall serve`` runs (uvicorn's httptools one):
  a connection whose request head (line and headers) is not complete within
  ``header_timeout`` seconds is closed, and one address holds at most
  ``connections_per_address`` connections at once, so half-open connections cannot lock
  other clients out (uvicorn alone waits for a head forever, and ``limit_concurrency``
  counts the half-open connections too).

Every figure is a :class:`Caps` field, set on ``create_app`` and ``gamehall serve --limit
NAME=VALUE``; the tests and the load benchmarks drive the hall from one address far faster
than people do, and use :data:`GENEROUS` (or their own figures) for the rates they do not test.
"""

from __future__ import annotations

import asyncio
import dataclasses
import math
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from fastapi import HTTPException
from limits import RateLimitItem, parse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.web.security import say


@dataclass(frozen=True)
class Caps:
    """How much one client may ask (rates in the ``limits`` notation, "10/minute")."""

    tables: str = "10/minute"
    """Tables opened, per address (the lobby form and the API together)."""
    actions: str = "20/second"
    """Moves, chance entries, corrections and undos, per address."""
    hints: str = "10/minute"
    """Hints (each a search), per address."""
    chat: str = "12/minute"
    """Chat lines said, per address."""
    socket_messages: str = "10/second"
    """Messages a client sends on its sockets, per address (the socket is closed beyond)."""
    sockets_per_table: int = 200
    sockets_per_address: int = 50
    connections_per_address: int = 100
    """HTTP connections one address holds at once (``gamehall serve``)."""
    header_timeout: float = 10.0
    """Seconds a connection has to send a whole request head (``gamehall serve``)."""

    RATES = ("tables", "actions", "hints", "chat", "socket_messages")

    def __post_init__(self) -> None:
        for name in self.RATES:
            try:
                parse(getattr(self, name))
            except ValueError:
                raise GamehallError(
                    f"limit {name}: {getattr(self, name)!r} is not a rate such as 10/minute"
                ) from None
        counts = ("sockets_per_table", "sockets_per_address", "connections_per_address")
        if any(getattr(self, name) < 1 for name in counts) or self.header_timeout <= 0:
            raise GamehallError("limits: counts and the header timeout must be positive")

    def with_settings(self, settings: Iterable[str]) -> Caps:
        """These caps changed by ``NAME=VALUE`` settings (``gamehall serve --limit``)."""
        fields = {f.name: f for f in dataclasses.fields(self)}
        changes: dict[str, object] = {}
        for setting in settings:
            name, equals, value = setting.partition("=")
            name = name.strip().replace("-", "_")
            if not equals or name not in fields:
                known = ", ".join(fields)
                raise GamehallError(f"limit {setting!r}: expected NAME=VALUE, NAME one of {known}")
            kind = {"int": int, "float": float}.get(str(fields[name].type), str)
            try:
                changes[name] = kind(value.strip())
            except ValueError:
                raise GamehallError(f"limit {name}: {value!r} is not a number") from None
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    def arguments(self) -> list[str]:
        """These caps as ``gamehall serve`` arguments (``--limit NAME=VALUE`` each)."""
        return [
            part
            for field in dataclasses.fields(self)
            for part in ("--limit", f"{field.name}={getattr(self, field.name)}")
        ]


GENEROUS = Caps(
    tables="100000/minute",
    actions="100000/second",
    hints="100000/minute",
    chat="100000/minute",
    socket_messages="100000/second",
    sockets_per_table=10_000,
    sockets_per_address=10_000,
    connections_per_address=10_000,
)
"""Rates no test or benchmark reaches: they drive the hall from one address far faster than
people do (a load test opens 200 tables at once and acts at all of them)."""


def client_address(connection: HTTPConnection | Scope) -> str:
    """The client's address (the key of every per-client rate and cap)."""
    client = connection.client if isinstance(connection, HTTPConnection) else connection["client"]
    return client[0] if client else "unknown"


class Rates:
    """The per-address rates of one hall, counted in memory."""

    def __init__(self, caps: Caps) -> None:
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.items: dict[str, RateLimitItem] = {
            name: parse(getattr(caps, name)) for name in Caps.RATES
        }

    def retry_after(self, kind: str, address: str) -> int | None:
        """Count one ``kind`` request from ``address``: None if it is within the rate, else
        the seconds until it would be."""
        item = self.items[kind]
        if self.limiter.hit(item, kind, address):
            return None
        reset = self.limiter.get_window_stats(item, kind, address).reset_time
        return max(1, math.ceil(reset - time.time()))

    def check(self, kind: str, connection: HTTPConnection) -> None:
        """Count one ``kind`` request of ``connection``; refused over the rate (429, with
        Retry-After; ``context.rate`` makes it a route dependency)."""
        wait = self.retry_after(kind, client_address(connection))
        if wait is not None:
            what = Text(f"web.rate.{kind}")
            message = say(connection, "web.refused.rate", what=what, seconds=wait)
            raise HTTPException(429, message, headers={"Retry-After": str(wait)})


SOCKET_BUSY = 1013
"""The close code of a socket refused for a cap (Try Again Later)."""
SOCKET_FLOOD = 1008
"""The close code of a socket that sent messages over its rate (a policy violation)."""
TABLE_SOCKETS = "/ws/tables/"


class SocketCaps:
    """The middleware of sockets: how many watch one table, how many come from one address,
    and how fast each client sends."""

    def __init__(self, app: ASGIApp, caps: Caps, rates: Rates) -> None:
        self.app = app
        self.caps = caps
        self.rates = rates
        self.per_table: Counter[str] = Counter()
        self.per_address: Counter[str] = Counter()

    def refusal(self, table: str, address: str) -> str | None:
        """Why one more socket on ``table`` from ``address`` is refused, or None."""
        if self.per_table[table] >= self.caps.sockets_per_table:
            return "web.refused.table_sockets"
        if self.per_address[address] >= self.caps.sockets_per_address:
            return "web.refused.address_sockets"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket" or not scope["path"].startswith(TABLE_SOCKETS):
            await self.app(scope, receive, send)
            return
        table, address = scope["path"][len(TABLE_SOCKETS) :][:64], client_address(scope)
        refusal = self.refusal(table, address)
        if refusal is not None:
            await receive()  # websocket.connect
            reason = say(HTTPConnection(scope), refusal)
            await send({"type": "websocket.close", "code": SOCKET_BUSY, "reason": reason})
            return
        self.per_table[table] += 1
        self.per_address[address] += 1
        try:
            await self.watched(scope, receive, send, address)
        finally:
            for counter, key in ((self.per_table, table), (self.per_address, address)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    async def watched(self, scope: Scope, receive: Receive, send: Send, address: str) -> None:
        """Run the socket, closing it (and dropping what the application still sends) once
        its client sends over the rate."""
        closed = False

        async def counted() -> Message:
            nonlocal closed
            message = await receive()
            if message["type"] != "websocket.receive" or closed:
                return message
            if self.rates.retry_after("socket_messages", address) is None:
                return message
            closed = True
            reason = say(HTTPConnection(scope), "web.refused.socket_rate")
            await send({"type": "websocket.close", "code": SOCKET_FLOOD, "reason": reason})
            return {"type": "websocket.disconnect", "code": SOCKET_FLOOD}

        async def guarded(message: Message) -> None:
            if not closed:
                await send(message)

        await self.app(scope, counted, guarded)


def guarded_http(caps: Caps) -> type[HttpToolsProtocol]:
    """uvicorn's httptools protocol with a deadline on every request head and a cap on the
    connections of one address (see the module's docstring); a WebSocket, once upgraded, is
    no longer counted here (:class:`SocketCaps` caps those)."""
    open_per_address: Counter[str] = Counter()

    class GuardedHttp(HttpToolsProtocol):
        head_timer: asyncio.TimerHandle | None = None
        counted: str | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "unknown"
            if open_per_address[address] >= caps.connections_per_address:
                transport.close()
                return
            open_per_address[address] += 1
            self.counted = address
            self.arm_head_timer()

        def arm_head_timer(self) -> None:
            """Close the connection unless a whole request head arrives in time."""
            if self.head_timer is None:
                self.head_timer = self.loop.call_later(caps.header_timeout, self.head_too_slow)

        def disarm_head_timer(self) -> None:
            if self.head_timer is not None:
                self.head_timer.cancel()
                self.head_timer = None

        def head_too_slow(self) -> None:
            self.head_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def uncount(self) -> None:
            if self.counted is not None:
                open_per_address[self.counted] -= 1
                if open_per_address[self.counted] <= 0:
                    del open_per_address[self.counted]
                self.counted = None

        def on_message_begin(self) -> None:  # the first byte of the next request on the line
            super().on_message_begin()
            self.arm_head_timer()

        def on_headers_complete(self) -> None:
            self.disarm_head_timer()
            super().on_headers_complete()

        def handle_websocket_upgrade(self) -> None:
            self.disarm_head_timer()
            self.uncount()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self.disarm_head_timer()
            self.uncount()
            super().connection_lost(exc)

    return GuardedHttp


__all__ = ["GENEROUS", "Caps", "Rates", "SocketCaps", "guarded_http"]
