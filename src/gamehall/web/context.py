"""What the web hall's routes share: the hall, the templates, the CSRF guard and the rates, as
one :class:`HallContext` held on ``app.state.context``; the dependencies that reach it, and
the renderers of pages and tables built on it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse
from jinja2 import Environment
from starlette.requests import HTTPConnection

from gamehall.core.i18n import LANGUAGES, Text
from gamehall.web.hall import Hall, LiveTable
from gamehall.web.limits import Rates
from gamehall.web.security import CsrfGuard, language_of
from gamehall.web.views import seat_snapshot, translator, web_view_of


@dataclass(frozen=True)
class HallContext:
    """One web hall's shared parts: its :class:`Hall`, its Jinja environment, its CSRF guard
    and its per-address rates."""

    hall: Hall
    templates: Environment
    csrf: CsrfGuard
    rates: Rates

    def page(
        self, request: Request, template: str, names: Sequence[Text | str] = (), **context: Any
    ) -> HTMLResponse:
        """A page in the request's language, naming a table's players ``names``; its forms
        carry the browser's CSRF token."""
        lang = language_of(request)
        token, cookie = self.csrf.issue(request)
        html = self.templates.get_template(template).render(
            t=translator(lang, names),
            lang=lang,
            languages=LANGUAGES,
            request=request,
            csrf_token=token,
            **context,
        )
        response = HTMLResponse(html)
        self.csrf.set_cookie(response, cookie)
        return response

    def render_table(self, live: Any, snapshot: dict[str, Any], lang: str) -> str:
        """A table as its page shows it: the game's view of ``snapshot``, under who sits
        there, a bot holding the seat, and a physical table's chance entry."""
        view = web_view_of(live.info.game)
        t = translator(lang, live.match.names())
        template = self.templates.get_template
        html = template(view.table).render(
            t=t, lang=lang, game=live.match.game, info=live.info, **snapshot
        )
        companion = snapshot.get("companion")
        if companion and companion.get("physical"):  # the chance entry, above the table
            entry = template("parts/companion.html").render(
                t=t, seq=snapshot["seq"], seat=snapshot["seat"], **companion
            )
            html = entry + html
        if snapshot.get("held"):  # a bot plays this seat: say who, instead of any button
            html = template("parts/held.html").render(t=t, **snapshot) + html
        if snapshot.get("players"):  # who sits here: names, people and bots, presence
            html = template("parts/players.html").render(t=t, lang=lang, **snapshot) + html
        return html

    def seat_view(
        self, live: LiveTable, seat: int | None, lang: str, deal: bool = False
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) is shown of a table, for the API and the live
        view: its snapshot, chance entries, who sits there, (``deal``) how the deal is
        dealt, and resigning."""
        hall = self.hall
        snapshot = seat_snapshot(live.match, seat, lang, live.logs)
        snapshot["companion"] = hall.companion(live, seat, lang)
        snapshot["players"] = hall.players(live, seat)
        if deal:
            snapshot["deal"] = hall.deal_shown(live)
        snapshot.update(self.resigning(live, seat, lang))
        return snapshot

    def resigning(self, live: LiveTable, seat: int | None, lang: str) -> dict[str, Any]:
        """What a seat's page and pushes say of resigning: ``resign``, what resigning now
        would do (None: this seat may not), and ``resigned``, the seats that did."""
        offer = self.hall.resign_offer(live, seat)
        return {
            "resign": live.match.catalog(lang).render(offer) if offer is not None else None,
            "resigned": sorted(self.hall.resigned(live)),
        }


def context_of(connection: HTTPConnection) -> HallContext:
    """The context of the app serving ``connection``."""
    context: HallContext = connection.app.state.context
    return context


async def shared(connection: HTTPConnection) -> HallContext:
    """The dependency giving a route its app's :class:`HallContext`."""
    return context_of(connection)


async def the_hall(connection: HTTPConnection) -> Hall:
    """The dependency giving a route its app's :class:`Hall`."""
    return context_of(connection).hall


Context = Annotated[HallContext, Depends(shared)]
TheHall = Annotated[Hall, Depends(the_hall)]


def page(
    request: Request, template: str, names: Sequence[Text | str] = (), **context: Any
) -> HTMLResponse:
    """:meth:`HallContext.page` of the app serving ``request``."""
    return context_of(request).page(request, template, names, **context)


def rate(kind: str) -> Callable[[HTTPConnection], Awaitable[None]]:
    """A route dependency refusing a request over the app's ``kind`` rate (429, with
    Retry-After): the rates are the app's own, read when the request comes."""

    async def within_rate(connection: HTTPConnection) -> None:
        context_of(connection).rates.check(kind, connection)

    return within_rate
