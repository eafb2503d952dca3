"""Deadlock warnings of the deck workshop: cards that can make a 20 Strong game that never ends.

A battle ends when its enemies fall or the hero's Health falls below 1. In Too Many Bones hits do
not carry over between Engagements (TMB-BATTLE-4) and a battle not won goes on with another
Engagement (TMB-BATTLE-3), so a battle no roll can win is lost (TMB-R17,
``TooManyBones.cannot_win``). Victorum discards the cards of a plain Engagement at Cleanup, and
loses a conflict the dice can no longer win (VIC-R18, ``Victorum.cannot_win``). Neither rule
looks at commit limits, so a limit below 1 is warned as a battle nothing ends. From
the cards alone, :func:`deadlock_warnings` warns, kind by kind (in file order within a kind):

1. an enemy immune to every colour (its During effects, ``flow.hittable``); in Too Many Bones
   also a Baddie whose immunities and a Tyrant encounter's cover every colour, and a Tyrant
   encounter immune to every colour (every Baddie of its battle);
2. Too Many Bones: an enemy whose Health (a Tyrant's at its greatest power: the file's Tyrant
   encounters, TMB-R11) is more than the most damage dice can deal it in one Engagement: the dice
   of the colours it can take, at most ``commit_limit`` x 6 of them (6 Strategy phases at most),
   each a crit of 2 plus every positive ``crit_bonus`` of the file, or 1 against ``no_crit``
   (``flow.hit_damage``); for a Baddie also in the battle of each Tyrant encounter;
3. Victorum: a primus, a scion, or a conflict card that may join a conflict, whose Engagement
   Specials take dice (exhaust, dismiss, banish: ``TAKE_DICE``): a hero left with that many dice
   or fewer cannot win the conflict, and VIC-R18 ends it as lost;
4. a ``commit_limit`` below 1 (the schema allows a negative one) on an enemy, a Tyrant encounter
   or a hero ability: no die can be committed while it holds (``effects.commit_limit``), and
   VIC-R18 does not see it, since the dice stay free to roll.

Guards never block one another: while guards stand, any of them may be hit (GEN-R13).

A warning does not fail validation: the rules still play such a deck. Each message is a
:class:`~gamehall.core.i18n.Text` of the ``20s.workshop`` keys, in English and French.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from gamehall.core.cards import card_label
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.cards import ConflictCard, Fighter, Hero
from gamehall.games.twenty_strong.decks.too_many_bones import cards as tmb
from gamehall.games.twenty_strong.decks.victorum import cards as vic
from gamehall.games.twenty_strong.decks.victorum.deck import TAKE_DICE
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
    """``baddie``, ``tyrant``, ``primus``, ``scion`` or ``conflict``."""
    label: str

    @property
    def extra(self) -> int:
        """Its additional enemies (primus sides and conflict cards have some)."""
        fighter = self.fighter
        if isinstance(fighter, ConflictCard | vic.PrimusSide):
            return fighter.extra_enemies
        return 0


def deadlock_warnings(file: CardFile) -> Iterator[Problem]:
    """Every deadlock warning of the file's valid cards (see the module docstring)."""
    foes = list(_foes(file))
    if file.spec.name == "too-many-bones":
        yield from _TooManyBones(file, foes).warnings()
    else:
        yield from _Victorum(file, foes).warnings()


def _foes(file: CardFile) -> Iterator[Foe]:
    """The file's enemies, in file order."""
    for card in file.cards:
        model, location = card.model, card.location
        label = (
            card_label(file.data, str(location[0]), int(location[1])) if len(location) > 1 else ""
        )
        if isinstance(model, tmb.Tyrant):
            yield Foe(card, location, model, "tyrant", label)
        elif isinstance(model, tmb.Baddie):
            yield Foe(card, location, model, "baddie", label)
        elif isinstance(model, vic.HeroPrimus):
            yield Foe(card, (*location, "primus"), model.primus, "primus", label)
        elif isinstance(model, vic.Scion):
            yield Foe(card, location, model, "scion", label)
        elif isinstance(model, vic.ConflictCard):
            yield Foe(card, location, model, "conflict", label)


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


def _low_limit(modifiers: Sequence[Modifier]) -> int | None:
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


def _warn(file: CardFile, location: Sequence[int | str], key: str, **params: object) -> Problem:
    return file.warning(location, Text(f"20s.workshop.{key}", dict(params)))


# -- the decks --------------------------------------------------------------------------------


