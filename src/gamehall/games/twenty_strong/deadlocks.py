"""Deadlock warnings of the deck workshop: cards that can make a 20 Strong game that never ends.

A battle ends when its enemies fall or the hero's Health falls below 1; what a deck's rules do
with a battle no roll can win is the deck's own (a battle lost, an Engagement discarded at
Cleanup...), and no deck's rule looks at commit limits, so a limit below 1 is warned as a
battle nothing ends. From the cards alone, :func:`deadlock_warnings` warns, kind by kind (in
file order within a kind):

1. an enemy immune to every colour (its During effects, ``flow.hittable``), and what else the
   deck finds so (with the modifiers of the battles it is fought in);
2. the deck's own: an enemy whose Health is more than the most damage dice can deal it in one
   Engagement (:func:`most_damage`), Engagement Specials that take the dice a battle needs...;
3. a ``commit_limit`` below 1 (the schema allows a negative one) on an enemy or a hero ability
   (and whatever else of the deck sets one): no die can be committed while it holds
   (``effects.commit_limit``), and no rule ends the battle, since the dice stay free to roll.

Guards never block one another: while guards stand, any of them may be hit (GEN-R13).

Each deck's warnings are its plug-in's ``deadlocks`` part, a :class:`DeckDeadlocks` (its
enemies, and what ends a blocked battle). A warning does not fail validation: the rules still
play such a deck. Each message is a :class:`~gamehall.core.i18n.Text` of the ``20s.workshop``
keys, in English and French.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from gamehall.core.cards import card_label
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.cards import Fighter, Hero
from gamehall.games.twenty_strong.deck_plugin import part_of
from gamehall.games.twenty_strong.dice import COLOUR_NAMES, COUNTS, CRIT, FACE_DAMAGE, STAT_MAX
from gamehall.games.twenty_strong.effects_schema import Modifier

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.workshop import Card, CardFile, Location, Problem

ALL_COLOURS: Final = frozenset(COLOUR_NAMES)
PHASES: Final = STAT_MAX
"""Strategy phases in one Engagement at most (GEN-REPEAT-2: Strategy is at most 6)."""
LISTED: Final = 6
"""At most this many other cards are named in one warning."""


@dataclass(frozen=True)
class Foe:
    """An enemy of the file: its card, where its fighter fields sit, and its role."""

    card: Card
    place: Location
    fighter: Fighter
    role: str
    """What the enemy is to its deck (``boss``, ``conflict``...: the deck's own words)."""
    label: str


def make_foe(file: CardFile, card: Card, fighter: Fighter, role: str, *inside: str) -> Foe:
    """The enemy ``fighter`` of ``card`` (its fields under ``inside`` in the card), labelled."""
    location = card.location
    label = card_label(file.data, str(location[0]), int(location[1])) if len(location) > 1 else ""
    return Foe(card, (*location, *inside), fighter, role, label)


def deadlock_warnings(file: CardFile) -> Iterator[Problem]:
    """Every deadlock warning of the file's valid cards (see the module docstring): none for
    a deck whose plug-in names no ``deadlocks``."""
    deadlocks: type[DeckDeadlocks] | None = part_of(file.spec.name, "deadlocks")
    if deadlocks is not None:
        yield from deadlocks(file).warnings()


# -- reading modifiers ------------------------------------------------------------------------


def immune(modifiers: Iterable[Modifier]) -> frozenset[str]:
    """The colours ``modifiers`` make immune."""
    return frozenset(c for m in modifiers if m.kind == "immune" for c in m.colours)


def has(modifiers: Iterable[Modifier], kind: str) -> bool:
    """Whether one of ``modifiers`` is of ``kind``."""
    return any(m.kind == kind for m in modifiers)


def commit_limit(modifiers: Iterable[Modifier]) -> int | None:
    """The commit limit ``modifiers`` set (the lowest rules), or None."""
    limits = [m.amount for m in modifiers if m.kind == "commit_limit"]
    return min(limits) if limits else None


def most_damage(modifiers: Sequence[Modifier], crit_bonus: int) -> tuple[int, int]:
    """How many dice can hit a card under ``modifiers`` in one Engagement, and the most one of
    them deals (a crit: 2 plus ``crit_bonus``, or 1 against ``no_crit``)."""
    colours = ALL_COLOURS - immune(modifiers)
    dice = sum(COUNTS[COLOUR_NAMES.index(c)] for c in colours)
    limit = commit_limit(modifiers)
    if limit is not None:
        dice = min(dice, max(0, limit) * PHASES)
    per = 1 if has(modifiers, "no_crit") else FACE_DAMAGE[CRIT] + crit_bonus
    return dice, per


def _first(modifiers: Sequence[Modifier], kind: str) -> int:
    """The position of the first modifier of ``kind``."""
    return next(i for i, m in enumerate(modifiers) if m.kind == kind)


def low_limit(modifiers: Sequence[Modifier]) -> int | None:
    """The position of the first commit limit below 1, or None."""
    for index, modifier in enumerate(modifiers):
        if modifier.kind == "commit_limit" and modifier.amount < 1:
            return index
    return None


def _listed(labels: Sequence[str]) -> object:
    """Card labels for a message: the first ``LISTED`` of them, then how many more (a message
    parameter stays short enough to be shown whole)."""
    if len(labels) <= LISTED:
        return ", ".join(labels)
    shown = ", ".join(labels[:LISTED])
    return Text("20s.workshop.others_more", {"labels": shown, "count": len(labels) - LISTED})


def warn(file: CardFile, location: Sequence[int | str], key: str, **params: object) -> Problem:
    return file.warning(location, Text(f"20s.workshop.{key}", dict(params)))


# -- a deck's warnings -------------------------------------------------------------------------


class DeckDeadlocks(ABC):
    """The warnings every deck shares; each deck finds its enemies, says what ends a blocked
    battle, and adds its own warnings."""

    def __init__(self, file: CardFile) -> None:
        self.file = file
        self.foes = list(self.find_foes())

    @abstractmethod
    def find_foes(self) -> Iterator[Foe]:
        """The file's enemies, in file order (:func:`make_foe` makes each)."""

    def warnings(self) -> Iterator[Problem]:
        yield from self.immunities()
        yield from self.healths()
        yield from self.engagement_dice()
        yield from self.commit_limits()

    @abstractmethod
    def ends(self, foe: Foe) -> Text:
        """What ends a battle that no die can win against ``foe``."""

    @abstractmethod
    def blind_ends(self, foe: Foe) -> Text:
        """What ends a battle in which no die can be committed while ``foe`` stands."""

    @abstractmethod
    def hero_ends(self) -> Text:
        """What ends the battles of a hero who can never commit a die."""

    def immunities(self) -> Iterator[Problem]:
        for foe in self.foes:
            during = foe.fighter.during
            if immune(during) >= ALL_COLOURS:
                key = "immune_guard" if has(during, "guard") else "immune"
                yield warn(self.file, (*foe.place, "during"), key, ends=self.ends(foe))

    def healths(self) -> Iterator[Problem]:
        """The deck's own warnings of a Health no Engagement's dice can reach."""
        return iter(())

    def engagement_dice(self) -> Iterator[Problem]:
        """The deck's own warnings of Engagement Specials that take the dice a battle needs."""
        return iter(())

    def commit_limits(self) -> Iterator[Problem]:
        file = self.file
        for foe in self.foes:
            index = low_limit(foe.fighter.during)
            if index is not None:
                amount = foe.fighter.during[index].amount
                place = (*foe.place, "during", index, "amount")
                yield warn(file, place, "commit_limit", amount=amount, ends=self.blind_ends(foe))
        yield from self.encounter_limits()
        for card in file.cards:
            if not isinstance(card.model, Hero):
                continue
            for side in ("innate", "innate_plus"):
                ability = getattr(card.model, side, None)
                index = low_limit(ability.modifiers) if ability is not None else None
                if ability is not None and index is not None:
                    place = (*card.location, side, "modifiers", index, "amount")
                    amount = ability.modifiers[index].amount
                    yield warn(
                        file, place, "commit_limit_hero", amount=amount, ends=self.hero_ends()
                    )

    def encounter_limits(self) -> Iterator[Problem]:
        """The deck's own commit limits below 1 (besides enemies' and heroes')."""
        return iter(())
