"""The bodies the web hall's API accepts, as strict pydantic models: the wrong JSON type, an
extra field or an out-of-range value is refused (422) before any table is touched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text
from gamehall.web.security import PersonName

MAX_POSTED = 64
"""The most fields of a refused form shown again (the lobby's has fewer than 30)."""


class Posted:
    """The values a refused form was sent with: the page shows the form again as it was
    filled in (no values: every field at its default)."""

    def __init__(self, fields: Sequence[tuple[str, str]] = ()) -> None:
        self.values: dict[str, list[str]] = {}
        for name, value in fields[:MAX_POSTED]:
            self.values.setdefault(name, []).append(value)

    def value(self, name: str, default: object = "") -> object:
        """The text field ``name`` as sent, else ``default``."""
        sent = self.values.get(name)
        return sent[0] if sent else default

    def chosen(self, name: str, value: object, default: bool, index: int = 0) -> bool:
        """Whether the ``index``-th menu named ``name`` was sent with ``value``; ``default``
        if it was not sent (a form not sent, or the fields of another game)."""
        sent = self.values.get(name)
        if sent is None or index >= len(sent):
            return default
        return sent[index] == str(value)

    def ticked(self, name: str) -> bool:
        """Whether the checkbox ``name`` was ticked (a box left unticked is not sent)."""
        return name in self.values


async def posted(request: Request) -> Posted:
    """The form ``request`` was sent with, if it can still be read (else none)."""
    try:
        form = await request.form()
    except Exception:  # a body that is not a form: the form is shown at its defaults
        return Posted()
    return Posted([(key, value) for key, value in form.multi_items() if isinstance(value, str)])


LONGEST_TIME = 14 * 86400.0
"""The most time a clock or a bank may give: two weeks (a table played over days)."""
ClockSeconds = Annotated[float, Field(ge=5, le=LONGEST_TIME)]
"""A table's clock: how long a person may think over one decision before a bot makes that
move for them (5 s to 14 days: a live table or one played over days)."""
BankSeconds = Annotated[float, Field(ge=60, le=LONGEST_TIME)]
"""A table's time bank: each person's thinking time in all beyond the per-move clock."""
UNITS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400}
"""The units the lobby form counts a clock or a bank in, in seconds."""


class FormRefused(GamehallError):
    """A field of the lobby's form that does not pass, named as the form names it (422)."""


def form_seconds(field: str, text: str, unit: str, kind: Any) -> float | None:
    """A time field of the lobby form (``clock`` or ``bank``): empty for none, else a number
    of ``unit``; refused (:class:`FormRefused`) saying what the field takes."""
    if not text.strip():
        return None
    try:
        amount = TypeAdapter(float).validate_python(text.strip())
    except ValidationError:
        raise FormRefused.of(Text(f"web.form.{field}.number", {"text": text[:16]})) from None
    try:
        return float(TypeAdapter(kind).validate_python(amount * UNITS[unit]))
    except (ValidationError, KeyError):
        raise FormRefused.of(Text(f"web.form.{field}.range")) from None


def clock_seconds(text: str, unit: str = "seconds") -> float | None:
    """The lobby form's clock: empty for no clock, else a number of ``unit``."""
    return form_seconds("clock", text, unit, ClockSeconds)


def bank_seconds(text: str, unit: str = "minutes") -> float | None:
    """The lobby form's time bank: empty for none, else a number of ``unit``."""
    return form_seconds("bank", text, unit, BankSeconds)


BotKind = Annotated[str, Field(max_length=32, pattern=r"^[a-z]+(:[0-9]+)?$")]
"""A bot kind as written (``random``, ``heuristic``, ``mcts``, ``mcts:N``): the hall then checks
that the game has it and that it searches within the hall's limits (422 naming the most)."""


class SeatSpec(BaseModel):
    """How to fill one seat: ``me``, ``invite`` or ``bot`` (with its kind)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: str = Field(pattern="^(me|invite|bot)$")
    bot: BotKind | None = None
    """The bot's strength; left out, the game's default (heuristic where it has one)."""
    name: PersonName = ""
    """Shown to everyone: ``check_name`` refuses control characters (a NUL, which PostgreSQL
    cannot store, among them), bidirectional and zero-width ones, and bounds the length."""


class NewTable(BaseModel):
    """A request to open a table (JSON types are strict: ``"2"`` is not a number of players)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=10)
    options: dict[str, str | int | bool] = Field(default_factory=dict, max_length=20)
    seats: list[SeatSpec] = Field(min_length=1, max_length=10)
    bot_delay: float = Field(default=0.6, ge=0, le=10)
    clock: ClockSeconds | None = None
    bank: BankSeconds | None = None
    seed: str | None = Field(default=None, max_length=64, pattern=r"^[\w-]+$")
    physical: bool = False
    """A physical copy (companion mode): people enter every die and card."""
    replacement: BotKind | None = None
    """The bot kind (strength) that takes over from a person who leaves; left out, the
    game's default."""


class ClaimRequest(BaseModel):
    """A seat link's token, to be exchanged for the seat's credential."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=64)


class Submission(BaseModel):
    """An action for the seat the token opens, at the expected sequence number."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seq: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=64)


class ChanceSubmission(BaseModel):
    """Chance outcomes entered at a physical table: a key, a notation, or several at once."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seq: int = Field(ge=0)
    entry: str = Field(min_length=1, max_length=200)


class UndoRequest(BaseModel):
    """A request about the table as it stands at ``seq``: an undo, a correction, a hint."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seq: int = Field(ge=0)


class ChatMessage(BaseModel):
    """A line for the table's chat: a ``preset`` message (by its key) or a person's own
    ``words`` (checked like a name, up to 200 characters); one of the two."""

    model_config = ConfigDict(extra="forbid", strict=True)
    preset: str | None = Field(None, max_length=32)
    words: str | None = Field(None, max_length=512)


class ResignRequest(BaseModel):
    """A resignation: ``seat`` (from 0) names the seat resigning, which must be the one the
    credential holds (a resignation is final: a browser holding another seat than its person
    believes is refused rather than obeyed)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    seat: int = Field(ge=0, le=9)
