"""The replay of a finished game: its page, step by step, and each step as data."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import HTMLResponse

from gamehall.core.game import EVERYTHING
from gamehall.core.registry import find_game
from gamehall.core.resign import Resign
from gamehall.web.context import Context, HallContext
from gamehall.web.credentials import table_of
from gamehall.web.hall import Hall, LiveTable
from gamehall.web.refusals import page_refusals, refusals
from gamehall.web.replay import script_of
from gamehall.web.security import language_of

router = APIRouter()


def finished(hall: Hall, table_id: str) -> LiveTable:
    """The live table of a finished game (409 while it is played)."""
    live = table_of(hall, table_id)
    if not live.match.is_over():
        raise HTTPException(409, "the replay opens once the game is over")
    return live


def replay_frame(context: HallContext, live: LiveTable, step: int, lang: str) -> dict[str, Any]:
    """What the replay shows at ``step``: the table as it was, everything revealed, the
    log up to it and the chapter it is in."""
    match = live.match
    script = live.replays.get(lang)
    if script is None:
        script = live.replays[lang] = script_of(match, lang)
    view = match.game.view(match.states[step], EVERYTHING)
    outcome = match.game.outcome(match.states[step])
    snapshot = {
        "view": view,
        "legal": [],
        "seq": step,
        "seat": None,
        "log": [],
        "over": True,
        "to_move": None,
        "outcome": None if outcome is None else outcome.to_json(),
        "resign": None,
        "resigned": sorted({a.seat for a in match.actions[:step] if type(a) is Resign}),
    }
    back, on = script.part_jumps(step, len(match.actions))
    return {
        "step": step,
        "last": len(match.actions),
        "back": back,
        "on": on,
        "html": context.render_table(live, snapshot, lang),
        "log": script.log_before(step),
        "chapter": script.chapter_at(step),
        "chapters": script.chapters,
    }


def replay_step(live: LiveTable, step: int | None) -> int:
    last = len(live.match.actions)
    return last if step is None or step > last else step


@router.get(
    "/t/{table_id}/replay", response_class=HTMLResponse, responses=page_refusals(404, 409, 422)
)
async def replay_page(
    table_id: str,
    request: Request,
    context: Context,
    step: Annotated[int | None, Query(ge=0)] = None,
) -> HTMLResponse:
    """A finished game, step by step: a slider, steps and rounds or turns by button or
    key; without scripts, each link loads its step."""
    hall = context.hall
    live = finished(hall, table_id)
    lang = language_of(request)
    frame = replay_frame(context, live, replay_step(live, step), lang)
    return context.page(
        request,
        "replay.html",
        info=live.info,
        title=find_game(live.info.game).title,
        deal=hall.deal_shown(live),
        verdict=hall.deal_verdict(live, lang),
        frame=frame,
    )


@router.get("/t/{table_id}/replay/frames/{step}", responses=refusals(404, 409, 422))
async def replay_frame_data(
    table_id: str, step: Annotated[int, PathParam(ge=0)], request: Request, context: Context
) -> dict[str, Any]:
    """One step of the replay as data (the table's HTML, the log before it, its
    chapter), for the replay page to show without loading a page."""
    live = finished(context.hall, table_id)
    frame = replay_frame(context, live, replay_step(live, step), language_of(request))
    del frame["chapters"]  # the page has them
    return frame
