"""Forced situations for Ancient Terrible Things scenario tests: chance outcomes are chosen.

The game is a pure function of actions, so a situation is built by applying chance outcomes
(``character CODE``, ``encounter CODE``, ``roll f1 4`` ...) and decisions in notation. The
helpers here deal a table (:func:`deal`), reveal chosen encounters (:func:`reveal`), play a
list of actions (:func:`play`), give the faces of the dice being rolled (:func:`roll`) and
read the result (:func:`legal`, :func:`tokens`, :func:`rejects`).

:func:`adjust` and :func:`adjust_player` change a state directly (states are values: the
copy is changed, never the original). Tests that use them say so in their docstring.

Seats are 0-based in the helpers' arguments and results; the notation numbers seats, dice and
combinations from 1 (``first 1`` is seat 0, ``defeat 1`` the first combination).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from gamehall.core.errors import IllegalActionError
from gamehall.core.game import CHANCE
from gamehall.core.state import replace_at
from gamehall.games.ancient_terrible_things.rules import AncientTerribleThings
from gamehall.games.ancient_terrible_things.state import AttState, Player

CHARACTERS = ("chr-prospector", "chr-journalist", "chr-heiress", "chr-captain")
"""Starting tokens (Focus, Mystery, Treasure, Feat): prospector 1,1,2,1; journalist 1,2,1,1;
heiress 2,1,1,1; captain 1,1,1,2."""
LOCATIONS = (
    "loc-trading-post",
    "loc-archive",
    "loc-shrine",
    "loc-chasm",
    "loc-ruins",
    "loc-landing",
)
ACCOMPLISHMENTS = ("acc-seasoned-explorer", "acc-scholar-of-horrors", "acc-bane-of-villains")
"""Three Accomplishments no short test meets by accident (6 defeats, 3 of one resource)."""
SCENARIO = "scn-stars-are-right"
"""Four of a kind, any value: tests avoid four equal dice unless they mean it."""
EXPLOITS = (
    ("exp-second-wind", "exp-steady-hands"),
    ("exp-whispered-name", "exp-eldritch-insight"),
    ("exp-midnight-study", "exp-field-notes"),
    ("exp-hired-porters", "exp-spare-parts"),
)
EASY = (
    "enc-rotten-rope-bridge",  # focus, 1 Secret: pair >= 3
    "enc-crooked-guide",  # feat, 2 Secrets: high >= 6
    "enc-whispering-idol",  # treasure, 1 Secret: pair >= 3, straight >= 4
    "enc-marsh-lights",  # mystery, 1 Secret: straight >= 2, high >= 6
    "enc-jade-scarab",  # treasure, 1 Secret: high >= 6, pair >= 5
    "enc-hooded-acolyte",  # feat, 1 Secret: straight >= 1, pair >= 5
)
"""Tier-1 encounters, one for each location slot, in reveal order."""


def new_game(players: int = 2, **options: Any) -> AncientTerribleThings:
    """A game for ``players`` with the house cards and ``options``. Two-player scenarios are
    laid out on 4 locations (the default is 5, ATT-R2) unless ``locations`` is given."""
    if players == 2:
        options.setdefault("locations", 4)
    return AncientTerribleThings(players, options)


def play(game: AncientTerribleThings, state: AttState, text: str) -> AttState:
    """Apply the actions written in ``text``, separated by ``;`` (chance outcomes included)."""
    for part in text.split(";"):
        if part.strip():
            state = game.apply(state, game.parse_action(part.strip()))
    return state


def deal(
    game: AncientTerribleThings,
    characters: Sequence[str] | None = None,
    scenario: str = SCENARIO,
    locations: Sequence[str] | None = None,
    accomplishments: Sequence[str] = ACCOMPLISHMENTS,
    exploits: Sequence[Sequence[str]] | None = None,
    first: int = 0,
) -> AttState:
    """The state after setup: characters by seat, the scenario, locations by slot, three
    Accomplishments, two Exploits per seat (``exploits[seat]``, dealt round-robin from seat
    0) and the first player (0-based). The next step is the first reveal."""
    n = game.players
    characters = list(characters or CHARACTERS[:n])
    locations = list(locations or LOCATIONS[: game.setup.locations])
    hands = [list(hand) for hand in (exploits or EXPLOITS[:n])]
    state = game.initial_state()
    actions = [f"character {code}" for code in characters]
    actions.append(f"scenario {scenario}")
    actions += [f"location {code}" for code in locations]
    actions += [f"accomplishment {code}" for code in accomplishments]
    for round_ in range(2):
        actions += [f"exploit {hands[seat][round_]}" for seat in range(n)]
    actions.append(f"first {first + 1}")
    return play(game, state, ";".join(actions))


def reveal(game: AncientTerribleThings, state: AttState, codes: Sequence[str]) -> AttState:
    """Reveal ``codes``, one per location slot in slot order."""
    return play(game, state, ";".join(f"encounter {code}" for code in codes))


def start(
    game: AncientTerribleThings, encounters: Sequence[str] | None = None, **setup: Any
) -> AttState:
    """:func:`deal` then :func:`reveal` (the tier-1 :data:`EASY` cards by default): the
    first player's explore step."""
    state = deal(game, **setup)
    return reveal(game, state, list(encounters or EASY)[: len(state.board)])


