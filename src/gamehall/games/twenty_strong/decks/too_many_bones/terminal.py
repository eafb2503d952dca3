"""Too Many Bones's parts of the terminal table: the Gearloc with its backup plan, the Tyrant
and the stacks."""

from __future__ import annotations

from rich.console import RenderableType
from rich.markup import escape
from rich.text import Text as RichText

from gamehall.core.game import JSON
from gamehall.core.i18n import Catalog, Text
from gamehall.games.twenty_strong.terminal import STYLES, colon, effects_line, name_of


def table_parts(view: JSON, catalog: Catalog) -> list[RenderableType]:
    """The Gearloc with its backup plan, the Tyrant and the stacks."""
    t = catalog.render
    table_view = view["table"]
    hero = table_view["hero"]
    side = t(Text("20s.ui.innate_plus" if hero["flipped"] else "20s.ui.innate"))
    slots = " ".join(
        f"[{STYLES[s['colour']]}]{s['die'][1:] + '■' if s['die'] else '□'}[/]"
        for s in table_view["backup"]["slots"]
    )
    options = " | ".join(effects_line(o, catalog) for o in table_view["backup"]["options"])
    innate = effects_line(hero["innate_plus" if hero["flipped"] else "innate"], catalog)
    tyrant = table_view["tyrant"]
    title = f"20s.stack_title.{view['deck']}."
    stacks = "  ·  ".join(
        f"{colon(catalog, t(Text(title + s['name'])))} "
        f"{name_of(s['top'], catalog) if s['top'] else '—'} ({s['count']})"
        for s in view["stacks"]
    )
    backup = t(Text("20s.ui.backup"))
    from_day = t(Text("20s.ui.from_day", {"day": tyrant["min_day"]}))
    power = t(Text("20s.ui.power", {"power": tyrant["power"]}))
    return [
        RichText.from_markup(
            f"[bold]{escape(name_of(hero, catalog))}[/] ({colon(catalog, side)} {escape(innate)})  "
            f"{backup} {colon(catalog, slots)} {escape(options)}\n"
            f"{t(Text('20s.ui.tyrant'))} [bold]{escape(name_of(tyrant, catalog))}[/], "
            f"{from_day}, {power}"
        ),
        RichText(stacks, style="dim"),
    ]
