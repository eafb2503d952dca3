"""What is wrong with a field of a form a page sent, in the words a person reads: the field by
its label on the page, the problem in the page's language (the API keeps the field's name and
the validator's own words)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Final

from gamehall.core.i18n import Text, one_line

FIELD_LABELS: Final = {
    "game": "web.lobby.game",
    "players": "web.lobby.players",
    "seat_kinds": "web.lobby.seats",
    "bot_delay": "web.lobby.bot_delay",
    "clock": "web.lobby.clock",
    "clock_unit": "web.lobby.clock_unit",
    "bank": "web.lobby.bank",
    "bank_unit": "web.lobby.bank_unit",
    "physical": "web.lobby.physical",
    "replacement": "web.lobby.replacement",
    "name": "web.lobby.name",
}
"""The label of each field of the hall's forms, as the page shows it."""
KINDS: Final = {
    "int_parsing": "int",
    "int_from_float": "int",
    "float_parsing": "float",
    "finite_number": "float",
    "bool_parsing": "bool",
}
"""The kind of value each parsing error wanted (``core.option.kind.*``)."""
BOUNDS: Final = {
    "less_than_equal": ("core.option.maximum", "le"),
    "greater_than_equal": ("core.option.minimum", "ge"),
    "string_too_long": ("web.form.too_long", "max_length"),
    "too_long": ("web.form.too_many", "max_length"),
}
"""Each bound's error: its message and the bound's name in the error's context."""


def _comparable(value: object) -> bool:
    """Whether ``value`` is a number or text of one that is not NaN (a bound can hold)."""
    try:
        number = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return True  # a length, not a number: the bound is the string's or the list's
    return not math.isnan(number)


def form_problem(error: Mapping[str, Any]) -> Text:
    """The words for one validation error (pydantic's ``type``, ``loc``, ``input``, ``ctx``)
    of a form field."""
    where = [str(part) for part in error.get("loc", ()) if part != "body"]
    key = FIELD_LABELS.get(where[0]) if where else None
    field = Text(key) if key else Text("web.form.a_field")
    kind, context = error.get("type", ""), error.get("ctx") or {}
    if kind in BOUNDS and not _comparable(error.get("input")):
        kind = "finite_number"  # NaN is out of every bound: say it is no number
    if kind == "missing":
        return Text("web.form.missing", {"field": field})
    if kind in KINDS:
        value = one_line(repr(error.get("input")), 40)
        wanted = Text(f"core.option.kind.{KINDS[kind]}")
        return Text("core.option.type", {"option": field, "kind": wanted, "value": value})
    if kind in BOUNDS and BOUNDS[kind][1] in context:
        message, bound = BOUNDS[kind]
        return Text(message, {"option": field, "bound": context[bound]})
    return Text("web.form.unusable", {"field": field})
