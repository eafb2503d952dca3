"""The Boss Quest table in the terminal: boss, knights, weapons, spells, keys and hearts."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text as RichText

from gamehall.core.game import JSON, Game
from gamehall.core.i18n import Catalog, Text

COLOUR_STYLES = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "P": "magenta"}


def _card(code: str | None, names: dict[str, str]) -> RichText:
    """A weapon as a person reads it: its value in its colour, with the colour's word
    (``blue 7``); a face-down one as a card back."""
    if code is None:
        return RichText("-")
    if code == "?":
        return RichText("🂠", style="dim")
    colour = names.get(code[0], code[0])
    return RichText(f"{colour} {code[1:]}", style=f"bold {COLOUR_STYLES.get(code[0], 'white')}")


def _cards(codes: list[str], names: dict[str, str]) -> RichText:
    text = RichText()
    for i, code in enumerate(codes):
        if i:
            text.append(" · ")
        text.append_text(_card(code, names))
    return text


def render_boss_quest(game: Game[Any], view: JSON, catalog: Catalog) -> RenderableType:
    """The whole table as ``view``'s seat sees it."""
    t = catalog.render
    colours = {c.code: c.name.get(catalog.language) for c in game.cards.source.colours}  # type: ignore[attr-defined]
    boss = view["boss"]
    header = RichText()
    if boss:
        names = {b.hp: b.name for b in game.cards.source.bosses}  # type: ignore[attr-defined]
        header.append(f"{t(Text('bq.ui.round'))} {view['round']} — ", style="bold")
        header.append(
            f"{t(Text('core.colon', {'text': t(Text('bq.ui.boss'))}))} "
            f"{names[boss['hp']].get(catalog.language)} ",
            style="bold",
        )
        header.append(f"{boss['effective_hp']} {t(Text('bq.ui.hp'))}", style="bold red")
        if boss["effective_hp"] != boss["hp"]:
            header.append(f" ({boss['hp']} {boss['effective_hp'] - boss['hp']:+d})")
    header.append("   " + t(Text("bq.ui.keys_to_win", {"keys": view["keys_to_win"]})), style="dim")

    knights = Table(expand=False, show_edge=False)
    for column in ("knight", "hearts", "keys", "hidden", "weapons", "attack", "status"):
        knights.add_column(t(Text(f"bq.ui.{column}")))
    for player in view["players"]:
        seat = player["seat"]
        name = f"{t(Text('bq.ui.knight'))} {seat + 1}"
        if seat == view["seat"]:
            name += f" ({t(Text('bq.ui.you'))})"
        if player["armorer"]:
            name += f" ⚒ {t(Text('bq.ui.armorer'))}"
        status = RichText(t(Text("bq.ui.at_magician" if player["at_magician"] else "bq.ui.arming")))
        if view["to_move"] is None:
            status = RichText("—")
        if player["over"]:
            status = RichText(t(Text("bq.ui.over")), style="bold red")
        if player.get("resigned"):
            status = RichText(t(Text("bq.ui.resigned")), style="dim")
        attack = str(player.get("attack", f"{player['visible_total']}+?"))
        if player.get("resigned"):
            attack = "—"
        style = "reverse" if view["to_move"] == seat else ""
        knights.add_row(
            RichText(name, style=style),
            "♥" * player["hearts"],
            "🗝" * player["keys"] or "0",
            _card(player["hidden"], colours),
            _cards(player["visible"], colours),
            attack,
            status,
        )

    spells = Table(title=t(Text("bq.ui.magician")), show_edge=False, title_justify="left")
    spells.add_column("#")
    spells.add_column("")
    spells.add_column(t(Text("bq.ui.status")))
    for spell in view["spells"]:
        if spell["spell"] is None:
            face = RichText(t(Text("bq.ui.mystery")), style="italic magenta")
        else:
            card = game.cards.spells[game.cards.spell_index(spell["spell"])]  # type: ignore[attr-defined]
            lang = catalog.language
            face = RichText(f"{card.name.get(lang)} — {card.text.get(lang)}")
        status_text = t(Text(f"bq.ui.{spell['status']}"))
        if spell["target"] is not None:
            status_text += " " + t(Text("bq.ui.on_knight", {"seat": spell["target"] + 1}))
        spells.add_row(str(spell["slot"]), face, status_text)

    footer = RichText(t(Text("bq.ui.deck", {"count": view["weapon_deck"]})), style="dim")
    known = [c for c in view["deck_top"] if c != "?"]
    if known:
        footer.append("   " + t(Text("bq.ui.deck_top", {"card": _card(known[-1], colours).plain})))
    if view.get("set_aside"):
        footer.append("   " + t(Text("bq.ui.set_aside")) + " ")
        footer.append_text(_cards(view["set_aside"], colours))
    if view["last_call"]:
        seats = [s + 1 for s in view["last_call"]]
        footer.append("\n" + t(Text("bq.ui.last_call", {"seats": seats})), style="bold yellow")
    parts: list[RenderableType] = [header, knights, spells, footer]
    result = _round_result(game, view, catalog, colours)
    if result is not None:
        parts.insert(0, result)
    return Panel(Group(*parts), title="Boss Quest")


