"""The 20 Strong deck workshop: every problem of a card file, one line each.

:func:`validate_deck_file` reads a card file of an installed deck. The deck is the one its
``[deck] id`` names: a deck's name, alone or followed by ``-`` and a suffix (the house files say
``<deck>-house``); what the workshop knows of it is its plug-in's ``workshop`` part (a
:class:`DeckSpec`). It reports, in this order
(within a check: sections as the schema lists them, cards in file order, fields as the card's
schema lists them):

1. a file that cannot be read or is not TOML, then a missing or unknown deck id: alone, since
   nothing else can be checked;
2. schema: every error of the deck's pydantic schema, in every card (its whole-file count and
   code checks, which stop at the first, are left to checks 3 and 4; a list pydantic finds too
   short only because its bad items were left out is not reported twice);
3. references: a ``hook`` effect naming a hook the deck does not have (the deck's ``run_hook``
   would stop the game); a universal hero that says it comes from this very deck (TMB-UNIV-1,
   VIC-UNIV-1); a card code used twice (the rules find cards by code). The schemas name no other
   card or zone: colours, condition kinds and triggers are closed vocabularies;
4. composition: each count of the rulebook (the deck's ``COMPOSITION``) the file misses;
5. what no rule can trigger, worked out from flow.py, effects.py, rules.py and the decks:

   * modifiers the rules read only in some places (each modifier kind's ``read_in``, in
     ``effect_kinds/modifiers.py``): ``immune`` and ``no_crit`` only from an
     enemy's own During effects or a Tyrant encounter (``flow.hittable``, ``flow.hit_damage``),
     ``guard`` only from an enemy's During effects; so never on a hero ability or an item.
     ``rest_bonus`` is read when a Too Many Bones hero rests, after a won battle: no enemy is
     active then and the Tyrant encounter has left, so only hero abilities and items count;
   * effects that can do nothing where they sit: the reserve dice effects (``recruit_dice``,
     ``dismiss_dice``, ``strengthen_dice``, ``weaken_dice``) in a deck with no reserve of
     unrecruited dice (Too Many Bones); ``damage_card`` and ``reroll`` where nothing is in play
     (a Mohlnor's cost, gain and scouting consequence, a scion's spectate penalty, a primus's
     bane); ``reroll`` before any roll (a boss's setup, a Special at the start of an
     Engagement); a ``bq_shift`` hook anywhere but a backup plan or an item, the only things
     used before the day's BQ is activated (hero abilities wait for the Engagement, TMB-R6);
   * a ``scale`` where no power is applied: only the boss is activated with a power
     (``flow.activate``), for its setup, After effects and activation or Engagement Specials
     (``flow.defeat`` queues defeat Specials without it);
   * an ``extension`` item in a deck with no backup plan to pay its cost (Victorum keeps the
     general ``can_pay``: never);
   * the deck's own checks (its spec's ``checks``: a backup slot that can never be filled, a
     condition that can never hold...);
   * an ``item_name`` on a card with no item reward;
   * a lasting ``stat`` modifier on Health (``effects.effective`` is asked for Strategy and
     Recovery only), and a ``rest_bonus`` in Victorum, whose hero never rests.

   Not reported, because the schema already rules them out: instant and item rewards exist only
   on conflict cards, and every enemy (Baddie, Tyrant, conflict card, primus, scion) is
   activated through ``flow.activate`` and goes through the Resolve phase, so its During, After
   and Special effects are all read;
6. warnings, not errors: cards that can make a game that never ends (an enemy no die can hit,
   a Health no Engagement's dice can reach, Engagement Specials that take dice in a Victorum
   conflict, a commit limit below 1), worked out in
   :mod:`~gamehall.games.twenty_strong.deadlocks`.

Every problem has a severity: checks 1 to 5 find errors, check 6 warnings. A file with warnings
only still validates (the rules play it). Cards that fail the schema are left out of checks 3, 5
and 6; the other cards are still checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from pathlib import Path
from typing import Any, Final, Literal, NamedTuple, TypeVar, cast, get_args

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from gamehall.core.cards import (
    FILE_LEVEL,
    error_message,
    error_place,
    problem_line,
    read_card_data,
)
from gamehall.core.errors import CardDataError
from gamehall.core.i18n import Catalog, Text, catalog
from gamehall.games.twenty_strong.cards import ConflictCard, UniversalHero
from gamehall.games.twenty_strong.deadlocks import deadlock_warnings
from gamehall.games.twenty_strong.deck import DeckRules
from gamehall.games.twenty_strong.deck_plugin import DeckParts
from gamehall.games.twenty_strong.decks import DECKS, deck_names
from gamehall.games.twenty_strong.dice import (
    COLOUR_NAMES,
    COUNTS,
    FACE_WEIGHTS,
)
from gamehall.games.twenty_strong.effect_kinds import EFFECT_KINDS, MODIFIER_KINDS
from gamehall.games.twenty_strong.effects_schema import Effect, ItemReward, Modifier, Special
from gamehall.games.twenty_strong.state import NOWHERE

Location = tuple[int | str, ...]
P = TypeVar("P", bound=BaseModel)
Check = Callable[["CardFile"], Iterator["Problem"]]
"""A check of a card file: its problems, in file order."""


Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Problem:
    """One problem of a card file: the file, the card, the field and what is wrong.

    An ``error`` fails validation; a ``warning`` (a card that can make a game that never ends,
    :mod:`~gamehall.games.twenty_strong.deadlocks`) does not: the rules still play the deck.
    ``text`` is the message for people in any language (``message`` is its English form)."""

    file: str
    card: str
    field: str
    message: str
    severity: Severity = "error"
    text: Text | None = dataclass_field(default=None, compare=False)

    def __str__(self) -> str:
        """``FILE: CARD: FIELD: MESSAGE`` on one line (empty parts left out)."""
        return problem_line(self.file, self.card, self.field, self.message)

    def render(self, texts: Catalog) -> str:
        """The problem's line with its message in the catalog's language."""
        message = self.message if self.text is None else texts.render(self.text)
        return problem_line(self.file, self.card, self.field, message)


class Count(NamedTuple):
    """How a composition part is counted: the cards of ``section`` whose ``field`` is
    ``value`` (every card of the section when no field is given)."""

    section: str
    field: str = ""
    value: object = None


@dataclass(frozen=True)
class DeckSpec:
    """What the workshop knows of a deck besides its rules class."""

    name: str
    schema: type[BaseModel]
    composition: Mapping[str, int]
    counts: Mapping[str, Count]
    hooks: frozenset[str]
    """The names the deck's ``run_hook`` knows."""
    boss: str
    """The section of the cards that are activated with a power."""
    absent: frozenset[str] = frozenset()
    """The slots the deck's cards do not have (see SLOT_WORDS)."""
    rests: bool = True
    """Whether the hero ever rests (and so reads ``rest_bonus``)."""
    checks: tuple[Check, ...] = ()
    """The deck's own checks of its cards, in report order (after the general errors)."""

    @property
    def rules(self) -> type[DeckRules]:
        """The deck's rules class."""
        return DECKS[self.name]