def roll(
    game: AncientTerribleThings,
    state: AttState,
    focus: Sequence[int] = (),
    action: Sequence[str] | None = None,
) -> AttState:
    """Give the faces of the dice due a roll, in the order the engine rolls them: each Focus
    die takes the next of ``focus``, each Action die the next of ``action`` (blank if
    ``action`` is not given). Every face given must be used."""
    faces, symbols = list(focus), list(action or ())
    while game.to_move(state) == CHANCE and state.rolls:
        die = state.rolls[0]
        if die.startswith("f"):
            face = str(faces.pop(0))
        else:
            face = symbols.pop(0) if action is not None else "blank"
        state = play(game, state, f"roll {die} {face}")
    assert not faces and not symbols, f"faces left over: {faces} {symbols}"
    return state


def explore(
    game: AncientTerribleThings,
    state: AttState,
    location: str,
    bonus: str = "skip",
    everyone: Sequence[str] | None = None,
) -> AttState:
    """The active player goes to ``location``, takes or skips its bonus, and each player
    (clockwise from the active one) uses or declines the all-players bonus (all decline by
    default). The next step is the shop."""
    state = play(game, state, f"go {location}; {bonus}")
    answers = list(everyone or ["decline"] * game.players)
    for answer in answers:
        state = settle_draws(game, state)
        state = play(game, state, answer)
    return settle_draws(game, state)


def settle_draws(game: AncientTerribleThings, state: AttState) -> AttState:
    """Give the Exploit draws due now the first card of the deck (in code order)."""
    while game.to_move(state) == CHANCE and state.draws:
        state = game.apply(state, game.chance_weights(state).actions[0])
    return state


def encounter(
    game: AncientTerribleThings,
    state: AttState,
    location: str,
    focus: Sequence[int],
    action: Sequence[str] = ("blank", "blank"),
) -> AttState:
    """Go to ``location``, skip and decline every bonus, buy nothing and roll the dice
    (``focus``: five faces, ``action``: two symbols): the encounter's first decision."""
    state = explore(game, state, location)
    state = play(game, state, "leave")
    return roll(game, state, focus, action)


# -- reading ----------------------------------------------------------------------------


def legal(game: AncientTerribleThings, state: AttState) -> list[str]:
    """The mover's legal actions, in notation."""
    return [str(a) for a in game.legal_actions(state)]


def chances(game: AncientTerribleThings, state: AttState) -> list[str]:
    """The chance outcomes due now, in notation."""
    return [str(a) for a in game.chance_weights(state).actions]


