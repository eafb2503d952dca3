"""The kernel: the rules contract of every game, apart from its facets (as OpenSpiel keeps its
observers apart from its games).

A :class:`Rules` instance is the rules of one game configured for a player count and options
(as OpenSpiel's ``load_game``). Its methods take a state and never change it:

* ``to_move(state)`` is a seat index, :data:`CHANCE`, or ``None`` once the game is over;
* ``legal_actions(state)`` lists the mover's actions in a deterministic order;
* ``chance_weights(state)`` lists the chance outcomes with integer weights (exact odds);
* ``apply(state, action)`` returns the next state or raises :class:`IllegalActionError`
  (built on ``is_legal``, ``apply_legal`` and ``illegal_reason``);
* ``view(state, seat)`` is the only way state leaves the engine (``None`` is a spectator);
* ``outcome(state)`` says who won once the game is over;
* ``parse_action(text)`` reads the notation ``str`` writes (``read_action`` adds resigning).

Everything else a game offers the hall (its log lines, odds, learning encodings, invariants,
secrets) is a facet with defaults (:mod:`gamehall.core.game` composes them): this module
imports none of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Final, Generic, NamedTuple, TypeVar

from gamehall.core.errors import IllegalActionError, OptionError
from gamehall.core.i18n import Text, first_known
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

    def coerce(self, value: object, label: Text | None = None) -> int | bool | str:
        """The value converted to the option's type, or :class:`OptionError` saying why not
        (naming the option by ``label``, the words a person reads for it, if given)."""
        kind = type(self.default)
        named = label if label is not None else Text("core.option.named", {"name": self.name})
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
                    {
                        "option": named,
                        "kind": Text(f"core.option.kind.{kind.__name__}"),
                        "value": repr(value),
                    },
                )
            ) from None
        if self.choices is not None and converted not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise OptionError.of(
                Text(
                    "core.option.choices",
                    {"option": named, "allowed": allowed, "value": repr(value)},
                )
            )
        if isinstance(converted, int) and not isinstance(converted, bool):
            if self.minimum is not None and converted < self.minimum:
                raise OptionError.of(
                    Text("core.option.minimum", {"option": named, "bound": self.minimum})
                )
            if self.maximum is not None and converted > self.maximum:
                raise OptionError.of(
                    Text("core.option.maximum", {"option": named, "bound": self.maximum})
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


class Rules(ABC, Generic[S]):
    """The rules of one game, configured for a number of players and a set of options: the
    kernel every game implements, and every facet (:mod:`gamehall.core.game`) builds on."""

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
                Text("core.option.players", {"game": self.title, "players": players, **bounds})
            )
        self.players = players
        self.options = self._resolve_options(dict(options or {}))

    # -- options ------------------------------------------------------------------------

    def _resolve_options(self, given: dict[str, object]) -> dict[str, Any]:
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(given) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise OptionError.of(
                Text(
                    "core.option.unknown",
                    {"game": self.title, "option": unknown[0], "known": known},
                )
            )
        resolved = {name: spec.default for name, spec in specs.items()}
        for name, value in given.items():
            resolved[name] = specs[name].coerce(value, self.option_label(specs[name]))
        self.check_options(resolved)
        return resolved

    def check_options(self, options: dict[str, Any]) -> None:
        """Hook: reject option combinations that do not fit together (raise OptionError)."""

    @classmethod
    def option_label(cls, spec: OptionSpec) -> Text:
        """The words a person reads for an option: its label in the game's catalog
        (``<game>.option.<name>``), else "option '<name>'"."""
        key = first_known([f"{cls.name}.option.{spec.name}"])
        return Text(key) if key else Text("core.option.named", {"name": spec.name})

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

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Winners, scores and reason once the game is over, else None."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written ``text`` (raises InvalidActionError); ``str`` is the inverse."""

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

    def impossible_outcome(self, state: S, action: Action) -> Text | None:
        """Where chance decides, why ``action``, of the kind due (the same type and verb: a
        face, a card drawn) but not a possible outcome, is refused: what may happen instead.
        None for an action of another kind (a seat's move). A helper of ``illegal_reason``."""
        outcomes = self.chance_weights(state).actions
        verb = str(action).split(" ", 1)[0]
        if not any(type(a) is type(action) and str(a).split(" ", 1)[0] == verb for a in outcomes):
            return None
        shown = ", ".join(str(a) for a in outcomes[:4]) + (", …" if len(outcomes) > 4 else "")
        return Text("core.illegal.not_an_outcome", {"count": len(outcomes), "outcomes": shown})

    def read_action(self, text: str) -> Action:
        """The action written ``text``: a resignation (``resign N``) or one of the game's."""
        return read_resign(text) or self.parse_action(text)

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
