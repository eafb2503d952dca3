# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""Observation features of Ancient Terrible Things (``core.features``): what one seat sees, as
a fixed-size vector, seats turned so that the observer is ``self`` and ``opp1``... follow
clockwise.

The parts, in order (docs/rl.md lists every group with its scaling):

- the table: the step, whose turn and whose decision, the choice in progress, the turn, the
  supplies, the last resolution;
- the board: each location card (in play, its encounter's tier, resource, Secrets and one-roll
  odds, the tokens lying there), the scenario, the Accomplishments in play, the solo rival;
- each player, ``self`` first: tokens, Secrets, hand size, Terrible Things, character, where
  the pawn stands, trophies, Accomplishments, Loot (ready or exhausted);
- the observer's own Exploits (others' hands show only their size, as in the view);
- the encounter: its combinations (met or not), the Focus dice's faces, their faces counted,
  which are set aside, the Action dice (symbol, spent).

Written in Cython's pure Python mode: ``make compiled`` compiles it (``hatch_build.py``)
and :meth:`AttFeatures.vector` writes the numbers straight into a float32 array; the same
source runs uncompiled, only slower. The state is read directly, and only for what
``view(state, seat)`` shows. States share the objects that did not change, so a part is
written again only when its objects changed: the parts every observer sees alike lie in a
staging vector at their places, each player's part in a row of its own (turned to the
observer when copied in). What depends on the card set alone (the layout, the cards'
numbers, each encounter's odds under each scenario) is worked out once per process.
"""
# mypy: disallow-untyped-decorators=False

from __future__ import annotations

from array import array
from collections.abc import Callable
from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, Any

try:
    import cython
except ModuleNotFoundError:  # installed without Cython: the same code, as Python
    from gamehall.core import shadow as cython
import numpy as np
import numpy.typing as npt

from gamehall.core.game import CHANCE
from gamehall.games.ancient_terrible_things.actions import action_die, focus_die
from gamehall.games.ancient_terrible_things.cards import RESOURCES
from gamehall.games.ancient_terrible_things.catalogue import most_combos, most_focus_dice
from gamehall.games.ancient_terrible_things.dice import (
    ACTION_DICE,
    ACTION_FACES,
    FOCUS_DICE,
    FOCUS_FACES,
)
from gamehall.games.ancient_terrible_things.scoring import (
    rival_secrets,
    secrets,
    terrible_penalty,
)
from gamehall.games.ancient_terrible_things.state import (
    ENCOUNTER,
    MYSTERY,
    AttState,
    Choice,
    Dice,
    Player,
)
from gamehall.games.ancient_terrible_things.view import STEPS

if TYPE_CHECKING:
    from gamehall.games.ancient_terrible_things.cards import Cards
    from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings

RELATIVE = ("self", "opp1", "opp2", "opp3")
"""Seats as the observer sees them: itself, then clockwise."""
CHOICES = ("reroll", "set_aside", "nudge", "set_face", "ready")
COMBO_KINDS = ("high", "pair", "set", "straight")
ACTION_KINDS = tuple(face for face, _ in ACTION_FACES)

# Counts are divided by these tops and capped at 1; Secrets are divided by theirs and kept
# within [-1, 1].
TOKENS_TOP = cython.declare(cython.int, 10)
HAND_TOP = cython.declare(cython.int, 8)
TROPHIES_TOP = cython.declare(cython.int, 12)
KIND_TOP = cython.declare(cython.int, 6)
LYING_TOP = cython.declare(cython.int, 4)
DISCOUNT_TOP = cython.declare(cython.int, 3)
COUNT_TOP = cython.declare(cython.int, 5)
SECRETS_TOP = cython.declare(cython.double, 30.0)
RIVAL_TOP = cython.declare(cython.double, 60.0)

LOCATION = cython.declare(cython.Py_ssize_t, 15)
"""Features per location card: in play, the encounter (1), its tier (3), resource (4),
Secrets and odds, the tokens lying there (4)."""
HEAD = cython.declare(cython.Py_ssize_t, 8)
"""Features per player before its cards: tokens (4), Secrets, hand, Terrible Things (2)."""
HIGH = cython.declare(cython.int, 0)
STRAIGHT = cython.declare(cython.int, 3)
"""Combination kinds (by :data:`COMBO_KINDS`): a pair and a set are tested alike."""
STEP_COUNT = cython.declare(cython.Py_ssize_t, len(STEPS))
CHOICE_COUNT = cython.declare(cython.Py_ssize_t, len(CHOICES))
RESOURCE_COUNT = cython.declare(cython.Py_ssize_t, len(RESOURCES))
CHANCE_SEAT = cython.declare(cython.Py_ssize_t, CHANCE)
ENCOUNTER_STEP = cython.declare(cython.Py_ssize_t, ENCOUNTER)
NONE = (0, 0, 0, 0)
NOBODY = Player(-1, NONE, (), (), (), (), (), 0, 0, -1)
"""A player with nothing."""

# A player's and the dice's fields, read as tuple items (in C, faster than by name).
CHARACTER = cython.declare(cython.Py_ssize_t, Player._fields.index("character"))
TOKENS = cython.declare(cython.Py_ssize_t, Player._fields.index("tokens"))
EXPLOITS = cython.declare(cython.Py_ssize_t, Player._fields.index("exploits"))
LOOT = cython.declare(cython.Py_ssize_t, Player._fields.index("loot"))
EXHAUSTED = cython.declare(cython.Py_ssize_t, Player._fields.index("exhausted"))
TROPHIES = cython.declare(cython.Py_ssize_t, Player._fields.index("trophies"))
CLAIMED = cython.declare(cython.Py_ssize_t, Player._fields.index("accomplishments"))
TERRIBLE = cython.declare(cython.Py_ssize_t, Player._fields.index("terrible"))
FLIPPED = cython.declare(cython.Py_ssize_t, Player._fields.index("flipped"))
PAWN = cython.declare(cython.Py_ssize_t, Player._fields.index("location"))
FOCUS = cython.declare(cython.Py_ssize_t, Dice._fields.index("focus"))
ASIDE = cython.declare(cython.Py_ssize_t, Dice._fields.index("aside"))
ACTION = cython.declare(cython.Py_ssize_t, Dice._fields.index("action"))
USED = cython.declare(cython.Py_ssize_t, Dice._fields.index("used"))

HANDS = tuple(combinations_with_replacement(FOCUS_FACES, FOCUS_DICE))
"""Every sorted roll of the five Focus dice..."""
WAYS = array(
    "i", (factorial(FOCUS_DICE) // prod(map(factorial, map(h.count, set(h)))) for h in HANDS)
)
"""... how many ordered rolls give it..."""
FACES = array("i", (hand.count(face) for hand in HANDS for face in range(8)))
"""... how many dice show each face (0 to 7: 8 per roll)..."""
ROLLS = cython.declare(cython.double, 6**FOCUS_DICE)
"""... of so many."""


class _Layout:
    """Where each part lies in the vector of one configured game, and the cards' numbers the
    parts show; one per card set, player count and supply, kept for the process."""

    def __init__(self, game: AncientTerribleThings) -> None:
        self.cards: Cards = game.cards
        cards, n = game.cards, game.players
        self.most_combos, self.most_dice = most_combos(game), most_focus_dice(game)
        self.names = names = _names(game, self.most_combos, self.most_dice)
        first = names.index
        per_tier = game.setup.per_tier
        self.supply = max(game.setup.supply, 1)
        self.scales = array(
            "d", (1 / (3 * per_tier + 1), 1 / self.supply, 1 / per_tier, 1 / len(cards.exploits))
        )
        """Multiplying the turn, the supply, the encounters left and the Exploits left."""
        self.rival_top = 3 * per_tier
        self.at = {
            "choice": first("choice.reroll"),
            "when": first("turn"),
            "board": first(f"loc.{cards.locations[0].code}.in-play"),
            "scenario": first(f"scenario.{cards.scenarios[0].code}"),
            "accomplishments": first(f"acc.{cards.accomplishments[0].code}"),
            "players": first("self.focus"),
            "hand": first(f"hand.{cards.exploits[0].code}"),
            "here": first("here.combo1.high"),
            "faces": first("f1.face"),
            "aside": first("f1.aside"),
            "action": first("a1.blank"),
        }
        """Where each part begins."""
        # A player's row: its size, and where its parts begin.
        at, player = self.at, self.at["players"]
        self.player = (at["hand"] - player) // n
        self.place = first(f"self.at.{cards.locations[0].code}") - player
        self.trophies = first("self.trophies") - player
        self.claimed = first(f"self.acc.{cards.accomplishments[0].code}") - player
        self.loot = first(f"self.loot.{cards.loot[0].code}") - player
        assert first(f"self.char.{cards.characters[0].code}") - player == HEAD
        encounters, resources = cards.encounters, list(RESOURCES)
        self.tier = array("i", (e.tier for e in encounters))
        self.resource = array(
            "i",
            (resources.index(e.resource) if e.resource in resources else -1 for e in encounters),
        )
        self.secrets = array("i", (e.secrets for e in encounters))
        self.loot_secrets = array("i", (c.secrets for c in cards.loot))
        self.claimed_secrets = array("i", (c.secrets for c in cards.accomplishments))
        self.choice = {kind: i for i, kind in enumerate(CHOICES)}
        self.action = {kind: i for i, kind in enumerate(ACTION_KINDS)}
        # The combinations of each encounter under each scenario (-1: none first), in rows
        # of most_combos: kind, minimum, size; how many, and how many are the card's own.
        scenarios = (None, *cards.scenarios)
        pairs = [(e, s) for e in encounters for s in scenarios]
        self.count = array("i", (len(e.combos) + (len(s.combos) if s else 0) for e, s in pairs))
        self.own = array("i", (len(e.combos) for e, _ in pairs))
        rows = [[*e.combos, *(s.combos if s else ())] for e, s in pairs]
        self.kind = array("i", [0] * (len(pairs) * self.most_combos))
        self.minimum, self.size = array("i", self.kind), array("i", self.kind)
        for k, row in enumerate(rows):
            for i, combo in enumerate(row, k * self.most_combos):
                self.kind[i] = COMBO_KINDS.index(combo.kind)
                self.minimum[i], self.size[i] = combo.minimum, combo.size
        self.odds = array("d", [-1.0] * len(pairs))
        """The chance one roll of five dice forms a combination, by pair (-1: not yet known)."""
        self.alone: dict[int, int] = {}
        """The Secrets of so many Mystery tokens alone."""


_LAYOUTS: dict[tuple[int, int, int, int], _Layout] = {}


def _layout(game: AncientTerribleThings) -> _Layout:
    """The layout of ``game``'s vector, built once per process."""
    key = (id(game.cards), game.players, game.setup.per_tier, game.setup.supply)
    layout = _LAYOUTS.get(key)
    if layout is None or layout.cards is not game.cards:
        layout = _LAYOUTS[key] = _Layout(game)
    return layout


def _names(game: AncientTerribleThings, most_combos: int, most_dice: int) -> tuple[str, ...]:
    """Every feature's name, in the order :meth:`AttFeatures.vector` writes them."""
    cards, n = game.cards, game.players
    locations = [c.code for c in cards.locations]
    names = [f"step.{STEPS[step]}" for step in sorted(STEPS)]
    names += [f"active.{r}" for r in RELATIVE[:n]]
    names += [f"mover.{r}" for r in RELATIVE[:n]] + ["mover.chance"]
    names += [f"choice.{kind}" for kind in CHOICES] + ["choice.amount"]
    names += ["turn", "supply", "deck.tier1", "deck.tier2", "deck.tier3", "exploit-deck"]
    names += ["discount", "last.defeated", "last.failed"]
    for code in locations:
        names += [f"loc.{code}.in-play", f"loc.{code}.enc"]
        names += [f"loc.{code}.enc.tier{t}" for t in (1, 2, 3)]
        names += [f"loc.{code}.enc.{r}" for r in RESOURCES]
        names += [f"loc.{code}.enc.secrets", f"loc.{code}.enc.odds"]
        names += [f"loc.{code}.{r}" for r in RESOURCES]
    names += [f"scenario.{c.code}" for c in cards.scenarios]
    names += [f"acc.{c.code}" for c in cards.accomplishments]
    if n == 1:
        names += ["rival.pile", "rival.secrets"]
    for r in RELATIVE[:n]:
        names += [f"{r}.{resource}" for resource in RESOURCES]
        names += [f"{r}.{what}" for what in ("secrets", "exploits", "terrible", "unflipped")]
        names += [f"{r}.char.{c.code}" for c in cards.characters]
        names += [f"{r}.at.{code}" for code in locations]
        names += [f"{r}.trophies"] + [f"{r}.trophies.{resource}" for resource in RESOURCES]
        names += [f"{r}.acc.{c.code}" for c in cards.accomplishments]
        names += [f"{r}.loot.{c.code}" for c in cards.loot]
    names += [f"hand.{c.code}" for c in cards.exploits]
    for i in range(1, most_combos + 1):
        names += [f"here.combo{i}.{kind}" for kind in COMBO_KINDS]
        names += [f"here.combo{i}.{what}" for what in ("min", "size", "scenario", "met")]
    dice = [focus_die(i) for i in range(most_dice)]
    names += [f"{die}.face" for die in dice]
    names += [f"dice.count{face}" for face in FOCUS_FACES] + ["dice.focus"]
    names += [f"{die}.aside" for die in dice]
    for die in map(action_die, range(ACTION_DICE)):
        names += [f"{die}.{kind}" for kind in ACTION_KINDS] + [f"{die}.used"]
    return tuple(names)


@cython.cclass
class _Seat:
    """What a player's row shows: the objects and numbers it was written from."""

    player: object
    locations: object
    trophies: object
    claimed: object
    loot: object
    exhausted: object
    character: cython.Py_ssize_t
    pawn: cython.Py_ssize_t
    terrible: cython.Py_ssize_t
    counted: cython.Py_ssize_t
    """The Secrets of the cards and Terrible Things (``scoring.secrets`` without tokens)."""
    mystery: cython.Py_ssize_t
    score: cython.double
    """The Secrets with the Mystery tokens (:attr:`mystery` of them), scaled."""

    def __init__(self) -> None:
        self.player = self.locations = self.trophies = self.claimed = None
        self.loot = self.exhausted = None
        self.character = self.pawn = self.terrible = self.mystery = -2
        self.counted, self.score = 0, 0.0


@cython.cclass
class AttFeatures:
    """The features of one configured game (a player count and a card set)."""

    game = cython.declare(object, visibility="public")
    names = cython.declare(tuple, visibility="public")
    _layout: _Layout
    _to_move: Callable[[AttState], int | None]
    _n: cython.Py_ssize_t
    _size: cython.Py_ssize_t
    _array: npt.NDArray[np.float32]
    """The staging vector: the parts every observer sees alike, at their places."""
    _out: cython.float[::1]
    _rows: cython.float[::1]
    """Each player's part, by seat."""
    _seats: list[_Seat]
    _count: cython.int[::1]
    """How many Focus dice show each face (scratch)."""
    _scales: cython.double[::1]
    _tier: cython.int[::1]
    _resource: cython.int[::1]
    _secrets: cython.int[::1]
    _loot_secrets: cython.int[::1]
    _claimed_secrets: cython.int[::1]
    _kind: cython.int[::1]
    _minimum: cython.int[::1]
    _dice_in: cython.int[::1]
    _combos: cython.int[::1]
    _own: cython.int[::1]
    _odds: cython.double[::1]
    _scenarios: cython.Py_ssize_t
    _most_combos: cython.Py_ssize_t
    _most_dice: cython.Py_ssize_t
    _supply: cython.double
    _choice_at: cython.Py_ssize_t
    _when_at: cython.Py_ssize_t
    _board_at: cython.Py_ssize_t
    _scenario_at: cython.Py_ssize_t
    _accomplishments_at: cython.Py_ssize_t
    _players_at: cython.Py_ssize_t
    _player: cython.Py_ssize_t
    _place: cython.Py_ssize_t
    _trophies: cython.Py_ssize_t
    _claimed: cython.Py_ssize_t
    _loot: cython.Py_ssize_t
    _hand_at: cython.Py_ssize_t
    _here_at: cython.Py_ssize_t
    _faces_at: cython.Py_ssize_t
    _aside_at: cython.Py_ssize_t
    _action_at: cython.Py_ssize_t
    # What the staging vector shows: the objects and numbers each part was written from.
    _choice: object
    _turn: cython.Py_ssize_t
    _left: cython.Py_ssize_t
    _discount: cython.Py_ssize_t
    _last: object
    _quota: object
    _deck: object
    _board: object
    _lying: object
    _locations: object
    _accomplishments: object
    _rival: object
    _rival_board: object
    _rival_pile: object
    _rival_score: cython.double
    """The solo rival's Secrets, scaled, for that board and pile."""
    _scenario: cython.Py_ssize_t
    _seated: object
    _located: object
    _staged: cython.Py_ssize_t
    """The observer the players' rows were copied in for (-2: none since they changed)."""
    _hand: object
    _hand_seat: cython.Py_ssize_t
    _dice: object
    _encounter: cython.Py_ssize_t
    _dice_scenario: cython.Py_ssize_t

    def __init__(self, game: AncientTerribleThings) -> None:
        layout = _layout(game)
        self.game, self.names, self._layout = game, layout.names, layout
        self._to_move = game.to_move
        self._n = n = game.players
        self._size = len(layout.names)
        self._array = np.zeros(self._size, np.float32)
        self._out = self._array
        self._rows = np.zeros(n * layout.player, np.float32)
        self._seats = [_Seat() for _ in range(n)]
        self._count = array("i", [0] * 8)
        self._scales, self._tier, self._resource = layout.scales, layout.tier, layout.resource
        self._secrets, self._loot_secrets = layout.secrets, layout.loot_secrets
        self._claimed_secrets = layout.claimed_secrets
        self._kind, self._minimum, self._dice_in = layout.kind, layout.minimum, layout.size
        self._combos, self._own, self._odds = layout.count, layout.own, layout.odds
        self._scenarios = len(game.cards.scenarios)
        self._most_combos, self._most_dice = layout.most_combos, layout.most_dice
        self._supply = layout.supply
        at = layout.at
        self._choice_at, self._when_at, self._board_at = at["choice"], at["when"], at["board"]
        self._scenario_at, self._accomplishments_at = at["scenario"], at["accomplishments"]
        self._players_at, self._player, self._place = at["players"], layout.player, layout.place
        self._trophies, self._claimed, self._loot = layout.trophies, layout.claimed, layout.loot
        self._hand_at, self._here_at, self._faces_at = at["hand"], at["here"], at["faces"]
        self._aside_at, self._action_at = at["aside"], at["action"]
        self._choice = self._last = self._quota = self._deck = None
        self._board = self._lying = self._locations = self._accomplishments = None
        self._rival = self._rival_board = self._rival_pile = None
        self._seated = self._located = None
        self._hand = self._dice = None
        self._rival_score = 0.0
        self._turn = self._left = self._discount = self._scenario = -2
        self._staged = self._hand_seat = self._encounter = self._dice_scenario = -2

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its game alone: the rest is worked out again."""
        return (AttFeatures, (self.game,))

    def encode(self, state: AttState, seat: int) -> list[float]:
        """What ``seat`` sees of ``state``: ``len(names)`` numbers in [-1, 1] (float32 values:
        :meth:`vector` as a list)."""
        numbers: list[float] = self.vector(state, seat).tolist()
        return numbers

    def vector(self, state: AttState, seat: cython.Py_ssize_t) -> npt.NDArray[np.float32]:
        """What ``seat`` sees of ``state``, as a new float32 array (the caller's to keep)."""
        out: cython.float[::1] = self._out
        n: cython.Py_ssize_t = self._n
        i: cython.Py_ssize_t
        at: cython.Py_ssize_t
        card: cython.Py_ssize_t
        if not 0 <= seat < n:
            raise IndexError(f"no seat {seat} at a table of {n}")
        # The step, whose turn and whose decision: one-hot, written at every call.
        for i in range(self._choice_at):
            out[i] = 0.0
        step: cython.Py_ssize_t = state.step
        out[step] = 1.0
        active: cython.Py_ssize_t = state.active
        if active >= 0:
            out[STEP_COUNT + (active - seat + n) % n] = 1.0
        mover = self._to_move(state)
        if mover is not None:
            at = mover
            out[STEP_COUNT + n + (n if at == CHANCE_SEAT else (at - seat + n) % n)] = 1.0
        choice = state.choice
        if choice is not self._choice:
            self._choice = choice
            self._write_choice(choice)
        # The turn, the supplies, the last resolution.
        turn: cython.Py_ssize_t = state.turn
        left: cython.Py_ssize_t = state.supply
        discount: cython.Py_ssize_t = state.discount
        last, quota, deck = state.last, state.quota, state.exploit_deck
        if (
            last is not self._last
            or quota is not self._quota
            or deck is not self._deck
            or turn != self._turn
            or left != self._left
            or discount != self._discount
        ):
            self._last, self._quota, self._deck = last, quota, deck
            self._turn, self._left, self._discount = turn, left, discount
            self._write_when(turn, left, quota, len(deck), discount, last)
        # The board.
        locations, board, lying = state.locations, state.board, state.on_location
        accomplishments = state.accomplishments
        scenario: cython.Py_ssize_t = state.scenario
        rival = state.rival if n == 1 else None
        if (
            board is not self._board
            or lying is not self._lying
            or locations is not self._locations
            or accomplishments is not self._accomplishments
            or scenario != self._scenario
            or rival is not self._rival
        ):
            self._board, self._lying, self._locations = board, lying, locations
            self._accomplishments, self._scenario, self._rival = accomplishments, scenario, rival
            self._write_board(state)
        # The players, turned to the observer, and the observer's hand.
        players = state.players
        if players is not self._seated or locations is not self._located:
            self._seated, self._located = players, locations
            for i in range(n):
                player = players[i]
                seen: _Seat = self._seats[i]
                if player is not seen.player or locations is not seen.locations:
                    self._write_player(i, player, locations)
                    self._staged = -2
        if seat != self._staged:
            self._staged = seat
            rows: cython.float[::1] = self._rows
            size: cython.Py_ssize_t = self._player
            start: cython.Py_ssize_t
            at = self._players_at
            for card in range(n):
                start = ((seat + card) % n) * size
                for i in range(size):
                    out[at + i] = rows[start + i]
                at += size
        exploits = cython.cast(tuple, players[seat])[EXPLOITS]
        if exploits is not self._hand or seat != self._hand_seat:
            self._hand, self._hand_seat = exploits, seat
            at = self._hand_at
            for i in range(at, self._here_at):
                out[i] = 0.0
            for card in exploits:
                out[at + card] = 1.0
        # The encounter.
        dice = state.dice
        if step == ENCOUNTER_STEP and active >= 0 and len(cython.cast(tuple, dice)[FOCUS]) > 0:
            card = cython.cast(tuple, players[active])[PAWN]
            encounter: cython.Py_ssize_t = board[card] if 0 <= card < len(board) else -1
            if (
                dice is not self._dice
                or encounter != self._encounter
                or scenario != self._dice_scenario
            ):
                self._dice, self._encounter, self._dice_scenario = dice, encounter, scenario
                self._write_dice(dice, encounter, scenario)
        elif self._dice is not None:
            self._dice = None
            for i in range(self._here_at, self._size):
                out[i] = 0.0
        copy: npt.NDArray[np.float32] = self._array.copy()
        return copy

    # -- the parts, written when their objects changed ------------------------------------

    @cython.cfunc
    def _write_choice(self, choice: Choice | None) -> None:
        """The choice in progress: its kind, its amount."""
        out: cython.float[::1] = self._out
        at: cython.Py_ssize_t = self._choice_at
        i: cython.Py_ssize_t
        for i in range(CHOICE_COUNT + 1):
            out[at + i] = 0.0
        if choice is not None:
            i = self._layout.choice.get(choice[0], -1)
            if i >= 0:
                out[at + i] = 1.0
            i = choice[1]
            out[at + CHOICE_COUNT] = i / 6

    @cython.cfunc
    def _write_when(
        self,
        turn: cython.Py_ssize_t,
        left: cython.Py_ssize_t,
        quota: tuple[int, ...],
        deck: cython.Py_ssize_t,
        discount: cython.Py_ssize_t,
        last: tuple[int, int, int],
    ) -> None:
        """The turn, the supplies, the last resolution."""
        out: cython.float[::1] = self._out
        scales: cython.double[::1] = self._scales
        at: cython.Py_ssize_t = self._when_at
        out[at] = min(turn * scales[0], 1.0)
        out[at + 1] = left * scales[1]
        i: cython.Py_ssize_t
        count: cython.Py_ssize_t
        for i in range(3):
            count = quota[i]
            out[at + 2 + i] = count * scales[2]
        out[at + 5] = deck * scales[3]
        out[at + 6] = min(discount, DISCOUNT_TOP) / DISCOUNT_TOP
        seat: cython.Py_ssize_t = last[0]
        combo: cython.Py_ssize_t = last[2]
        out[at + 7] = 1.0 if seat >= 0 and combo >= 0 else 0.0
        out[at + 8] = 1.0 if seat >= 0 and combo < 0 else 0.0

    @cython.cfunc
    def _write_board(self, state: AttState) -> None:
        """The location cards, the scenario, the Accomplishments in play, the solo rival."""
        out: cython.float[::1] = self._out
        i: cython.Py_ssize_t
        begin: cython.Py_ssize_t = self._board_at
        for i in range(begin, self._players_at):
            out[i] = 0.0
        locations, board, lying = state.locations, state.board, state.on_location
        scenario: cython.Py_ssize_t = state.scenario
        slot: cython.Py_ssize_t
        at: cython.Py_ssize_t
        card: cython.Py_ssize_t
        kind: cython.Py_ssize_t
        count: cython.Py_ssize_t
        for slot in range(len(locations)):
            card = locations[slot]
            at = begin + LOCATION * card
            out[at] = 1.0
            card = board[slot]
            if card >= 0:
                out[at + 1] = 1.0
                kind = self._tier[card]
                if 1 <= kind <= 3:
                    out[at + 1 + kind] = 1.0
                kind = self._resource[card]
                if kind >= 0:
                    out[at + 5 + kind] = 1.0
                out[at + 9] = self._secrets[card] / 9
                out[at + 10] = self._odds_of(card * (self._scenarios + 1) + scenario + 1)
            at += 11
            for count in lying[slot]:
                out[at] = min(count, LYING_TOP) / LYING_TOP
                at += 1
        if scenario >= 0:
            out[self._scenario_at + scenario] = 1.0
        for card in state.accomplishments:
            out[self._accomplishments_at + card] = 1.0
        if self._n == 1:
            count, kind = len(state.rival), self._layout.rival_top
            out[self._players_at - 2] = min(count, kind) / kind
            if board is not self._rival_board or state.rival is not self._rival_pile:
                self._rival_board, self._rival_pile = board, state.rival
                score: cython.double = rival_secrets(self.game, state) / RIVAL_TOP
                self._rival_score = max(-1.0, min(1.0, score))
            out[self._players_at - 1] = self._rival_score

    @cython.cfunc
    def _write_player(self, p: cython.Py_ssize_t, player: Player, locations: Any) -> None:
        """Player ``p``'s row: its tokens and counts, and its cards if they changed."""
        seen: _Seat = self._seats[p]
        rows: cython.float[::1] = self._rows
        fields: tuple[Any, ...] = cython.cast(tuple, player)
        at: cython.Py_ssize_t = p * self._player
        i: cython.Py_ssize_t
        card: cython.Py_ssize_t
        character: cython.Py_ssize_t = fields[CHARACTER]
        pawn: cython.Py_ssize_t = fields[PAWN]
        terrible: cython.Py_ssize_t = fields[TERRIBLE]
        trophies, claimed = fields[TROPHIES], fields[CLAIMED]
        loot, exhausted = fields[LOOT], fields[EXHAUSTED]
        # The cards, and the Secrets they score (each compared as an object, then as a value).
        scored: cython.bint = (
            terrible != seen.terrible
            or (trophies is not seen.trophies and trophies != seen.trophies)
            or (claimed is not seen.claimed and claimed != seen.claimed)
            or (loot is not seen.loot and loot != seen.loot)
        )
        if (
            scored
            or character != seen.character
            or pawn != seen.pawn
            or locations is not seen.locations
            or (exhausted is not seen.exhausted and exhausted != seen.exhausted)
        ):
            seen.character, seen.pawn, seen.locations = character, pawn, locations
            seen.trophies, seen.claimed, seen.loot = trophies, claimed, loot
            seen.exhausted, seen.terrible = exhausted, terrible
            self._write_cards(at, player, locations)
        if scored:
            seen.counted = self._counted(player)
            seen.mystery = -1
        tokens: tuple[Any, ...] = fields[TOKENS]
        mystery: cython.Py_ssize_t = tokens[MYSTERY]
        if mystery != seen.mystery:
            alone: dict[int, int] = self._layout.alone
            if mystery not in alone:
                only = tuple(mystery if r == MYSTERY else 0 for r in range(len(NONE)))
                alone[mystery] = secrets(self.game, NOBODY._replace(tokens=only))
            score: cython.double = (seen.counted + alone[mystery]) / SECRETS_TOP
            seen.mystery, seen.score = mystery, max(-1.0, min(1.0, score))
        for i in range(RESOURCE_COUNT):
            card = tokens[i]
            rows[at + i] = min(card, TOKENS_TOP) / TOKENS_TOP
        rows[at + 4] = seen.score
        card = len(fields[EXPLOITS])
        rows[at + 5] = min(card, HAND_TOP) / HAND_TOP
        rows[at + 6] = terrible / self._supply
        card = fields[FLIPPED]
        rows[at + 7] = (terrible - card) / self._supply
        seen.player = player

    @cython.cfunc
    def _write_cards(self, at: cython.Py_ssize_t, player: Player, locations: Any) -> None:
        """A player's character, where the pawn stands, trophies, Accomplishments, Loot."""
        rows: cython.float[::1] = self._rows
        fields: tuple[Any, ...] = cython.cast(tuple, player)
        i: cython.Py_ssize_t
        card: cython.Py_ssize_t
        count: cython.Py_ssize_t
        for i in range(at + HEAD, at + self._player):
            rows[i] = 0.0
        card = fields[CHARACTER]
        if card >= 0:
            rows[at + HEAD + card] = 1.0
        card = fields[PAWN]
        if card >= 0:
            card = locations[card]
            rows[at + self._place + card] = 1.0
        trophies = fields[TROPHIES]
        count = len(trophies)
        rows[at + self._trophies] = min(count, TROPHIES_TOP) / TROPHIES_TOP
        for i in range(RESOURCE_COUNT):
            count = 0
            for card in trophies:
                count += self._resource[card] == i
            rows[at + self._trophies + 1 + i] = min(count, KIND_TOP) / KIND_TOP
        for card in fields[CLAIMED]:
            rows[at + self._claimed + card] = 1.0
        for card in fields[LOOT]:
            rows[at + self._loot + card] = 1.0
        for card in fields[EXHAUSTED]:
            rows[at + self._loot + card] = -1.0

    @cython.cfunc
    def _counted(self, player: Player) -> cython.Py_ssize_t:
        """A player's Secrets without its tokens, as ``scoring.secrets`` counts them: the
        printed Secrets of its trophies, Loot and Accomplishments, and the Terrible Things."""
        fields: tuple[Any, ...] = cython.cast(tuple, player)
        total: cython.Py_ssize_t = terrible_penalty(fields[TERRIBLE])
        card: cython.Py_ssize_t
        for card in fields[TROPHIES]:
            total += self._secrets[card]
        for card in fields[LOOT]:
            total += self._loot_secrets[card]
        for card in fields[CLAIMED]:
            total += self._claimed_secrets[card]
        return total

    @cython.cfunc
    def _write_dice(
        self, dice: Dice, encounter: cython.Py_ssize_t, scenario: cython.Py_ssize_t
    ) -> None:
        """The encounter: its combinations (formed or not), the dice."""
        out: cython.float[::1] = self._out
        count: cython.int[::1] = self._count
        fields: tuple[Any, ...] = cython.cast(tuple, dice)
        i: cython.Py_ssize_t
        for i in range(self._here_at, self._size):
            out[i] = 0.0
        for i in range(8):
            count[i] = 0
        focus: tuple[Any, ...] = fields[FOCUS]
        rolled: cython.bint = True
        face: cython.Py_ssize_t
        dies: cython.Py_ssize_t = len(focus)
        at: cython.Py_ssize_t = self._faces_at
        for i in range(dies):
            face = focus[i]
            if i < self._most_dice:
                out[at + i] = face / 6
            if face == 0:
                rolled = False
            elif 1 <= face <= 6:
                count[face] += 1
        at += self._most_dice
        for i in range(6):
            face = count[i + 1]
            out[at + i] = min(face, COUNT_TOP) / COUNT_TOP
        out[at + 6] = dies / self._most_dice
        for face in fields[ASIDE]:
            out[self._aside_at + face] = 1.0
        action: tuple[Any, ...] = fields[ACTION]
        used: tuple[Any, ...] = fields[USED]
        at = self._action_at
        for i in range(min(len(action), len(used), ACTION_DICE)):
            if action[i]:
                face = self._layout.action[action[i]]
                out[at + face] = 1.0
            out[at + 4] = 1.0 if used[i] else 0.0
            at += 5
        # The combinations, and which the dice form.
        if encounter < 0:
            return
        pair: cython.Py_ssize_t = encounter * (self._scenarios + 1) + scenario + 1
        formed: cython.Py_ssize_t = self._formed(pair, count, 0) if rolled else 0
        row: cython.Py_ssize_t = pair * self._most_combos
        at = self._here_at
        for i in range(self._combos[pair]):
            out[at + self._kind[row + i]] = 1.0
            out[at + 4] = self._minimum[row + i] / 6
            out[at + 5] = self._dice_in[row + i] / 6
            out[at + 6] = 1.0 if i >= self._own[pair] else 0.0
            out[at + 7] = 1.0 if formed >> i & 1 else 0.0
            at += 8

    @cython.cfunc
    @cython.exceptval(check=False)
    def _formed(
        self, pair: cython.Py_ssize_t, count: cython.int[::1], at: cython.Py_ssize_t
    ) -> cython.Py_ssize_t:
        """Which combinations of ``pair`` (an encounter under a scenario) the dice form, as
        bits (as ``dice.meets``: every printed value is a minimum); ``count[at + face]`` is
        how many dice show ``face``."""
        row: cython.Py_ssize_t = pair * self._most_combos
        formed: cython.Py_ssize_t = 0
        i: cython.Py_ssize_t
        face: cython.Py_ssize_t
        start: cython.Py_ssize_t
        kind: cython.int
        least: cython.int
        size: cython.int
        for i in range(self._combos[pair]):
            kind, least, size = self._kind[row + i], self._minimum[row + i], self._dice_in[row + i]
            if kind == HIGH:
                for face in range(least, 7):
                    if count[at + face] > 0:
                        formed |= 1 << i
                        break
            elif kind == STRAIGHT:
                for start in range(least, 8 - size):
                    for face in range(start, start + size):
                        if count[at + face] == 0:
                            break
                    else:
                        formed |= 1 << i
                        break
            else:
                for face in range(least, 7):
                    if count[at + face] >= size:
                        formed |= 1 << i
                        break
        return formed

    @cython.cfunc
    @cython.exceptval(check=False)
    def _odds_of(self, pair: cython.Py_ssize_t) -> cython.double:
        """The chance one roll of the five Focus dice forms one of ``pair``'s combinations
        (as ``odds.reroll_odds`` counts it), worked out once per process."""
        odds: cython.double = self._odds[pair]
        if odds >= 0:
            return odds
        faces: cython.int[::1] = FACES
        ways: cython.int[::1] = WAYS
        hits: cython.Py_ssize_t = 0
        k: cython.Py_ssize_t
        for k in range(len(WAYS)):
            if self._formed(pair, faces, 8 * k):
                hits += ways[k]
        odds = hits / ROLLS
        self._odds[pair] = odds
        return odds
