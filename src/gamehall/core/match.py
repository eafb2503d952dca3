"""The match runner: drives seats (people, bots) and chance, keeps the history, allows undo.

The runner is the only owner of randomness: chance outcomes are sampled from one stream
seeded by the match's stream seed (:mod:`gamehall.core.fairness`: the client seed, or at a hall
table the HMAC of it under the hall's secret), and each bot draws from a stream of its own, so
the same seed and the same decisions always give the same game. At a physical copy people
enter the outcomes instead (companion mode, :mod:`gamehall.core.companion`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from functools import cached_property, partial
from typing import Any, Protocol, TypeGuard

from gamehall.core.chance import ChanceStream, make_rng
from gamehall.core.companion import CompanionEntry
from gamehall.core.errors import (
    IllegalActionError,
    NotYourTurnError,
    UndoError,
)
from gamehall.core.fairness import Deal
from gamehall.core.game import CHANCE, JSON, Action, Game
from gamehall.core.i18n import Catalog, Text, catalog
from gamehall.core.outcome import Outcome
from gamehall.core.peeking import shows_something
from gamehall.core.resign import Resign


class Agent(Protocol):
    """Anything that picks an action for a seat from what that seat may see."""

    name: str

    def choose(
        self, game: Game[Any], view: JSON, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """One of ``legal``, chosen from the seat's ``view``."""
        ...


class Sampler:
    """States one seat cannot tell from the true one: what a search bot may plan over.

    The true state stays inside; each call deals the seat's unknown secrets anew
    (``Game.resample``), so a bot that searches never reads what its seat may not see.
    """

    __slots__ = ("_game", "_state", "seat")

    def __init__(self, game: Game[Any], state: Any, seat: int) -> None:
        self._game, self._state, self.seat = game, state, seat

    def __call__(self, rng: random.Random) -> Any:
        """One state consistent with the seat's view, drawn with ``rng``."""
        return self._game.resample(self._state, self.seat, rng)


class SearchAgent(Agent, Protocol):
    """An agent that plans over sampled states (:class:`Sampler`) as well as its view."""

    def choose_by_search(
        self,
        game: Game[Any],
        view: JSON,
        legal: Sequence[Action],
        rng: random.Random,
        sampler: Sampler,
    ) -> Action:
        """One of ``legal``, chosen by searching states drawn from ``sampler``."""
        ...


def searches(agent: Agent | None) -> TypeGuard[SearchAgent]:
    """True for a :class:`SearchAgent` (checked by attribute: cheaper than ``isinstance``)."""
    return hasattr(agent, "choose_by_search")


class StalledError(RuntimeError):
    """Bots played ``max_steps`` steps and the game is still not over (a stalemate)."""


STAND_IN_NAME = re.compile(r"human|Player \d+|[a-z0-9:_-]+ bot")
"""The stand-ins earlier versions stored when nobody chose a name ("Player 1", "heuristic bot"):
read as no name, so the game names the seat in the reader's language."""


def chosen_name(name: str) -> str:
    """``name`` as a player chose it; "" for none (or an earlier version's stand-in)."""
    return "" if STAND_IN_NAME.fullmatch(name) else name