def tokens(state: AttState, seat: int) -> dict[str, int]:
    """Seat ``seat``'s tokens by resource."""
    return dict(
        zip(("focus", "mystery", "treasure", "feat"), state.players[seat].tokens, strict=True)
    )


def code_of(game: AncientTerribleThings, section: str, indexes: Sequence[int]) -> list[str]:
    """The codes of cards by index in ``section`` (encounter, loot, exploit, location)."""
    return [game.code_of[section][i] for i in indexes]


def rejects(game: AncientTerribleThings, state: AttState, text: str, reason: str) -> str:
    """Assert ``text`` is illegal now with a message containing ``reason``; the message."""
    snapshot = state.fields()
    with pytest.raises(IllegalActionError) as error:
        game.apply(state, game.parse_action(text))
    assert reason in str(error.value), str(error.value)
    assert state.fields() == snapshot
    return str(error.value)


# -- direct edits -------------------------------------------------------------------------


def adjust(state: AttState, **fields: Any) -> AttState:
    """A copy of ``state`` with ``fields`` replaced (a direct edit: say so in the test)."""
    copy = state.evolve()
    for name, value in fields.items():
        setattr(copy, name, value)
    return copy


def adjust_player(state: AttState, seat: int, **fields: Any) -> AttState:
    """A copy of ``state`` with seat ``seat``'s ``fields`` replaced (``tokens`` may be given as
    a dict of resources to set). A direct edit: say so in the test."""
    player: Player = state.players[seat]
    if isinstance(fields.get("tokens"), dict):
        order = ("focus", "mystery", "treasure", "feat")
        given = fields["tokens"]
        fields["tokens"] = tuple(given.get(r, player.tokens[i]) for i, r in enumerate(order))
    return adjust(state, players=replace_at(state.players, seat, player._replace(**fields)))


def give_loot(
    game: AncientTerribleThings, state: AttState, seat: int, *codes: str, exhausted: bool = False
) -> AttState:
    """A copy of ``state`` where seat ``seat`` owns the Loot ``codes`` (sold, ready unless
    ``exhausted``). A direct edit: say so in the test."""
    index = [game.index_of["loot"][code] for code in codes]
    player = state.players[seat]
    state = adjust(state, sold=(*state.sold, *index))
    changes: dict[str, Any] = {"loot": tuple(sorted((*player.loot, *index)))}
    if exhausted:
        changes["exhausted"] = tuple(sorted((*player.exhausted, *index)))
    return adjust_player(state, seat, **changes)


def place(game: AncientTerribleThings, state: AttState, slot: int, code: str) -> AttState:
    """A copy of ``state`` with the encounter ``code`` beside location ``slot`` (any tier; the
    tokens on the location are left alone). A direct edit: say so in the test."""
    return adjust(state, board=replace_at(state.board, slot, game.index_of["encounter"][code]))


def resolve(game: AncientTerribleThings, state: AttState) -> AttState:
    """Resolve the encounter: the first combination the dice form, else fail."""
    options = legal(game, state)
    defeat = [a for a in options if a.startswith("defeat")]
    return play(game, state, defeat[0] if defeat else "fail")


def autoplay_turn(
    game: AncientTerribleThings, state: AttState, focus: Sequence[int] = (1, 2, 3, 5, 6)
) -> AttState:
    """One whole turn with plain choices: reveal the first cards of the deck if due (in code
    order), go to the first location with an encounter, skip and decline the bonuses, buy
    nothing, roll ``focus`` and blanks, and resolve with :func:`resolve`."""
    while game.to_move(state) == CHANCE:
        state = game.apply(state, game.chance_weights(state).actions[0])
    if game.to_move(state) is None:
        return state
    location = legal(game, state)[0].split()[1]
    state = encounter(game, state, location, focus)
    return resolve(game, state)


MISS_GUIDE = (1, 2, 3, 4, 5)
"""No 6: the Crooked Guide (one die >= 6) is not beaten."""
MISS_BRIDGE = (1, 2, 4, 5, 6)
"""No pair: the Rotten Rope Bridge (pair >= 3) is not beaten."""