class _Deck(ABC):
    """The warnings both decks share; each deck says what ends a blocked battle."""

    def __init__(self, file: CardFile, foes: list[Foe]) -> None:
        self.file = file
        self.foes = foes

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
                yield _warn(self.file, (*foe.place, "during"), key, ends=self.ends(foe))

    def healths(self) -> Iterator[Problem]:
        return iter(())

    def engagement_dice(self) -> Iterator[Problem]:
        return iter(())

    def commit_limits(self) -> Iterator[Problem]:
        file = self.file
        for foe in self.foes:
            index = _low_limit(foe.fighter.during)
            if index is not None:
                amount = foe.fighter.during[index].amount
                place = (*foe.place, "during", index, "amount")
                yield _warn(file, place, "commit_limit", amount=amount, ends=self.blind_ends(foe))
        yield from self.encounter_limits()
        for card in file.cards:
            if not isinstance(card.model, Hero):
                continue
            for side in ("innate", "innate_plus"):
                ability = getattr(card.model, side, None)
                index = _low_limit(ability.modifiers) if ability is not None else None
                if ability is not None and index is not None:
                    place = (*card.location, side, "modifiers", index, "amount")
                    amount = ability.modifiers[index].amount
                    yield _warn(
                        file, place, "commit_limit_hero", amount=amount, ends=self.hero_ends()
                    )

    def encounter_limits(self) -> Iterator[Problem]:
        return iter(())


class _TooManyBones(_Deck):
    """Too Many Bones: a battle not won goes on for ever (TMB-BATTLE-3, TMB-BATTLE-4)."""

    def __init__(self, file: CardFile, foes: list[Foe]) -> None:
        super().__init__(file, foes)
        self.encounters = [c for c in file.cards if isinstance(c.model, tmb.TyrantEncounter)]
        self.blocking = [c for c in self.encounters if self._blocks(self._mods(c))]
        """Encounters that stop every Baddie of their battle by themselves (warned alone)."""
        self.power = len(self.encounters)
        """The Tyrant's greatest power: every Tyrant encounter left (TMB-R11)."""
        self.crit_bonus = sum(
            m.amount
            for _c, _l, m in file.parts(Modifier)
            if m.kind == "crit_bonus" and m.amount > 0
        )

    @staticmethod
    def _mods(card: Card) -> tuple[Modifier, ...]:
        model = card.model
        return model.modifiers if isinstance(model, tmb.TyrantEncounter) else ()

    @staticmethod
    def _blocks(modifiers: Sequence[Modifier]) -> bool:
        return immune(modifiers) >= ALL_COLOURS or _low_limit(modifiers) is not None

    def _label(self, card: Card) -> str:
        return card_label(self.file.data, str(card.location[0]), int(card.location[1]))

    def _battles(self, foe: Foe) -> Iterator[tuple[Card, tuple[Modifier, ...]]]:
        """The Tyrant encounters whose battle ``foe`` may fight in (not the blocking ones),
        with the modifiers in force there."""
        if foe.role != "baddie":
            return
        for encounter in self.encounters:
            if encounter not in self.blocking:
                yield encounter, (*foe.fighter.during, *self._mods(encounter))

    def ends(self, foe: Foe) -> Text:
        return Text("20s.workshop.ends.tmb")

    def blind_ends(self, foe: Foe) -> Text:
        return Text("20s.workshop.ends.tmb.unseen")

    def hero_ends(self) -> Text:
        return Text("20s.workshop.ends.tmb.unseen")

    def immunities(self) -> Iterator[Problem]:
        yield from super().immunities()
        file = self.file
        for foe in self.foes:
            if immune(foe.fighter.during) >= ALL_COLOURS:
                continue
            for encounter, modifiers in self._battles(foe):
                if immune(modifiers) >= ALL_COLOURS:
                    yield _warn(
                        file,
                        (*foe.place, "during"),
                        "immune_with",
                        encounter=self._label(encounter),
                        ends=self.ends(foe),
                    )
        for encounter in self.encounters:
            if immune(self._mods(encounter)) >= ALL_COLOURS:
                place = (*encounter.location, "modifiers")
                yield _warn(file, place, "encounter_immune", ends=Text("20s.workshop.ends.tmb"))

    def healths(self) -> Iterator[Problem]:
        file = self.file
        for foe in self.foes:
            during = foe.fighter.during
            if immune(during) >= ALL_COLOURS or _low_limit(during) is not None:
                continue  # warned as such
            dice, per = most_damage(during, self.crit_bonus)
            most = dice * per
            health = foe.fighter.health
            place = (*foe.place, "health")
            fighter = foe.fighter
            if isinstance(fighter, tmb.Tyrant) and fighter.health_scale:
                power = next(
                    (p for p in range(self.power + 1) if health + fighter.health_scale * p > most),
                    None,
                )
                if power is not None and power > 0:
                    yield _warn(
                        file,
                        place,
                        "health_tyrant",
                        power=power,
                        health=health,
                        scale=fighter.health_scale,
                        most=most,
                        dice=dice,
                        per=per,
                        ends=self.ends(foe),
                    )
                    continue
            if health > most:
                yield _warn(
                    file,
                    place,
                    "health",
                    health=health,
                    most=most,
                    dice=dice,
                    per=per,
                    ends=self.ends(foe),
                )
                continue
            for encounter, modifiers in self._battles(foe):
                if immune(modifiers) >= ALL_COLOURS:
                    continue  # warned as an immunity
                dice, per = most_damage(modifiers, self.crit_bonus)
                if health > dice * per:
                    yield _warn(
                        file,
                        place,
                        "health_with",
                        encounter=self._label(encounter),
                        health=health,
                        most=dice * per,
                        dice=dice,
                        per=per,
                        ends=self.ends(foe),
                    )

    def encounter_limits(self) -> Iterator[Problem]:
        for encounter in self.encounters:
            modifiers = self._mods(encounter)
            index = _low_limit(modifiers)
            if index is not None:
                place = (*encounter.location, "modifiers", index, "amount")
                amount = modifiers[index].amount
                ends = Text("20s.workshop.ends.tmb.unseen")
                yield _warn(self.file, place, "commit_limit_encounter", amount=amount, ends=ends)


