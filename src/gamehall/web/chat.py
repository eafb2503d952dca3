"""A table's chat: preset messages, said in each reader's language, and people's own words,
checked like names (``check_text``) and bounded in length; the route bounds the rate.

Only a seated person speaks; everyone at the table, spectators included, reads. The chat is
talk beside the game: it is not in the game's record, and no line comes from the engine.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Catalog, Text
from gamehall.store.tables import ChatLine
from gamehall.web.security import UnfitText, check_text

PRESETS = (
    "hello",
    "good_luck",
    "your_move",
    "thinking",
    "back_soon",
    "oops",
    "well_played",
    "thanks",
    "good_game",
)
"""The preset messages, in the order the table offers them (``chat.preset.<key>``)."""
WORDS_LENGTH = (1, 200)
"""How many characters one line of a person's own words has."""
KEPT = 200
"""The lines the store keeps per table (the oldest go first)."""
SHOWN = 50
"""The latest lines every page at the table is sent."""


class ChatRefused(GamehallError):
    """A chat line the hall does not take: an unknown preset, words that do not pass."""


def chat_line(seat: int, preset: str | None, words: str | None) -> ChatLine:
    """The line ``seat`` says: one preset (by its key) or its own words, checked."""
    if (preset is None) == (words is None):
        raise ChatRefused.of(Text("chat.refused.one"))
    if preset is not None and preset not in PRESETS:
        raise ChatRefused.of(Text("chat.refused.preset", {"preset": preset[:32]}))
    if words is not None:
        try:
            words = check_text(words, WORDS_LENGTH)
        except UnfitText as error:
            raise ChatRefused.of(Text("chat.refused.words", {"reason": error.text})) from None
    return ChatLine(seat, preset, words, datetime.now(UTC))


def shown(lines: list[ChatLine], reader: int | None, texts: Catalog) -> list[dict[str, Any]]:
    """The chat as a page shows it to ``reader`` (None: a spectator): who spoke (the name),
    what (a preset in the page's language), when, and whether it was the reader."""
    return [
        {
            "who": texts.render(Text("core.who", {"seat": line.seat + 1})),
            "text": texts.render(Text(f"chat.preset.{line.preset}"))
            if line.preset is not None
            else line.words,
            "preset": line.preset is not None,
            "mine": line.seat == reader,
            "at": line.at.isoformat(timespec="seconds"),
        }
        for line in lines
    ]
