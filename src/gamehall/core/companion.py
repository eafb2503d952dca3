"""Companion mode: at a physical copy people enter each die face and card drawn.

The dice and cards are real: instead of the generator sampling an outcome, people enter it
(docs/companion.md). Entries are ordinary chance actions, so the record is an ordinary
record; ``undo_entry`` takes back entries made since the last decision, never a decision.
What an entry shows is words: what it asks (``ChanceEntry.wording.question``) and each outcome
by name (its ``label``); the notation stays what the record keeps and what people may type.
:class:`CompanionEntry` is the part of :class:`~gamehall.core.match.Match` that does this.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamehall.core.chance import make_rng
from gamehall.core.errors import (
    GamehallError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    UndoError,
)
from gamehall.core.game import CHANCE, EVERYTHING, Action, Game
from gamehall.core.i18n import LANGUAGES, Catalog, Text, catalog, first_known


class CompanionEntry:
    """Chance outcomes entered by people: who may enter them, the choices, corrections."""

    game: Game[Any]
    seed: int | str
    agents: Sequence[object | None]
    states: list[Any]
    actions: list[Action]
    movers: list[int]
    _seers: dict[int, tuple[Any, tuple[int, ...]]]

    if TYPE_CHECKING:

        @property
        def state(self) -> Any: ...

        def to_move(self) -> int | None: ...

        def is_over(self) -> bool: ...

        def push(self, state: Any, action: Action, mover: int) -> None: ...

        def truncate(self, length: int) -> None: ...

        def pop_step(self) -> Action: ...

        def catalog(self, language: str) -> Catalog: ...

    def people(self) -> list[int]:
        """The seats played by people (no bot)."""
        return [seat for seat, agent in enumerate(self.agents) if agent is None]

    def chance_seers(self, state: Any = None) -> tuple[int, ...]:
        """The seats whose view depends on the outcome of the chance node ``state`` (now).

        A seat sees an outcome when its view after one outcome differs from its view after
        another: a die rolled in the open is seen by all, a card dealt face down by its owner
        only, a card set aside unseen by no one. Who sees a draw is asked of look-alike states
        too (:data:`SEER_SAMPLES` per seat), so it is the same where the true state leaves a
        single outcome (the last card of a kind): who enters an outcome tells nothing of it.
        """
        state = self.state if state is None else state
        cached = self._seers.get(id(state))
        if cached is not None and cached[0] is state:
            return cached[1]
        game = self.game
        seers = set(seers_of(game, state))
        rng = make_rng(self.seed, "seers")
        for seat in range(game.players):
            for _ in range(SEER_SAMPLES):
                sampled = game.resample(state, seat, rng)
                if sampled is state:
                    break
                if game.to_move(sampled) == CHANCE:
                    seers |= seers_of(game, sampled)
        if len(self._seers) > 256:
            self._seers.clear()
        found = tuple(sorted(seers))
        self._seers[id(state)] = (state, found)
        return found

    def entrants(self, state: Any = None) -> tuple[int, ...]:
        """The seats that may enter the outcome of chance node ``state`` (now).

        The first person seat that sees the outcome; if no person sees it (a card set aside
        unseen, a bot's face-down card), every person seat. Never a spectator.
        """
        people = self.people()
        seers = [seat for seat in self.chance_seers(state) if seat in people]
        return (seers[0],) if seers else tuple(people)

    def chance_entry(self, seat: int | None = None, widen: bool = False) -> ChanceEntry:
        """What is asked at the chance node now, in words as ``seat`` would read it.

        ``seat`` None words it for a terminal, where whoever types sees the screen: labels
        from the first seat that sees the outcome (every secret if none does). With
        ``widen``, the choices are those of states ``seat`` cannot tell from this one
        (``Game.resample``), never the true state's, so the list tells nothing of which
        cards are left where others hold hidden ones.
        """
        if self.to_move() != CHANCE:
            raise IllegalActionError.of(Text("core.illegal.no_chance_due"))
        seers = self.chance_seers()
        perspective: int = EVERYTHING
        if seat is not None:
            perspective = seat
        elif seers:
            perspective = seers[0]
        # Widening hides what the seat cannot see: other players' secrets, and the cards set
        # aside unseen (someone else may have looked at them for a solo player).
        if widen and seat is not None:
            sources = self._lookalike_outcomes(seat)
        else:
            sources = dict.fromkeys(possible_outcomes(self.game, self.state), self.state)
        actions = list(sources)
        labels = self._labels(sources, perspective)
        shared, suffixes = _split_notations([str(action) for action in actions])
        numeric = all(s.isdigit() for s in suffixes) and len(set(suffixes)) == len(suffixes)
        choices = tuple(
            ChanceChoice(
                key=suffixes[i] if numeric else str(i + 1),
                action=action,
                notation=str(action),
                suffix=suffixes[i],
                label=labels[i],
            )
            for i, action in enumerate(actions)
        )
        wording = self._wording(sources, seat, seers)
        return ChanceEntry(shared, wording, choices, seers, self.entrants(), numeric)

    def _labels(self, sources: dict[Action, Any], perspective: int) -> list[Text]:
        """Each outcome in words, as the game labels it (a card's name, a die's face); where
        the game has no label for it, the first line of its log as ``perspective`` reads it.
        Outcomes labelled alike are numbered, so each button says which it is."""
        game, views = self.game, dict[int, Any]()
        seat = None if perspective == EVERYTHING else perspective
        labels = []
        for action, source in sources.items():
            if id(source) not in views:
                views[id(source)] = game.view(source, seat)
            label = game.label(views[id(source)], action)
            if label.key == NOTATION:
                lines = game.describe(source, action, game.apply_legal(source, action), perspective)
                label = lines[0] if lines else label
            labels.append(label)
        return _numbered_twins(labels)

    def _wording(
        self, sources: dict[Action, Any], seat: int | None, seers: tuple[int, ...]
    ) -> Wording:
        """What the chance node asks, in words: named after the line a spectator's log will
        read for every outcome (``companion.ask.<its key>``), with what those lines share
        (the round, the die, the knight). A card no person may see (a face-down spell, a
        bot's card) is dealt *blind*; one only its owner sees is ``yours`` to its owner,
        ``theirs`` on a shared screen and the owner's ``own`` as the others wait."""
        lines = [self._spectator_line(action, source) for action, source in sources.items()]
        key = lines[0].key if lines and all(line.key == lines[0].key for line in lines) else ""
        params = _shared_params(lines) if key else {}
        sole = seers[0] if len(seers) == 1 and self.game.players > 1 else None
        if sole is not None:
            params.setdefault("seat", sole + 1)
        blind = len(sources) > 1 and not any(s in self.people() for s in seers)
        if blind:
            asked_as, awaited_as = "blind", "blind"
        elif sole is None:
            asked_as, awaited_as = "", ""
        else:
            asked_as, awaited_as = ("yours" if seat == sole else "theirs"), "own"
        heading = BLIND_HEADING if blind else "companion.heading"
        question = Text(heading, {"what": _what(key, asked_as, params)})
        return Wording(question, self._awaited(_what(key, awaited_as, params)))

    def _awaited(self, what: Text) -> Text:
        """What the seats that do not enter the outcome due read: who enters ``what``."""
        entrants = self.entrants()
        if len(entrants) == 1:
            return Text("companion.awaited", {"seat": entrants[0] + 1, "what": what})
        return Text("companion.awaited_people", {"what": what})

    def _spectator_line(self, action: Action, source: Any) -> Text:
        """The first line a spectator's log reads for ``action`` at chance node ``source``."""
        after = self.game.apply_legal(source, action)
        lines = self.game.describe(source, action, after, None)
        return lines[0] if lines else _notation(action)

    def entry_words(self, action: Action) -> Text:
        """An outcome of the chance node now in words, as its entry button labels it."""
        return self._labels({action: self.state}, EVERYTHING)[0]

    def _lookalike_outcomes(self, seat: int) -> dict[Action, Any]:
        """The outcomes due in states ``seat`` cannot tell from the true one, each with a
        state it is due in, in the game's order: drawn by a generator of the seed, the step
        and the seat alone, so the list is a function of what ``seat`` knows. The true
        state's outcomes are the list only when ``seat`` knows every secret."""
        game, state = self.game, self.state
        rng = make_rng(self.seed, f"entry/{len(self.actions)}/{seat}")
        sources: dict[Action, Any] = {}
        order: list[Action] = []
        for _ in range(ENTRY_SAMPLES):
            sampled = game.resample(state, seat, rng)
            if sampled is state:
                return dict.fromkeys(possible_outcomes(game, state), state)
            if game.to_move(sampled) == CHANCE:
                outcomes = possible_outcomes(game, sampled)
                _merge_order(order, [a for a in outcomes if a not in sources], outcomes)
                for action in outcomes:
                    sources.setdefault(action, sampled)
        return {action: sources[action] for action in order}

    def read_entry(self, text: str, entry: ChanceEntry | None = None) -> Action:
        """The outcome ``text`` names at the chance node now: a key (a face, a place in the
        list), what follows the shared notation (``R5``, ``h``), the whole notation, or
        words of its name in either language (``longsword red 5``, ``touche``).

        Raises InvalidActionError when ``text`` names no outcome, IllegalActionError when it
        names one that cannot come up now, each with a one-line reason; nothing changes.
        """
        entry = entry or self.chance_entry()
        answer = " ".join(text.split())
        action = self._named_outcome(answer, entry)
        if action in possible_outcomes(self.game, self.state):
            return action
        offered = [choice for choice in entry.choices if choice.action == action]
        if offered:
            said: Text | str = offered[0].label
            reason = Text("core.entry.not_now")
        else:
            said, reason = answer, _not_offered(entry)
        raise IllegalActionError.of(Text("core.illegal_action", {"action": said, "reason": reason}))

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
            raise InvalidActionError.of(_choose(entry))
        if not answer:
            raise InvalidActionError.of(Text("core.entry.empty"))
        named = self._by_name(answer, entry)
        if named is not None:
            return named
        first = answer.split(maxsplit=1)[0].casefold()
        shared = entry.asked.split()[0].casefold() if entry.asked else ""
        candidates = [answer] if not shared or first == shared else [f"{entry.asked} {answer}"]
        if answer not in candidates:
            candidates.append(answer)  # another kind of outcome, written whole
        for written in candidates:
            try:
                return self.game.parse_action(written)
            except InvalidActionError:
                continue
        raise InvalidActionError.of(
            Text("core.illegal_action", {"action": answer, "reason": _not_offered(entry)})
        )

    def _by_name(self, answer: str, entry: ChanceEntry) -> Action | None:
        """The outcome whose label, in either language, holds the words of ``answer`` in a
        row (case and accents aside); None if none does. Refused when several do."""
        wanted = _words(answer)
        if all(word.isdigit() for word in wanted):
            return None  # keys, several at once
        catalogs = [self.catalog(language) for language in LANGUAGES]
        named = [
            choice.action
            for choice in entry.choices
            if any(_holds(_words(texts.render(choice.label)), wanted) for texts in catalogs)
        ]
        if len(named) > 1:
            reason = Text("companion.refused.ambiguous", {"count": len(named)})
            raise AmbiguousName.of(
                Text("core.illegal_action", {"action": answer, "reason": reason})
            )
        return named[0] if named else None

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
        except AmbiguousName:
            raise  # words of several names: one name, not several entries
        except InvalidActionError as whole:
            words = answer.split()
            shared = self._shared_notation().split() or [""]
            if len(words) < 2 or words[0].casefold() == shared[0].casefold():
                raise  # one entry, or a whole notation: its own reason says best what is wrong
            refusal = whole
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
                    if index == 1 and isinstance(error, InvalidActionError):
                        raise refusal from None  # not several entries: the line says best
                    numbered = {"index": index, "entry": word, "reason": _text_of(error)}
                    raise type(error).of(Text("core.entry.numbered", numbered)) from None
        except BaseException:
            self.truncate(start)
            raise
        return entries

    def _shared_notation(self) -> str:
        """The notation every outcome due now starts with ("" when no chance is due)."""
        if self.to_move() != CHANCE:
            return ""
        return _split_notations([str(a) for a in possible_outcomes(self.game, self.state)])[0]

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
        return self.pop_step()


ENTRY_SAMPLES = 64
"""Look-alike states whose chance outcomes make a seat's list of choices (``chance_entry``):
a fixed number, never depending on the true state."""
SEER_SAMPLES = 4
"""Look-alike states per seat in which ``chance_seers`` also asks who sees a draw."""


def seers_of(game: Game[Any], state: Any) -> set[int]:
    """The seats whose view after the chance node ``state`` differs between its outcomes."""
    afters = [game.apply_legal(state, action) for action in possible_outcomes(game, state)]
    if len(afters) < 2:
        return set()
    seen = set()
    for seat in range(game.players):
        first = game.view(afters[0], seat)
        if any(game.view(after, seat) != first for after in afters[1:]):
            seen.add(seat)
    return seen


NOTATION = "core.action"
"""The message of a label that is only the notation: no words for the outcome."""
BLIND_HEADING = "companion.heading.blind"
"""The heading of a card no player may see ("Deal the mystery spell face down (don't look)")."""


@dataclass(frozen=True, slots=True)
class Wording:
    """What a chance node asks, in words: ``question``, the heading for the seat it was
    worded for ("Enter the boss of round 2", "Deal the mystery spell face down (don't
    look)"), and ``awaited``, what the others read while it is entered ("Knight 2 enters
    their hidden weapon…")."""

    question: Text
    awaited: Text

    @property
    def blind(self) -> bool:
        """Whether no player may see the card: it is dealt face down, unlooked at."""
        return self.question.key == BLIND_HEADING


class AmbiguousName(InvalidActionError):
    """Typed words that several outcomes' names hold: one name, too short to tell which."""


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
    """The outcome in words: a card's name, a die's face."""


@dataclass(frozen=True, slots=True)
class ChanceEntry:
    """A chance node as a question to people: what is asked, the choices, who sees it."""

    asked: str
    """The notation every outcome starts with (``die B1``, ``weapon``), which the entry
    reader completes what people type with (never shown)."""
    wording: Wording
    """What is asked, in words."""
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


def _merge_order(order: list[Action], new: list[Action], outcomes: list[Action]) -> None:
    """Insert the ``new`` outcomes into ``order``, each just after the outcome it follows in
    ``outcomes`` (one state's outcomes, in the game's order)."""
    fresh = set(new)
    place = 0
    for action in outcomes:
        if action in fresh:
            order.insert(place, action)
            place += 1
        else:
            place = order.index(action) + 1


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
    return Text(NOTATION, {"notation": str(action)})


def _shared_params(lines: list[Text]) -> dict[str, Any]:
    """The parameters every line of ``lines`` gives the same value (the round, the die)."""
    shared = dict(lines[0].params)
    for line in lines[1:]:
        shared = {name: value for name, value in shared.items() if line.params.get(name) == value}
    return shared


def _what(key: str, variant: str, params: dict[str, Any]) -> Text:
    """What is asked, as ``companion.ask.<key>[.<variant>]`` words it, the most specific
    message the catalogs have whose parameters ``params`` give; else "the next die or card"."""
    base = f"companion.ask.{key}"
    keys = [f"{base}.{variant}", base] if variant else [base]
    fitting = [k for k in keys if _fields(k) <= params.keys()]
    return Text(first_known(fitting) or "companion.ask", params)


def _fields(key: str) -> set[str]:
    """The parameters the message ``key`` uses (none for a key the catalogs lack)."""
    message = catalog("en").messages.get(key, "")
    templates = [message] if isinstance(message, str) else list(message.values())
    return {f for t in templates for _, f, _, _ in string.Formatter().parse(t) if f}


def _numbered_twins(labels: list[Text]) -> list[Text]:
    """``labels``, each one that another has too numbered ("Rat Swarm, copy 2")."""
    said = [repr(label) for label in labels]  # a Text's parameters are not hashable
    numbered = []
    for index, label in enumerate(labels):
        if said.count(said[index]) == 1:
            numbered.append(label)
        else:
            number = said[: index + 1].count(said[index])
            numbered.append(Text("companion.twin", {"label": label, "number": number}))
    return numbered


def _words(text: str) -> list[str]:
    """The words of ``text``, case and accents aside (``Poêle`` reads ``poele``)."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    return re.findall(r"\w+", "".join(c for c in plain if not unicodedata.combining(c)))


def _holds(words: list[str], wanted: list[str]) -> bool:
    """Whether ``words`` hold ``wanted`` in a row."""
    size = len(wanted)
    return any(words[i : i + size] == wanted for i in range(len(words) - size + 1))


def _choose(entry: ChanceEntry) -> Text:
    """How to pick an outcome by number: its key, or its place in the list."""
    if entry.numeric:
        return Text("core.entry.choose_key", {"keys": ", ".join(c.key for c in entry.choices)})
    return Text("core.choose_range", {"count": len(entry.choices)})


def _not_offered(entry: ChanceEntry) -> Text:
    """Why typed text is refused that names none of the outcomes offered."""
    return Text("companion.refused.not_offered", {"choose": _choose(entry)})


def _text_of(error: GamehallError) -> Text | str:
    return error.text if error.text is not None else str(error)
