"""Victorum's parts of the terminal table: the mountain as a pyramid, the scion, influence,
the Training Grounds, tactics and the dealt cards."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON
from gamehall.core.i18n import Catalog, Text
from gamehall.games.twenty_strong.terminal import STYLES, colon, effects_line, name_of

PYRAMID = (("T1", "T2"), ("M1", "M2", "M3"), ("B1", "B2", "B3", "B4"))
"""The rows of Mount Vesuvius, top first (the scion's camp sits above them)."""


def _camp(camp: JSON, catalog: Catalog) -> RichText:
    """A camp: its name (the chip marked), its top card and count, its primus."""
    text = RichText()
    marker = "◉ " if camp["chip"] else ("→ " if camp["move"] else "  ")
    name = catalog.render(Text(f"20s.camp_short.{camp['name']}"))
    text.append(f"{marker}{name}", style="bold reverse" if camp["chip"] else "bold")
    text.append(f" ({camp['size']})\n", style="dim")
    top = camp["top"]
    if top is not None:
        icons = "✦" * top["influence"]
        text.append(f"{name_of(top, catalog)} {icons}\n", style=TYPE_STYLES.get(top["type"], ""))
        if top["type"] != "opportunity":
            text.append(f"♥{top['health']} ⚔{top['damage']}\n", style="dim")
    if camp["primus"]:
        primus = camp["primus"]
        text.append(f"♛ {name_of(primus, catalog)} ♥{primus['health']} ⚔{primus['damage']}", "bold")
    return text


TYPE_STYLES = {"bloodshed": "red", "sport": "cyan", "opportunity": "green"}


def table_parts(view: JSON, catalog: Catalog) -> list[RenderableType]:
    """The mountain as a pyramid, the scion, influence, Training Grounds and tactics."""
    t = catalog.render
    table_view = view["table"]
    camps = {c["name"]: c for c in table_view["camps"]}
    scion = table_view["scion"]
    mountain = Table.grid(padding=(0, 2))
    scion_text = RichText()
    chip = "◉ " if table_view["chip"] == "scion" else "  "
    scion_text.append(f"{chip}{name_of(scion, catalog)}", style="bold magenta")
    spectate = colon(catalog, t(Text("20s.ui.spectate")))
    scion_text.append(f"  ({spectate} {effects_line(scion['spectate'], catalog)})")
    rows: list[RenderableType] = [scion_text]
    for indent, row in zip((26, 13, 0), PYRAMID, strict=True):
        line = Table.grid(padding=(0, 1))
        cells = [Panel(_camp(camps[name], catalog), width=25) for name in row]
        line.add_row(" " * indent, *cells)
        rows.append(line)
    mountain.add_row(Group(*rows))
    parts: list[RenderableType] = [Panel(mountain, title=t(Text("20s.ui.camps")), expand=False)]
    training = "  ".join(
        f"[{STYLES[colour]}]{t(Text('20s.colour.' + colour))} ×{count}[/]"
        for colour, count in table_view["training"].items()
        if count
    )
    influence = table_view["influence"]
    tactics = ", ".join(name_of(c, catalog) for c in table_view["tactics"])
    hero = table_view["hero"]
    innate = effects_line(hero["innate"], catalog) if hero else ""
    lines = [
        f"{colon(catalog, f'[bold]{name_of(hero, catalog)}[/]')} {innate}" if hero else "",
        f"{colon(catalog, t(Text('20s.ui.training')))} {training or '-'}",
        f"{t(Text('20s.ui.influence', {'value': influence['value']}))} "
        f"({len(influence['cards'])}) · {t(Text('20s.ui.power', {'power': scion['power']}))}",
        f"{colon(catalog, t(Text('20s.ui.tactics')))} {tactics or '-'}",
        t(Text("20s.ui.primuses_left", {"count": table_view["primuses_left"]})),
    ]
    parts.append(RichText.from_markup("\n".join(line for line in lines if line)))
    for card in table_view["dealt"]:
        primus = card["primus"]
        parts.append(
            RichText(
                f"{colon(catalog, t(Text('20s.ui.dealt')))} {name_of(card, catalog)} "
                f"♥{card['health']} ♜{card['strategy']} ↺{card['recovery']} · "
                f"{t(Text('20s.ui.primus'))} ♥{primus['health']} ⚔{primus['damage']}, "
                f"{colon(catalog, t(Text('20s.ui.bane')))} {effects_line(primus['bane'], catalog)}"
            )
        )
    return parts