class Match(CompanionEntry):
    """One game being played: its states, actions, seats and seeded chance.

    ``seed`` is a :class:`Deal` (a hall table's, behind its secret) or a plain seed: a seeded
    deal. ``self.seed`` is the stream seed every generator is drawn from.
    """

    def __init__(
        self,
        game: Game[Any],
        seed: int | str | Deal,
        agents: Sequence[Agent | None] | None = None,
        seat_names: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.deal = seed if isinstance(seed, Deal) else Deal(seed)
        self.seed = self.deal.stream_seed
        self.agents: list[Agent | None] = list(agents or [None] * game.players)
        if len(self.agents) != game.players:
            raise ValueError(f"{len(self.agents)} seats given for {game.players} players")
        self.seat_names = [chosen_name(name) for name in seat_names or [""] * game.players]
        """The names the players chose, seat by seat ("": none, the game names the seat)."""
        self.states: list[Any] = [game.initial_state()]
        self.actions: list[Action] = []
        self.movers: list[int] = []
        self.chance_steps = 0
        """How many steps of the log are chance outcomes."""
        self._chance = ChanceStream(self.seed)
        self._bot_rngs = [make_rng(self.seed, f"seat{i}") for i in range(game.players)]
        self._seers: dict[int, tuple[Any, tuple[int, ...]]] = {}

    def names(self) -> list[Text | str]:
        """Each player's one name: the one they chose, else the game's ("Knight 2")."""
        return [
            name or label
            for name, label in zip(self.seat_names, self.game.seat_names(), strict=True)
        ]

    def catalog(self, language: str) -> Catalog:
        """The catalog of ``language`` naming this match's players (:meth:`names`)."""
        return catalog(language).with_names(self.names())

    # -- reading ------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        """The current state."""
        return self.states[-1]

    def to_move(self) -> int | None:
        """The seat to act, CHANCE, or None once the game is over."""
        return self.game.to_move(self.state)

    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.to_move() is None

    def outcome(self) -> Outcome | None:
        """The outcome once the game has ended."""
        return self.game.outcome(self.state)

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` sees now (None: a spectator)."""
        return self.game.view(self.state, seat)

    def table_view(self, seat: int | None) -> JSON:
        """What ``seat``'s table shows now: its view with the odds beside the decision."""
        return self.game.table_view(self.state, seat)

    def log(self, seat: int | None, start: int = 0, stop: int | None = None) -> list[Text]:
        """The history from action ``start`` on (to ``stop``, excluded), as ``seat`` may see it."""
        lines: list[Text] = []
        for i in range(start, len(self.actions) if stop is None else stop):
            before, after = self.states[i], self.states[i + 1]
            lines.extend(self.game.narrate(before, self.actions[i], after, seat))
        return lines

    def chapter_of(self, step: int) -> Text | None:
        """The part of the game action ``step`` was taken in (the log's group for its lines)."""
        return self.game.chapter(self.states[min(step, len(self.actions))])

    # -- acting -------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raises if it is not that seat's turn or not legal
        (a seat may resign at any moment, only for itself)."""
        if type(action) is Resign and action.seat == seat:
            self.resign(seat)
            return
        mover = self.to_move()
        if mover != seat:
            if mover is None:
                reason = Text("core.illegal.game_over")
            else:
                reason = Text("core.illegal.not_your_turn", {"seat": seat + 1})
            raise NotYourTurnError.of(
                Text("core.illegal_action", {"action": str(action), "reason": reason})
            )
        self.push(self.game.apply(self.state, action), action, seat)

    def submit_chance(self, action: Action) -> None:
        """Apply a chance outcome chosen by a person (their physical dice or cards)."""
        if self.to_move() != CHANCE:
            raise IllegalActionError.of(
                Text(
                    "core.illegal_action",
                    {"action": str(action), "reason": Text("core.illegal.no_chance_due")},
                )
            )
        self.push(self.game.apply(self.state, action), action, CHANCE)

    def resign(self, seat: int) -> None:
        """Seat ``seat`` resigns (:mod:`gamehall.core.resign`): at any moment, for good."""
        action = Resign(seat)
        self.push(self.game.apply(self.state, action), action, seat)

    def play(self, action: Action) -> None:
        """Apply the next action, whoever is to move: a seat's move, a resignation or a
        chance outcome."""
        if type(action) is Resign:
            self.resign(action.seat)
            return
        mover = self.to_move()
        if mover is None:
            raise IllegalActionError.of(
                Text(
                    "core.illegal_action",
                    {"action": str(action), "reason": Text("core.illegal.game_over")},
                )
            )
        self.push(self.game.apply(self.state, action), action, mover)

    def sample_chance(self) -> Action:
        """Draw the next chance outcome from the seeded stream, without applying it: the
        stream's draw number :attr:`chance_steps`, whatever was drawn and taken back before."""
        return self._chance.sample(self.game.chance_weights(self.state), self.chance_steps)

    def step_chance(self) -> Action:
        """Sample and apply one chance outcome from the seeded generator."""
        action = self.sample_chance()
        self.push(self.game.apply_legal(self.state, action), action, CHANCE)
        return action

    def choose_for_bot(self) -> Action:
        """The action the bot of the seat to move chooses (not applied)."""
        return self.bot_decision()()

    def bot_decision(self) -> Callable[[], Action]:
        """The bot to move's choice at the current state, as a call that reads nothing more of
        the match: it may run on another thread while the match moves on."""
        seat = self.to_move()
        if seat is None or seat == CHANCE or self.agents[seat] is None:
            raise ValueError("no bot is to move")
        agent = self.agents[seat]
        assert agent is not None
        game, state = self.game, self.state
        legal = game.legal_actions(state)
        view, rng = game.view(state, seat), self._bot_rngs[seat]
        if searches(agent):
            sampler = Sampler(game, state, seat)
            return partial(agent.choose_by_search, game, view, legal, rng, sampler)
        return partial(agent.choose, game, view, legal, rng)

    def resume(self, actions: Sequence[str]) -> None:
        """Replay a stored log, then reseed the bots from the seed and the log's length.

        The state is exactly the logged game's, and chance carries on with the stream's next
        draw, as if there had been no restart (so the deal stays verifiable); the bots'
        choices depend only on the seed and the log, so a restarted server continues every
        table the same way.
        """
        for text in actions:
            self.play(self.game.read_action(text))
        n = len(self.actions)
        self._bot_rngs = [make_rng(self.seed, f"seat{i}/{n}") for i in range(self.game.players)]

    def step_bot(self) -> Action:
        """Let the bot of the seat to move choose and apply its action."""
        seat = self.to_move()
        action = self.choose_for_bot()
        assert seat is not None
        self.submit(seat, action)
        return action

    def advance(self, max_steps: int = 1_000_000) -> None:
        """Play chance and bots until a person must act or the game ends."""
        for _ in range(max_steps):
            mover = self.to_move()
            if mover is None:
                return
            if mover == CHANCE:
                self.step_chance()
            elif self.agents[mover] is not None:
                self.step_bot()
            else:
                return
        raise StalledError(f"the game did not end within {max_steps} steps")

    def play_out(self, max_steps: int = 1_000_000) -> Outcome:
        """Play to the end; every seat must be a bot."""
        self.advance(max_steps)
        outcome = self.outcome()
        if outcome is None:
            raise ValueError(f"seat {self.to_move()} has no bot to play it")
        return outcome

    def push(self, state: Any, action: Action, mover: int) -> None:
        """Append a step whose next ``state`` was already computed by ``game.apply``."""
        self.states.append(state)
        self.actions.append(action)
        self.movers.append(mover)
        if mover == CHANCE:
            self.chance_steps += 1

    def truncate(self, length: int) -> None:
        """Forget every step after the first ``length`` (a rollback, not a move: no checks)."""
        del self.states[length + 1 :], self.actions[length:], self.movers[length:]
        self.chance_steps = self.movers.count(CHANCE)

    # -- undo ---------------------------------------------------------------------------

    def undo_blocker(self, seat: int) -> Text | None:
        """Why ``seat`` may not undo now, or None if it may."""
        if not self.actions:
            return Text("core.undo.nothing")
        mover = self.movers[-1]
        if mover == CHANCE:
            return Text("core.undo.chance")
        if mover != seat:
            return Text("core.undo.other_seat", {"seat": mover + 1})
        if type(self.actions[-1]) is Resign:
            return Text("core.undo.resigned")
        if self.game.reveals(self.states[-2], self.actions[-1]):
            return Text("core.undo.reveal")
        if self._may_show_something():
            return Text("core.undo.may_show")
        return None

    def _may_show_something(self) -> bool:
        """True if the last action may show its seat a secret (:mod:`gamehall.core.peeking`),
        decided from look-alikes drawn by a generator of the seed and the step alone, and
        remembered for the step."""
        step, after = len(self.actions), self.states[-1]
        remembered = self._shows.get(step)
        if remembered is not None and remembered[0] is after:
            return remembered[1]
        rng = make_rng(self.seed, f"undo/{step}")
        shows = shows_something(self.game, self.states[-2], self.actions[-1], self.movers[-1], rng)
        if len(self._shows) > 256:
            self._shows.clear()
        self._shows[step] = (after, shows)
        return shows

    @cached_property
    def _shows(self) -> dict[int, tuple[Any, bool]]:
        """Per step: the state after it and whether its action may show a secret."""
        return {}

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last action, within the undo policy."""
        reason = self.undo_blocker(seat)
        if reason is not None:
            raise UndoError.of(Text("core.undo.refused", {"reason": reason}))
        return self.pop_step()

    def pop_step(self) -> Action:
        """Forget the last step and return its action (the caller checked it may)."""
        self.states.pop()
        if self.movers.pop() == CHANCE:
            self.chance_steps -= 1
        return self.actions.pop()
