"""The checks a fuzzer runs on one configured game, counted; each returns the violations it
finds as one-line texts.

Beyond the game's own :mod:`invariants <gamehall.core.invariants>`, every game must: list
distinct legal actions (none at chance, some for a seat to move); give chance outcomes
positive weights; write actions whose notation parses back to them; build views that are JSON
and the same on every call; refuse an illegal action with a typed one-line error, leaving the
match exactly as it was; and keep a record that replays to the very same state.
"""

from __future__ import annotations

import json
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamehall.core.errors import GamehallError, IllegalActionError, InvalidActionError
from gamehall.core.game import CHANCE, EVERYTHING, Action, Game
from gamehall.core.match import Match
from gamehall.core.record import Record, replay
from gamehall.fuzz.illegal import Attempt


@dataclass
class Tally:
    """What a fuzzer did: games, actions applied, illegal ones tried, checks run."""

    games: int = 0
    actions: int = 0
    illegal: int = 0
    checks: int = 0
    stalled: int = 0
    failures: int = 0

    def add(self, other: Tally) -> None:
        """Count ``other``'s figures in too."""
        for name in self.__dataclass_fields__:
            setattr(self, name, getattr(self, name) + getattr(other, name))


class Checker:
    """Every check on one configured game, counting what it runs in ``tally``."""

    def __init__(self, game: Game[Any], tally: Tally) -> None:
        self.game = game
        self.invariants = game.invariants()
        self.tally = tally
        self.seers: tuple[int | None, ...] = (*range(game.players), None, EVERYTHING)

    def state(self, state: Any) -> list[str]:
        """The state's invariants, its moves and every seat's view of it."""
        problems = self.invariants.state(state) + self.moves(state)
        self.tally.checks += 2
        for seat in self.seers:
            problems += self.view(state, seat)
        return problems

    def step(self, before: Any, action: Action, after: Any) -> list[str]:
        """The step's invariants and notation, then everything about the state it leads to."""
        problems = self.invariants.step(before, action, after) + self.notation(action)
        self.tally.checks += 2
        return problems + self.state(after)

    def resign_refused(self, match: Match, refusal: IllegalActionError) -> list[str]:
        """A refused resignation is one line, and only of a seat that left (or a game over)."""
        self.tally.checks += 1
        message = str(refusal)
        if "\n" in message:
            return [f"a refused resignation's message spans lines: {message!r}"]
        if "already left" not in message and not match.is_over():
            return [f"a seat still playing may not resign: {message}"]
        return []

    def moves(self, state: Any) -> list[str]:
        """Legal actions and chance outcomes as the mover finds them."""
        mover, game = self.game.to_move(state), self.game
        if mover is None:
            return [] if game.outcome(state) is not None else ["the game is over with no outcome"]
        if mover == CHANCE:
            chance = game.chance_weights(state)
            weights = chance.weights or [1] * len(chance.actions)
            if not chance.actions or len(weights) != len(chance.actions) or min(weights) < 0:
                return [f"chance outcomes {list(map(str, chance.actions))} weighed {weights}"]
            return [] if sum(weights) > 0 else ["every chance outcome weighs 0"]
        legal = game.legal_actions(state)
        if not legal:
            return [f"seat {mover + 1} is to move with no legal action"]
        if len(set(legal)) != len(legal):
            return [f"legal actions repeat: {[str(a) for a in legal]}"]
        return []

    def notation(self, action: Action) -> list[str]:
        """``action`` is written in a notation that parses back to it."""
        text = str(action)
        try:
            parsed = self.game.read_action(text)
        except InvalidActionError as error:
            return [f"the notation {text!r} of an action played does not parse: {error}"]
        return [] if parsed == action else [f"{text!r} parses to {parsed!r}, not {action!r}"]

    def view(self, state: Any, seat: int | None) -> list[str]:
        """``seat``'s view: JSON, the same on every call, and keeping the game's invariants."""
        self.tally.checks += 2
        view = self.game.view(state, seat)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as error:
            return [f"the view of {seen_by(seat)} is not JSON: {error}"]
        if self.game.view(state, seat) != view:
            return [f"the view of {seen_by(seat)} differs from one call to the next"]
        return self.invariants.view(state, seat, view)

    def refused(self, match: Match, attempt: Attempt) -> list[str] | None:
        """Try ``attempt`` on ``match``: it must be refused with a one-line typed error and
        change nothing. None when the attempt turned out to be a legal action (untried)."""
        action = attempt.action
        if attempt.text is not None:
            try:
                action = self.game.parse_action(attempt.text)
            except InvalidActionError as error:
                self.tally.illegal += 1
                return one_line(attempt, error)
            except Exception as error:  # any other exception is a finding
                return [f"parsing {attempt} raised {type(error).__name__}: {error}"]
        if attempt.seat is None and possible(self.game, match.state, action):
            return None
        self.tally.illegal += 1
        before, length = pickle.dumps(match.state), len(match.actions)
        try:
            if attempt.seat is None:
                match.play(action)
            else:
                match.submit(attempt.seat, action)
        except GamehallError as error:
            problems = one_line(attempt, error)
        except Exception as error:  # any other exception is a finding
            problems = [f"{attempt} raised {type(error).__name__}: {error}"]
        else:
            return [f"{attempt} was accepted"]
        if len(match.actions) != length or pickle.dumps(match.state) != before:
            problems.append(f"refusing {attempt} changed the match")
        return problems

    def finished(self, match: Match) -> list[str]:
        """The match's record, written and read back as JSON, replays to the same state."""
        self.tally.checks += 1
        data = json.loads(json.dumps(Record.of(match).to_json()))
        try:
            replayed = replay(Record.from_json(data))
        except GamehallError as error:
            return [f"the record does not replay: {error}"]
        if replayed.state != match.state:
            return ["the record replays to another state"]
        return []


def one_line(attempt: Attempt, error: Exception) -> list[str]:
    """A problem if ``error``'s message is empty or more than one line."""
    message = str(error)
    if message.strip() and "\n" not in message:
        return []
    return [f"refusing {attempt} said {message!r}, not one line"]


def seen_by(seat: int | None) -> str:
    """Who sees a view, in words."""
    if seat is None:
        return "a spectator"
    return "everything" if seat == EVERYTHING else f"seat {seat + 1}"


def possible(game: Game[Any], state: Any, action: Action) -> bool:
    """Whether ``action`` may be played now, by the mover's own list of legal actions (or a
    chance outcome of positive weight), not by ``is_legal``, which is one of the things
    checked."""
    if game.to_move(state) != CHANCE:
        return action in legal_now(game, state)
    chance = game.chance_weights(state)
    if action not in chance.actions:
        return False
    return chance.weights is None or chance.weights[chance.actions.index(action)] > 0


def legal_now(game: Game[Any], state: Any) -> Sequence[Action]:
    """The mover's legal actions (the possible outcomes at chance; none once over)."""
    mover = game.to_move(state)
    if mover is None:
        return ()
    return game.chance_weights(state).actions if mover == CHANCE else game.legal_actions(state)
