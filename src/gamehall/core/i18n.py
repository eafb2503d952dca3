"""Player-facing text in English and French: message keys with parameters, rendered late.

Rules code returns :class:`Text` values (a key and parameters); interfaces render them in the
player's language with a :class:`Catalog` built from TOML files (``[messages]`` tables mapping
keys to ``str.format`` templates). A parameter may itself be a Text (a card name, say).

A message that depends on a number is a table of CLDR plural forms, chosen by Babel's plural
rules for the language: ``{ one = "{count} card", other = "{count} cards" }`` (the number is
the parameter ``count``, or the one named by ``by``). Numbers are written the language's way
(``0,81`` in French), by Babel too.

A parameter that names a player (``seat``, ``held``, ``entrant``, ``knight``: a seat's number
from 1; ``seats``, ``winners``: several) renders as that player's name: the names a table
gives (:meth:`Catalog.with_names`: a person's chosen name, or the game's "Knight 2"), else as
the message's game names a seat.
So one player has one name in every line, button and heading.
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from babel import Locale
from babel.numbers import format_decimal, get_decimal_symbol, get_group_symbol

LANGUAGES = ("en", "fr")


@dataclass(frozen=True, slots=True)
class Text:
    """A translatable message: a catalog key and its parameters.

    A parameter is a plain value, another Text, or a name in every language
    (``{"en": ..., "fr": ...}``, as card files give them).
    """

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form, parameters included."""
        params = {k: v.to_json() if isinstance(v, Text) else v for k, v in self.params.items()}
        return {"key": self.key, "params": params}


Message = str | dict[str, str]
"""A catalog entry: a template, or a table of plural forms (``one``, ``other``…) and ``by``."""


class LocalNumber:
    """A number that formats itself the way a language writes numbers: Babel's decimal and
    grouping symbols, whatever ``str.format`` spec the template gives (``{amount:+d}``).

    >>> "{n} {p:.2f} {g}".format(n=LocalNumber(0.81, "fr"), p=LocalNumber(1.5, "fr"),
    ...     g=LocalNumber(12000, "en"))
    '0,81 1,50 12,000'
    """

    __slots__ = ("locale", "value")

    def __init__(self, value: float, locale: Locale | str) -> None:
        self.value = value
        self.locale = locale

    def __format__(self, spec: str) -> str:
        if not spec:
            return str(format_decimal(self.value, locale=self.locale))
        plain = format(self.value, spec)
        symbols = {".": get_decimal_symbol(self.locale), ",": get_group_symbol(self.locale)}
        return "".join(symbols.get(c, c) for c in plain)

    def __str__(self) -> str:
        return format(self, "")

    __repr__ = __str__


PLAYER_PARAMS = frozenset({"seat", "held", "entrant", "knight"})
"""Parameters that hold one seat's number (from 1): rendered as the player's name."""
PLAYERS_PARAMS = frozenset({"seats", "winners"})
"""Parameters that hold several seats' numbers: rendered as the players' names."""


