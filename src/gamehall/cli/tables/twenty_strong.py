"""The 20 Strong table in the terminal: the dice by zone, the active cards, the hero's side."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog, Text
from gamehall.games.twenty_strong.view import effect_text

STYLES = {"yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta", "red": "red"}
FACES = {"unrolled": "·", "miss": "○", "hit": "●", "crit": "✸"}
ZONE_ORDER = ("pool", "committed", "on_card", "backup", "lock", "exhausted", "banished")


def _die(die: JSON) -> RichText:
    style = f"bold {STYLES[die['colour']]}"
    return RichText(f"{die['die']}{FACES[die['face']]}", style=style)


def _effects(effects: list[JSON], catalog: Catalog) -> str:
    return "; ".join(catalog.render(effect_text(e)) for e in effects)


def _name(data: JSON, catalog: Catalog) -> str:
    return str(data["name"].get(catalog.language, data["name"]["en"]))


def render_twenty_strong(game: Game[Any], view: JSON, catalog: Catalog) -> RenderableType:
    """The whole table as the player sees it."""
    t = catalog.render
    table_view = view["table"]
    stats = view["stats"]
    header = RichText()
    if "day" in table_view:
        header.append(f"Day {table_view['day']}  ", style="bold")
        header.append(f"rank {table_view['rank']}  ", style="dim")
    header.append(f"{t(Text('20s.stat.health'))} {stats['health']}  ", style="bold red")
    header.append(f"{t(Text('20s.stat.strategy'))} {stats['strategy']}  ", style="bold cyan")
    header.append(f"{t(Text('20s.stat.recovery'))} {stats['recovery']}", style="bold green")
    header.append(f"   phase: {view['phase']}", style="dim")
    parts: list[RenderableType] = [header]

    dice = Table.grid(padding=(0, 1))
    for zone in ZONE_ORDER:
        shown = [d for d in view["dice"] if d["zone"] == zone]
        if shown:
            row = RichText()
            for die in shown:
                row.append_text(_die(die))
                row.append(" ")
            dice.add_row(RichText(t(Text(f"20s.zone.{zone}")), style="dim"), row)
    parts.append(Panel(dice, title="dice", expand=False))

    if view["active"]:
        cards = Table("#", "card", "health", "dmg", "effects", "dice", expand=False)
        for card in view["active"]:
            style = "dim strike" if card["defeated"] else "bold"
            effects = [*card["during"], *card["after"], *card["special"]]
            cards.add_row(
                str(card["position"]),
                RichText(_name(card, catalog), style=style),
                f"{card['taken']}/{card['health']}",
                str(card["damage"]),
                _effects(effects, catalog),
                " ".join(card["dice"]),
            )
        parts.append(cards)

    if view["inventory"]:
        items = Table("#", "item", "effect", expand=False)
        for item in view["inventory"]:
            info = item["item"]
            label = (
                "locked" if item["locked"] else (_effects(info["effects"], catalog) if info else "")
            )
            name = _name(info, catalog) if info and not item["locked"] else _name(item, catalog)
            items.add_row(str(item["position"]), name, label)
        parts.append(items)

    if "hero" in table_view:
        hero = table_view["hero"]
        side = "innate +1" if hero["flipped"] else "innate"
        slots = " ".join(
            f"[{STYLES[s['colour']]}]{s['die'] or '□'}[/]" for s in table_view["backup"]["slots"]
        )
        options = " | ".join(_effects(o, catalog) for o in table_view["backup"]["options"])
        innate = _effects(hero["innate_plus" if hero["flipped"] else "innate"], catalog)
        tyrant = table_view["tyrant"]
        parts.append(
            RichText.from_markup(
                f"[bold]{_name(hero, catalog)}[/] ({side}: {innate})  backup {slots}: {options}\n"
                f"Tyrant [bold]{_name(tyrant, catalog)}[/] from day {tyrant['min_day']}, "
                f"power {tyrant['power']}"
            )
        )
        stacks = "  ".join(
            f"{s['name']}:{s['known'][0] if s['known'] else '-'}({s['count']})"
            for s in view["stacks"]
        )
        parts.append(RichText(stacks, style="dim"))
    if view["task"]:
        parts.append(RichText(f"→ {t(Text('20s.task.' + view['task']['kind']))}", style="bold"))
    return Group(*parts)
