# cython: language_level=3
"""One game played by learners: the engine loop the Gymnasium, PettingZoo and OpenSpiel
adapters share.

The table plays chance (from a generator seeded by the episode seed, as a match does) and any
bot seats, and stops where a learner seat must decide or the game is over. Learners see the
game only through their seat's features, mask and view; actions are catalogue numbers
(:mod:`gamehall.core.catalogue`).

The table runs at every step of a learning loop, so ``make`` compiles it with Cython (pure
Python mode: a ``cclass`` whose fields are C fields); the same source runs uncompiled.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython
import numpy as np
import numpy.typing as npt

from gamehall.bots.random_bot import RandomBot
from gamehall.core.catalogue import Catalogue, catalogue
from gamehall.core.chance import make_rng, sample
from gamehall.core.errors import IllegalActionError
from gamehall.core.features import Features
from gamehall.core.game import CHANCE, JSON, Action, Game
from gamehall.core.i18n import Text
from gamehall.core.match import Agent
from gamehall.rl.fast import numbers, ones

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

MAX_STEPS = 20_000
"""Engine steps after which an episode is cut short (truncated), as the lab counts a stall."""


def returns(game: Game[Any], state: Any) -> tuple[float, ...]:
    """+1 for each winner and -1 for the others once the game is over; 0 for every seat
    before (or when the episode was cut short)."""
    outcome = game.outcome(state)
    if outcome is None:
        return (0.0,) * game.players
    winners = set(outcome.winners)
    return tuple(1.0 if seat in winners else -1.0 for seat in range(game.players))


@cython.cclass
class Table:
    """The state of one episode, advanced to the next learner decision."""

    game: Game[Any] = cython.declare(object, visibility="readonly")
    catalogue: Catalogue = cython.declare(object, visibility="readonly")
    features: Features[Any] = cython.declare(object, visibility="readonly")
    actions: int = cython.declare(cython.Py_ssize_t, visibility="readonly")
    """How many decisions the catalogue numbers."""
    size: int = cython.declare(cython.Py_ssize_t, visibility="readonly")
    """How many numbers an observation holds."""
    bots: dict[int, Agent] = cython.declare(dict, visibility="readonly")
    max_steps: int = cython.declare(cython.Py_ssize_t, visibility="readonly")
    state: Any = cython.declare(object, visibility="readonly")
    steps: int = cython.declare(cython.Py_ssize_t, visibility="readonly")
    """Engine steps played this episode (decisions and chance)."""
    truncated: bool = cython.declare(cython.bint, visibility="readonly")
    """Whether the episode was cut short at ``max_steps``."""
    _vector: Any = cython.declare(object)
    _views: dict[int, bool] = cython.declare(dict)
    _chance: random.Random = cython.declare(object)
    _bot_rng: random.Random = cython.declare(object)
    _mover: int | None = cython.declare(object)
    _numbers: list[int] = cython.declare(list)
    _legal: Sequence[Action] = cython.declare(object)

    def __init__(
        self, game: Game[Any], bots: Mapping[int, Agent] | None = None, max_steps: int = MAX_STEPS
    ) -> None:
        self.game = game
        self.catalogue = catalogue(game)
        self.features = game.features()
        self._vector = self.features.vector
        self.actions = len(self.catalogue.decisions)
        self.size = len(self.features.names)
        self.bots = dict(bots or {})
        self.max_steps = max_steps
        # A random bot never reads its view: building one for it would only cost time.
        self._views = {seat: not isinstance(bot, RandomBot) for seat, bot in self.bots.items()}
        self.reset(0)

    def reset(self, seed: int) -> None:
        """A new episode of the game dealt from ``seed``."""
        self._chance = make_rng(seed, "chance")
        self._bot_rng = make_rng(seed, "bots")
        self.state = self.game.initial_state()
        self.steps = 0
        self.truncated = False
        self._mover = None
        self._numbers = []
        self._legal = ()
        self._advance()

    @property
    def to_move(self) -> int | None:
        """The learner seat to decide, or None once the episode has ended."""
        return self._mover

    def legal_numbers(self) -> list[int]:
        """The catalogue numbers of the mover's legal actions, in the engine's order."""
        return self._numbers

    def mask(self, seat: int) -> Mask:
        """1 for each action ``seat`` may take now (all 0 when it is not its turn)."""
        return ones(self._numbers if seat == self._mover else [], self.actions)

    def observe(self, seat: int) -> Observation:
        """What ``seat`` sees, as its game's feature vector."""
        return self._vector(self.state, seat)  # type: ignore[no-any-return]

    def view(self, seat: int) -> JSON:
        """What ``seat`` sees, as the game's view (the dict the web hall and bots read)."""
        return self.game.view(self.state, seat)

    def play(self, number: int) -> None:
        """The mover takes the action numbered ``number``; IllegalActionError says why not."""
        try:
            at = self._numbers.index(number)
        except ValueError:
            raise self.refusal(number) from None
        # The rules' own action object, not the catalogue's equal one: rules may find an
        # action they handed out by identity, faster.
        self.state = self.game.apply_legal(self.state, self._legal[at])
        self.steps += 1
        self._advance()

    def refusal(self, number: int) -> IllegalActionError:
        """The error refusing action ``number`` now, naming the action and why."""
        action = self.catalogue.decisions.action(number)
        if self._mover is None:
            reason = Text("core.illegal.episode_over")
            return IllegalActionError.of(
                Text("core.illegal_action", {"action": str(action), "reason": reason})
            )
        return self.game.refusal(self.state, action)

    def returns(self) -> tuple[float, ...]:
        """Each seat's reward for the episode so far (:func:`returns`)."""
        return returns(self.game, self.state)

    def _advance(self) -> None:
        """Play chance and bots until a learner decides, the game ends or the steps run out."""
        steps: cython.Py_ssize_t = self.steps
        game, bots, state = self.game, self.bots, self.state
        to_move, apply_legal = game.to_move, game.apply_legal
        while steps < self.max_steps:
            mover = to_move(state)
            if mover is None:
                break
            if mover == CHANCE:
                action: Action = sample(game.chance_weights(state), self._chance)
            elif mover in bots:
                legal = game.legal_actions(state)
                view = game.view(state, mover) if self._views[mover] else {}
                action = bots[mover].choose(game, view, legal, self._bot_rng)
            else:
                self.state, self.steps, self._mover = state, steps, mover
                legal = self._legal = game.legal_actions(state)
                index = self.catalogue.decisions
                self._numbers = numbers(index.known, legal) or index.indices(legal)
                return
            state = apply_legal(state, action)
            steps += 1
        self.state, self.steps = state, steps
        self.truncated = to_move(state) is not None
        self._mover, self._numbers = None, []
