"""The match runner: drives seats (people, bots) and chance, keeps the history, allows undo.

The runner is the only owner of randomness: chance outcomes are sampled from one generator
seeded by the match seed, and each bot draws from a stream of its own, so the same seed and
the same decisions always give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeGuard

from gamehall.core.chance import make_rng, sample
from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    UndoError,
)
from gamehall.core.game import CHANCE, EVERYTHING, JSON, Action, Game
from gamehall.core.i18n import Text
from gamehall.core.outcome import Outcome


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


class Match:
    """One game being played: its states, actions, seats and seeded chance."""

    def __init__(
        self,
        game: Game[Any],
        seed: int | str,
        agents: Sequence[Agent | None] | None = None,
        seat_names: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.seed = seed
        self.agents: list[Agent | None] = list(agents or [None] * game.players)
        if len(self.agents) != game.players:
            raise ValueError(f"{len(self.agents)} seats given for {game.players} players")
        self.seat_names = list(seat_names or self._default_seat_names())
        self.states: list[Any] = [game.initial_state()]
        self.actions: list[Action] = []
        self.movers: list[int] = []
        self._chance_rng = make_rng(seed, "chance")
        self._bot_rngs = [make_rng(seed, f"seat{i}") for i in range(game.players)]
        self._seers: dict[int, tuple[Any, tuple[int, ...]]] = {}

    def _default_seat_names(self) -> list[str]:
        return [f"{agent.name} bot" if agent is not None else "human" for agent in self.agents]

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

    def log(self, seat: int | None, start: int = 0) -> list[Text]:
        """The history from action ``start`` on, as ``seat`` may see it."""
        lines: list[Text] = []
        for i in range(start, len(self.actions)):
            before, after = self.states[i], self.states[i + 1]
            lines.extend(self.game.describe(before, self.actions[i], after, seat))
        return lines

    # -- acting -------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raises if it is not that seat's turn or not legal."""
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

    def play(self, action: Action) -> None:
        """Apply the next action, whoever is to move: a seat's move or a chance outcome."""
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
        """Draw the next chance outcome from the seeded generator, without applying it."""
        return sample(self.game.chance_weights(self.state), self._chance_rng)

    def step_chance(self) -> Action:
        """Sample and apply one chance outcome from the seeded generator."""
        action = self.sample_chance()
        self.push(self.game.apply_legal(self.state, action), action, CHANCE)
        return action

    def choose_for_bot(self) -> Action:
        """The action the bot of the seat to move chooses (not applied)."""
        seat = self.to_move()
        if seat is None or seat == CHANCE or self.agents[seat] is None:
            raise ValueError("no bot is to move")
        agent = self.agents[seat]
        assert agent is not None
        legal = self.game.legal_actions(self.state)
        view, rng = self.view(seat), self._bot_rngs[seat]
        if searches(agent):
            sampler = Sampler(self.game, self.state, seat)
            return agent.choose_by_search(self.game, view, legal, rng, sampler)
        return agent.choose(self.game, view, legal, rng)

    def resume(self, actions: Sequence[str]) -> None:
        """Replay a stored log, then reseed the generators from the seed and the log's length.

        The state is exactly the logged game's; what follows depends only on the seed and
        the log, so a restarted server continues every table the same way.
        """
        for text in actions:
            self.play(self.game.parse_action(text))
        n = len(self.actions)
        self._chance_rng = make_rng(self.seed, f"chance/{n}")
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

    def truncate(self, length: int) -> None:
        """Forget every step after the first ``length`` (a rollback, not a move: no checks)."""
        del self.states[length + 1 :], self.actions[length:], self.movers[length:]

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
        if self.game.reveals(self.states[-2], self.actions[-1]):
            return Text("core.undo.reveal")
        return None

    def undo(self, seat: int) -> Action:
        """Take back ``seat``'s last action, within the undo policy."""
        reason = self.undo_blocker(seat)
        if reason is not None:
            raise UndoError.of(Text("core.undo.refused", {"reason": reason}))
        self.states.pop()
        self.movers.pop()
        return self.actions.pop()

    # -- companion mode: chance outcomes entered by people ------------------------------
    #
    # At a physical copy the dice and cards are real: people enter each outcome instead of
    # the generator sampling it (docs/companion.md). Entries are ordinary chance actions,
    # so the record is an ordinary record; ``undo_entry`` takes back entries made since the
    # last decision, never a decision.

    def people(self) -> list[int]:
        """The seats played by people (no bot)."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    def chance_seers(self, state: Any = None) -> tuple[int, ...]:
        """The seats whose view depends on the outcome of the chance node ``state`` (now).

        A seat sees an outcome when its view after one outcome differs from its view after
        another: a die rolled in the open is seen by all, a card dealt face down by its owner
        only, a card set aside unseen by no one.
        """
        state = self.state if state is None else state
        cached = self._seers.get(id(state))
        if cached is not None and cached[0] is state:
            return cached[1]
        game = self.game
        afters = [game.apply_legal(state, action) for action in possible_outcomes(game, state)]
        seers = []
        for seat in range(game.players):
            first = game.view(afters[0], seat) if afters else None
            if any(game.view(after, seat) != first for after in afters[1:]):
                seers.append(seat)
        if len(self._seers) > 256:
            self._seers.clear()
        self._seers[id(state)] = (state, tuple(seers))
        return tuple(seers)

    def entrants(self, state: Any = None) -> tuple[int, ...]:
        """The seats that may enter the outcome of chance node ``state`` (now).

        The first person seat that sees the outcome; if no person sees it (a card set aside
        unseen, a bot's face-down card), every person seat. Never a spectator.
        """
        people = self.people()
        seers = [seat for seat in self.chance_seers(state) if seat in people]
        return (seers[0],) if seers else tuple(people)

    def chance_entry(self, seat: int | None = None, widen: bool = False) -> ChanceEntry:
        """What is asked at the chance node now, labelled as ``seat`` would read it.

        ``seat`` None labels from the first seat that sees the outcome (every secret if none
        does): for a terminal, where whoever types sees the screen. With ``widen``, the
        choices are those of states ``seat`` cannot tell from this one (``Game.resample``),
        so the list does not tell which cards are left where others hold hidden ones.
        """
        if self.to_move() != CHANCE:
            raise IllegalActionError.of(Text("core.illegal.no_chance_due"))
        game, state = self.game, self.state
        seers = self.chance_seers()
        perspective: int = EVERYTHING
        if seat is not None:
            perspective = seat
        elif seers:
            perspective = seers[0]
        sources: dict[Action, Any] = {}
        # Widening hides other players' secrets; alone at the table, the list is the truth
        # (the cards a solo player sets aside unseen are theirs to enter).
        if widen and seat is not None and game.players > 1:
            rng = make_rng(self.seed, f"entry/{len(self.actions)}/{seat}")
            for _ in range(ENTRY_SAMPLES):
                sampled = game.resample(state, seat, rng)
                if sampled is state:
                    break
                if game.to_move(sampled) == CHANCE:
                    for action in possible_outcomes(game, sampled):
                        sources.setdefault(action, sampled)
        for action in possible_outcomes(game, state):
            sources.setdefault(action, state)
        actions = list(sources)
        described: list[Text] = []
        for action in actions:
            source = sources[action]
            lines = game.describe(source, action, game.apply_legal(source, action), perspective)
            described.append(lines[0] if lines else _notation(action))
        if len(set(map(repr, described))) < len(described):  # the same words: say the notation
            described = [_notation(action) for action in actions]
        asked, suffixes = _split_notations([str(action) for action in actions])
        numeric = all(s.isdigit() for s in suffixes) and len(set(suffixes)) == len(suffixes)
        choices = tuple(
            ChanceChoice(
                key=suffixes[i] if numeric else str(i + 1),
                action=action,
                notation=str(action),
                suffix=suffixes[i],
                label=described[i],
            )
            for i, action in enumerate(actions)
        )
        return ChanceEntry(asked, choices, seers, self.entrants(), numeric)

    def read_entry(self, text: str, entry: ChanceEntry | None = None) -> Action:
        """The outcome ``text`` names at the chance node now: a key (a face, a place in the
        list), what follows the shared notation (``R5``, ``h``), or the whole notation.

        Raises InvalidActionError when ``text`` names no outcome, IllegalActionError when it
        names one that cannot come up now, each with a one-line reason; nothing changes.
        """
        entry = entry or self.chance_entry()
        answer = " ".join(text.split())
        action = self._named_outcome(answer, entry)
        if action in possible_outcomes(self.game, self.state):
            return action
        if any(choice.action == action for choice in entry.choices):
            reason = Text("core.entry.not_now")
        elif len(entry.choices) <= LISTED_OUTCOMES:
            outcomes = ", ".join(choice.suffix for choice in entry.choices)
            reason = Text("core.entry.not_due", {"asked": entry.asked, "outcomes": outcomes})
        else:
            count = len(entry.choices)
            reason = Text("core.entry.not_due_many", {"asked": entry.asked, "count": count})
        raise IllegalActionError.of(
            Text("core.illegal_action", {"action": str(action), "reason": reason})
        )

    def _named_outcome(self, answer: str, entry: ChanceEntry) -> Action:
        """The outcome ``answer`` names (possible now or not), or InvalidActionError."""
        folded = answer.casefold()
        for choice in entry.choices:
            if folded in (choice.key.casefold(), choice.notation.casefold()):
                return choice.action
        for choice in entry.choices:
            if folded == choice.suffix.casefold():
                return choice.action
        if answer.isdigit():
            if entry.numeric:
                keys = ", ".join(choice.key for choice in entry.choices)
                reason = Text("core.entry.choose_key", {"keys": keys})
            else:
                reason = Text("core.choose_range", {"count": len(entry.choices)})
            raise InvalidActionError.of(reason)
        if not answer:
            raise InvalidActionError.of(Text("core.entry.empty"))
        first = answer.split(maxsplit=1)[0].casefold()
        shared = entry.asked.split()[0].casefold() if entry.asked else ""
        candidates = [answer] if not shared or first == shared else [f"{entry.asked} {answer}"]
        if answer not in candidates:
            candidates.append(answer)  # another kind of outcome, written whole
        error: InvalidActionError | None = None
        for written in candidates:
            try:
                return self.game.parse_action(written)
            except InvalidActionError as failed:
                error = error or failed
        assert error is not None
        raise error

    def enter(self, text: str, seat: int | None = None, widen: bool = False) -> list[Action]:
        """Apply the chance outcomes ``text`` names, one or several (``3 5 1``), all or none.

        With ``seat``, each outcome must be one that seat may enter (``entrants``), and keys
        are read from the list ``chance_entry(seat, widen)`` shows it. Raises with a one-line
        reason naming the faulty entry, leaving the match unchanged.
        """
        start = len(self.actions)
        answer = " ".join(text.split())
        try:
            return [self._enter_one(answer, seat, widen)]
        except InvalidActionError:
            words = answer.split()
            asked = self.chance_entry().asked.split() if self.to_move() == CHANCE else []
            if len(words) < 2 or words[0].casefold() == (asked or [""])[0].casefold():
                raise  # one entry, or a whole notation: its own reason says best what is wrong
        entries: list[Action] = []
        try:
            for index, word in enumerate(words, 1):
                if self.to_move() != CHANCE:
                    raise IllegalActionError.of(
                        Text("core.entry.too_many", {"count": len(words), "done": len(entries)})
                    )
                try:
                    entries.append(self._enter_one(word, seat, widen))
                except GamehallError as error:
                    numbered = {"index": index, "entry": word, "reason": _text_of(error)}
                    raise type(error).of(Text("core.entry.numbered", numbered)) from None
        except BaseException:
            self.truncate(start)
            raise
        return entries

    def _enter_one(self, text: str, seat: int | None, widen: bool) -> Action:
        if self.to_move() != CHANCE:
            raise IllegalActionError.of(
                Text(
                    "core.illegal_action",
                    {"action": text, "reason": Text("core.illegal.no_chance_due")},
                )
            )
        if seat is not None:
            reason = self._entrant_reason(seat, self.state)
            if reason is not None:
                raise NotYourTurnError.of(reason)
        action = self.read_entry(text, self.chance_entry(seat, widen))
        self.push(self.game.apply_legal(self.state, action), action, CHANCE)
        return action

    def _entrant_reason(self, seat: int, state: Any) -> Text | None:
        """Why ``seat`` may not enter the outcome of chance node ``state``, or None."""
        entrants = self.entrants(state)
        if seat in entrants:
            return None
        if self.agents[seat] is not None:
            return Text("core.entry.bot_seat", {"seat": seat + 1})
        if not entrants:
            return Text("core.entry.no_person")
        params = {"seat": seat + 1, "entrant": entrants[0] + 1}
        if seat in self.chance_seers(state):
            return Text("core.entry.other_seat", params)
        return Text("core.entry.not_yours", params)

    def entry_blocker(self, seat: int | None = None) -> Text | None:
        """Why the last entry may not be taken back now (by ``seat``), or None if it may."""
        if not self.actions:
            return Text("core.undo.nothing")
        if self.is_over():
            return Text("core.illegal.game_over")
        if self.movers[-1] != CHANCE:
            return Text("core.entry.decision")
        if seat is not None:
            return self._entrant_reason(seat, self.states[-2])
        return None

    def undo_entry(self, seat: int | None = None) -> Action:
        """Take back the last chance outcome entered, if no decision came after it.

        The normal ``undo`` never crosses a chance outcome; at a physical copy a mistyped
        die or card may be corrected until the next decision is made.
        """
        reason = self.entry_blocker(seat)
        if reason is not None:
            raise UndoError.of(Text("core.entry.refused", {"reason": reason}))
        self.states.pop()
        self.movers.pop()
        return self.actions.pop()


ENTRY_SAMPLES = 12
"""Resampled states whose chance outcomes widen a seat's list of choices (``chance_entry``)."""
LISTED_OUTCOMES = 12
"""A refused entry names the outcomes due when there are at most this many."""


@dataclass(frozen=True, slots=True)
class ChanceChoice:
    """One outcome a person may enter."""

    key: str
    """What to type: the number the notations end with (a face, an HP) when each ends with
    its own number, else the outcome's place in the list from 1."""
    action: Action
    notation: str
    suffix: str
    """What follows the notation every outcome shares (``R5`` of ``weapon R5``)."""
    label: Text


@dataclass(frozen=True, slots=True)
class ChanceEntry:
    """A chance node as a question to people: what is asked, the choices, who sees it."""

    asked: str
    """The notation every outcome starts with (``die B1``, ``weapon``): which die or card."""
    choices: tuple[ChanceChoice, ...]
    seers: tuple[int, ...]
    """The seats whose view depends on the outcome."""
    entrants: tuple[int, ...]
    """The seats that may enter it (see ``Match.entrants``)."""
    numeric: bool = False
    """True when the keys are the numbers the notations end with (faces, HP)."""


def possible_outcomes(game: Game[Any], state: Any) -> list[Action]:
    """The chance outcomes of ``state`` with a non-zero weight, in the game's order."""
    chance = game.chance_weights(state)
    if chance.weights is None:
        return list(chance.actions)
    return [a for a, w in zip(chance.actions, chance.weights, strict=True) if w > 0]


def _split_notations(notations: list[str]) -> tuple[str, list[str]]:
    """The words every notation starts with, and what follows in each (never empty)."""
    split = [n.split() for n in notations]
    if not split:
        return "", []
    shared = 0
    shortest = min(len(words) for words in split)
    while shared < shortest - 1 and all(w[shared] == split[0][shared] for w in split):
        shared += 1
    return " ".join(split[0][:shared]), [" ".join(words[shared:]) for words in split]


def _notation(action: Action) -> Text:
    return Text("core.action", {"notation": str(action)})


def _text_of(error: GamehallError) -> Text | str:
    return error.text if error.text is not None else str(error)
