"""gamehall games as OpenSpiel Python games, so OpenSpiel's Python algorithms (MCTS, IS-MCTS,
evaluate_bots...) play them.

Importing this module registers ``python_gamehall_boss_quest``,
``python_gamehall_ancient_terrible_things`` and ``python_gamehall_20_strong``; their parameters
are ``players`` and the game's options (``deck``, ``hero``, ``rank``...). Decisions are
numbered by the action catalogue and chance outcomes by its chance index. The information
state of a seat is its view (what the web hall shows it), and IS-MCTS samples worlds with the
game's own ``resample``.

>>> import pyspiel
>>> game = pyspiel.load_game("python_gamehall_boss_quest", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node()
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from gamehall.core.catalogue import catalogue
from gamehall.core.game import CHANCE, Game
from gamehall.core.registry import find_game
from gamehall.rl.table import MAX_STEPS, returns

SHORT_NAMES = {
    "boss-quest": "python_gamehall_boss_quest",
    "ancient-terrible-things": "python_gamehall_ancient_terrible_things",
    "20-strong": "python_gamehall_20_strong",
}


class SamplerSource:
    """OpenSpiel's probability sampler as the random source ``Game.resample`` takes."""

    def __init__(self, sampler: Callable[[], float]) -> None:
        self._sampler = sampler

    def random(self) -> float:
        """A float in [0, 1)."""
        return min(float(self._sampler()), 0.9999999999999999)

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle ``x`` in place (Fisher-Yates)."""
        for i in range(len(x) - 1, 0, -1):
            j = int(self.random() * (i + 1))
            x[i], x[j] = x[j], x[i]


class Shared:
    """A value that copies of a state share. OpenSpiel clones a Python state with
    ``copy.deepcopy``, but gamehall's rules and states never change once made, so a clone
    may share them (deep copies would rebuild the rules at every step of a search)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


class GamehallState(pyspiel.State):  # type: ignore[misc]
    """A gamehall state behind OpenSpiel's State interface."""

    def __init__(self, game: GamehallGame, inner: Any = None) -> None:
        super().__init__(game)
        self._rules = Shared(game.rules)
        self._inner = Shared(inner if inner is not None else game.rules.initial_state())

    @property
    def rules(self) -> Game[Any]:
        """The configured gamehall game."""
        rules: Game[Any] = self._rules.value
        return rules

    @property
    def inner(self) -> Any:
        """The gamehall state."""
        return self._inner.value

    def current_player(self) -> int:
        mover = self.rules.to_move(self.inner)
        if mover is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.CHANCE) if mover == CHANCE else mover

    def _legal_actions(self, player: int) -> list[int]:
        book = catalogue(self.rules).decisions
        return sorted(book.indices(self.rules.legal_actions(self.inner)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        book = catalogue(self.rules).chance
        outcomes = self.rules.chance_outcomes(self.inner)
        return sorted((book.index(action), float(p)) for action, p in outcomes if p)

    def _apply_action(self, action: int) -> None:
        book = catalogue(self.rules)
        index = book.chance if self.is_chance_node() else book.decisions
        self._inner = Shared(self.rules.apply(self.inner, index.action(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        book = catalogue(self.rules)
        index = book.chance if player == pyspiel.PlayerId.CHANCE else book.decisions
        return index.notations[action]

    def is_terminal(self) -> bool:
        return self.rules.to_move(self.inner) is None

    def returns(self) -> list[float]:
        return list(returns(self.rules, self.inner))

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> GamehallState:
        """A state ``player_id`` cannot tell from this one (IS-MCTS's sampled worlds)."""
        sample = self.rules.resample(self.inner, player_id, SamplerSource(probability_sampler))
        return GamehallState(self.get_game(), sample)

    def __str__(self) -> str:
        return f"{self.rules.name} after {self.move_number()} actions"


class ViewObserver:
    """A seat's observation: its features as the tensor, its view as the string."""

    def __init__(self, rules: Game[Any]) -> None:
        self.features = rules.features()
        self.tensor = np.zeros(len(self.features.names), np.float32)
        self.dict = {"features": self.tensor}

    def set_from(self, state: GamehallState, player: int) -> None:
        self.tensor[:] = self.features.vector(state.inner, player)

    def string_from(self, state: GamehallState, player: int) -> str:
        view = state.rules.view(state.inner, player)
        return json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)


class GamehallGame(pyspiel.Game):  # type: ignore[misc]
    """A configured gamehall game behind OpenSpiel's Game interface."""

    rules: Game[Any]

    def new_initial_state(self) -> GamehallState:
        return GamehallState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ViewObserver:
        return ViewObserver(self.rules)


def _game_class(name: str) -> type[GamehallGame]:
    """The OpenSpiel game class of the gamehall game ``name``, its parameters its options."""
    rules_class = find_game(name)
    defaults: dict[str, Any] = {"players": rules_class.min_players}
    defaults.update({spec.name: spec.default for spec in rules_class.option_specs})
    game_type = pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=f"gamehall {rules_class.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules_class.max_players,
        min_num_players=rules_class.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    class Configured(GamehallGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = {**defaults, **(params or {})}
            players = int(given.pop("players"))
            rules = rules_class(players, given)
            book = catalogue(rules)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(book.decisions),
                max_chance_outcomes=len(book.chance),
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=None,
                max_game_length=MAX_STEPS,
            )
            super().__init__(game_type, info, params or {})
            self.rules = rules

    Configured.__name__ = Configured.__qualname__ = f"Gamehall_{name.replace('-', '_')}"
    pyspiel.register_game(game_type, Configured)
    return Configured


GAME_CLASSES = {name: _game_class(name) for name in SHORT_NAMES}
"""The registered OpenSpiel game class of each gamehall game."""


def load(name: str, **params: Any) -> pyspiel.Game:
    """The OpenSpiel game of the gamehall game ``name`` (an alias works), with ``params``."""
    return pyspiel.load_game(SHORT_NAMES[find_game(name).name], params)
