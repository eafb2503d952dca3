"""Companion mode (a physical copy): people enter every die and card instead of the generator.

A companion game fed the outcomes of a normal seeded game is that game, step for step; a bad
entry is refused with a reason and changes nothing; ``undo_entry`` takes back entries, never a
decision; an outcome is entered by a seat that sees it (docs/companion.md).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from typing import Any, ClassVar

import pytest
from rich.console import Console

from gamehall.bots import make_bot
from gamehall.cli.terminal import TerminalSession
from gamehall.core.errors import (
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    UndoError,
)
from gamehall.core.game import CHANCE, JSON, Action, ChanceWeights, Game, RandomSource
from gamehall.core.i18n import Text, catalog
from gamehall.core.match import Match
from gamehall.core.outcome import Outcome
from gamehall.core.record import Record, replay
from gamehall.core.registry import create

GAMES = [
    pytest.param("boss-quest", 3, {}, 7, id="boss-quest-3-players"),
    pytest.param("ancient-terrible-things", 2, {}, 5, id="att-2-players"),
    pytest.param("20-strong", 1, {"deck": "too-many-bones"}, 3, id="20-strong-too-many-bones"),
    pytest.param("20-strong", 1, {"deck": "victorum"}, 3, id="20-strong-victorum"),
]


def bots(game: Game[Any]) -> list[Any]:
    return [make_bot("heuristic", game.name) for _ in range(game.players)]


def normal_game(name: str, players: int, options: dict[str, Any], seed: int) -> Match:
    """A whole game between bots, chance drawn from the seeded generator."""
    game = create(name, players, options)
    match = Match(game, seed, bots(game))
    match.play_out()
    return match


def chance_outcomes(match: Match) -> Iterator[str]:
    """The chance outcomes of a game, in order, in notation."""
    return (str(a) for a, mover in zip(match.actions, match.movers, strict=True) if mover == CHANCE)


@pytest.mark.parametrize(("name", "players", "options", "seed"), GAMES)
def test_a_companion_game_fed_a_seeded_games_outcomes_records_the_same_game(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    """Each outcome typed by its key, by what follows the shared notation, or whole; the bots
    (same seed) decide the same: the record is the normal game's and replays with verify."""
    normal = normal_game(name, players, options, seed)
    game = normal.game
    companion = Match(game, seed, bots(game))
    outcomes = chance_outcomes(normal)
    forms = {"key": 0, "suffix": 0, "notation": 0}
    while not companion.is_over():
        if companion.to_move() != CHANCE:
            companion.step_bot()
            continue
        wanted = next(outcomes)
        entry = companion.chance_entry()
        choice = next(c for c in entry.choices if c.notation == wanted)
        form = list(forms)[len(companion.actions) % 3]
        forms[form] += 1
        typed = {"key": choice.key, "suffix": choice.suffix, "notation": choice.notation}[form]
        assert companion.enter(typed) == [choice.action]
    assert [str(a) for a in companion.actions] == [str(a) for a in normal.actions]
    assert companion.movers == normal.movers
    assert all(forms.values())
    record = Record.from_json(json.loads(json.dumps(Record.of(companion).to_json())))
    assert record.actions == Record.of(normal).actions
    assert replay(record).outcome() == normal.outcome()


