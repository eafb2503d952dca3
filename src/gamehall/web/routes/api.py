"""The JSON API: opening a table, seats claimed and given new links, the host's cancel, a
table's state and record, chat, hints, resigning, and the steps that move a table on."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from pydantic import BaseModel

from gamehall.bots.registry import default_bot
from gamehall.store.tables import new_token
from gamehall.web.context import Context, TheHall, rate
from gamehall.web.credentials import (
    Acting,
    Hosting,
    Sitting,
    as_host,
    keep_credential,
    person,
    seat_cookie,
    seat_credential,
    table_of,
)
from gamehall.web.hall import Hall, SeatRequest
from gamehall.web.refusals import BODY_REFUSALS, TABLE_REFUSALS, json_body, refusals
from gamehall.web.requests import (
    ChanceSubmission,
    ChatMessage,
    ClaimRequest,
    NewTable,
    ResignRequest,
    Submission,
    UndoRequest,
)
from gamehall.web.routes.tables import cancel_as_host
from gamehall.web.security import language_of

router = APIRouter()


@router.get("/api/health")
async def health(hall: TheHall) -> dict[str, Any]:
    """Liveness and what the hall holds in memory (for monitoring and the soak)."""
    return {"status": "ok", **hall.health()}


@router.post(
    "/api/tables",
    status_code=201,
    dependencies=[Depends(json_body), Depends(rate("tables"))],
    responses=refusals(*BODY_REFUSALS, 415, 429),
)
async def create_table(spec: NewTable, hall: TheHall) -> dict[str, Any]:
    """Open a table: its seat links (each opens its seat once, for whoever claims it
    first) and the host's credential (which may give a seat a new link)."""
    default = default_bot(spec.game)  # for a seat or a stand-in whose strength is not said
    seats = [SeatRequest(s.kind, s.bot or default, s.name) for s in spec.seats]
    host = new_token()
    info, tokens = hall.create_table(
        spec.game,
        spec.players,
        dict(spec.options),
        seats,
        spec.bot_delay,
        spec.clock,
        spec.seed,
        spec.physical,
        spec.replacement or default,
        host=host,
        bank=spec.bank,
    )
    hall.start_driver(hall.live(info.id))
    return {
        "id": info.id,
        "spectator": f"/t/{info.id}",
        "host": host,
        "commitment": info.commitment,
        "seats": [
            {"seat": s, "token": tok, "link": f"/t/{info.id}/seat/{tok}"}
            for s, tok in sorted(tokens.items())
        ],
    }


@router.post(
    "/api/tables/{table_id}/claim",
    dependencies=[Depends(json_body)],
    responses=refusals(*BODY_REFUSALS, 403, 404, 415),
)
async def claim(
    table_id: str, body: ClaimRequest, request: Request, response: Response, hall: TheHall
) -> dict[str, Any]:
    """Exchange a seat link's token for the seat's credential (also set as the cookie);
    the first claim wins, and the link then opens nothing."""
    live = table_of(hall, table_id)
    seat, credential = hall.claim(live, body.token, seat_credential(request, table_id))
    keep_credential(response, request, seat_cookie(table_id), credential)
    return {"seat": seat, "credential": credential}


@router.post("/api/tables/{table_id}/seats/{seat}/reissue", responses=refusals(403, 404, 422))
async def reissue(table_id: str, seat: int, host: Hosting, hall: TheHall) -> dict[str, Any]:
    """The host gives a person's seat a new link: the old link and whoever claimed it
    open the seat no more (a person who lost her browser, a seat passed on)."""
    live = table_of(hall, table_id)
    as_host(live, host, "web.seat.not_host")
    token = hall.reissue(live, seat, host)
    return {"seat": seat, "token": token, "link": f"/t/{table_id}/seat/{token}"}


@router.post("/api/tables/{table_id}/cancel", responses=refusals(403, 404, 409, 410, 422))
async def cancel(table_id: str, host: Hosting, hall: TheHall) -> dict[str, Any]:
    """The host closes a table still waiting for people (a person's seat unclaimed)."""
    live = table_of(hall, table_id)
    cancel_as_host(hall, live, host)
    return {"id": table_id, "status": live.info.status}


@router.post(
    "/api/tables/{table_id}/chat",
    dependencies=[Depends(json_body), Depends(rate("chat"))],
    responses={**TABLE_REFUSALS, **refusals(429)},
)
async def say(body: ChatMessage, at: Sitting, hall: TheHall) -> dict[str, Any]:
    """A seated person says a line in the table's chat: a preset message (by its key) or
    its own words; every page at the table shows it."""
    hall.say(at.live, person(at, "cannot chat"), body.preset, body.words)
    return {"lines": len(at.live.chat)}


