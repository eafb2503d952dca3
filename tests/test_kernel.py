"""The kernel (``gamehall.core.kernel``): the rules contract apart from its facets.

Importing the kernel imports no facet; a game written against the kernel alone is played by
the hall with the facets' defaults (``as_game``); the built-in games are whole ``Game`` s,
with every facet (docs/writing-a-game.md).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from gamehall.bots.random_bot import RandomBot
from gamehall.core.catalogue import CatalogueError
from gamehall.core.errors import IllegalActionError, InvalidActionError
from gamehall.core.game import FACETS, Game, as_game
from gamehall.core.i18n import Text, catalog
from gamehall.core.invariants import Invariants
from gamehall.core.kernel import CHANCE, JSON, Action, ChanceWeights, Rules
from gamehall.core.keys import ActionKind
from gamehall.core.match import Match
from gamehall.core.outcome import Outcome
from gamehall.core.plugin import BUILT_IN, plugin_of
from gamehall.core.registry import create
from gamehall.core.resign import Resign

ROOT = Path(__file__).resolve().parent.parent
FACET_MODULES = {
    "gamehall.core.game",
    "gamehall.core.presentation",
    "gamehall.core.odds",
    "gamehall.core.learning",
    "gamehall.core.oracle",
    "gamehall.core.secrecy",
    "gamehall.core.catalogue",
    "gamehall.core.features",
    "gamehall.core.invariants",
    "gamehall.core.keys",
}
"""The facets, and the learning, presentation and testing modules they import."""


def test_importing_the_kernel_imports_no_facet() -> None:
    script = "import json, sys, gamehall.core.kernel; print(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    loaded = set(json.loads(done.stdout))
    assert "gamehall.core.kernel" in loaded
    assert loaded & FACET_MODULES == set()


# -- a game written against the kernel alone ---------------------------------------------

GOAL = 8


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the die rolled for the mover's turn."""

    face: int

    def __str__(self) -> str:
        return f"roll {self.face}"


@dataclass(frozen=True, slots=True)
class Step:
    """The mover moves by the die (``run``) or by one (``walk``)."""

    verb: str

    def __str__(self) -> str:
        return self.verb


@dataclass(frozen=True, slots=True)
class RaceState:
    places: tuple[int, int] = (0, 0)
    mover: int = 0
    rolled: int | None = None


class DiceRace(Rules[RaceState]):
    """Two seats race to square 8: each turn a die (1, 2 or 3) is rolled for the mover, who
    runs by it or walks by one."""

    name = "dice-race"
    title = "Dice Race"
    min_players = max_players = 2
    rules_version = "1"

    def initial_state(self) -> RaceState:
        return RaceState()

    def to_move(self, state: RaceState) -> int | None:
        if max(state.places) >= GOAL:
            return None
        return CHANCE if state.rolled is None else state.mover

    def legal_actions(self, state: RaceState) -> Sequence[Action]:
        return (Step("run"), Step("walk")) if self.to_move(state) not in (None, CHANCE) else ()

    def chance_weights(self, state: RaceState) -> ChanceWeights:
        return ChanceWeights((Roll(1), Roll(2), Roll(3)), (1, 1, 2))

    def apply_legal(self, state: RaceState, action: Action) -> RaceState:
        if isinstance(action, Roll):
            return RaceState(state.places, state.mover, action.face)
        assert isinstance(action, Step) and state.rolled is not None
        places = list(state.places)
        places[state.mover] += state.rolled if action.verb == "run" else 1
        return RaceState((places[0], places[1]), 1 - state.mover)

    def illegal_reason(self, state: RaceState, action: Action) -> Text:
        if self.to_move(state) == CHANCE:
            return self.impossible_outcome(state, action) or Text("core.illegal.chance_due")
        return Text("core.illegal.no_chance_due")

    def view(self, state: RaceState, seat: int | None) -> JSON:
        return {"places": list(state.places), "mover": state.mover, "rolled": state.rolled}

    def outcome(self, state: RaceState) -> Outcome | None:
        if self.to_move(state) is not None:
            return None
        winner = 0 if state.places[0] >= GOAL else 1
        return Outcome((winner,), tuple(1.0 if s == winner else 0.0 for s in range(2)), "goal")

    def parse_action(self, text: str) -> Action:
        verb, _, face = text.strip().partition(" ")
        if verb in ("run", "walk") and not face:
            return Step(verb)
        if verb == "roll" and face in ("1", "2", "3"):
            return Roll(int(face))
        raise InvalidActionError.of(Text("core.action", {"notation": text}))