SPECS: Mapping[str, DeckSpec] = DeckParts("workshop")
"""What the workshop knows of each deck (its plug-in's ``workshop``), by deck name."""

SLOT_OF_FIELD: Final = {
    "item": "item",
    "reward": "item",
    "innate": "hero",
    "innate_plus": "hero",
    "options": "backup",
}
"""Fields whose effects and modifiers, however deep, belong to one slot."""
SLOT_OF_SECTION: Final = {"tactics": "item", "tyrant_encounters": "encounter"}
SLOT_WORDS: Final = {
    "during": "an enemy's During effects",
    "encounter": "a Tyrant encounter",
    "hero": "a hero ability",
    "item": "an item",
    "backup": "a backup plan",
    "cost": "a Mohlnor's peaceful cost",
    "gain": "a Mohlnor's peaceful gain",
    "scout": "a Mohlnor's scouting consequence",
    "spectate": "a scion's spectate penalty",
    "bane": "a primus's bane",
    "setup": "a boss's setup",
    "after": "After effects",
    "instant": "an instant reward",
    "special activate": "a Special effect on activation",
    "special engagement": "a Special effect at the start of an Engagement",
    "special defeat": "a Special effect on defeat",
}
READ_IN: Final = {
    "bq_shift": frozenset({"backup", "item"}),
}
"""Where the rules read a hook; a hook not listed works wherever it is (where the rules read a
modifier kind is the kind's own ``read_in``)."""
POWERED: Final = frozenset({"setup", "after", "special activate", "special engagement"})
"""The boss's slots whose effects get its power."""
NEVER_MISS: Final = tuple(
    colour for colour, faces in zip(COLOUR_NAMES, FACE_WEIGHTS, strict=True) if faces[0] == 0
)
"""The colours with no miss face (GEN-DICE-10: red)."""


