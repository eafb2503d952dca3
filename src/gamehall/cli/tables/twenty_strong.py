"""The 20 Strong table in the terminal: the dice by zone, the active cards, the hero's side."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog, Text
from gamehall.games.twenty_strong.view import effect_text, odds_texts

STYLES = {"yellow": "yellow", "green": "green", "blue": "blue", "purple": "magenta", "red": "red"}
FACES = {"unrolled": "·", "miss": "○", "hit": "●", "crit": "✸"}
ZONE_ORDER = ("pool", "committed", "on_card", "backup", "lock", "exhausted", "banished")


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


def _effects(effects: list[JSON], catalog: Catalog) -> str:
    return "; ".join(catalog.render(effect_text(e)) for e in effects)


def _colon(catalog: Catalog, text: str) -> str:
    """``text`` followed by a colon, the language's way (``Bane:``, ``Fléau :``)."""
    return catalog.render(Text("core.colon", {"text": text}))


def _name(data: JSON, catalog: Catalog) -> str:
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
                RichText(_name(card, catalog), style=style),
                f"{card['taken']}/{card['health']}",
                str(card["damage"]),
                _effects(effects, catalog),
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
                locked if item["locked"] else (_effects(info["effects"], catalog) if info else "")
            )
            name = _name(info, catalog) if info and not item["locked"] else _name(item, catalog)
            items.add_row(str(item["position"]), name, label)
        parts.append(items)

    deck_parts = DECK_PARTS.get(view["deck"])
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


def _too_many_bones(view: JSON, catalog: Catalog) -> list[RenderableType]:
    """The Gearloc with its backup plan, the Tyrant and the stacks."""
    t = catalog.render
    table_view = view["table"]
    hero = table_view["hero"]
    side = t(Text("20s.ui.innate_plus" if hero["flipped"] else "20s.ui.innate"))
    slots = " ".join(
        f"[{STYLES[s['colour']]}]{s['die'][1:] + '■' if s['die'] else '□'}[/]"
        for s in table_view["backup"]["slots"]
    )
    options = " | ".join(_effects(o, catalog) for o in table_view["backup"]["options"])
    innate = _effects(hero["innate_plus" if hero["flipped"] else "innate"], catalog)
    tyrant = table_view["tyrant"]
    stacks = "  ·  ".join(
        f"{_colon(catalog, t(Text('20s.stack_title.too-many-bones.' + s['name'])))} "
        f"{_name(s['top'], catalog) if s['top'] else '—'} ({s['count']})"
        for s in view["stacks"]
    )
    backup = t(Text("20s.ui.backup"))
    from_day = t(Text("20s.ui.from_day", {"day": tyrant["min_day"]}))
    power = t(Text("20s.ui.power", {"power": tyrant["power"]}))
    return [
        RichText.from_markup(
            f"[bold]{escape(_name(hero, catalog))}[/] ({_colon(catalog, side)} {escape(innate)})  "
            f"{backup} {_colon(catalog, slots)} {escape(options)}\n"
            f"{t(Text('20s.ui.tyrant'))} [bold]{escape(_name(tyrant, catalog))}[/], "
            f"{from_day}, {power}"
        ),
        RichText(stacks, style="dim"),
    ]


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
        text.append(f"{_name(top, catalog)} {icons}\n", style=TYPE_STYLES.get(top["type"], ""))
        if top["type"] != "opportunity":
            text.append(f"♥{top['health']} ⚔{top['damage']}\n", style="dim")
    if camp["primus"]:
        primus = camp["primus"]
        text.append(f"♛ {_name(primus, catalog)} ♥{primus['health']} ⚔{primus['damage']}", "bold")
    return text


TYPE_STYLES = {"bloodshed": "red", "sport": "cyan", "opportunity": "green"}


def _victorum(view: JSON, catalog: Catalog) -> list[RenderableType]:
    """The mountain as a pyramid, the scion, influence, Training Grounds and tactics."""
    t = catalog.render
    table_view = view["table"]
    camps = {c["name"]: c for c in table_view["camps"]}
    scion = table_view["scion"]
    mountain = Table.grid(padding=(0, 2))
    scion_text = RichText()
    chip = "◉ " if table_view["chip"] == "scion" else "  "
    scion_text.append(f"{chip}{_name(scion, catalog)}", style="bold magenta")
    spectate = _colon(catalog, t(Text("20s.ui.spectate")))
    scion_text.append(f"  ({spectate} {_effects(scion['spectate'], catalog)})")
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
    tactics = ", ".join(_name(c, catalog) for c in table_view["tactics"])
    hero = table_view["hero"]
    lines = [
        f"{_colon(catalog, f'[bold]{_name(hero, catalog)}[/]')} {_effects(hero['innate'], catalog)}"
        if hero
        else "",
        f"{_colon(catalog, t(Text('20s.ui.training')))} {training or '-'}",
        f"{t(Text('20s.ui.influence', {'value': influence['value']}))} "
        f"({len(influence['cards'])}) · {t(Text('20s.ui.power', {'power': scion['power']}))}",
        f"{_colon(catalog, t(Text('20s.ui.tactics')))} {tactics or '-'}",
        t(Text("20s.ui.primuses_left", {"count": table_view["primuses_left"]})),
    ]
    parts.append(RichText.from_markup("\n".join(line for line in lines if line)))
    for card in table_view["dealt"]:
        primus = card["primus"]
        parts.append(
            RichText(
                f"{_colon(catalog, t(Text('20s.ui.dealt')))} {_name(card, catalog)} "
                f"♥{card['health']} ♜{card['strategy']} ↺{card['recovery']} · "
                f"{t(Text('20s.ui.primus'))} ♥{primus['health']} ⚔{primus['damage']}, "
                f"{_colon(catalog, t(Text('20s.ui.bane')))} {_effects(primus['bane'], catalog)}"
            )
        )
    return parts


DECK_PARTS = {"too-many-bones": _too_many_bones, "victorum": _victorum}
