"""The Victorum part of the view: the mountain with its chip, camps' tops and primuses, the
scion (both sides), the influence deck, the Training Grounds, the tactic area, the setup deal;
the log lines of its chance draws and what an opportunity shows (the deck's ``view`` part,
:data:`VIEW`).

Cards under a camp's top are unseen: a camp shows its top and a count, never what lies
beneath (VIC-SETUP-3). Everything else in a solo game is open (VIC-SETUP-2, VIC-INFL-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamehall.core.game import JSON, Action
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.deck import DeckView
from gamehall.games.twenty_strong.decks.victorum.actions import Deal, Draw, Uncover
from gamehall.games.twenty_strong.decks.victorum.mountain import (
    ADJACENT,
    CAMPS,
    PRIMUS_CAMPS,
    SCION_CAMP,
)
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, colour_of
from gamehall.games.twenty_strong.runtime import fxs, mods
from gamehall.games.twenty_strong.state import NOWHERE, State
from gamehall.games.twenty_strong.view import card_json, effects_json, item_json

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.decks.victorum.deck import Vic, Victorum


def deck_view(deck: Victorum, state: State) -> JSON:
    """Everything of the deck's own the player sees."""
    vic: Vic = state.deck
    moves = set(deck.destinations(state)) if state.phase == "vic.move" else set()
    camps = []
    for camp, name in enumerate(CAMPS):
        stack = state.stacks[camp]
        primus = vic.primuses[camp]
        camps.append(
            {
                "name": name,
                "top": _card(deck, stack.known[0]) if stack.known else None,
                "size": deck.camp_size(state, camp),
                "primus": _primus(deck, primus) if primus != NOWHERE else None,
                "number": PRIMUS_CAMPS.index(camp) + 1 if camp in PRIMUS_CAMPS else None,
                "adjacent": [CAMPS[c] for c in ADJACENT[camp]],
                "chip": vic.chip == camp,
                "move": camp in moves,
            }
        )
    scion = deck.scions[vic.scion]
    scion_card = deck.data.scions[vic.scion]
    training = [colour_of(d) for d, z in enumerate(state.zones) if z == deck.reserve_zone]
    hero = deck.data.heroes[vic.hero] if vic.hero != NOWHERE else None
    universal = deck.data.universal_heroes[vic.universal] if vic.universal != NOWHERE else None
    return {
        "camps": camps,
        "chip": CAMPS[vic.chip]
        if 0 <= vic.chip < len(CAMPS)
        else ("scion" if vic.chip == SCION_CAMP else None),
        "hero": _hero(universal or hero) if (universal or hero) else None,
        "scion": {
            "code": scion_card.code,
            "name": scion_card.name.model_dump(),
            "spectate": effects_json(scion.spectate),
            "conflict": card_json(deck.cards[scion.card]),
            "setup": effects_json(scion.setup),
            "allies": scion.allies,
            "allies_scale": scion.allies_scale,
            "influence_step": scion.influence_step,
            "power": deck.scion_power(state),
        },
        "influence": {
            "value": deck.influence_value(state),
            "cards": [_brief(deck, c) for c in vic.influence],
        },
        "training": {name: training.count(i) for i, name in enumerate(COLOUR_NAMES)},
        "tactics": [_card(deck, t) for t in vic.tactics],
        "dealt": [
            {**_hero(deck.data.heroes[h]), "primus": _primus(deck, deck.primus_ids[h])}
            for h in vic.dealt
        ],
        "to_place": [_primus(deck, p) for p in vic.to_place],
        "next_camp": _next_camp(vic),
        "conflict": vic.conflict or None,
        "primus": _primus(deck, vic.primus) if vic.primus != NOWHERE else None,
        "primuses_left": vic.primuses_left,
        "unseen": len(vic.unseen),
        "offered": _offered(deck, state),
    }


def _offered(deck: Victorum, state: State) -> JSON | None:
    """The opportunity being kept or discarded, if one is (VIC-OPP-1)."""
    task = state.tasks[0] if state.tasks else None
    if task is None or task.kind != "deck.opportunity":
        return None
    return _card(deck, task.source)


def _card(deck: Victorum, card: int) -> JSON:
    data = dict(card_json(deck.cards[card]))
    data["type"] = deck.kind_of.get(card, data["kind"])
    data["influence"] = deck.icons.get(card, 0)
    data["item_influence"] = card in deck.item_icons
    if card in deck.opportunities:
        data.update(opportunity_view(deck, card))
    return data


def opportunity_view(deck: Victorum, card: int) -> JSON:
    """An opportunity's conditions and the item it becomes once they are met."""
    opportunity = deck.opportunities[card]
    return {
        "conditions": [
            {
                "kind": need.kind,
                "amount": need.amount,
                "colour": COLOUR_NAMES[need.colour] if need.colour != NOWHERE else None,
            }
            for need in opportunity.needs
        ],
        "reward": item_json(opportunity.reward),
    }


def _brief(deck: Victorum, card: int) -> JSON:
    """A card of the influence deck: which it is and its icons (its face is in the gallery)."""
    info = deck.cards[card]
    return {
        "code": info.code,
        "name": info.name.model_dump(),
        "type": deck.kind_of.get(card, info.kind),
        "influence": deck.icons.get(card, 0),
        "item_influence": card in deck.item_icons,
    }


def _primus(deck: Victorum, card: int) -> JSON:
    data = dict(card_json(deck.cards[card]))
    data["bane"] = effects_json(deck.banes[card])
    return data


def _hero(hero: object) -> JSON:
    from gamehall.games.twenty_strong.cards import Hero

    assert isinstance(hero, Hero)
    return {
        "code": hero.code,
        "name": hero.name.model_dump(),
        "health": hero.health,
        "strategy": hero.strategy,
        "recovery": hero.recovery,
        "innate": effects_json(mods(hero.innate.modifiers), fxs(hero.innate.effects)),
    }


def _next_camp(vic: Vic) -> str | None:
    placed = sum(p != NOWHERE for p in vic.primuses)
    return CAMPS[PRIMUS_CAMPS[placed]] if vic.to_place else None


class VictorumView(DeckView["Victorum"]):
    """The Victorum view: its part of the table, its log lines, its opportunities."""

    def view(self, deck: Victorum, state: State) -> JSON:
        return deck_view(deck, state)

    def describe(self, deck: Victorum, before: State, action: Action, after: State) -> list[Text]:
        """The log line of a deal, an uncovered camp or a drawn ally (the chance draws)."""
        if isinstance(action, Deal):
            hero = next(h for h in deck.data.heroes if h.code == action.code)
            return [Text("20s.log.vic.deal", {"card": hero.name.model_dump()})]
        if isinstance(action, Uncover):
            card = deck.cards[deck.codes[action.code]].name.model_dump()
            from gamehall.games.twenty_strong.decks.victorum.labels import camp

            return [Text("20s.log.vic.uncover", {"card": card, "camp": camp(action.camp)})]
        if isinstance(action, Draw):
            card = deck.cards[deck.codes[action.code]].name.model_dump()
            return [Text("20s.log.vic.draw", {"card": card})]
        return []

    def item_view(self, deck: Victorum, state: State, card: int) -> JSON:
        """An opportunity shows what it needs and the reward it becomes (VIC-OPP-3)."""
        return opportunity_view(deck, card) if card in deck.opportunities else {}


VIEW = VictorumView()
"""The deck's ``view`` part."""