# -- the file and its cards -------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A card (or a section that is one table) that passed its schema, and where it is."""

    location: Location
    model: BaseModel


@dataclass(frozen=True)
class CardFile:
    """A readable card file of a known deck, with its cards that passed the schema."""

    path: str
    data: dict[str, Any]
    spec: DeckSpec
    cards: tuple[Card, ...]

    def problem(self, location: Sequence[int | str], message: str) -> Problem:
        """A problem at ``location`` (section, index, fields...) of the file."""
        card, field = error_place(self.data, location)
        return Problem(self.path, card, field, message)

    def warning(self, location: Sequence[int | str], text: Text) -> Problem:
        """A warning at ``location``: ``text`` for people, its English form as the message."""
        card, field = error_place(self.data, location)
        return Problem(self.path, card, field, catalog("en").render(text), "warning", text)

    def parts(self, kind: type[P]) -> Iterator[tuple[Card, Location, P]]:
        """Every part of type ``kind`` in the valid cards, with its card and location."""
        for card in self.cards:
            for location, part in _walk(card.model, card.location):
                if isinstance(part, kind):
                    yield card, location, part

    def raw(self, section: str) -> list[Any] | None:
        """The entries of a section as written, or None when it is not a list."""
        entries = self.data.get(section)
        return entries if isinstance(entries, list) else None


def _walk(value: object, location: Location) -> Iterator[tuple[Location, BaseModel]]:
    """Every model inside ``value`` (itself included), with its location."""
    if isinstance(value, BaseModel):
        yield location, value
        for name in type(value).model_fields:
            yield from _walk(getattr(value, name), (*location, name))
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            yield from _walk(item, (*location, index))


def _sections(schema: type[BaseModel]) -> Iterator[tuple[str, type[BaseModel], bool]]:
    """The file's sections: name, card model, and whether it is a list of cards."""
    for name, info in schema.model_fields.items():
        args = get_args(info.annotation)
        model = cast("type[BaseModel]", args[0] if args else info.annotation)
        yield name, model, bool(args)


def _valid_cards(data: dict[str, Any], schema: type[BaseModel]) -> Iterator[Card]:
    """The cards that pass their own schema, each validated alone."""
    for section, model, many in _sections(schema):
        raw = data.get(section)
        if many:
            entries = list(enumerate(raw)) if isinstance(raw, list) else []
            located: list[tuple[Location, Any]] = [((section, i), e) for i, e in entries]
        else:
            located = [((section,), raw)] if raw is not None else []
        for location, entry in located:
            try:
                yield Card(location, model.model_validate(entry))
            except ValidationError:
                continue


def deck_name(deck_id: object) -> str | None:
    """The deck a ``[deck] id`` names (the deck ``name`` for ``name-house``), or None."""
    if not isinstance(deck_id, str):
        return None
    for name in deck_names():
        if deck_id == name or deck_id.startswith(f"{name}-"):
            return name
    return None


def _deck_id(data: dict[str, Any]) -> object:
    """What the ``[deck]`` header gives as the id (None without one)."""
    header = data.get("deck")
    return header.get("id") if isinstance(header, dict) else None


def _unknown_deck(deck_id: object) -> str:
    """What is wrong with a deck id that names no deck."""
    known = ", ".join(deck_names())
    if deck_id is None:
        return f"missing: the [deck] header names the deck ({known})"
    return f"unknown deck {deck_id!r} (decks: {known}, optionally followed by '-' and a suffix)"


