"""The 20 Strong table in the terminal: the dice by zone, the active cards, the hero's side;
then the deck's own parts (its plug-in's ``terminal_table``: view, catalog -> renderables)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog, Text
from gamehall.games.twenty_strong.deck_plugin import part_of
from gamehall.games.twenty_strong.view import effect_text, odds_texts

STYLES = {"yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta", "red": "red"}
FACES = {"unrolled": "·", "miss": "○", "hit": "●", "crit": "✸"}
ZONE_ORDER = ("pool", "committed", "on_card", "backup", "lock", "exhausted", "banished")
DeckTable = Callable[[JSON, Catalog], list[RenderableType]]
"""A deck's own parts of the table: (view, catalog) -> what follows the inventory."""


def _die(die: JSON) -> RichText:
    """A die as a coloured number and its face (``2●``: the second die of its colour, a hit);
    the colour's word follows when the terminal shows no colour."""
    style = f"bold {STYLES[die['colour']]}"
    return RichText(f"{die['die'][1:]}{FACES[die['face']]}", style=style)


def _dice_row(dice: list[JSON], catalog: Catalog) -> RichText:
    """The dice of one zone, grouped by colour: ``yellow 1· 2·  blue 3●``."""
    row = RichText()
    for colour, style in STYLES.items():
        mine = [d for d in dice if d["colour"] == colour]
        if mine:
            row.append(catalog.render(Text(f"20s.colour.{colour}")) + " ", style=style)
            for die in mine:
                row.append_text(_die(die))
                row.append(" ")
            row.append(" ")
    return row


def effects_line(effects: list[JSON], catalog: Catalog) -> str:
    """Effects in words, ``;`` between them."""
    return "; ".join(catalog.render(effect_text(e)) for e in effects)


def colon(catalog: Catalog, text: str) -> str:
    """``text`` followed by a colon, the language's way (``Bane:``, ``Fléau :``)."""
    return catalog.render(Text("core.colon", {"text": text}))


def name_of(data: JSON, catalog: Catalog) -> str:
    """A card's name in the catalog's language (English if it has none)."""
    return str(data["name"].get(catalog.language, data["name"]["en"]))


def render_twenty_strong(game: Game[Any], view: JSON, catalog: Catalog) -> RenderableType:
    """The whole table as the player sees it."""
    t = catalog.render
    table_view = view["table"]
    stats = view["stats"]
    header = RichText()
    if "day" in table_view:
        header.append(t(Text("20s.ui.day", {"day": table_view["day"]})) + "  ", style="bold")
    header.append(t(Text("20s.ui.rank", {"rank": view["rank"]})) + "  ", style="dim")
    header.append(f"{t(Text('20s.stat.health'))} {stats['health']}  ", style="bold red")
    header.append(f"{t(Text('20s.stat.strategy'))} {stats['strategy']}  ", style="bold cyan")
    header.append(f"{t(Text('20s.stat.recovery'))} {stats['recovery']}", style="bold green")
    header.append(f"   {t(Text('20s.ui.phase.' + view['phase']))}", style="dim")
    parts: list[RenderableType] = [header]

    dice = Table.grid(padding=(0, 1))
    for zone in ZONE_ORDER:
        shown = [d for d in view["dice"] if d["zone"] == zone]
        if shown:
            zone_name = RichText(t(Text(f"20s.zone.{zone}")), style="dim")
            dice.add_row(zone_name, _dice_row(shown, catalog))
    parts.append(Panel(dice, title=t(Text("20s.ui.dice")), expand=False))

    if view["active"]:
        columns = ("position", "card", "health", "damage", "effects", "dice")
        cards = Table(*(t(Text(f"20s.ui.column.{c}")) for c in columns), expand=False)
        for card in view["active"]:
            style = "dim strike" if card["defeated"] else "bold"
            effects = [*card["during"], *card["after"], *card["special"]]
            cards.add_row(
                str(card["position"]),
                RichText(name_of(card, catalog), style=style),
                f"{card['taken']}/{card['health']}",
                str(card["damage"]),
                effects_line(effects, catalog),
                _dice_row([d for d in view["dice"] if d["on"] == card["code"]], catalog),
            )
        parts.append(cards)
    if view.get("odds"):
        parts.append(_odds(view["odds"], catalog))

    if view["inventory"]:
        heads = ("position", "item", "effects")
        items = Table(*(t(Text(f"20s.ui.column.{c}")) for c in heads), expand=False)
        for item in view["inventory"]:
            info = item["item"]
            locked = t(Text("20s.ui.locked"))
            label = (
                locked
                if item["locked"]
                else (effects_line(info["effects"], catalog) if info else "")
            )
            name = name_of(info, catalog) if info and not item["locked"] else name_of(item, catalog)
            items.add_row(str(item["position"]), name, label)
        parts.append(items)

    deck_parts: DeckTable | None = part_of(view["deck"], "terminal_table")
    if deck_parts is not None:
        parts.extend(deck_parts(view, catalog))
    if view["task"]:
        parts.append(RichText(f"→ {t(Text('20s.task.' + view['task']['kind']))}", style="bold"))
    if view["ranking"]:
        parts.append(_breakdown(view, catalog))
    return Group(*parts)


def _breakdown(view: JSON, catalog: Catalog) -> RenderableType:
    """The ending: how long the game lasted and how it moves the player's rank."""
    table_view, ranking = view["table"], view["ranking"]
    lasted = (
        Text("20s.ui.breakdown.day", {"day": table_view["day"]})
        if "day" in table_view
        else Text("20s.ui.breakdown.rounds", {"round": view["round"]})
    )
    change = Text(
        f"20s.ui.breakdown.rank_{ranking['change']}",
        {"rank": ranking["rank"], "next": ranking["next"]},
    )
    return RichText(f"{catalog.render(lasted)} {catalog.render(change)}", style="bold")


def _odds(odds: JSON, catalog: Catalog) -> RenderableType:
    """The odds of the dice about to be rolled (docs/rulings.md GEN-R11): one line per set of
    dice, each card's chance after it."""
    t = catalog.render
    text = RichText(f"{t(Text('20s.odds.title'))}\n", style="bold")
    for line, cards in odds_texts(odds):
        text.append(f"  {t(line)}", style="bold cyan")
        if cards:
            text.append(" · " + " · ".join(t(card) for card in cards), style="cyan")
        text.append("\n")
    text.rstrip()
    return text