class _Victorum(_Deck):
    """Victorum: a plain Engagement ends at Cleanup; a conflict the dice can no longer win is
    lost (VIC-R18)."""

    def __init__(self, file: CardFile, foes: list[Foe]) -> None:
        super().__init__(file, foes)
        icons = 0
        for card in file.cards:
            model = card.model
            if isinstance(model, vic.ConflictCard):
                icons += model.influence + model.item_influence
            elif isinstance(model, vic.Opportunity):
                icons += model.influence
        self.icons = icons
        """The greatest influence: every icon of the file (VIC-INFL-4)."""
        self.primuses = [foe for foe in foes if foe.role == "primus"]
        self.scions = [foe for foe in foes if foe.role == "scion"]
        self.joinable = any(p.extra >= 1 for p in self.primuses) or any(
            self.allies(s) >= 1 for s in self.scions
        )
        """Whether a conflict card may join a conflict (a primus's additional enemy, VIC-ADD-1,
        or a scion's ally, VIC-END-4)."""

    def power(self, foe: Foe) -> int:
        """A scion's greatest power (influence over its step); 0 for any other enemy."""
        fighter = foe.fighter
        return self.icons // fighter.influence_step if isinstance(fighter, vic.Scion) else 0

    def allies(self, foe: Foe) -> int:
        """The most allies a scion brings."""
        fighter = foe.fighter
        if not isinstance(fighter, vic.Scion):
            return 0
        return fighter.allies + fighter.allies_scale * self.power(foe)

    def _ends(self, foe: Foe, conflict: str, either: str) -> Text:
        if foe.role != "conflict":
            return Text(f"20s.workshop.ends.vic.{conflict}")
        return Text(f"20s.workshop.ends.vic.{either if self.joinable else 'engagement'}")

    def ends(self, foe: Foe) -> Text:
        return self._ends(foe, "conflict", "either")

    def blind_ends(self, foe: Foe) -> Text:
        return self._ends(foe, "unseen", "unseen_either")

    def hero_ends(self) -> Text:
        return Text("20s.workshop.ends.vic.hero")

    def engagement_dice(self) -> Iterator[Problem]:
        for foe in self.foes:
            if foe.role == "conflict" and not self.joinable:
                continue  # its Engagement ends at Cleanup
            takes = [
                effect
                for effect in foe.fighter.special
                if effect.when == "engagement" and effect.kind in TAKE_DICE
            ]
            power = self.power(foe)
            sizes = (sum(e.amount + e.scale * p for e in takes) for p in (0, power))
            low, high = sorted(sizes)
            if not takes or high < 1:
                continue
            more: object = "" if low == high else Text("20s.workshop.dice_scaled", {"high": high})
            place = (*foe.place, "special")
            yield _warn(self.file, place, "engagement_dice", amount=max(0, low), more=more)
