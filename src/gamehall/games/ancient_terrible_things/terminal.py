"""The Ancient Terrible Things table in the terminal: locations and their encounters, tokens,
players' boards, the dice (kept, set aside, Action) and the combinations they meet."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog, Text, percent_text

RESOURCE_MARKS = {"focus": "◎", "mystery": "✶", "treasure": "$", "feat": "⚑"}
RESOURCE_STYLES = {"focus": "green", "mystery": "magenta", "treasure": "yellow", "feat": "blue"}


def tokens_text(tokens: dict[str, int]) -> RichText:
    """``◎2 ✶1 $0 ⚑1`` with each resource in its colour."""
    text = RichText()
    for resource, count in tokens.items():
        text.append(f"{RESOURCE_MARKS[resource]}{count} ", style=RESOURCE_STYLES[resource])
    return text


def combo_text(combo: dict[str, Any], t: Any) -> str:
    """A combination in words: ``pair ≥ 4``, ``straight of 4 from 2``."""
    return str(t(Text(f"att.combo.{combo['kind']}", combo)))


def render_ancient_terrible_things(game: Game[Any], view: JSON, catalog: Catalog) -> RenderableType:
    """The whole table as ``view``'s seat sees it."""
    t = catalog.render
    cards = game.cards  # type: ignore[attr-defined]
    lang = catalog.language

    def name(code: str) -> str:
        return str(cards.name(code).get(lang))

    header = RichText(
        t(Text("att.ui.header", {"turn": view["turn"], "supply": view["supply"]})), style="bold"
    )
    if view["scenario"]:
        header.append("   " + t(Text("att.ui.scenario", {"card": name(view["scenario"])})))

    places = Table(title=t(Text("att.ui.locations")), show_edge=False, title_justify="left")
    for column in ("location", "encounter", "tokens", "pawns", "for_sale"):
        places.add_column(t(Text(f"att.ui.{column}")))
    encounters = {e.code: e for e in cards.encounters}
    for place in view["locations"]:
        encounter = encounters.get(place["encounter"] or "")
        if encounter is None:
            fight = RichText("—", style="dim")
        else:
            combos = ", ".join(
                combo_text({"kind": c.kind, "minimum": c.minimum, "size": c.size}, t)
                for c in encounter.combos
            )
            fight = RichText(f"{encounter.name.get(lang)} ", style="bold")
            fight.append(f"[{encounter.tier}] ✦{encounter.secrets} ", style="magenta")
            fight.append(combos)
        pawns = " ".join(f"♟{seat + 1}" for seat in place["pawns"])
        places.add_row(
            name(place["code"]),
            fight,
            tokens_text(place["tokens"]),
            pawns,
            ", ".join(name(c) for c in place["for_sale"]),
        )

    players = Table(title=t(Text("att.ui.players")), show_edge=False, title_justify="left")
    for column in ("player", "tokens", "exploits", "loot", "trophies", "terrible", "secrets"):
        players.add_column(t(Text(f"att.ui.{column}")))
    for player in view["players"]:
        who = t(Text("core.seat", {"number": player["seat"] + 1}))
        if player["character"]:
            who += f" {name(player['character'])}"
        if player["seat"] == view["seat"]:
            who += f" ({t(Text('att.ui.you'))})"
        if player.get("resigned"):
            who += f" ({t(Text('att.ui.resigned'))})"
        hand = (
            ", ".join(name(c) for c in player["exploits"])
            if player["exploits"] is not None
            else "🂠" * player["exploit_count"]
        )
        loot = ", ".join(
            name(item["code"]) + (" ↷" if item["exhausted"] else "") for item in player["loot"]
        )
        style = "reverse" if view["to_move"] == player["seat"] else ""
        players.add_row(
            RichText(who, style=style),
            tokens_text(player["tokens"]),
            hand,
            loot,
            str(len(player["trophies"])),
            f"{player['terrible']} ({player['flipped']})",
            str(player["secrets"]),
        )

    parts: list[RenderableType] = [header, places, players]
    if view["fight"] and not view["dice"]:
        parts.insert(1, _fight(view, t, name, cards))
    if view["dice"]:
        parts.append(_dice(view, t))
    if view["result"]:
        parts.append(_sources(view, t))
    if view["accomplishments"]:
        names = ", ".join(name(code) for code in view["accomplishments"])
        parts.append(RichText(t(Text("att.ui.accomplishments", {"cards": names})), style="dim"))
    if "rival" in view:
        parts.append(RichText(t(Text("att.ui.rival", view["rival"])), style="dim"))
    return Panel(Group(*parts), title=game.title)


