"""The one contract every game implements, and the options machinery shared by all games.

A :class:`Game` instance is the rules of one game configured for a player count and options
(as OpenSpiel's ``load_game``). Its methods take a state and never change it:

* ``to_move(state)`` is a seat index, :data:`CHANCE`, or ``None`` once the game is over;
* ``legal_actions(state)`` lists the mover's actions in a deterministic order;
* ``chance_weights(state)`` lists the chance outcomes with integer weights (exact odds);
* ``apply(state, action)`` returns the next state or raises :class:`IllegalActionError`;
* ``view(state, seat)`` is the only way state leaves the engine (``None`` is a spectator);
  ``odds(state, seat)`` adds exact odds for a person's table (``table_view``), kept out of
  ``view`` so that bots and search, which read views by the million, never pay for them;
* ``outcome(state)`` says who won once the game is over;
* ``resample(state, seat, rng)`` deals a state ``seat`` cannot tell apart from ``state``
  (search bots plan over such samples, never over the true state);
* ``action_forms()`` and ``features()`` give the action catalogue's grammar and a seat's
  observation vector to learning environments (``gamehall.rl``, docs/rl.md).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Generic, NamedTuple, Protocol, TypeVar

from gamehall.core.catalogue import ActionForms, CatalogueError
from gamehall.core.errors import IllegalActionError, OptionError
from gamehall.core.features import Features
from gamehall.core.i18n import Text
from gamehall.core.invariants import Invariants
from gamehall.core.keys import ActionKind, named_kind
from gamehall.core.outcome import Outcome
from gamehall.core.resign import Resign, read_resign

CHANCE: Final = -1
"""``to_move`` returns this when the next action is a chance outcome (a die, a card)."""

EVERYTHING: Final = -2
"""A pseudo-seat for ``view`` and ``describe`` that sees every secret: replays of finished games."""

S = TypeVar("S")
Action = Hashable
"""Actions are small frozen values whose ``str`` is their notation (see ``parse_action``)."""

JSON = dict[str, Any]


class RandomSource(Protocol):
    """The part of :class:`random.Random` that ``resample`` may use (rules never import it)."""

    def random(self) -> float:
        """A float in [0, 1)."""
        ...

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle ``x`` in place."""
        ...


class LengthBound(NamedTuple):
    """The most units (rounds, turns, days) a game's rules let a normal game last: a game
    past it is flagged by the lab and the fuzzer as stalled, so a card that can loop is caught."""

    unit: str
    limit: int


class ChanceWeights(NamedTuple):
    """Chance outcomes with integer weights; ``weights`` is None when all are equally likely."""

    actions: Sequence[Action]
    weights: Sequence[int] | None = None

    def probability(self, index: int) -> Fraction:
        """The exact probability of the outcome at ``index``."""
        if self.weights is None:
            return Fraction(1, len(self.actions))
        return Fraction(self.weights[index], sum(self.weights))


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option: its name, type, default, allowed values and help text."""

    name: str
    default: int | bool | str
    help: str
    choices: tuple[int | str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    remote: bool = True
    """False for an option only a local command may set (a path on this machine)."""

    def coerce(self, value: object) -> int | bool | str:
        """The value converted to the option's type, or :class:`OptionError` saying why not."""
        kind = type(self.default)
        try:
            if kind is bool:
                converted: int | bool | str = _to_bool(value)
            elif kind is int:
                if isinstance(value, bool):
                    raise ValueError
                converted = int(value)  # type: ignore[call-overload]
            else:
                converted = str(value)
        except (TypeError, ValueError):
            raise OptionError.of(
                Text(
                    "core.option.type",
                    {"option": self.name, "kind": kind.__name__, "value": repr(value)},
                )
            ) from None
        if self.choices is not None and converted not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError.of(
                Text(
                    "core.option.choices",
                    {"option": self.name, "allowed": allowed, "value": repr(value)},
                )
            )
        if isinstance(converted, int) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                raise OptionError.of(
                    Text("core.option.minimum", {"option": self.name, "bound": self.minimum})
                )
            if self.maximum is not None and converted > self.maximum:
                raise OptionError.of(
                    Text("core.option.maximum", {"option": self.name, "bound": self.maximum})
                )
        return converted


CARD_FILE_OPTION = OptionSpec(
    "cards", "house", "the card set: 'house' or the path of a card file", remote=False
)
"""The option of a game whose cards are a file: gamehall's house cards or an owner's own."""


def _to_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ValueError(value)


