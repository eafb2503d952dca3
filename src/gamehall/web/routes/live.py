"""A table's live view: the WebSocket that pushes a seat's (or a spectator's) table at every
step, and what it pushes."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from functools import partial

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect

from gamehall.core.i18n import LANGUAGES, Text, catalog
from gamehall.web import chat
from gamehall.web.context import Context, HallContext
from gamehall.web.credentials import seat_cookie, table_of
from gamehall.web.hall import CLOSED, LiveTable, TableClosed, TableNotFound
from gamehall.web.resume import BrokenTable

MAX_MESSAGE = 1024
"""The largest WebSocket message a client may send: the socket only pushes views, and a message
from the client merely asks for a fresh one (a bigger one closes the socket with 1009)."""

router = APIRouter()


def push(context: HallContext, live: LiveTable, seat: int | None, lang: str) -> str:
    """What a socket showing ``seat`` in ``lang`` is sent now (JSON text), rendered once
    per step and shared by every socket showing the same (``LiveTable.push_for``)."""
    snapshot = context.seat_view(live, seat, lang)  # a game's table may say who resigned
    html = context.render_table(live, snapshot, lang)
    pushed = {"seq": snapshot["seq"], "html": html, "over": snapshot["over"]}
    said = chat.shown(list(live.chat), seat, live.match.catalog(lang))
    waiting = [s.seat for s in live.info.seats if s.waiting]
    return json.dumps(
        {
            **pushed,
            "resign": snapshot["resign"],
            "resigned": snapshot["resigned"],
            "chat": said,
            "waiting": waiting,
        }
    )


def stamped(shown: str) -> str:
    """A push (a JSON object, shared by every socket) with the hall's time as it is sent
    (``now``): a page counts a clock down from its deadline on the hall's time, whatever
    its own clock says."""
    return f'{shown[:-1]}, "now": {time.time():.3f}}}'


def close_reason(text: str) -> str:
    """``text`` cut to what a WebSocket close frame carries (123 bytes, whole characters)."""
    return text.encode()[:120].decode(errors="ignore")


def socket_credential(websocket: WebSocket, table_id: str) -> str | None:
    """The seat credential a socket gives: its header, or the cookie from a seat page
    (a spectator page sends the cookie too, but watches as a spectator)."""
    header = websocket.headers.get("x-seat-credential")
    if header or websocket.query_params.get("seat") != "me":
        return header or None
    return websocket.cookies.get(seat_cookie(table_id))


@router.websocket("/ws/tables/{table_id}")
async def live_view(websocket: WebSocket, table_id: str, context: Context) -> None:
    """A table's live view: the seat the credential holds (the ``x-seat-credential``
    header, or from a seat page, ``?seat=me``, the seat cookie), else a spectator's."""
    hall = context.hall
    credential = socket_credential(websocket, table_id)
    lang = websocket.query_params.get("lang", "en")
    lang = lang if lang in LANGUAGES else "en"
    try:
        live = table_of(hall, table_id)
    except TableNotFound:
        await websocket.close(code=4404)
        return
    except (BrokenTable, TableClosed) as error:
        await websocket.close(code=4410, reason=close_reason(error.render(lang)))
        return
    seat = live.info.seat_claimed_by(credential)
    if credential and seat is None:
        await websocket.close(code=4403)
        return
    await websocket.accept()
    queue = await hall.subscribe(live, seat)
    receiver = asyncio.ensure_future(websocket.receive())
    try:
        while True:
            if credential and live.info.seat_claimed_by(credential) != seat:  # a new link
                reason = catalog(lang).render(Text("web.seat.invalid_credential"))
                await websocket.close(4403, close_reason(reason))
                return
            if live.info.status in CLOSED:  # cancelled by its host, or expired
                reason = catalog(lang).render(Text(CLOSED[live.info.status]))
                await websocket.close(4410, close_reason(reason))
                return
            shown = live.push_for(seat, lang, partial(push, context, live, seat, lang))
            await websocket.send_text(stamped(shown))
            getter = asyncio.ensure_future(queue.get())
            done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
            if receiver in done:
                getter.cancel()
                message = receiver.result()
                if message.get("type") == "websocket.disconnect":
                    return
                text, data = message.get("text"), message.get("bytes")
                if len(text.encode() if text is not None else data or b"") > MAX_MESSAGE:
                    await websocket.close(1009, f"message over {MAX_MESSAGE} bytes")
                    return
                receiver = asyncio.ensure_future(websocket.receive())  # a refresh
            while not queue.empty():
                queue.get_nowait()
    except WebSocketDisconnect:
        return
    finally:
        receiver.cancel()
        hall.unsubscribe(live, queue)
        with contextlib.suppress(Exception):
            await websocket.close()
