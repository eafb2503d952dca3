"""What guards the web hall against other sites and against names that lie about themselves.

- :class:`CrossSite`, a middleware: every answer carries a Content-Security-Policy (no inline
  script, no framing), ``Referrer-Policy: no-referrer`` and ``X-Content-Type-Options:
  nosniff``; a Host the hall does not serve is refused; a request that changes something
  (POST, PUT, PATCH, DELETE) or a WebSocket from a page of another site (its Origin or
  Referer names another host) is refused.
- :class:`CsrfGuard`: every state-changing form outside the JSON API carries a token signed
  by the hall and bound to a cookie of the browser (a signed double-submit token); a form
  posted from another site has no such token and is refused (403). The JSON API needs no
  token: it takes ``application/json`` only, which another site's page cannot send without
  the hall's consent, and its Origin is checked.
- :func:`check_text`: the one check of every text a person gives for others to read (the
  seats' names, the chat's lines).
"""

from __future__ import annotations

import hashlib
import hmac
import html
import re
import secrets
import unicodedata
from collections.abc import Iterable
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import HTTPException
from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError
from starlette.datastructures import Headers
from starlette.requests import HTTPConnection, Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import LANGUAGES, Text, catalog

# -- the language of a request ---------------------------------------------------------------


def language_of(connection: HTTPConnection) -> str:
    """The language a request asks for: ``?lang=``, else the ``lang`` cookie, else English."""
    lang = connection.query_params.get("lang") or connection.cookies.get("lang", "en")
    return lang if lang in LANGUAGES else "en"


def say(connection: HTTPConnection, key: str, **params: object) -> str:
    """The message ``key`` in the request's language."""
    return catalog(language_of(connection)).render(Text(key, params))


def refusal_answer(path: str, status: int, message: str) -> Response:
    """A refusal made before the application reads the request: one JSON line for the API;
    for a page, a plain page saying that line (a page never shows JSON)."""
    if path.startswith("/api/"):
        return JSONResponse({"error": message}, status)
    page = (
        '<!doctype html><html><head><meta charset="utf-8"><title>gamehall</title></head>'
        f'<body><main><p class="refusal" role="alert">{html.escape(message)}</p>'
        '<p><a href="/">gamehall</a></p></main></body></html>'
    )
    return HTMLResponse(page, status)


# -- names -----------------------------------------------------------------------------------

NAME_LENGTH = (1, 32)
"""How many characters a name has, after normalising and stripping."""
BIDI_CONTROLS = frozenset({0x061C, *range(0x202A, 0x202F), *range(0x2066, 0x206A)})
"""Bidirectional embeddings, overrides, isolates and the Arabic letter mark: they reorder the
text around a name, so a name could show as another or turn a log line around."""
ZERO_WIDTH = frozenset({*range(0x200B, 0x2010), 0x2060, 0xFEFF})
"""Invisible characters: two names that look the same would differ by them."""


class UnfitText(ValueError):
    """Why a person's text is refused: the message in English, and as ``text`` to render in
    the reader's language."""

    def __init__(self, text: Text) -> None:
        super().__init__(catalog("en").render(text))
        self.text = text


def refused_character(char: str) -> str | None:
    """What makes ``char`` unfit for a name (a ``core.text.*`` key), or None if it is fine."""
    code = ord(char)
    if code in BIDI_CONTROLS:
        return "core.text.bidi"
    if code in ZERO_WIDTH:
        return "core.text.zero_width"
    if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
        return "core.text.control"
    return None


def check_text(text: str, length: tuple[int, int]) -> str:
    """``text`` as a person wrote it for others to read (a name, a chat line):
    Unicode-normalised (NFC) and stripped, of ``length`` (fewest, most) characters, with no
    bidirectional control, zero-width or control character (:class:`UnfitText` naming the
    problem)."""
    kept = unicodedata.normalize("NFC", text).strip()
    for char in kept:
        reason = refused_character(char)
        if reason is not None:
            what = {"what": Text(reason), "code": f"U+{ord(char):04X}"}
            raise UnfitText(Text("core.text.contains", what))
    low, high = length
    if not low <= len(kept) <= high:
        count = {"low": low, "high": high, "count": len(kept)}
        raise UnfitText(Text("core.text.length", count))
    return kept