def race_match(seed: int, bots: int = 2) -> Match:
    game = as_game(DiceRace)(2)
    return Match(game, seed, [RandomBot() if seat < bots else None for seat in range(2)])


def test_a_kernel_game_is_a_game_with_every_facets_defaults() -> None:
    composed = as_game(DiceRace)
    assert issubclass(composed, Game) and issubclass(composed, DiceRace)
    assert all(issubclass(composed, facet) for facet in FACETS)
    assert as_game(DiceRace) is composed and as_game(composed) is composed
    assert composed.__name__ == "DiceRace" and composed.__module__ == __name__
    game = composed(2)
    state = game.initial_state()
    assert game.table_view(state, 0) == game.view(state, 0)  # no odds
    assert game.resample(state, 0, random.Random(1)) is state  # no secrets
    assert isinstance(game.invariants(), Invariants) and game.overlong(state) == ""
    assert game.action_kind({}, Step("run")) == ActionKind("run")
    with pytest.raises(CatalogueError):
        game.action_forms()
    with pytest.raises(CatalogueError):
        game.features()


@pytest.mark.parametrize("seed", range(20))
def test_a_kernel_game_plays_seeded_games_to_the_end(seed: int) -> None:
    match = race_match(seed)
    outcome = match.play_out(200)
    assert outcome.winners in ((0,), (1,))
    again = race_match(seed)
    again.play_out(200)
    assert again.actions == match.actions and again.states == match.states
    english = catalog("en")
    log = [english.render(line) for line in match.log(None)]
    assert log == [str(action) for action in match.actions]  # the notation, by default
    assert [english.render(name) for name in match.names()] == ["Seat 1", "Seat 2"]


def test_a_kernel_game_checks_its_actions_and_undoes_through_the_defaults() -> None:
    match = race_match(5, bots=0)
    assert match.to_move() == CHANCE
    with pytest.raises(IllegalActionError, match="a die or a card must be drawn first"):
        match.game.apply(match.state, Step("run"))
    with pytest.raises(IllegalActionError, match="cannot happen now"):
        match.game.apply(match.state, Roll(4))
    match.advance()
    seat = match.to_move()
    assert seat is not None and seat >= 0
    with pytest.raises(IllegalActionError, match="no chance outcome is due now"):
        match.game.apply(match.state, Roll(1))
    before = match.state
    match.submit(seat, Step("walk"))
    assert match.undo(seat) == Step("walk") and match.state is before
    assert match.game.read_action("resign 1") == Resign(0)
    with pytest.raises(IllegalActionError, match="Dice Race cannot be resigned"):
        match.resign(0)


# -- the built-in games --------------------------------------------------------------------


@pytest.mark.parametrize("name", list(BUILT_IN))
def test_a_built_in_game_is_a_game_with_every_facet(name: str) -> None:
    plugin = plugin_of(name)
    assert plugin is not None
    rules = plugin.game()
    assert issubclass(rules, Game) and as_game(rules) is rules
    assert all(issubclass(rules, facet) for facet in FACETS)
    game = create(name, rules.min_players)
    state = game.initial_state()
    assert len(game.seat_names()) == game.players
    assert isinstance(game.table_view(state, 0), dict)
    assert game.action_forms().decisions and game.features().names
    assert game.invariants().state(state) == [] and game.overlong(state) == ""
    game.resample(state, 0, random.Random(1))
    for facet in FACETS:  # each facet's methods are the game's
        for method in (n for n, v in vars(facet).items() if callable(v) and n[0] != "_"):
            assert callable(getattr(game, method)), (name, facet.__name__, method)
