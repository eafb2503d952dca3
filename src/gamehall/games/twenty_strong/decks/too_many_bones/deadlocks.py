"""Too Many Bones's deadlock warnings for the deck workshop: a battle not won goes on with
another Engagement and hits do not carry over (TMB-BATTLE-3, TMB-BATTLE-4), so a battle no roll
can win is lost (TMB-R17, ``TooManyBones.cannot_win``). Besides the general warnings: a Baddie
whose immunities and a Tyrant encounter's cover every colour, a Tyrant encounter immune to
every colour (every Baddie of its battle), and an enemy whose Health (a Tyrant's at its
greatest power: the file's Tyrant encounters, TMB-R11) is more than the most damage dice can
deal it in one Engagement, for a Baddie also in the battle of each Tyrant encounter."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from gamehall.core.cards import card_label
from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.deadlocks import (
    ALL_COLOURS,
    DeckDeadlocks,
    Foe,
    immune,
    low_limit,
    make_foe,
    most_damage,
    warn,
)
from gamehall.games.twenty_strong.decks.too_many_bones.cards import Baddie, Tyrant, TyrantEncounter
from gamehall.games.twenty_strong.effects_schema import Modifier

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.workshop import Card, CardFile, Problem


class TooManyBonesDeadlocks(DeckDeadlocks):
    """Too Many Bones: a battle not won goes on for ever (TMB-BATTLE-3, TMB-BATTLE-4)."""

    def __init__(self, file: CardFile) -> None:
        super().__init__(file)
        self.encounters = [c for c in file.cards if isinstance(c.model, TyrantEncounter)]
        self.blocking = [c for c in self.encounters if self._blocks(self._mods(c))]
        """Encounters that stop every Baddie of their battle by themselves (warned alone)."""
        self.power = len(self.encounters)
        """The Tyrant's greatest power: every Tyrant encounter left (TMB-R11)."""
        self.crit_bonus = sum(
            m.amount
            for _c, _l, m in file.parts(Modifier)
            if m.kind == "crit_bonus" and m.amount > 0
        )

    def find_foes(self) -> Iterator[Foe]:
        for card in self.file.cards:
            model = card.model
            if isinstance(model, Tyrant):
                yield make_foe(self.file, card, model, "tyrant")
            elif isinstance(model, Baddie):
                yield make_foe(self.file, card, model, "baddie")

    @staticmethod
    def _mods(card: Card) -> tuple[Modifier, ...]:
        model = card.model
        return model.modifiers if isinstance(model, TyrantEncounter) else ()

    @staticmethod
    def _blocks(modifiers: Sequence[Modifier]) -> bool:
        return immune(modifiers) >= ALL_COLOURS or low_limit(modifiers) is not None

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
                    yield warn(
                        file,
                        (*foe.place, "during"),
                        "immune_with",
                        encounter=self._label(encounter),
                        ends=self.ends(foe),
                    )
        for encounter in self.encounters:
            if immune(self._mods(encounter)) >= ALL_COLOURS:
                place = (*encounter.location, "modifiers")
                yield warn(file, place, "encounter_immune", ends=Text("20s.workshop.ends.tmb"))

    def healths(self) -> Iterator[Problem]:
        file = self.file
        for foe in self.foes:
            during = foe.fighter.during
            if immune(during) >= ALL_COLOURS or low_limit(during) is not None:
                continue  # warned as such
            dice, per = most_damage(during, self.crit_bonus)
            most = dice * per
            health = foe.fighter.health
            place = (*foe.place, "health")
            fighter = foe.fighter
            if isinstance(fighter, Tyrant) and fighter.health_scale:
                power = next(
                    (p for p in range(self.power + 1) if health + fighter.health_scale * p > most),
                    None,
                )
                if power is not None and power > 0:
                    yield warn(
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
                yield warn(
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
                    yield warn(
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
            index = low_limit(modifiers)
            if index is not None:
                place = (*encounter.location, "modifiers", index, "amount")
                amount = modifiers[index].amount
                ends = Text("20s.workshop.ends.tmb.unseen")
                yield warn(self.file, place, "commit_limit_encounter", amount=amount, ends=ends)