class Catalog:
    """Message templates of one language, merged from TOML files."""

    def __init__(self, language: str, files: Iterable[Path]) -> None:
        self.language = language
        self.locale = Locale.parse(language)
        self.messages: dict[str, Message] = {}
        self.names: tuple[Text | str, ...] = ()
        """The players' names, seat by seat (:meth:`with_names`); none: "Seat 2"."""
        for path in files:
            with path.open("rb") as handle:
                data = tomllib.load(handle)
            self.messages.update(data.get("messages", {}))

    def with_names(self, names: Sequence[Text | str]) -> Catalog:
        """This catalog naming the players ``names`` (seat by seat) wherever a message names
        a seat; the messages are shared, not copied."""
        named = copy.copy(self)
        named.names = tuple(names)
        return named

    def player(self, number: int, key: str = "") -> str:
        """The name of the player of seat ``number`` (from 1) in the message ``key``: the
        table's name for it, else as the message's game names a seat (``<game>.player``:
        "Knight 2"), else "Seat 2"."""
        if 0 < number <= len(self.names):
            return self.render(self.names[number - 1])
        label = f"{key.partition('.')[0]}.player"
        return self.render(
            Text(label if label in self.messages else "core.seat", {"number": number})
        )

    def render(self, text: Text | str) -> str:
        """The message in this language; a missing key renders as the key itself."""
        if isinstance(text, str):
            return text
        message = self.messages.get(text.key)
        if message is None:
            return text.key
        template = message if isinstance(message, str) else self.plural(message, text.params)
        params = text.params.items()
        return template.format(**{k: self._named(text.key, k, v) for k, v in params})

    def _named(self, message: str, key: str, value: Any) -> Any:
        """A parameter of ``message`` as it shows: a player by name, else :meth:`_param`."""
        if key in PLAYER_PARAMS and type(value) is int:
            return self.player(value, message)
        if key in PLAYERS_PARAMS and isinstance(value, (list, tuple)):
            return ", ".join(self.player(n, message) if type(n) is int else str(n) for n in value)
        return self._param(value)

    def plural(self, forms: dict[str, str], params: dict[str, Any]) -> str:
        """The form of a plural message that the language's rules pick for its number.

        >>> catalog("fr").plural({"one": "{n} dé", "other": "{n} dés", "by": "n"}, {"n": 0})
        '{n} dé'
        """
        count = params[forms.get("by", "count")]
        form = self.locale.plural_form(abs(count))
        return forms.get(form, forms["other"])

    def number(self, value: float, spec: str = "") -> str:
        """``value`` written in this language (``spec`` as ``format``'s)."""
        return format(LocalNumber(value, self.locale), spec)

    def _param(self, value: Any) -> Any:
        if isinstance(value, Text):
            return self.render(value)
        if isinstance(value, dict):  # a name given in every language, e.g. a card's
            return value.get(self.language, value.get("en", ""))
        if isinstance(value, str):
            return one_line(value)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return LocalNumber(value, self.locale)
        return value


BREAKING = frozenset(map(chr, [*range(32), 127, 0x85, 0x2028, 0x2029]))
"""Control characters and line separators: a message shows them escaped (a no-break space,
printed in percentages, stays as it is)."""


def one_line(value: str, limit: int = 400) -> str:
    """``value`` made safe to show inside a one-line message: control characters escaped
    (text a person typed may hold line breaks) and a very long text cut short.

    >>> one_line("ask\\n1"), one_line("x" * 9, limit=5)
    ('ask\\\\n1', 'xxxx…')
    """
    if any(c in BREAKING for c in value):
        value = "".join(repr(c)[1:-1] if c in BREAKING else c for c in value)
    return value if len(value) <= limit else value[: limit - 1] + "…"


T = TypeVar("T")


def listed(texts: Sequence[T]) -> T | Text:
    """Several names joined the language's way: ``a, b and c``.

    >>> catalog("fr").render(listed(["a", "b", "c"]))
    'a, b et c'
    """
    if len(texts) == 1:
        return texts[0]
    joined: T | Text = texts[0]
    for middle in texts[1:-1]:
        joined = Text("core.list.comma", {"first": joined, "second": middle})
    return Text("core.list.and", {"first": joined, "second": texts[-1]})


def percent_text(chance: float) -> str:
    """A chance as a whole percentage for people, ``"62"``; ``"<1"`` and ``">99"`` keep a
    chance that is neither nil nor sure from reading as one (web tables do the same in
    Jinja).

    >>> [percent_text(p) for p in (0, 0.004, 0.615, 0.996, 1)]
    ['0', '<1', '62', '>99', '100']
    """
    if chance <= 0:
        return "0"
    if chance >= 1:
        return "100"
    whole = int(chance * 100 + 0.5)
    return "<1" if whole < 1 else ">99" if whole > 99 else str(whole)


def locale_files(directory: Path, language: str) -> list[Path]:
    """The catalog files of ``language`` in ``directory`` (``*.{language}.toml``)."""
    return sorted(directory.glob(f"*.{language}.toml"))


def first_known(keys: Iterable[str]) -> str | None:
    """The first of ``keys`` the catalogs have a message for (a specific message before a
    general one), or None.

    >>> first_known(["no.such.key", "core.seat"])
    'core.seat'
    """
    known = catalog("en").messages  # both catalogs have the same keys (tests/test_catalogs.py)
    return next((key for key in keys if key in known), None)


@cache
def catalog(language: str) -> Catalog:
    """The merged catalog of every package of gamehall for ``language``."""
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (languages: {', '.join(LANGUAGES)})")
    root = Path(__file__).resolve().parent.parent
    files = [p for p in sorted(root.rglob(f"*.{language}.toml")) if "locale" in p.parts]
    from gamehall.core.plugin import package_directories  # the games installed beside

    for directory in package_directories():
        files += locale_files(directory / "locale", language)
    return Catalog(language, files)