def test_a_terminal_companion_game_typed_from_a_record_gives_that_record(tmp_path: Any) -> None:
    """Three people at a physical Boss Quest: decisions typed in notation, each card and boss
    typed as what follows its notation (``R5``, ``17``); the saved record is the normal one."""
    normal = normal_game("boss-quest", 3, {}, 11)
    lines = []
    for action, mover in zip(normal.actions, normal.movers, strict=True):
        lines.append(str(action).split(" ", 1)[1] if mover == CHANCE else str(action))
    typed = iter(lines)

    def ask(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    path = tmp_path / "game.json"
    match = Match(normal.game, 11, [None, None, None])
    out = io.StringIO()
    console = Console(file=out, width=120)
    session = TerminalSession(match, console, catalog("en"), ask, path, physical=True)
    session.run()
    assert match.is_over()
    record = Record.load(path)
    assert record.actions == [str(a) for a in normal.actions]
    assert replay(record).outcome() == normal.outcome()
    assert "Enter Knight 1's hidden weapon — seen by Knight 1" in out.getvalue()


def first(match: Match) -> str:
    """The key of the first outcome offered now."""
    return match.chance_entry().choices[0].key


def at_first(match: Match, prefix: str) -> None:
    """Enter the first outcome offered until an outcome ``prefix…`` is due (bots decide)."""
    while not (match.to_move() == CHANCE and match.chance_entry().asked.startswith(prefix)):
        if match.to_move() == CHANCE:
            match.enter(first(match))
        else:
            match.step_bot()


def test_an_impossible_or_unreadable_entry_is_refused_with_a_reason_and_nothing_changes() -> None:
    game = create("boss-quest", 2)
    match = Match(game, 1, bots(game))
    at_first(match, "boss")
    before, state = list(match.actions), match.state
    refusals: list[tuple[str, type[Exception], str]] = [
        ("boss 99", IllegalActionError, "boss 99: not one of the outcomes offered"),
        ("99", InvalidActionError, "choose one of 14, 15, 16, 17, 18, 19, 20, 21"),
        ("weapon R1", IllegalActionError, "weapon R1: not one of the outcomes offered"),
        ("dragonfly", InvalidActionError, "dragonfly: not one of the outcomes offered"),
        ("   ", InvalidActionError, "type the key of an outcome"),
    ]
    for typed, kind, message in refusals:
        with pytest.raises(kind, match=message):
            match.enter(typed)
        assert match.actions == before and match.state is state

    att = create("ancient-terrible-things", 2)
    rolls = Match(att, 2, bots(att))
    at_first(rolls, "roll")
    before, state = list(rolls.actions), rolls.state
    with pytest.raises(InvalidActionError, match=r"entry 3 \(9\): choose one of 1, 2, 3, 4, 5, 6"):
        rolls.enter("3 5 9 2")
    with pytest.raises(IllegalActionError, match="11 entries typed, but a decision is due after"):
        rolls.enter("1 " * 11)
    assert rolls.actions == before and rolls.state is state, "all or nothing"
    assert [str(a) for a in rolls.enter("3 5")] == ["roll f1 3", "roll f2 5"]


def test_undo_entry_takes_back_entries_but_never_a_decision() -> None:
    game = create("boss-quest", 2)
    match = Match(game, 4, [None, None])
    while match.to_move() == CHANCE:
        match.enter(first(match))
    dealt = len(match.actions)
    last = match.actions[-1]
    assert match.undo_entry() == last and len(match.actions) == dealt - 1
    match.enter(str(last))
    seat = match.to_move()
    assert seat is not None and seat >= 0
    match.submit(seat, game.parse_action("ask 2"))
    drawn = []
    while match.to_move() == CHANCE:
        drawn.extend(match.enter(first(match)))
    assert len(drawn) == 2
    with pytest.raises(UndoError, match="draw or a roll"):
        match.undo(seat)  # the normal undo still never crosses a chance outcome
    assert [match.undo_entry(), match.undo_entry()] == drawn[::-1]
    with pytest.raises(UndoError, match="cannot take back the entry: the last step was a decision"):
        match.undo_entry()
    assert str(match.actions[-1]) == "ask 2"


def test_the_seat_that_sees_an_outcome_enters_it_and_only_that_seat_corrects_it() -> None:
    """A weapon dealt face down is entered by its knight; one dealt face up by the first
    person; a face-down mystery spell (no one sees it) by any person; never by a bot seat."""
    game = create("boss-quest", 3, {"mystery": True})
    match = Match(game, 2, [None, None, make_bot("heuristic", game.name)])
    seen: dict[tuple[tuple[int, ...], tuple[int, ...]], str] = {}
    while match.to_move() == CHANCE:
        seers, entrants = match.chance_seers(), match.entrants()
        seen.setdefault((seers, entrants), match.chance_entry().asked)
        if entrants == (1,):
            with pytest.raises(NotYourTurnError, match="Seat 1 does not see this outcome"):
                match.enter(first(match), seat=0)
        with pytest.raises(NotYourTurnError, match="Seat 3 is played by a bot"):
            match.enter(first(match), seat=2)
        match.enter(first(match), seat=entrants[-1])
        if entrants == (1,):
            assert match.entry_blocker(0) == Text("core.entry.not_yours", {"seat": 1, "entrant": 2})
            assert match.entry_blocker(1) is None
    assert seen[((1,), (1,))] == "weapon"  # knight 2's hidden weapon
    assert seen[((2,), (0, 1))] == "weapon"  # the bot's: any person enters it
    assert seen[((0, 1, 2), (0,))] in ("boss", "armorer", "spell", "weapon")
    assert seen[((), (0, 1))] == "spell"  # the mystery spell, face down


class HiddenDeal(Game[tuple[int, int]]):
    """A toy game: chance deals seat 2 a face-down card from 1–4, then shows one more of the
    three left; its ``resample`` deals seat 1's unknown card anew."""

    name: ClassVar[str] = "hidden-deal"
    title: ClassVar[str] = "Hidden deal"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    rules_version: ClassVar[str] = "1"

    def initial_state(self) -> tuple[int, int]:
        return (0, 0)

    def to_move(self, state: tuple[int, int]) -> int | None:
        return CHANCE if 0 in state else None

    def legal_actions(self, state: tuple[int, int]) -> Sequence[Action]:
        return ()

    def chance_weights(self, state: tuple[int, int]) -> ChanceWeights:
        hidden, _ = state
        if not hidden:
            return ChanceWeights([f"deal {card}" for card in range(1, 5)])
        return ChanceWeights([f"show {card}" for card in range(1, 5) if card != hidden])

    def apply_legal(self, state: tuple[int, int], action: Action) -> tuple[int, int]:
        card = int(str(action).split()[1])
        return (card, 0) if not state[0] else (state[0], card)

    def illegal_reason(self, state: tuple[int, int], action: Action) -> Text:
        return Text("core.illegal.no_chance_due")

    def view(self, state: tuple[int, int], seat: int | None) -> JSON:
        return {"hidden": state[0] if seat == 1 else None, "shown": state[1]}

    def outcome(self, state: tuple[int, int]) -> Outcome | None:
        return None

    def parse_action(self, text: str) -> Action:
        verb, _, card = text.partition(" ")
        if verb not in ("deal", "show") or card not in ("1", "2", "3", "4"):
            raise InvalidActionError(f"{text!r} is not an action of the hidden deal")
        return text

    def describe(
        self, before: tuple[int, int], action: Action, after: tuple[int, int], seat: int | None
    ) -> list[Text]:
        return [Text("core.action", {"notation": str(action)})]

    def resample(self, state: tuple[int, int], seat: int, rng: RandomSource) -> tuple[int, int]:
        if seat == 1 or not state[0]:
            return state
        unknown = [card for card in range(1, 5) if card != state[1]]
        return (unknown[int(rng.random() * len(unknown))], state[1])


def test_the_outcomes_offered_to_a_seat_do_not_tell_it_the_others_hidden_card() -> None:
    """Seat 1 enters the shown card; the cards left (three of four) would tell it seat 2's
    hidden one, so the hall widens the list to what seat 1 cannot rule out (``resample``)."""
    offered = []
    for hidden in ("1", "3"):
        match = Match(HiddenDeal(2), 5, [None, None])
        assert match.entrants() == (1,)  # only seat 2 sees its face-down card
        match.enter(hidden, seat=1)
        assert match.chance_seers() == (0, 1) and match.entrants() == (0,)
        assert len(match.chance_entry(0).choices) == 3  # the exact outcomes: a terminal's list
        offered.append(match.chance_entry(0, widen=True).choices)
        with pytest.raises(IllegalActionError, match="it cannot come up now"):
            match.enter(f"show {hidden}", seat=0, widen=True)
        assert len(match.actions) == 1
    assert offered[0] == offered[1]
    assert sorted(choice.notation for choice in offered[0]) == [f"show {c}" for c in (1, 2, 3, 4)]