def check_name(text: str) -> str:
    """``text`` as a name (``check_text``, 1 to 32 characters).

    >>> check_name("  Ame\\u0301lie ")
    'Amélie'
    """
    return check_text(text, NAME_LENGTH)


def _validated_name(text: str) -> str:
    """``check_name`` for pydantic; the empty name stays empty (the hall names the seat)."""
    if text == "":
        return text
    try:
        return check_name(text)
    except ValueError as error:
        raise PydanticCustomError("name", str(error)) from None


PersonName = Annotated[str, Field(max_length=256), AfterValidator(_validated_name)]
"""A name in a request body: empty (the hall names the seat) or a name ``check_name`` keeps."""


class NameRefused(GamehallError):
    """A name typed in a form that does not pass ``check_name`` (422), saying why."""


def form_name(text: str) -> str:
    """The name typed in the lobby's form: checked like ``PersonName``; refused
    (:class:`NameRefused`) saying why, in the page's language."""
    if text == "":
        return text
    try:
        return check_name(text)
    except UnfitText as error:
        raise NameRefused.of(Text("web.form.name", {"reason": error.text})) from None


# -- hosts and origins ----------------------------------------------------------------------

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443"}
HOST = re.compile(r"[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]")
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data", "text/plain")


def split_host(host: str) -> tuple[str, str] | None:
    """``host[:port]`` as (lower-case name, port or ""), or None if it is not a host at all."""
    name, colon, port = host.rpartition(":") if not host.endswith("]") else (host, "", "")
    if not colon:
        name, port = host, ""
    if not HOST.fullmatch(name) or (port and not port.isdigit()):
        return None
    return name.lower(), port


def same_host(url: str, host: str) -> bool:
    """Whether ``url`` (an Origin or a Referer) names the host ``host`` (a Host header)."""
    parts = urlsplit(url)
    ours = split_host(host)
    theirs = split_host(parts.netloc) if parts.scheme in DEFAULT_PORTS else None
    if ours is None or theirs is None:
        return False
    default = DEFAULT_PORTS[parts.scheme]
    return ours[0] == theirs[0] and (ours[1] or default) == (theirs[1] or default)


def media_type(headers: Headers) -> str:
    """The request's content type, without its parameters."""
    return headers.get("content-type", "").partition(";")[0].strip().lower()


def is_json(headers: Headers) -> bool:
    """Whether the request says its body is JSON (which no page of another site can send
    without the hall's consent)."""
    media = media_type(headers)
    return media == "application/json" or media.endswith("+json")


def foreign_source(headers: Headers, host: str, form: bool) -> str | None:
    """The Origin (or Referer) of a request when it names a site other than ``host``.

    ``Origin: null`` (a form posted under ``Referrer-Policy: no-referrer``, as the hall's own
    pages are) passes for a form only, which the CSRF token guards; it is refused for JSON.
    """
    origin = headers.get("origin")
    if origin == "null":
        return None if form else origin
    source = origin or headers.get("referer")
    if source is None or same_host(source, host):
        return None
    return source[:80]


LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def hosts_served(bind: str) -> list[str] | None:
    """The host names a hall listening on ``bind`` answers to by default: that address (and
    the loopback names on loopback); None (any name) when it listens on every address."""
    if bind in ("", "0.0.0.0", "::"):
        return None
    name = f"[{bind}]" if ":" in bind else bind
    loopback = name in LOOPBACK_NAMES or name.startswith("127.")
    return [name, *LOOPBACK_NAMES] if loopback else [name]


def content_security_policy(host: str) -> str:
    """The policy of every page: the hall's own scripts, styles and images only, no framing;
    sockets to the hall itself (``ws:``/``wss:`` named, for browsers whose ``'self'`` does not
    cover them)."""
    sockets = f" ws://{host} wss://{host}" if split_host(host) else ""
    return (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'self'; object-src 'none'"
    )


