"""Victorum for the learning environments: its part of the action catalogue, the most cards a
conflict can bring, and its features (the chip, the camps, the scion's influence, the
tactics, the setup deal)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.twenty_strong.decks.victorum.actions import ALTERNATES, BONUSES
from gamehall.games.twenty_strong.decks.victorum.deck import (
    CAMP,
    CAMP_SIZE,
    END,
    ENGAGED,
    MOVE,
    SETUP,
    Vic,
    Victorum,
)
from gamehall.games.twenty_strong.decks.victorum.mountain import ADJACENT, CAMPS, FOOT, SCION_CAMP
from gamehall.games.twenty_strong.features import (
    ONE,
    DeckPart,
    Names,
    Scale,
    Traits,
    Vector,
    nonzero,
    scales,
)
from gamehall.games.twenty_strong.state import NOWHERE, Stack, State

TOP_KINDS: Final = ("bloodshed", "sport", "opportunity")
CAMP_FIELDS: Final = ("size", "primus", "near", *TOP_KINDS, "health", "damage", "influence")
"""Per camp: cards left, a primus, next to the chip, then the card on top."""
ICONS: Final = 2.0
"""The most Scion Influence icons one card shows (the card file's bound)."""


def _codes(deck: Victorum, cards: Iterable[int]) -> tuple[str, ...]:
    return tuple(deck.cards[card].code for card in cards)


def _heroes(deck: Victorum) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hero codes a setup may keep, and those it may deal (or place as primuses): a hero
    the options name is always kept, never dealt (VIC-SETUP-5)."""
    every = tuple(hero.code for hero in deck.data.heroes)
    if deck.hero_index == NOWHERE or deck.universal:
        return every, every
    named = every[deck.hero_index]
    return (named,), tuple(code for code in every if code != named)


def action_forms(deck: Victorum) -> ActionForms:
    """Setup choices (hero, tactic, primuses, removals at rank 2+), the chip's moves, the
    camp's choices, the spectator's bonus, sport alternates, the influence order, additional
    enemies from the camps; chance: the heroes dealt, the cards uncovered on each camp, the
    scion's allies drawn from the discard."""
    kept, dealt = _heroes(deck)
    positions = numbered(deck.most_active())
    decisions = [
        Form("hero", (kept,)),
        Form("tactic", (_codes(deck, deck.tactic_ids),)),
        Form("place", (dealt,)),
    ]
    if deck.rank > 1:
        decisions.append(Form("remove", (CAMPS,)))
    decisions += [
        Form("move", (CAMPS,)),
        Form("spectate"),
        Form("activate"),
        Form("challenge"),
        Form("bonus", (BONUSES,)),
        Form("instead", (positions, ALTERNATES)),
        Form("influence", (positions,)),
        Form("from", (CAMPS,)),
    ]
    engaged = [card for card, kind in deck.kind_of.items() if kind in ENGAGED]
    chance = (
        Form("deal", (dealt,)),
        Form("uncover", (CAMPS, _codes(deck, deck.conflict_cards))),
        Form("draw", (_codes(deck, engaged),)),
    )
    return ActionForms(tuple(decisions), chance)


def most_power(deck: Victorum) -> int:
    """The most power the scion can have: every influence icon of the card file."""
    return sum(deck.icons.values()) // deck.scions[deck.scion_index].influence_step


def most_active(deck: Victorum) -> int:
    """The most cards the active area can hold: a camp's card or a primus with every
    additional enemy of the card file (each card comes once), or the scion with its most
    allies (their additional enemies are ignored, VIC-END-6)."""
    extras = sum(deck.cards[card].extra_enemies for card in deck.conflict_cards)
    primus = max(deck.cards[card].extra_enemies for card in deck.primus_ids)
    scion = deck.scions[deck.scion_index]
    allies = scion.allies + scion.allies_scale * most_power(deck)
    return max(1 + primus + extras, 1 + allies)


class DeckFeatures(DeckPart):
    """Victorum's features: where the chip is, each camp (cards left, primus, next to the
    chip, the card on top), the scion's influence, the conflict under way, the tactic area,
    the hero and the setup deal."""

    phases: tuple[str, ...] = (SETUP, MOVE, CAMP, END)
    tasks: tuple[str, ...] = (
        "deck.hero",
        "deck.tactic",
        "deck.place",
        "deck.remove",
        "deck.bonus",
        "deck.opportunity",
        "deck.influence",
    )
    kinds: tuple[str, ...] = ("bloodshed", "sport", "primus", "boss")

    def __init__(self, deck: Victorum) -> None:
        self.deck = deck
        self.power = most_power(deck)
        heroes = tuple(hero.code for hero in deck.data.heroes)
        layout = Names()
        self._chip_at = layout.group("chip.", (*CAMPS, "scion"))
        self._camps_at = layout.group(
            "camp.", (f"{camp}.{field}" for camp in CAMPS for field in CAMP_FIELDS)
        )
        self._global_at = layout.group(
            "",
            ("influence", "scion_power", "primuses_left", "conflict.primus", "conflict.scion"),
        )
        self._tactics_at = layout.group("tactic.", _codes(deck, deck.tactic_ids))
        self._hero_at = layout.group("hero.", heroes)
        self._dealt_at = layout.group("dealt.", heroes)
        self.names = tuple(layout.names)
        self.tactic_index = {card: i for i, card in enumerate(deck.tactic_ids)}
        health, damage = scales(deck, self.power)
        self.tops = {
            card: [
                *(float(deck.kind_of[card] == kind) for kind in TOP_KINDS),
                deck.cards[card].health / health,
                deck.cards[card].damage / damage,
                deck.icons.get(card, 0) / ICONS,
            ]
            for card in deck.conflict_cards
        }
        self.no_top = [0.0] * (len(TOP_KINDS) + 3)
        self.icons = max(1, sum(deck.icons.values()))
        self.primuses = Scale(3 + deck.rank - 1, 0, 3 + deck.rank - 1)
        self.bind(0)

    def bind(self, start: int) -> None:
        """Write from index ``start`` on."""
        super().bind(start)
        self.chip_at = start + self._chip_at
        self.camps_at = start + self._camps_at
        self.global_at = start + self._global_at
        self.tactics_at = start + self._tactics_at
        self.hero_at = start + self._hero_at
        self.dealt_at = start + self._dealt_at
        near = CAMP_FIELDS.index("near")
        width = len(CAMP_FIELDS)
        self.near = {  # where the chip is: the camps it touches (at first, the foot)
            chip: tuple((self.camps_at + c * width + near, ONE) for c in camps)
            for chip, camps in ((NOWHERE, FOOT), (SCION_CAMP, ()), *enumerate(ADJACENT))
        }
        self._camps: list[tuple[object, int, int, list[float]]] = [(None, 0, 0, [])] * len(CAMPS)
        self._mountain: tuple[object, object, object] = (None, None, None)
        self._camp_values: list[float] = [0.0] * len(CAMPS) * width
        self._influence: object = None
        self._influence_values: Traits = ()
        self._tactics: object = None
        self._tactic_values: Traits = ()

    def modifier_key(self, own: Any) -> object:
        """Victorum adds no modifier of its own: only the hero's ability counts."""
        vic: Vic = own
        return (vic.hero, vic.universal)

    def fill(self, state: State, own: Any, v: Vector) -> None:
        """Write the deck's features of ``state``."""
        vic: Vic = own
        (
            scion, hero, _, dealt, _, primuses, _, _, chip, buried,
            _, _, tactics, influence, conflict, _, _, _, _, primuses_left,
        ) = vic  # fmt: skip
        if chip != NOWHERE:
            v[self.chip_at + chip] = ONE  # the scion's camp follows the nine others
        stacks = state.stacks
        mountain = self._mountain
        if stacks is not mountain[0] or primuses is not mountain[1] or buried is not mountain[2]:
            self._mountain = (stacks, primuses, buried)  # the camps change once a round
            self._camp_values = self._read_camps(state, stacks, primuses, buried)
        at = self.camps_at
        v[at : at + len(self._camp_values)] = self._camp_values
        for index, value in self.near[chip]:
            v[index] = value
        if influence is not self._influence:  # the same for the influence deck
            self._influence = influence
            value = self.deck.influence_value(state)
            power = value // self.deck.scions[scion].influence_step
            values = [value / self.icons, power / max(1, self.power)]
            self._influence_values = nonzero(values, self.global_at)
        for index, value in self._influence_values:
            v[index] = value
        at = self.global_at
        v[at + 2] = self.primuses.at(primuses_left)
        if conflict:
            v[at + (3 if conflict == "primus" else 4)] = ONE
        if tactics is not self._tactics:  # the tactic area: the same
            self._tactics = tactics
            self._tactic_values = tuple(
                (self.tactics_at + self.tactic_index[c], ONE) for c in tactics
            )
        for index, value in self._tactic_values:
            v[index] = value
        if hero >= 0:
            v[self.hero_at + hero] = ONE
        for index in dealt:
            v[self.dealt_at + index] = ONE

    def _read_camps(
        self,
        state: State,
        stacks: tuple[Stack, ...],
        primuses: tuple[int, ...],
        buried: tuple[int, ...],
    ) -> list[float]:
        """Each camp: its cards left, its primus, then the card on its top (read again only
        for the camps that changed); whether it touches the chip's camp is written apart."""
        values: list[float] = []
        for camp, stack in enumerate(stacks):
            cached = self._camps[camp]
            if stack is not cached[0] or buried[camp] != cached[1] or primuses[camp] != cached[2]:
                row = [
                    self.deck.camp_size(state, camp) / (CAMP_SIZE + 1),
                    float(primuses[camp] != NOWHERE),
                    0.0,  # near the chip
                    *(self.tops[stack.known[0]] if stack.known else self.no_top),
                ]
                cached = self._camps[camp] = (stack, buried[camp], primuses[camp], row)
            values.extend(cached[3])
        return values
