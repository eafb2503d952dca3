"""Victorum's deadlock warnings for the deck workshop: a plain Engagement ends at Cleanup; a
conflict the dice can no longer win is lost (VIC-R18, ``Victorum.cannot_win``). Besides the
general warnings: a primus, a scion, or a conflict card that may join a conflict, whose
Engagement Specials take dice (exhaust, dismiss, banish: the kinds that ``takes_dice``): a
hero left with that many dice or fewer cannot win the conflict, and VIC-R18 ends it as lost.
A commit limit below 1 is not seen by VIC-R18, since the dice stay free to roll."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from gamehall.core.i18n import Text
from gamehall.games.twenty_strong.deadlocks import DeckDeadlocks, Foe, make_foe, warn
from gamehall.games.twenty_strong.decks.victorum.cards import (
    ConflictCard,
    HeroPrimus,
    Opportunity,
    PrimusSide,
    Scion,
)
from gamehall.games.twenty_strong.general import takes_dice

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.workshop import CardFile, Problem


def _extra(foe: Foe) -> int:
    """The additional enemies a primus side or a conflict card calls."""
    fighter = foe.fighter
    return fighter.extra_enemies if isinstance(fighter, ConflictCard | PrimusSide) else 0


class VictorumDeadlocks(DeckDeadlocks):
    """Victorum: a plain Engagement ends at Cleanup; a conflict the dice can no longer win is
    lost (VIC-R18)."""

    def __init__(self, file: CardFile) -> None:
        super().__init__(file)
        icons = 0
        for card in file.cards:
            model = card.model
            if isinstance(model, ConflictCard):
                icons += model.influence + model.item_influence
            elif isinstance(model, Opportunity):
                icons += model.influence
        self.icons = icons
        """The greatest influence: every icon of the file (VIC-INFL-4)."""
        self.primuses = [f for f in self.foes if f.role == "primus"]
        self.scions = [f for f in self.foes if f.role == "scion"]
        self.joinable = any(_extra(p) >= 1 for p in self.primuses) or any(
            self.allies(s) >= 1 for s in self.scions
        )
        """Whether a conflict card may join a conflict (a primus's additional enemy, VIC-ADD-1,
        or a scion's ally, VIC-END-4)."""

    def find_foes(self) -> Iterator[Foe]:
        for card in self.file.cards:
            model = card.model
            if isinstance(model, HeroPrimus):
                yield make_foe(self.file, card, model.primus, "primus", "primus")
            elif isinstance(model, Scion):
                yield make_foe(self.file, card, model, "scion")
            elif isinstance(model, ConflictCard):
                yield make_foe(self.file, card, model, "conflict")

    def power(self, foe: Foe) -> int:
        """A scion's greatest power (influence over its step); 0 for any other enemy."""
        fighter = foe.fighter
        return self.icons // fighter.influence_step if isinstance(fighter, Scion) else 0

    def allies(self, foe: Foe) -> int:
        """The most allies a scion brings."""
        fighter = foe.fighter
        if not isinstance(fighter, Scion):
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
                if effect.when == "engagement" and takes_dice(effect.kind)
            ]
            power = self.power(foe)
            sizes = (sum(e.amount + e.scale * p for e in takes) for p in (0, power))
            low, high = sorted(sizes)
            if not takes or high < 1:
                continue
            more: object = "" if low == high else Text("20s.workshop.dice_scaled", {"high": high})
            place = (*foe.place, "special")
            yield warn(self.file, place, "engagement_dice", amount=max(0, low), more=more)