@router.get("/api/tables/{table_id}", responses=refusals(403, 404, 422))
async def table_state(request: Request, at: Sitting, context: Context) -> dict[str, Any]:
    return context.seat_view(at.live, at.seat, language_of(request), deal=True)


@dataclass(frozen=True)
class Step:
    """A step that moves a table on, posted to ``/api/tables/{table_id}/{path}``: a body
    with the ``seq`` it was decided at, the seat acting, a hall method; answered with the
    new ``{"seq": ...}``."""

    path: str
    name: str
    """The route's name (its OpenAPI operation id and summary)."""
    body: type[BaseModel]
    take: Callable[[Hall, str, Any, Any], Awaitable[int]]
    """(the hall, the table id, the seat, the body) -> the new seq."""
    spectator: str | None = None
    """What a spectator is refused as (403, "a spectator ..."); None: the hall decides."""


STEPS = (
    Step("actions", "submit", Submission, lambda h, t, s, b: h.act(t, s, b.seq, b.action)),
    Step(
        "chance",
        "enter_chance",
        ChanceSubmission,
        lambda h, t, s, b: h.enter_chance(t, s, b.seq, b.entry),
    ),
    Step(
        "correct",
        "correct",
        UndoRequest,
        lambda h, t, s, b: h.correct(t, s, b.seq),
        "cannot correct an entry",
    ),
    Step("undo", "undo", UndoRequest, lambda h, t, s, b: h.undo(t, s, b.seq), "cannot undo"),
)
"""A move, chance outcomes entered at a physical table, taking the last entry back, an undo."""


def step_route(step: Step) -> Callable[..., Awaitable[dict[str, int]]]:
    """The one handler of every :class:`Step`, for ``step``."""

    async def endpoint(table_id: str, body: BaseModel, at: Acting, hall: TheHall) -> dict[str, int]:
        # No docstring: a route's docstring is its OpenAPI description, and a step has none.
        seat = at.seat if step.spectator is None else person(at, step.spectator)
        return {"seq": await step.take(hall, table_id, seat, body)}

    endpoint.__annotations__["body"] = step.body  # FastAPI reads the body's model from here
    return endpoint


for _step in STEPS:
    router.add_api_route(
        f"/api/tables/{{table_id}}/{_step.path}",
        step_route(_step),
        methods=["POST"],
        name=_step.name,
        dependencies=[Depends(json_body), Depends(rate("actions"))],
        responses={**TABLE_REFUSALS, **refusals(429)},
    )


@router.post(
    "/api/tables/{table_id}/hint",
    dependencies=[Depends(json_body), Depends(rate("hints"))],
    responses={**TABLE_REFUSALS, **refusals(429, 503)},
)
async def hint(
    table_id: str, request_body: UndoRequest, request: Request, at: Acting, hall: TheHall
) -> dict[str, Any]:
    live, seat = at.live, person(at, "gets no hint")
    advice = await hall.hint(table_id, seat, request_body.seq)
    texts = live.match.catalog(language_of(request))
    data = advice.to_json()
    data["solo"] = live.match.game.players == 1
    data["summary"] = texts.render(advice.summary())
    for row, estimate in zip(data["actions"], advice.estimates, strict=True):
        row["label"] = texts.render(estimate.label)
    return data


@router.post(
    "/api/tables/{table_id}/resign",
    dependencies=[Depends(json_body), Depends(rate("actions"))],
    responses={**TABLE_REFUSALS, **refusals(429)},
)
async def resign(
    table_id: str, request_body: ResignRequest, at: Sitting, hall: TheHall
) -> dict[str, int]:
    """Resign the seat the credential holds (``seat`` names it, as a check), at any
    moment: a solo game is lost; in a game of several the seat leaves and the others play
    on (the last one left wins). Final: no undo. Refused with one line: a spectator or
    another seat (403), the game over or the seat resigned already (409), a game that
    cannot be resigned (422)."""
    return {"seq": await hall.resign(table_id, at.seat, request_body.seat)}


@router.get("/api/tables/{table_id}/record", responses=refusals(404, 409, 422))
async def record(table_id: str, hall: TheHall) -> Response:
    live = table_of(hall, table_id)
    if not live.match.is_over():
        raise HTTPException(409, "the record is available once the game is over")
    body = json.dumps(hall.record(live).to_json(), indent=1)
    return Response(
        body,
        media_type="application/json",
        headers={"content-disposition": f'attachment; filename="gamehall-{table_id}.json"'},
    )
