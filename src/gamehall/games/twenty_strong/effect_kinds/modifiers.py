"""The modifier kinds of 20 Strong: what holds while its source lasts (a During effect while
its card is undefeated, an ongoing item while held, a hero's innate ability).

A modifier kind is a subclass of :class:`ModifierKind` with one instance in the registry
(``effect_kinds.MODIFIER_KINDS``). It owns the fields a card file gives it (``problem``), its
words and view (``text_key``, ``view``; the texts stay in the locale catalogs) and what the
workshop says of it (``read_in``: the slots where the rules read it; ``unread``: anything
else that leaves it unread). What it does in play is not here: the rules read ``Mod.kind``
strings at every step (``effects.modifiers``, ``total``, ``has``, ``flow.hittable``,
``flow.hit_damage``, ``flow.colours_taken``), and a lookup there would slow the playouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from gamehall.core.game import JSON
from gamehall.games.twenty_strong.dice import COLOUR_NAMES
from gamehall.games.twenty_strong.effect_kinds.base import NEEDED, NONE, shape_problem

if TYPE_CHECKING:
    from gamehall.games.twenty_strong.effects_schema import Modifier
    from gamehall.games.twenty_strong.runtime import Mod
    from gamehall.games.twenty_strong.workshop import DeckSpec

ENEMY: Final = frozenset({"during", "encounter"})
"""An enemy's own During effects and a Tyrant encounter: where the fight reads its modifiers
(``flow.hittable``, ``flow.hit_damage``)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class ModifierKind:
    """One kind of modifier. The defaults fit a modifier that needs an amount, names no stat,
    lists no colours and is read wherever it sits.

    Flags: ``rule`` (its amount: NEEDED or NONE), ``names_stat`` (it names a stat, and must),
    ``lists_colours`` (it lists colours, and must) and ``read_in`` (the slots of a card where
    the rules read it, see ``workshop.SLOT_WORDS``; None: everywhere).
    """

    def __init__(
        self,
        name: str,
        *,
        rule: int = NEEDED,
        names_stat: bool = False,
        lists_colours: bool = False,
        read_in: frozenset[str] | None = None,
    ) -> None:
        self.name = name
        self.rule = rule
        self.names_stat = names_stat
        self.lists_colours = lists_colours
        self.read_in = read_in

    # -- schema ---------------------------------------------------------------------------

    def problem(self, amount: int, stat: str | None, colours: bool) -> str:
        """What is wrong with the fields a card file gives this kind (empty: nothing)."""
        problem = shape_problem(
            self.name, amount, 0, stat, False, self.rule, self.names_stat, False, False
        )
        if problem:
            return problem
        if self.lists_colours != colours:
            return "only an immune modifier lists colours, and it must list some"
        return ""

    # -- words and view -------------------------------------------------------------------

    def text_key(self, data: JSON) -> str:
        """The catalog key of the words of a modifier of this kind (as in a view)."""
        return f"20s.effect.{self.name}"

    def view(self, mod: Mod) -> JSON:
        """A modifier of this kind as data for renderers (translated by ``text_key``)."""
        data: JSON = {"kind": mod.kind}
        if mod.amount:
            data["amount"] = mod.amount
        if mod.stat:
            data["stat"] = mod.stat
        if mod.colours:
            data["colours"] = [COLOUR_NAMES[c] for c in sorted(mod.colours)]
        return data

    # -- workshop -------------------------------------------------------------------------

    def unread(self, modifier: Modifier, spec: DeckSpec) -> list[tuple[str, str]]:
        """Why ``modifier`` (of this kind) is never read in the deck of ``spec``, beyond where
        it sits (``read_in``): (its field, the message) pairs; empty when it is read."""
        return []


class Immune(ModifierKind):
    """The enemy takes no hits of the listed colours (``flow.hittable``)."""

    def __init__(self) -> None:
        super().__init__("immune", rule=NONE, lists_colours=True, read_in=ENEMY)


class NoCrit(ModifierKind):
    """Crits on the enemy deal 1 (``flow.hit_damage``)."""

    def __init__(self) -> None:
        super().__init__("no_crit", rule=NONE, read_in=ENEMY)


class Guard(ModifierKind):
    """While it stands, only guards may be hit (GEN-R13): read on the card itself only."""

    def __init__(self) -> None:
        super().__init__("guard", rule=NONE, read_in=frozenset({"during"}))


class CommitLimit(ModifierKind):
    """At most ``amount`` dice committed per Strategy phase (``effects.commit_limit``)."""

    def __init__(self) -> None:
        super().__init__("commit_limit")


class NoItems(ModifierKind):
    """Items cannot be used."""

    def __init__(self) -> None:
        super().__init__("no_items", rule=NONE)


class StatModifier(ModifierKind):
    """Strategy or Recovery changed while in force (``effects.effective``)."""

    def __init__(self) -> None:
        super().__init__("stat", names_stat=True)

    def unread(self, modifier: Modifier, spec: DeckSpec) -> list[tuple[str, str]]:
        if modifier.stat == "health":
            message = "a lasting stat modifier on Health is never read: only Strategy and Recovery"
            return [("stat", message)]
        return []


class Ward(ModifierKind):
    """Damage suffered is ``amount`` less (when the hero suffers damage, ``flow``)."""

    def __init__(self) -> None:
        super().__init__("ward")


class CritBonus(ModifierKind):
    """Crits deal ``amount`` more (``flow.hit_damage``)."""

    def __init__(self) -> None:
        super().__init__("crit_bonus")


class RestBonus(ModifierKind):
    """Resting heals ``amount`` more (Too Many Bones): read when the hero rests, after a won
    battle, with no enemy active and the Tyrant encounter gone: so only from hero abilities
    and items, and never in a deck whose hero never rests."""

    def __init__(self) -> None:
        super().__init__("rest_bonus", read_in=frozenset({"hero", "item"}))

    def unread(self, modifier: Modifier, spec: DeckSpec) -> list[tuple[str, str]]:
        if spec.rests:
            return []
        title = spec.rules.title
        return [("kind", f"'rest_bonus' modifiers are never read in {title}: the hero never rests")]


IMMUNE: Final = Immune()
NO_CRIT: Final = NoCrit()
GUARD: Final = Guard()
COMMIT_LIMIT: Final = CommitLimit()
NO_ITEMS: Final = NoItems()
STAT_MODIFIER: Final = StatModifier()
WARD: Final = Ward()
CRIT_BONUS: Final = CritBonus()
REST_BONUS: Final = RestBonus()