def validate_deck_file(path: Path) -> list[Problem]:
    """Every problem of a 20 Strong card file (empty: the deck is good)."""
    try:
        data = read_card_data(path)
    except CardDataError as error:
        return [Problem(str(path), "", "", str(error))]
    deck_id = _deck_id(data)
    name = deck_name(deck_id)
    if name is None:
        return [Problem(str(path), FILE_LEVEL, "id", _unknown_deck(deck_id))]
    spec = SPECS[name]
    file = CardFile(str(path), data, spec, tuple(_valid_cards(data, spec.schema)))
    return [problem for check in CHECKS for problem in check(file)]


# -- schema, references, composition ----------------------------------------------------------


def _schema(file: CardFile) -> Iterator[Problem]:
    """Every error of the deck's schema (its whole-file count check aside: see _composition
    and _duplicate_codes, which report every mismatch, not the first)."""
    try:
        file.spec.schema.model_validate(file.data)
    except ValidationError as error:
        details = error.errors()
        for detail in details:
            if detail["loc"] and not _derived(detail, details):
                yield file.problem(tuple(detail["loc"]), error_message(detail))


def _derived(detail: ErrorDetails, details: list[ErrorDetails]) -> bool:
    """Whether ``detail`` only echoes errors inside it: pydantic finds a list too short once
    its bad items are left out."""
    location = tuple(detail["loc"])
    inside = (tuple(other["loc"])[: len(location)] == location for other in details)
    return detail["type"] == "too_short" and sum(inside) > 1


def _hooks(file: CardFile) -> Iterator[Problem]:
    """Hook effects must name a hook of the deck."""
    known, title = file.spec.hooks, file.spec.rules.title
    for _card, location, effect in file.parts(Effect):
        message = EFFECT_KINDS[effect.kind].reference_problem(effect.hook, known, title)
        if message:
            yield file.problem((*location, "hook"), message)


def _universal_decks(file: CardFile) -> Iterator[Problem]:
    """A universal hero comes from another deck."""
    for card in file.cards:
        hero = card.model
        if isinstance(hero, UniversalHero) and deck_name(hero.deck) == file.spec.name:
            message = f"a universal hero comes from another deck, not from {file.spec.name}"
            yield file.problem((*card.location, "deck"), message)


def _duplicate_codes(file: CardFile) -> Iterator[Problem]:
    """Every card code is used once (each repeat is reported, naming the first use)."""
    first: dict[str, str] = {}
    for section, model, many in _sections(file.spec.schema):
        if not many or "code" not in model.model_fields:
            continue
        for index, entry in enumerate(file.raw(section) or []):
            code = entry.get("code") if isinstance(entry, dict) else None
            if not isinstance(code, str):
                continue
            if code in first:
                message = f"code {code!r} is already used by {first[code]}"
                yield file.problem((section, index, "code"), message)
            else:
                first[code] = f"{section}[{index}]"


def _composition(file: CardFile) -> Iterator[Problem]:
    """Each count the rulebook requires (a section that is not a list is the schema's)."""
    for part, expected in file.spec.composition.items():
        count = file.spec.counts[part]
        entries = file.raw(count.section)
        if entries is None:
            continue
        found = sum(1 for entry in entries if _counted(entry, count))
        if found != expected:
            message = f"the deck needs {expected} {part}, found {found}"
            yield file.problem((count.section,), message)


def _counted(entry: object, count: Count) -> bool:
    """Whether a card as written counts for ``count``."""
    if not count.field:
        return True
    return isinstance(entry, dict) and entry.get(count.field) == count.value


# -- what no rule can trigger -----------------------------------------------------------------


def _slot(location: Location, part: BaseModel) -> str:
    """Where an effect or modifier sits, as the rules see it (``during``, ``item``...)."""
    names = [step for step in location[1:] if isinstance(step, str)]
    for name in names:
        if name in SLOT_OF_FIELD:
            return SLOT_OF_FIELD[name]
    if isinstance(part, Special):
        return f"special {part.when}"
    return SLOT_OF_SECTION.get(str(location[0]), names[-1] if names else str(location[0]))


UNREAD: Final = {
    "modifier": "{kind!r} modifiers are never read from {slot}: only from {where}",
    "hook": "{kind!r} hooks do nothing in {slot}: they work only in {where}",
}


