# cython: boundscheck=False, wraparound=False, initializedcheck=False, cdivision=True
"""Victorum for the learning environments: its part of the action catalogue, the most cards a
conflict can bring, and its features (the chip, the camps, the scion's influence, the
tactics, the setup deal).

In Cython's pure Python mode, as the general features (``features``): the deck's numbers are
written by :class:`DeckWriter`, a C class holding the general part's scratch vector; the same
source runs uncompiled, only slower.
"""
# mypy: disallow-untyped-decorators=False

from __future__ import annotations

from array import array
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.games.twenty_strong.deck import DeckLearning
from gamehall.games.twenty_strong.decks.victorum.actions import ALTERNATES, BONUSES
from gamehall.games.twenty_strong.decks.victorum.deck import (
    CAMP_SIZE,
    ENGAGED,
    Victorum,
)
from gamehall.games.twenty_strong.decks.victorum.mountain import ADJACENT, CAMPS, FOOT, SCION_CAMP
from gamehall.games.twenty_strong.features import DeckPart, Names, scales
from gamehall.games.twenty_strong.state import NOWHERE, State

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

TOP_KINDS: Final = ("bloodshed", "sport", "opportunity")
CAMP_FIELDS: Final = ("size", "primus", "near", *TOP_KINDS, "health", "damage", "influence")
"""Per camp: cards left, a primus, next to the chip, then the card on top."""
ICONS: Final = 2.0
_HEROES = cython.declare(cython.long, 1 << 16)  # more heroes than a card file holds
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
    positions = numbered(most_active(deck))
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


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _primuses(k: cython.int, scale: cython.int) -> cython.double:
    """``k`` out of ``scale``, held within [0, 1] (as ``features.ratio``)."""
    if k < 0:
        k = 0
    elif k > scale:
        k = scale
    return cython.cast(cython.double, k) / scale


class DeckFeatures(DeckPart):
    """Victorum's features: where the chip is, each camp (cards left, primus, next to the
    chip, the card on top), the scion's influence, the conflict under way, the tactic area,
    the hero and the setup deal."""

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
        self.chip_at = layout.group("chip.", (*CAMPS, "scion"))
        self.camps_at = layout.group(
            "camp.", (f"{camp}.{field}" for camp in CAMPS for field in CAMP_FIELDS)
        )
        self.global_at = layout.group(
            "",
            ("influence", "scion_power", "primuses_left", "conflict.primus", "conflict.scion"),
        )
        self.tactics_at = layout.group("tactic.", _codes(deck, deck.tactic_ids))
        self.hero_at = layout.group("hero.", heroes)
        self.dealt_at = layout.group("dealt.", heroes)
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
        self.primuses = 3 + deck.rank - 1
        """The scale of the primuses left."""


