"""The lobby and the pages around it: the games, their "How to play" pages, the language, the
lists of tables, and the form opening a table."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Form, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from gamehall.bots import BOT_KINDS
from gamehall.bots.registry import bot_kinds, default_bot
from gamehall.core.errors import UnknownGameError
from gamehall.core.game import Game
from gamehall.core.howto import HowTo, howto, parts
from gamehall.core.i18n import LANGUAGES
from gamehall.core.registry import find_game, games
from gamehall.store.tables import new_token
from gamehall.web.context import TheHall, context_of, page, rate
from gamehall.web.credentials import TABLE_ID, host_cookie, keep_credential, seat_cookie
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.refusals import BODY_REFUSALS, REDIRECT, page_refusals, refusals
from gamehall.web.requests import Posted, bank_seconds, clock_seconds
from gamehall.web.security import form_name, language_of
from gamehall.web.views import GAME_VIEWS

BROWSER_TABLES = 50
"""The most tables of one browser the lobby looks up (its seat cookies beyond are left out)."""

router = APIRouter()


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request) -> HTMLResponse:
    return lobby_page(request)


def lobby_page(
    request: Request, form_error: str | None = None, posted: Posted | None = None
) -> HTMLResponse:
    """The lobby: the games, the form opening a table (filled in as ``posted``, with the
    reason it was refused; each game's menus offer only its bots' strengths), the tables in
    play and the finished ones."""
    hall = context_of(request).hall
    return page(
        request,
        "lobby.html",
        games=games(),
        bots=BOT_KINDS,
        bots_of=bot_kinds,
        default_bot=default_bot,
        form_error=form_error,
        posted=posted or Posted(),
        yours=tables_of_browser(hall, request),
        **listed_tables(hall),
    )


def game_title(name: str) -> str:
    """The title of the game ``name`` (a table of a game this hall no longer knows: as is)."""
    try:
        return find_game(name).title
    except UnknownGameError:
        return name


def listed_tables(hall: Hall) -> dict[str, Any]:
    """The lobby's lists of the tables in play and the finished ones."""
    return {
        "open_tables": hall.store.list_tables("playing", 30),
        "finished": hall.store.list_tables("finished", 30),
        "title_of": game_title,
    }


def tables_of_browser(hall: Hall, request: Request) -> list[dict[str, Any]]:
    """The tables in play where this browser holds a seat (by its seat cookies, at most
    ``BROWSER_TABLES``), those where it is its move first."""
    held = {
        name.removeprefix("seat_"): credential
        for name, credential in request.cookies.items()
        if name.startswith("seat_") and TABLE_ID.fullmatch(name.removeprefix("seat_"))
    }
    found = []
    for stored in hall.store.tables_by_id(sorted(held)[:BROWSER_TABLES]):
        live = hall.tables.get(stored.id)
        info = live.info if live is not None else stored
        seat = info.seat_claimed_by(held[info.id])
        if info.status != "playing" or seat is None:
            continue
        to_move = live.match.to_move() if live is not None else info.to_move
        title = find_game(info.game).title
        found.append({"id": info.id, "title": title, "seat": seat, "your_move": to_move == seat})
    return sorted(found, key=lambda table: (not table["your_move"], table["id"]))


@router.get("/fragments/tables", response_class=HTMLResponse)
async def table_lists(request: Request, hall: TheHall) -> HTMLResponse:
    return page(request, "table_lists.html", **listed_tables(hall))


@router.get("/fragments/yours", response_class=HTMLResponse)
async def your_tables(request: Request, hall: TheHall) -> HTMLResponse:
    """This browser's tables in play, those where it is its move first."""
    return page(request, "your_tables.html", yours=tables_of_browser(hall, request))


@router.get(
    "/lang/{code}",
    status_code=303,
    response_class=RedirectResponse,
    responses={**REDIRECT, **refusals(422)},
)
async def set_language(code: str, request: Request) -> RedirectResponse:
    back = request.headers.get("referer") or "/"
    response = RedirectResponse(back if back.startswith(str(request.base_url)) else "/", 303)
    if code in LANGUAGES:
        response.set_cookie("lang", code, max_age=365 * 86400, samesite="lax")
    return response


