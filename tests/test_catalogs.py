"""The message catalogs in English and French: the same keys, every message renders, plural
forms come from the language's rules (Babel) rather than "(s)", numbers are written the
language's way."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest

from gamehall.core.i18n import LANGUAGES, Catalog, LocalNumber, Text, catalog

LAZY_PLURALS = re.compile(r"\w\((?:s|e|es|x|e\)s)\)|\b(?:die/dice|ally/allies)\b|\bdé\(s\)")
"""The shortcuts a plural form replaces: "card(s)", "dé(s)", "épuisé(e)s", "die/dice"."""


def fields(template: str) -> set[str]:
    """The parameter names of a ``str.format`` template."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def forms(message: str | dict[str, str]) -> list[str]:
    """Every template of a message: itself, or each of its plural forms."""
    if isinstance(message, str):
        return [message]
    return [text for form, text in message.items() if form != "by"]


def sample_params(message: str | dict[str, str], number: int) -> dict[str, Any]:
    """A value for every parameter of ``message`` (its plural number too): ``number``."""
    names = {name for template in forms(message) for name in fields(template)}
    if isinstance(message, dict):
        names.add(message.get("by", "count"))
    return dict.fromkeys(names, number)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_renders_without_a_lazy_plural(language: str) -> None:
    """Each message renders in each language with 0, 1, 2 and 1,000 for its parameters, and
    no rendering shows "(s)" or "die/dice": a message on a number is a table of plural forms."""
    texts = catalog(language)
    broken, lazy = [], []
    for key, message in texts.messages.items():
        for number in (0, 1, 2, 1000):
            try:
                rendered = texts.render(Text(key, sample_params(message, number)))
            except (KeyError, ValueError, IndexError) as error:
                broken.append(f"{key}: {error!r}")
                continue
            if LAZY_PLURALS.search(rendered):
                lazy.append(f"{key}: {rendered}")
    assert not broken, broken
    assert not lazy, lazy


def test_both_catalogs_have_the_same_keys_and_the_same_parameters() -> None:
    english, french = catalog("en").messages, catalog("fr").messages
    assert english.keys() == french.keys()
    differ = [
        key
        for key in english
        if set().union(*map(fields, forms(english[key])))
        != set().union(*map(fields, forms(french[key])))
    ]
    assert not differ, differ


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_tables_have_the_other_form_and_only_cldr_forms(language: str) -> None:
    for key, message in catalog(language).messages.items():
        if isinstance(message, dict):
            assert "other" in message, key
            assert set(message) <= {"zero", "one", "two", "few", "many", "other", "by"}, key


def test_the_plural_form_follows_each_language() -> None:
    """French counts 0 and 1 as singular, English only 1 (CLDR, by Babel)."""
    ask = Text("bq.action.ask", {"count": 0})
    assert catalog("en").render(ask) == "Ask the armorer for 0 weapons"
    assert catalog("fr").render(ask) == "Demander 0 carte Arme à l'Armurier"
    one = Text("bq.action.ask", {"count": 1})
    assert catalog("en").render(one) == "Ask the armorer for 1 weapon"
    assert (
        catalog("fr")
        .render(Text("bq.action.ask", {"count": 2}))
        .endswith("2 cartes Arme à l'Armurier")
    )


def test_numbers_are_written_the_language_way() -> None:
    french = Catalog("fr", [])
    french.messages["x"] = "{seconds} s, {share:.1f} %, {games}, {delta:+d}"
    params = {"seconds": 0.81, "share": 60.0, "games": 80800, "delta": -2}
    assert french.render(Text("x", params)) == "0,81 s, 60,0 %, 80\u202f800, -2"
    english = Catalog("en", [])
    english.messages["x"] = french.messages["x"]
    assert english.render(Text("x", params)) == "0.81 s, 60.0 %, 80,800, -2"
    assert format(LocalNumber(3, "fr"), "") == "3"