def _round_result(
    game: Game[Any], view: JSON, catalog: Catalog, colours: dict[str, str]
) -> RenderableType | None:
    """The last combat, until the viewer's first decision of the next round (and at the end):
    each knight's attack, hidden weapon and what it brought."""
    combat = view["last_combat"]
    seat = view["seat"]
    players = view["players"]
    me = players[seat] if seat is not None and 0 <= seat < len(players) else None
    fresh = me is None or (len(me["visible"]) <= 1 and not me["at_magician"])
    if combat is None:
        return None
    if view["phase"] not in ("over", "setup") and not (
        view["round"] == combat["round"] + 1 and fresh
    ):
        return None
    t = catalog.render
    names = {b.hp: b.name for b in game.cards.source.bosses}  # type: ignore[attr-defined]
    title = f"{t(Text('bq.ui.result_title', {'round': combat['round']}))} · "
    title += f"{names[combat['boss']].get(catalog.language)}, {combat['hp']} {t(Text('bq.ui.hp'))}"
    table = Table(title=title, title_justify="left", show_edge=False)
    for column in ("knight", "attack", "hidden", "result"):
        table.add_column(t(Text(f"bq.ui.{column}")))
    for index, row in enumerate(combat["seats"]):
        said = []
        if row["over"]:
            said.append(t(Text("bq.ui.result.over")))
        elif row["failed_condition"]:
            said.append(t(Text("bq.ui.result.condition")))
        if row["keys_gained"]:
            said.append(t(Text("bq.ui.result.keys", {"keys": row["keys_gained"]})))
        if row["perfect"]:
            said.append(t(Text("bq.ui.result.perfect")))
        if row["heart_lost"]:
            said.append(t(Text("bq.ui.result.heart")))
        style = "bold green" if index in combat["winners"] else ""
        table.add_row(
            RichText(f"{t(Text('bq.ui.knight'))} {index + 1}", style=style),
            f"{row['attack']} / {combat['hp']}",
            _card(row["hidden"], colours),
            " · ".join(said) or "—",
        )
    cards = game.cards  # type: ignore[attr-defined]
    spells = [
        cards.spells[cards.spell_index(used["spell"])].name.get(catalog.language)
        + (
            ""
            if used["target"] is None
            else f" ({t(Text('bq.ui.on_knight', {'seat': used['target'] + 1}))})"
        )
        for used in combat["spells"]
    ]
    heading = t(Text("core.colon", {"text": t(Text("bq.ui.result.spells"))}))
    in_effect = f"{heading} {', '.join(spells)}" if spells else t(Text("bq.ui.result.no_spells"))
    return Group(table, RichText(in_effect))