class CrossSite:
    """The middleware of hosts, origins and security headers (see the module's docstring).

    ``allowed_hosts``: the names the hall answers to (None: any); a page another site serves
    from a name resolving to the hall (DNS rebinding) is refused by name.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed = None if allowed_hosts is None else {h.lower() for h in allowed_hosts}

    def host_refusal(self, host: str) -> str | None:
        """Why the Host header ``host`` is refused, or None."""
        parts = split_host(host) if host else None
        if parts is None:
            return "web.refused.no_host"
        if self.allowed is not None and "*" not in self.allowed and parts[0] not in self.allowed:
            return "web.refused.host"
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self.socket(scope, receive, send)
        elif scope["type"] == "http":
            await self.http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope)
        host = request.headers.get("host", "")
        policy = [
            (b"content-security-policy", content_security_policy(host).encode()),
            (b"referrer-policy", b"no-referrer"),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
        ]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *policy]
            await send(message)

        refusal = self.host_refusal(host)
        if refusal is not None:
            answer = refusal_answer(request.url.path, 400, say(request, refusal))
            await answer(scope, receive, with_headers)
            return
        if request.method in UNSAFE_METHODS:
            form = not is_json(request.headers)
            source = foreign_source(request.headers, host, form)
            if source is not None:
                message = say(request, "web.refused.origin", origin=source)
                await refusal_answer(request.url.path, 403, message)(scope, receive, with_headers)
                return
        await self.app(scope, receive, with_headers)

    async def socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        connection = HTTPConnection(scope)
        host = connection.headers.get("host", "")
        refusal = self.host_refusal(host)
        origin = connection.headers.get("origin")
        if refusal is None and origin is not None and not same_host(origin, host):
            refusal = "web.refused.socket_origin"
        if refusal is None:
            await self.app(scope, receive, send)
            return
        await receive()  # websocket.connect
        reason = say(connection, refusal, origin=(origin or "")[:40])
        await send({"type": "websocket.close", "code": SOCKET_REFUSED, "reason": reason})


SOCKET_REFUSED = 1008
"""The close code of a socket refused for its Host or Origin (a policy violation)."""


# -- CSRF ------------------------------------------------------------------------------------

CSRF_COOKIE = "csrf"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
COOKIE_VALUE = re.compile(r"[0-9a-f]{32}")


class CsrfGuard:
    """Signed double-submit tokens: the cookie holds a random value, each form the value's
    HMAC under the hall's secret; a form whose token does not sign its cookie is refused.

    The secret lives as long as the process (``secret`` to share it): a form from a page
    shown before a restart is refused, and the page reloaded works again.
    """

    def __init__(self, secret: bytes | None = None) -> None:
        self.secret = secret or secrets.token_bytes(32)

    def sign(self, value: str) -> str:
        """The token of the cookie value ``value``."""
        return hmac.new(self.secret, value.encode(), hashlib.sha256).hexdigest()

    def cookie_of(self, connection: HTTPConnection) -> str | None:
        """The browser's CSRF cookie value, if it has a well-formed one."""
        value = connection.cookies.get(CSRF_COOKIE, "")
        return value if COOKIE_VALUE.fullmatch(value) else None

    def issue(self, connection: HTTPConnection) -> tuple[str, str | None]:
        """The token a page's forms carry, and the cookie value to set (None: the browser
        has it already)."""
        value = self.cookie_of(connection)
        if value is not None:
            return self.sign(value), None
        value = secrets.token_hex(16)
        return self.sign(value), value

    @staticmethod
    def set_cookie(response: Response, value: str | None) -> None:
        """Give the browser its CSRF cookie (when :meth:`issue` made a new one)."""
        if value is not None:
            response.set_cookie(CSRF_COOKIE, value, httponly=True, samesite="strict", path="/")

    async def check(self, connection: HTTPConnection) -> None:
        """The dependency every route runs: a state-changing request outside the JSON API that
        is not JSON (so a form, or anything another site could send) must carry the token of
        its cookie, as a form field or an ``X-CSRF-Token`` header (403 otherwise)."""
        if not isinstance(connection, Request) or connection.method not in UNSAFE_METHODS:
            return
        if connection.url.path.startswith("/api/"):
            return
        if is_json(connection.headers):
            return
        given = connection.headers.get(CSRF_HEADER)
        if given is None and media_type(connection.headers) in FORM_TYPES[:2]:
            field = (await connection.form()).get(CSRF_FIELD)
            given = field if isinstance(field, str) else None
        value = self.cookie_of(connection)
        if value is None:
            raise HTTPException(403, say(connection, "web.refused.csrf_cookie"))
        if given is None or not hmac.compare_digest(given, self.sign(value)):
            raise HTTPException(403, say(connection, "web.refused.csrf_token"))


__all__ = [
    "CrossSite",
    "CsrfGuard",
    "PersonName",
    "check_name",
    "form_name",
    "hosts_served",
    "language_of",
]
