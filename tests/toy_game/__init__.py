"""A toy game installed as a plug-in (tests/test_plugins.py): Nim. Chance lays a pile of 5 to
9 stones; two players take 1 to 3 in turn (the option ``most``: 1 to 5); whoever takes the
last stone wins. It lives outside gamehall, as a third party's game would, and reaches the
hall only through its ``gamehall.games`` entry point."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.core.catalogue import ActionForms, Form, numbered
from gamehall.core.errors import InvalidActionError
from gamehall.core.game import CHANCE, JSON, Action, ChanceWeights, Game, OptionSpec
from gamehall.core.i18n import Text
from gamehall.core.outcome import Outcome
from gamehall.core.plugin import GamePlugin

SMALLEST, LARGEST = 5, 9


@dataclass(frozen=True, slots=True)
class Pile:
    """Chance: the pile laid at the start."""

    stones: int

    def __str__(self) -> str:
        return f"pile {self.stones}"


@dataclass(frozen=True, slots=True)
class Take:
    """A player takes ``stones`` from the pile."""

    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"


@dataclass(frozen=True, slots=True)
class NimState:
    pile: int | None
    mover: int
    winner: int | None = None


class ToyNim(Game[NimState]):
    """Nim for two: take 1 to 3 stones; the last stone wins."""

    name = "toy-nim"
    title = "Toy Nim"
    min_players = max_players = 2
    rules_version = "1"
    option_specs = (OptionSpec("most", 3, "the most stones one move takes", minimum=1, maximum=5),)

    @property
    def most(self) -> int:
        """The most stones one move takes (the option ``most``)."""
        return int(self.options["most"])

    def initial_state(self) -> NimState:
        return NimState(None, 0)

    def to_move(self, state: NimState) -> int | None:
        if state.winner is not None:
            return None
        return CHANCE if state.pile is None else state.mover

    def legal_actions(self, state: NimState) -> Sequence[Action]:
        if self.to_move(state) in (None, CHANCE):
            return ()
        return tuple(Take(n) for n in range(1, min(self.most, state.pile or 0) + 1))

    def chance_weights(self, state: NimState) -> ChanceWeights:
        return ChanceWeights(tuple(Pile(n) for n in range(SMALLEST, LARGEST + 1)))

    def apply_legal(self, state: NimState, action: Action) -> NimState:
        if isinstance(action, Pile):
            return NimState(action.stones, 0)
        assert isinstance(action, Take) and state.pile is not None
        left = state.pile - action.stones
        return NimState(left, 1 - state.mover, state.mover if left == 0 else None)

    def illegal_reason(self, state: NimState, action: Action) -> Text:
        return Text("toy.illegal", {"most": min(self.most, state.pile or 0)})

    def view(self, state: NimState, seat: int | None) -> JSON:
        return {"pile": state.pile, "to_move": self.to_move(state), "winner": state.winner}

    def outcome(self, state: NimState) -> Outcome | None:
        if state.winner is None:
            return None
        scores = tuple(1.0 if seat == state.winner else 0.0 for seat in range(2))
        return Outcome((state.winner,), scores, "last-stone")

    def parse_action(self, text: str) -> Action:
        verb, _, number = text.strip().partition(" ")
        kinds: dict[str, type[Take] | type[Pile]] = {"take": Take, "pile": Pile}
        if verb not in kinds or not number.isdigit():
            raise InvalidActionError.of(Text("toy.unreadable", {"text": text[:40]}))
        return kinds[verb](int(number))

    def describe(
        self, before: NimState, action: Action, after: NimState, seat: int | None
    ) -> list[Text]:
        if isinstance(action, Pile):
            return [Text("toy.log.pile", {"stones": action.stones})]
        assert isinstance(action, Take)
        return [Text("toy.log.take", {"seat": before.mover + 1, "count": action.stones})]

    def label(self, view: JSON, action: Action) -> Text:
        assert isinstance(action, Take | Pile)
        return Text("toy.label", {"count": action.stones})

    def resign(self, state: NimState, seat: int) -> NimState:
        """A seat that resigns loses: the other wins."""
        self.refuse_resign(state, seat)
        return NimState(state.pile or 0, state.mover, 1 - seat)

    def action_forms(self) -> ActionForms:
        return ActionForms(
            (Form("take", (numbered(self.most),)),),
            (Form("pile", (numbered(LARGEST - SMALLEST + 1, SMALLEST),)),),
        )

    def features(self) -> NimFeatures:
        return NimFeatures()


class NimFeatures:
    """What a seat sees, as numbers: the pile, and whether it is its move."""

    names: tuple[str, ...] = ("pile", "my_move")

    def encode(self, state: NimState, seat: int) -> list[float]:
        return [(state.pile or 0) / LARGEST, 1.0 if state.mover == seat else 0.0]

    def vector(self, state: NimState, seat: int) -> Any:
        import numpy

        return numpy.array(self.encode(state, seat), dtype=numpy.float32)


PLUGIN = GamePlugin(
    name="toy-nim",
    rules="tests.toy_game:ToyNim",
    settings={"rl_ids": {"toy/Nim-v0": {"game": "toy-nim", "players": 2}}},
    package="tests.toy_game",
)