def _read_in(
    file: CardFile, what: str, kind: str, places: frozenset[str] | None, slot: str
) -> Iterator[str]:
    """Why a modifier kind or a hook (``what``), read only in ``places`` (None: everywhere),
    is never read in ``slot`` (nothing when it is)."""
    if places is not None and slot not in places:
        where = " or ".join(SLOT_WORDS[s] for s in sorted(places - file.spec.absent))
        yield UNREAD[what].format(kind=kind, slot=SLOT_WORDS[slot], where=where)


def _modifiers(file: CardFile) -> Iterator[Problem]:
    """Modifiers in a slot where the rules never read their kind (the kind's ``read_in``),
    and whatever else their kind says leaves them unread (its ``unread``: a lasting Health
    change, a rest bonus in a deck without rest)."""
    for _card, location, modifier in file.parts(Modifier):
        kind = MODIFIER_KINDS[modifier.kind]
        slot = _slot(location, modifier)
        for message in _read_in(file, "modifier", modifier.kind, kind.read_in, slot):
            yield file.problem((*location, "kind"), message)
        for field, message in kind.unread(modifier, file.spec):
            yield file.problem((*location, field), message)


def _effects(file: CardFile) -> Iterator[Problem]:
    """Effects that can do nothing where they sit, and scales no power multiplies."""
    reserve = file.spec.rules.reserve_zone != NOWHERE
    for card, location, effect in file.parts(Effect):
        slot = _slot(location, effect)
        for message in _idle(file, effect, slot, reserve):
            yield file.problem((*location, "kind"), message)
        powered = card.location[0] == file.spec.boss and slot in POWERED
        if effect.scale and not powered:
            message = (
                "scale adds nothing here: only the boss has a power, used by its setup, "
                "After effects and activation or Engagement Specials"
            )
            yield file.problem((*location, "scale"), message)


def _idle(file: CardFile, effect: Effect, slot: str, reserve: bool) -> Iterator[str]:
    """Why ``effect`` can do nothing in ``slot`` (nothing when it can)."""
    kind = EFFECT_KINDS[effect.kind]
    if kind.needs_reserve and not reserve:
        title = file.spec.rules.title
        yield f"{effect.kind!r} effects do nothing in {title}: it has no unrecruited dice"
    why = kind.idle_in(slot)
    if why:
        yield f"{effect.kind!r} effects do nothing in {SLOT_WORDS[slot]}: {why}"
    if effect.hook in file.spec.hooks:
        yield from _read_in(file, "hook", effect.hook, READ_IN.get(effect.hook), slot)


def _extensions(file: CardFile) -> Iterator[Problem]:
    """Extension items need a deck that can pay their cost in backup dice."""
    if file.spec.rules.can_pay is not DeckRules.can_pay:
        return
    for _card, location, item in file.parts(ItemReward):
        if item.kind == "extension":
            title = file.spec.rules.title
            message = f"an extension item can never be used in {title}: it has no backup plan"
            yield file.problem((*location, "kind"), message)


def dice_of(colours: Sequence[str]) -> int:
    """How many unit dice have one of ``colours``."""
    return sum(COUNTS[COLOUR_NAMES.index(colour)] for colour in set(colours))


def dice_words(colours: Sequence[str]) -> str:
    """``4 yellow dice``, ``1 red die``, ``8 blue and purple dice``."""
    count = dice_of(colours)
    return f"{count} {' and '.join(colours)} {'die' if count == 1 else 'dice'}"


def _deck_checks(file: CardFile) -> Iterator[Problem]:
    """The deck's own checks (its spec's ``checks``), in their order."""
    for check in file.spec.checks:
        yield from check(file)


def _item_names(file: CardFile) -> Iterator[Problem]:
    """An item name belongs to an item reward."""
    for card in file.cards:
        model = card.model
        if isinstance(model, ConflictCard) and model.item_name and model.item is None:
            message = "an item name, but the card has no item reward"
            yield file.problem((*card.location, "item_name"), message)


CHECKS: Final[tuple[Check, ...]] = (
    _schema,
    _hooks,
    _universal_decks,
    _duplicate_codes,
    _composition,
    _modifiers,
    _effects,
    _extensions,
    _deck_checks,
    _item_names,
    deadlock_warnings,
)
"""The checks, in report order (each in file order): the errors, then the warnings."""
