"""A fixed index for every action a game's notation can write: the action encoding of the
learning environments (``gamehall.rl``) and of the OpenSpiel adapter.

A game lists its notation's grammar as :class:`Form` s: a verb and the words each of its
arguments may be. The catalogue writes every sentence of that grammar in order, reads each one
back with the game's own ``parse_action`` and checks that ``str`` writes it the same way, so
the index is built from the engine's notation and is never a second list of legal moves: the
legal actions of a state are looked up in it (:meth:`Index.indices`).

The order is the order of the forms, then of each argument's words, so an index is stable for
a game, its player count and its card set (docs/rl.md lists the forms of every game).

>>> form = Form("ask", (numbered(2),))
>>> list(form.notations())
['ask 1', 'ask 2']
>>> subsets(("f1", "f2"))
('f1', 'f2', 'f1+f2')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import TYPE_CHECKING, Any, NamedTuple
from weakref import WeakKeyDictionary

from gamehall.core.errors import GamehallError
from gamehall.core.i18n import Text

if TYPE_CHECKING:
    from gamehall.core.game import Action, Game


@dataclass(frozen=True, slots=True)
class Form:
    """One shape of notation: a verb and, for each argument, the words it may be."""

    verb: str
    words: tuple[tuple[str, ...], ...] = ()

    def notations(self) -> Iterator[str]:
        """Every sentence of this form, in order."""
        for arguments in product(*self.words):
            yield " ".join((self.verb, *arguments))


class ActionForms(NamedTuple):
    """A game's grammar: the forms of the seats' decisions and of chance's outcomes."""

    decisions: tuple[Form, ...]
    chance: tuple[Form, ...]


def numbered(count: int, start: int = 1) -> tuple[str, ...]:
    """The words ``start``, ``start + 1``, ... (``count`` of them): seats, slots, positions."""
    return tuple(str(number) for number in range(start, start + count))


def subsets(words: Sequence[str], joiner: str = "+") -> tuple[str, ...]:
    """Every non-empty subset of ``words`` in order, smaller first, joined (``f1+f3``)."""
    return tuple(
        joiner.join(chosen)
        for size in range(1, len(words) + 1)
        for chosen in combinations(words, size)
    )


GENERATION = 1 << 12
"""How many action objects an index's identity memo takes in before it begins a new
generation: the memo holds the objects it remembers (so that they keep their identity), and
objects the rules made once and dropped must not pile up."""


class CatalogueError(GamehallError):
    """An action missing from a catalogue, or a catalogue whose notation does not read back."""


class Index:
    """Notations numbered from 0, with the actions they parse to; ``known`` remembers the
    numbers of action objects met, by identity (:meth:`indices`)."""

    __slots__ = ("_ids", "_older", "actions", "game", "known", "notations")

    def __init__(self, game: Game[Any], forms: Iterable[Form]) -> None:
        self.game = game.name
        notations = [text for form in forms for text in form.notations()]
        self.actions: tuple[Action, ...] = tuple(map(game.parse_action, notations))
        self._ids: dict[Action, int] = {}
        self.known: dict[int, tuple[Action, int]] = {}
        self._older: dict[int, tuple[Action, int]] = {}
        for number, (text, action) in enumerate(zip(notations, self.actions, strict=True)):
            if str(action) != text:
                raise CatalogueError.of(
                    Text("core.catalogue.reads_back", {"text": text, "back": str(action)})
                )
            if action in self._ids:
                raise CatalogueError.of(Text("core.catalogue.twice", {"text": text}))
            self._ids[action] = number
        self.notations: tuple[str, ...] = tuple(notations)

    def __len__(self) -> int:
        return len(self.notations)

    def index(self, action: Action) -> int:
        """The number of ``action`` (CatalogueError if the grammar cannot write it)."""
        number = self._ids.get(action)
        if number is None:
            raise CatalogueError.of(
                Text("core.catalogue.missing", {"action": str(action), "game": self.game})
            )
        return number

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of ``actions`` (legal actions, usually), in their order.

        Rules hand out the same action objects again and again (from tables built once), so
        numbers are remembered by object identity first: an identity lookup is cheaper than
        hashing a dataclass (the mask is computed at every decision of a learning loop). The
        memo keeps two generations: an object met again in the older one moves to ``known``,
        and objects met once are dropped with their generation.
        """
        known = self.known
        numbers = []
        for action in actions:
            entry = known.get(id(action))
            if entry is None or entry[0] is not action:
                entry = self._remember(action)
            numbers.append(entry[1])
        return numbers

    def _remember(self, action: Action) -> tuple[Action, int]:
        entry = self._older.get(id(action))
        if entry is None or entry[0] is not action:
            entry = (action, self.index(action))
        if len(self.known) >= GENERATION:
            self._older, self.known = self.known, {}
        self.known[id(action)] = entry
        return entry

    def action(self, number: int) -> Action:
        """The action numbered ``number`` (CatalogueError if there is none)."""
        if not 0 <= number < len(self.actions):
            raise CatalogueError.of(
                Text("core.catalogue.range", {"number": number, "size": len(self.actions)})
            )
        return self.actions[number]


class Catalogue:
    """The decision index and the chance index of one configured game."""

    __slots__ = ("chance", "decisions")

    def __init__(self, game: Game[Any]) -> None:
        forms = game.action_forms()
        self.decisions = Index(game, forms.decisions)
        self.chance = Index(game, forms.chance)


_BUILT: WeakKeyDictionary[Game[Any], Catalogue] = WeakKeyDictionary()


def catalogue(game: Game[Any]) -> Catalogue:
    """The catalogue of ``game``, built once per game instance."""
    built = _BUILT.get(game)
    if built is None:
        built = _BUILT[game] = Catalogue(game)
    return built