class Game(ABC, Generic[S]):
    """The rules of one game, configured for a number of players and a set of options."""

    name: ClassVar[str]
    title: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[str]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()

    def __init__(self, players: int, options: Mapping[str, object] | None = None) -> None:
        if not self.min_players <= players <= self.max_players:
            bounds = {"minimum": self.min_players, "maximum": self.max_players}
            raise OptionError.of(
                Text("core.option.players", {"game": self.name, "players": players, **bounds})
            )
        self.players = players
        self.options = self._resolve_options(dict(options or {}))

    def _resolve_options(self, given: dict[str, object]) -> dict[str, Any]:
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError.of(
                Text(
                    "core.option.unknown",
                    {"game": self.name, "option": unknown[0], "known": known},
                )
            )
        resolved = {name: spec.default for name, spec in specs.items()}
        for name, value in given.items():
            resolved[name] = specs[name].coerce(value)
        self.check_options(resolved)
        return resolved

    def check_options(self, options: dict[str, Any]) -> None:
        """Hook: reject option combinations that do not fit together (raise OptionError)."""

    @classmethod
    def option_choices(cls, spec: OptionSpec) -> list[tuple[str, str | Text]]:
        """The values a menu offers for an option, as (value, label) pairs (empty: free)."""
        return [(str(choice), str(choice)) for choice in spec.choices or ()]

    @classmethod
    def option_depends(cls, spec: OptionSpec) -> tuple[str, dict[str, str]] | None:
        """For an option whose menu depends on another one (a hero on the deck): that
        option's name and, per value of this one, the value it goes with; None if none."""
        return None

    # -- the contract -------------------------------------------------------------------

    @abstractmethod
    def initial_state(self) -> S:
        """The state before the first action (usually a chance node dealing the game)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat to act, CHANCE, or None once the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> Sequence[Action]:
        """The mover's legal actions in a deterministic order (empty at chance and at the end)."""

    @abstractmethod
    def chance_weights(self, state: S) -> ChanceWeights:
        """The chance outcomes of a chance node with integer weights."""

    @abstractmethod
    def apply_legal(self, state: S, action: Action) -> S:
        """The next state, for an action already known to be legal (the fast path)."""

    @abstractmethod
    def illegal_reason(self, state: S, action: Action) -> Text:
        """Why ``action`` is not legal in ``state`` (called only for illegal actions)."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (None: a spectator), as JSON-ready data built anew on each
        call; parts that never change (a card's printed face) may be shared between calls, so
        a caller copies what it changes."""

    def odds(self, state: S, seat: int | None) -> JSON:
        """Exact odds beside the decision ``seat`` faces, from what it sees (``{}``: none)."""
        return {}

    def table_view(self, state: S, seat: int | None) -> JSON:
        """What a person's table shows: ``view`` with ``odds`` when there are any."""
        view = self.view(state, seat)
        odds = self.odds(state, seat)
        if odds:
            view["odds"] = odds
        return view

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Winners, scores and reason once the game is over, else None."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (raises InvalidActionError); ``str`` is the inverse."""

    @abstractmethod
    def describe(self, before: S, action: Action, after: S, seat: int | None) -> list[Text]:
        """What ``action`` (taking ``before`` to ``after``) looks like to ``seat``, for the log."""

    # -- derived, the same for every game -----------------------------------------------

    def is_over(self, state: S) -> bool:
        """True once the game has ended."""
        return self.to_move(state) is None

    def chance_outcomes(self, state: S) -> list[tuple[Action, Fraction]]:
        """The chance outcomes with their exact probabilities."""
        weights = self.chance_weights(state)
        return [(a, weights.probability(i)) for i, a in enumerate(weights.actions)]

    def is_legal(self, state: S, action: Action) -> bool:
        """True if ``action`` may be applied to ``state`` (chance outcomes included)."""
        mover = self.to_move(state)
        if mover is None:
            return False
        if mover == CHANCE:
            chance = self.chance_weights(state)
            if action not in chance.actions:
                return False
            return chance.weights is None or chance.weights[chance.actions.index(action)] > 0
        return action in self.legal_actions(state)

    def apply(self, state: S, action: Action) -> S:
        """The next state; raises IllegalActionError saying why, leaving ``state`` unchanged."""
        if type(action) is Resign:
            return self.resign(state, action.seat)
        if not self.is_legal(state, action):
            raise self.refusal(state, action)
        return self.apply_legal(state, action)

    def refusal(self, state: S, action: Action) -> IllegalActionError:
        """The error refusing ``action``, an illegal action in ``state``, saying why."""
        if self.to_move(state) is None:
            reason = Text("core.illegal.game_over")
        else:
            reason = self.illegal_reason(state, action)
        return IllegalActionError.of(
            Text("core.illegal_action", {"action": str(action), "reason": reason})
        )

    def read_action(self, text: str) -> Action:
        """The action written ``text``: a resignation (``resign N``) or one of the game's."""
        return read_resign(text) or self.parse_action(text)

    def narrate(self, before: S, action: Action, after: S, seat: int | None) -> list[Text]:
        """The log lines of any step, a resignation included, as ``seat`` sees them."""
        if type(action) is Resign:
            return self.describe_resign(before, action.seat, after, seat)
        return self.describe(before, action, after, seat)

    # -- resigning (core.resign) ----------------------------------------------------------

    def resign(self, state: S, seat: int) -> S:
        """The state after ``seat`` resigns: a solo game is lost, a seat of several leaves as
        the game's rules best allow; raises IllegalActionError if it cannot (game over, seat
        gone)."""
        raise IllegalActionError.of(Text("core.resign.unsupported", {"game": self.title}))

    def refuse_resign(self, state: S, seat: int, gone: bool = False) -> None:
        """Raise the error refusing a resignation of ``seat`` when the game is over, the seat
        is not one of its seats or it is ``gone`` (resigned already); games call it first in
        :meth:`resign`."""
        if self.to_move(state) is None:
            reason = Text("core.illegal.game_over")
        elif not 0 <= seat < self.players:
            reason = Text("core.resign.no_seat", {"number": seat + 1, "players": self.players})
        elif gone:
            reason = Text("core.resign.gone", {"seat": seat + 1})
        else:
            return
        fields = {"action": str(Resign(seat)), "reason": reason}
        raise IllegalActionError.of(Text("core.illegal_action", fields))

    def describe_resign(self, before: S, seat: int, after: S, viewer: int | None) -> list[Text]:
        """The log lines of seat ``seat`` resigning (a game adds what follows from it)."""
        return [Text("core.log.resigned", {"seat": seat + 1})]

    # -- length (the lab's and the fuzzer's guard against loops) --------------------------

    def length_bound(self) -> LengthBound | None:
        """The most units a game of these options lasts by its rules (None: not known)."""
        return None

    def length(self, state: S) -> int:
        """How many units of :meth:`length_bound` have been played in ``state``."""
        return 0

    def overlong(self, state: S) -> str:
        """Why ``state`` is past the game's length bound ("" when it is not): a game that
        long is stalled, a loop some card or rule allows."""
        bound = self.length_bound()
        if bound is None:
            return ""
        played = self.length(state)
        if played <= bound.limit:
            return ""
        return f"{played} {bound.unit} played, past the bound of {bound.limit} the rules give"

    def impossible_outcome(self, state: S, action: Action) -> Text | None:
        """Where chance decides, why ``action``, of the kind due (the same type and verb: a
        face, a card drawn) but not a possible outcome, is refused: what may happen instead.
        None for an action of another kind (a seat's move)."""
        outcomes = self.chance_weights(state).actions
        verb = str(action).split(" ", 1)[0]
        if not any(type(a) is type(action) and str(a).split(" ", 1)[0] == verb for a in outcomes):
            return None
        shown = ", ".join(str(a) for a in outcomes[:4]) + (", …" if len(outcomes) > 4 else "")
        return Text("core.illegal.not_an_outcome", {"count": len(outcomes), "outcomes": shown})

    def resample(self, state: S, seat: int, rng: RandomSource) -> S:
        """A state ``seat`` cannot tell from ``state``: every secret it does not know dealt anew.

        The sample depends only on what ``seat`` sees (its view and the public history) and
        on ``rng``: two states that look the same to ``seat`` give the same sample for the
        same generator state. Games without secrets (unrevealed cards drawn as chance
        outcomes are not secrets) return ``state`` itself.
        """
        return state

    def reveals(self, state: S, action: Action) -> bool:
        """True if ``action`` shows a seat something new, so undo may not go back across it."""
        return False

    def action_forms(self) -> ActionForms:
        """The grammar of this game's notation, for the action catalogue (core.catalogue)."""
        raise CatalogueError.of(Text("core.catalogue.none", {"game": self.name}))

    def features(self) -> Features[S]:
        """The observation features of a seat, for learning environments (core.features)."""
        raise CatalogueError.of(Text("core.features.none", {"game": self.name}))

    def invariants(self) -> Invariants[S]:
        """What every state, step and view keeps, for ``gamehall fuzz`` (core.invariants)."""
        return Invariants(self)

    def phase_help(self, view: JSON, seat: int | None) -> Text | None:
        """One sentence for the seat whose ``view`` is given: what this moment of the game is
        about and what there is to decide (shown beside the actions); None if nothing."""
        return None

    def chapter(self, state: S) -> Text | None:
        """The part of the game ``state`` is in, under which the log groups the lines of the
        actions taken from it ("Round 3", "Turn 5"): public at every table. None: no group."""
        return None

    def seat_names(self) -> list[Text]:
        """Every seat named as the game names it, for a table whose players chose no name."""
        return [self.seat_name(seat) for seat in range(self.players)]

    def seat_name(self, seat: int) -> Text:
        """How a seat is named to people ("Seat 2"; a game may say "Knight 2")."""
        return Text("core.seat", {"number": seat + 1})

    def rematch(
        self, options: dict[str, object], state: S
    ) -> tuple[dict[str, object], Text | None]:
        """The options of a rematch after the finished ``state`` was played with ``options``,
        and a sentence saying what changes (None: the same game again)."""
        return options, None

    def label(self, view: JSON, action: Action) -> Text:
        """How ``action`` reads to the seat whose ``view`` is given (for menus and buttons)."""
        return Text("core.action", {"notation": str(action)})

    def action_kind(self, view: JSON, action: Action) -> ActionKind:
        """What kind of action ``action`` is, for the key that chooses it at a table: the
        same letter for the same kind at every state, then the digit of its item when the
        kind offers several (``core.keys``). A game names its kinds in an
        ``action_kind(game, view, action)`` function of its package's ``keys`` module (or
        overrides this); without one, an action's kind is its verb, with no key."""
        return named_kind(self, view, action)