@cython.cclass
class DeckWriter:
    """Writes Victorum's features of a state into the vector it holds."""

    part: DeckFeatures
    deck: Victorum
    out: cython.float[::1]
    chip_at: cython.int
    camps_at: cython.int
    global_at: cython.int
    tactics_at: cython.int
    hero_at: cython.int
    dealt_at: cython.int
    primuses: cython.int
    near_starts: cython.int[::1]
    near: cython.int[::1]
    """Where the chip is (from NOWHERE on): the ``near`` features of the camps it touches
    (at first, the foot), at ``near[near_starts[chip + 1]:near_starts[chip + 2]]``."""
    # the camps last read (by identity), each camp's part of them, and their numbers
    mountain: tuple[object, object, object]
    camps: list[tuple[object, int, int]]
    camp_values: cython.double[::1]
    camp_count: cython.Py_ssize_t
    # the same for the influence deck and the tactic area
    influence: object
    influence_values: cython.double[::1]
    tactics: object
    tactic_count: cython.Py_ssize_t
    tactic_at: cython.int[::1]

    def __init__(self, part: DeckFeatures, start: int, vector: npt.NDArray[np.float32]) -> None:
        self.part = part
        self.deck = part.deck
        self.out = vector
        self.chip_at = start + part.chip_at
        self.camps_at = start + part.camps_at
        self.global_at = start + part.global_at
        self.tactics_at = start + part.tactics_at
        self.hero_at = start + part.hero_at
        self.dealt_at = start + part.dealt_at
        self.primuses = part.primuses
        near = CAMP_FIELDS.index("near")
        width = len(CAMP_FIELDS)
        touching = {NOWHERE: FOOT, SCION_CAMP: (), **dict(enumerate(ADJACENT))}
        starts, offsets = array("i", [0]), array("i")
        for chip in range(NOWHERE, SCION_CAMP + 1):
            offsets.extend(self.camps_at + c * width + near for c in touching[chip])
            starts.append(len(offsets))
        self.near_starts, self.near = starts, offsets
        self.mountain = (None, None, None)
        self.camps = [(None, 0, 0)] * len(CAMPS)
        self.camp_values = array("d", [0.0]) * (len(CAMPS) * width)
        self.camp_count = 0
        self.influence = None
        self.influence_values = array("d", [0.0, 0.0])
        self.tactics = None
        self.tactic_count = 0
        self.tactic_at = array("i", [0]) * (len(part.tactic_index) + 1)

    def fill(
        self, state: State, own: Any, stacks: tuple[Any, ...], inventory: tuple[Any, ...]
    ) -> cython.long:
        """Write the deck's features of ``state`` (``own``: its ``Vic``; its stacks, its
        inventory); the key of what of it the modifiers read: Victorum adds no modifier of
        its own, only the hero's ability counts (the hero, or the universal hero)."""
        out: cython.float[::1] = self.out
        vic: tuple[Any, ...] = cython.cast(tuple, own)  # a Vic: C indexing
        hero: cython.int = vic[1]
        universal: cython.int = vic[2]
        chip: cython.int = vic[8]
        primuses: tuple[Any, ...] = vic[5]
        buried: tuple[Any, ...] = vic[9]
        i: cython.Py_ssize_t
        at: cython.Py_ssize_t
        if chip != NOWHERE:
            out[self.chip_at + chip] = 1.0  # the scion's camp follows the nine others
        mountain = self.mountain
        if stacks is not mountain[0] or primuses is not mountain[1] or buried is not mountain[2]:
            self.mountain = (stacks, primuses, buried)  # the camps change once a round
            self._read_camps(state, stacks, primuses, buried)
        at = self.camps_at
        for i in range(self.camp_count):
            out[at + i] = self.camp_values[i]
        for i in range(self.near_starts[chip + 1], self.near_starts[chip + 2]):
            out[self.near[i]] = 1.0
        influence = vic[13]
        if influence is not self.influence:  # the same for the influence deck
            self.influence = influence
            value = self.deck.influence_value(state)
            power = value // self.deck.scions[vic[0]].influence_step
            self.influence_values[0] = value / self.part.icons
            self.influence_values[1] = power / max(1, self.part.power)
        at = self.global_at
        out[at] = self.influence_values[0]
        out[at + 1] = self.influence_values[1]
        out[at + 2] = _primuses(vic[19], self.primuses)
        conflict = vic[14]
        if conflict:
            out[at + (3 if conflict == "primus" else 4)] = 1.0
        tactics = vic[12]
        if tactics is not self.tactics:  # the tactic area: the same
            self.tactics = tactics
            index = self.part.tactic_index
            for i, card in enumerate(tactics):
                self.tactic_at[i] = self.tactics_at + index[card]
            self.tactic_count = len(tactics)
        for i in range(self.tactic_count):
            out[self.tactic_at[i]] = 1.0
        if hero >= 0:
            out[self.hero_at + hero] = 1.0
        dealt: tuple[Any, ...] = vic[3]
        for i in range(len(dealt)):
            at = dealt[i]
            out[self.dealt_at + at] = 1.0
        return (hero + 1) * _HEROES + universal + 1

    @cython.cfunc
    def _read_camps(
        self,
        state: State,
        stacks: tuple[Any, ...],
        primuses: tuple[Any, ...],
        buried: tuple[Any, ...],
    ) -> None:
        """Each camp: its cards left, its primus, then the card on its top (read again only
        for the camps that changed); whether it touches the chip's camp is written apart."""
        part = self.part
        width: cython.Py_ssize_t = len(CAMP_FIELDS)
        count: cython.Py_ssize_t = min(len(stacks), len(CAMPS))
        camp: cython.Py_ssize_t
        i: cython.Py_ssize_t
        for camp in range(count):
            stack = stacks[camp]
            seen: tuple[Any, ...] = self.camps[camp]  # the camp's stack, buried, primus
            if stack is seen[0] and buried[camp] == seen[1] and primuses[camp] == seen[2]:
                continue
            self.camps[camp] = (stack, buried[camp], primuses[camp])
            row = [
                self.deck.camp_size(state, camp) / (CAMP_SIZE + 1),
                float(primuses[camp] != NOWHERE),
                0.0,  # near the chip
                *(part.tops[stack.known[0]] if stack.known else part.no_top),
            ]
            for i in range(width):
                self.camp_values[camp * width + i] = row[i]
        self.camp_count = count * width


DeckFeatures.writer_class = DeckWriter  # defined after the features, which it reads


LEARNING: Final = DeckLearning(action_forms, most_active, DeckFeatures)
"""The deck's ``rl`` part: its catalogue, its most active cards, its features."""
