"""The grammar of Boss Quest's notation, for the action catalogue (``core.catalogue``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.catalogue import ActionForms, Form, numbered

if TYPE_CHECKING:
    from gamehall.games.boss_quest.rules import BossQuest


def action_forms(game: BossQuest) -> ActionForms:
    """Every decision and chance outcome of ``game``: its seats, spell slots and cards."""
    from gamehall.games.boss_quest.rules import MAX_ASK

    cards = game.cards
    seats = (numbered(game.players),)
    slots = (numbered(max(game.layout_size, 1)),)
    weapons = (tuple(dict.fromkeys(cards.weapon_codes)),)
    decisions = (
        Form("ask", (numbered(MAX_ASK),)),
        Form("rest"),
        Form("activate", slots),
        Form("discard", slots),
        Form("target", seats),
        Form("swap", seats),
        Form("give", weapons),
        Form("cancel", slots),
    )
    chance = (
        Form("armorer", seats),
        Form("boss", (tuple(dict.fromkeys(map(str, sorted(cards.boss_hps)))),)),
        Form("spell", (tuple(spell.code for spell in cards.spells),)),
        Form("weapon", weapons),
    )
    return ActionForms(decisions, chance)
