"""Words and icons that explain themselves: ``term("heart")`` in a table template draws the
word (or the icon given) as a button whose explanation shows on hover, on focus and on tap,
with no script (pushed HTML runs none): CSS draws it from ``data-tip``, and assistive
technology reads it as the button's description. ``legend()`` lists every term of the game.

A term's words are the messages ``help.<game>[.<deck>].term.<id>.name`` (its name) and
``help.<game>[.<deck>].term.<id>`` (one or two plain sentences), a deck's own first.
"""

from __future__ import annotations

from typing import Any

from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup, escape

from gamehall.core.i18n import catalog, first_known


def prefixes(context: Context) -> list[str]:
    """Where the terms of the table being drawn are: its deck's, then its game's."""
    game = context.get("game")
    name = getattr(game, "name", "")
    view = context.get("view") or {}
    deck = view.get("deck") if isinstance(view, dict) else None
    found = [f"help.{name}.{deck}.term."] if deck else []
    return [*found, f"help.{name}.term."]


def lookup(context: Context, term_id: str) -> str | None:
    """The key of term ``term_id`` for this table, or None if no catalog explains it."""
    return first_known(p + term_id for p in prefixes(context))


@pass_context
def term(context: Context, term_id: str, shown: Any = None) -> Markup:
    """The term as a button that explains itself (``shown``: what to draw instead of its
    name, an icon and a number, say); the plain text if no catalog explains it. The
    explanation is the button's description for assistive technology and is drawn by CSS
    on hover, focus and tap, so it adds nothing to the text around it."""
    t = context["t"]
    key = lookup(context, term_id)
    if key is None:
        return Markup(escape(shown if shown is not None else term_id))
    name, text = t(key + ".name"), t(key)
    label = escape(shown) if shown is not None else escape(name)
    tip = escape(t("core.colon", text=name) + " " + text)
    return Markup(
        f'<span class="term"><button type="button" class="term-button" data-tip="{tip}" '
        f'aria-description="{escape(text)}">{label}</button></span>'
    )


@pass_context
def legend(context: Context) -> Markup:
    """Every term of the table's game (and deck) with its explanation, in a closed box."""
    t = context["t"]
    known = catalog("en").messages
    rows: dict[str, str] = {}
    for prefix in reversed(prefixes(context)):  # a deck's words override the game's
        for key in known:
            if key.startswith(prefix) and not key.endswith(".name"):
                rows[key[len(prefix) :]] = key
    items = "".join(
        f"<dt>{escape(t(key + '.name'))}</dt><dd>{escape(t(key))}</dd>"
        for _, key in sorted(rows.items(), key=lambda row: t(row[1] + ".name").casefold())
    )
    title = escape(t("web.legend"))
    return Markup(f'<details class="legend"><summary>{title}</summary><dl>{items}</dl></details>')