def game_named(name: str) -> type[Game[Any]]:
    """The game of the page ``/games/{name}`` (404 if the hall has none)."""
    game_class = next((g for g in games() if g.name == name), None)
    if game_class is None:
        raise HTTPException(404, f"no game {name!r}")
    return game_class


@router.get("/games/{name}", response_class=HTMLResponse, responses=page_refusals(404, 422))
async def game_page(name: str, request: Request) -> HTMLResponse:
    game_class = game_named(name)
    game = game_class(game_class.min_players)
    guides = rule_pages(game_class, language_of(request))
    return page(request, "game.html", game=game, view=GAME_VIEWS.get(name), guides=guides)


def rule_pages(game_class: type[Game[Any]], lang: str) -> list[HowTo]:
    """The "How to play" pages of a game: its own, then its parts' (20 Strong's decks)."""
    found = [howto(game_class, lang), *(howto(game_class, lang, p) for p in parts(game_class))]
    return [guide for guide in found if guide is not None]


@router.get("/games/{name}/rules", response_class=HTMLResponse, responses=page_refusals(404, 422))
@router.get(
    "/games/{name}/rules/{part}", response_class=HTMLResponse, responses=page_refusals(404, 422)
)
async def rules_page(name: str, request: Request, part: str | None = None) -> HTMLResponse:
    game_class = game_named(name)
    if part is not None and part not in parts(game_class):
        raise HTTPException(404, f"{name} has no rules page {part!r}")
    lang = language_of(request)
    guide = howto(game_class, lang, part)
    if guide is None:
        raise HTTPException(404, f"{name} has no rules page")
    others = rule_pages(game_class, lang)
    return page(request, "howto.html", game=game_class, guide=guide, others=others)


@router.post(
    "/tables",
    response_class=HTMLResponse,
    dependencies=[Depends(rate("tables"))],
    responses={**REDIRECT, **page_refusals(*BODY_REFUSALS, 403, 429)},
)
async def create_from_form(
    request: Request,
    hall: TheHall,
    game: Annotated[str, Form(max_length=64)],
    players: Annotated[int, Form(ge=1, le=10)],
    seat_kinds: Annotated[list[str], Form()],
    bot_delay: Annotated[float, Form(ge=0, le=10)] = 0.6,
    clock: Annotated[str, Form(max_length=16)] = "",
    clock_unit: Annotated[str, Form(max_length=8)] = "seconds",
    bank: Annotated[str, Form(max_length=16)] = "",
    bank_unit: Annotated[str, Form(max_length=8)] = "minutes",
    physical: Annotated[bool, Form()] = False,
    replacement: Annotated[str, Form(max_length=32)] = "heuristic",
    name: Annotated[str, Form(max_length=256)] = "",
) -> Response:
    own = form_name(name)  # the creator's own seats
    seats = [
        SeatRequest(
            kind.split(":")[0],
            kind.partition(":")[2] or "heuristic",
            own if kind == "me" else "",
        )
        for kind in seat_kinds[:players]
    ]
    form = await request.form()
    options = {
        str(key)[4:]: str(value)
        for key, value in form.items()
        if str(key).startswith("opt:") and value != ""
    }
    host = new_token()
    info, tokens = hall.create_table(
        game,
        players,
        options,
        seats,
        bot_delay,
        clock_seconds(clock, clock_unit),
        physical=physical,
        bank=bank_seconds(bank, bank_unit),
        replacement=replacement,
        host=host,
    )
    return opened(request, info, tokens, [s for s, r in enumerate(seats) if r.kind == "me"], host)


def opened(
    request: Request, info: Any, tokens: dict[int, str], mine: list[int], host: str
) -> Response:
    """The answer to opening a table (post/redirect/get): this browser claims its first
    own seat at once and holds the host's credential, and goes to that seat's page, else
    to the table's; there its host finds the invite links."""
    hall = context_of(request).hall
    yours, credential = None, None
    if mine:  # the creator's first own seat is claimed by this browser at once
        yours, credential = hall.claim(hall.live(info.id), tokens.pop(mine[0]))
    mine_or_table = f"/t/{info.id}/me" if yours is not None else f"/t/{info.id}"
    response = RedirectResponse(mine_or_table, 303)
    keep_credential(response, request, host_cookie(info.id), host)
    if credential is not None:
        keep_credential(response, request, seat_cookie(info.id), credential)
    return response