CIRCLED = "①②③④⑤⑥⑦⑧⑨"
"""Each die's number, as the buttons name it (Focus die 1 …)."""


def _dice(view: JSON, t: Any) -> RenderableType:
    dice = view["dice"]
    line = RichText(t(Text("att.ui.focus_dice")) + " ", style="bold")
    for index, face in enumerate(dice["focus"]):
        shown = str(face) if face else "·"
        style = "reverse green" if index in dice["aside"] else "bold green"
        line.append(f" {CIRCLED[index]} {shown} ", style=style)
    line.append("   " + t(Text("att.ui.action_dice")) + " ", style="bold")
    for index, face in enumerate(dice["action"]):
        mark = RESOURCE_MARKS.get(face, "□") if face else "·"
        style = "strike dim" if dice["used"][index] else "bold"
        line.append(f" {CIRCLED[index]} {mark} ", style=style)
    odds = view.get("odds")
    combos = RichText()
    for index, combo in enumerate(view["combos"]):
        mark = "✔" if combo["met"] else "✘"
        style = "bold green" if combo["met"] else "dim"
        combos.append(f"{index + 1}. {mark} {combo_text(combo, t)}", style=style)
        if odds and not combo["met"]:
            percent = percent_text(odds["combos"][index])
            combos.append(f" ({t(Text('att.odds.chance', {'percent': percent}))})", style="cyan")
        combos.append("  ")
    parts: list[RenderableType] = [line, combos]
    if odds and not view.get("success"):
        key = "att.odds.line_pending" if odds["pending"] else "att.odds.line"
        params = {**odds, "percent": percent_text(odds["any"])}
        parts.append(RichText(t(Text(key, params)), style="bold cyan"))
    return Group(*parts)


def _fight(view: JSON, t: Any, name: Any, cards: Any) -> RenderableType:
    """The last encounter, until the next one's dice are rolled: who fought what, the dice
    as they lay, what it brought or cost."""
    fight = view["fight"]
    key = "att.web.fight.defeated" if fight["defeated"] else "att.web.fight.failed"
    title = t(Text("core.colon", {"text": t(Text("att.web.fight.title"))}))
    said = t(Text(key, {"seat": fight["seat"] + 1, "card": name(fight["encounter"])}))
    dice = RichText(t(Text("att.web.fight.dice")) + " ")
    for index, face in enumerate(fight["focus"]):
        style = "reverse green" if index in fight["aside"] else "bold green"
        dice.append(f" {face} ", style=style)
        dice.append(" ")
    for face in fight["action"]:
        dice.append(f" {RESOURCE_MARKS.get(face, '□')} ", style=RESOURCE_STYLES.get(face, "dim"))
    lines: list[RenderableType] = [RichText(f"{title} {said}", style="bold"), dice]
    if fight["defeated"]:
        params = {"combo": combo_text(fight["combo"], t), "secrets": fight["secrets"]}
        lines.append(RichText(t(Text("att.web.fight.with", params))))
    else:
        lines.append(RichText(t(Text("att.web.fight.terrible", {"count": view["supply"]}))))
    if fight["cashed"]:
        gained = RichText(t(Text("att.web.fight.cashed")) + " ")
        for face in fight["cashed"]:
            gained.append(f"{RESOURCE_MARKS[face]}1 ", style=RESOURCE_STYLES[face])
        lines.append(gained)
    worth = {card.code: card.secrets for card in cards.accomplishments}
    for code in fight["accomplishments"]:
        params = {"card": name(code), "secrets": worth[code]}
        lines.append(RichText(t(Text("att.web.fight.accomplishment", params))))
    return Panel(Group(*lines), border_style="green" if fight["defeated"] else "red")


SOURCES = ("encounters", "loot", "accomplishments", "mystery", "terrible")


def _sources(view: JSON, t: Any) -> RenderableType:
    """Every player's Secrets by source, at the end."""
    table = Table(title=t(Text("att.web.sources.title")), show_edge=False, title_justify="left")
    table.add_column(t(Text("att.ui.player")))
    for source in (*SOURCES, "total"):
        table.add_column(t(Text(f"att.web.sources.{source}")), justify="right")
    winners = view["result"]["winners"]
    for player in sorted(view["players"], key=lambda p: -p["secrets"]):
        numbers = [str(player["secret_sources"][source]) for source in SOURCES]
        style = "bold green" if player["seat"] in winners else ""
        who = t(Text("core.seat", {"number": player["seat"] + 1}))
        table.add_row(RichText(who, style=style), *numbers, str(player["secrets"]))
    if "rival" in view:
        secrets = str(view["rival"]["secrets"])
        table.add_row(t(Text("att.web.rival")), secrets, *("—" * 4), secrets)
    return table
