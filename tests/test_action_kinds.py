"""The keys of the actions (core.keys) are stable per kind of action: over seeded random games
of every game and deck, a key letter always means one kind and a kind always has one letter,
an action's verb always has one kind, the keys of a state are distinct, and an action that
names its own number (a seat, a slot, a colour) has the same key at every state."""

from __future__ import annotations

import io
import re
import string
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from gamehall.core.chance import make_rng, sample
from gamehall.core.game import CHANCE, Game
from gamehall.core.keys import (
    RESERVED,
    WITH_ITEMS_ONLY,
    ActionKind,
    action_keys,
    keys,
    kind_function,
    verb,
)
from gamehall.core.registry import create
from gamehall.games.boss_quest.actions import Ask
from tests.random_steps import random_steps

TABLES = [
    ("boss-quest", 2, {}),
    ("boss-quest", 5, {}),
    ("ancient-terrible-things", 1, {}),
    ("ancient-terrible-things", 4, {}),
    ("20-strong", 1, {"deck": "too-many-bones"}),
    ("20-strong", 1, {"deck": "too-many-bones", "rank": 3}),
    ("20-strong", 1, {"deck": "victorum"}),
    ("20-strong", 1, {"deck": "victorum", "rank": 3}),
]
SEEDS = range(12)


class Seen:
    """What the keys of a game's states were: each letter's kinds, each kind's letters, each
    verb's kinds, each own-numbered action's keys in each game (a seat, a slot, a place on
    that game's board), and the keys that were one letter or two."""

    def __init__(self) -> None:
        self.kinds: dict[str, set[str]] = defaultdict(set)
        self.letters: dict[str, set[str]] = defaultdict(set)
        self.verbs: dict[str, set[str]] = defaultdict(set)
        self.numbered: dict[tuple[int, str], set[str]] = defaultdict(set)
        self.lengths: dict[str, set[int]] = defaultdict(set)

    def add(self, seed: int, action: object, kind: ActionKind, key: str) -> None:
        """Note one action's kind and key, in the game of ``seed``."""
        self.kinds[kind.key].add(kind.name)
        self.letters[kind.name].add(kind.key)
        self.verbs[verb(action)].add(kind.name)
        self.lengths[kind.key].add(len(key))
        if isinstance(kind.item, int):
            self.numbered[seed, str(action)].add(key)


def seen_in_games(name: str, players: int, options: dict[str, Any]) -> Seen:
    """The keys of every decision of seeded random games, each state's checked on the way."""
    game: Game[Any] = create(name, players, options)
    seen = Seen()
    for seed in SEEDS:
        for state, _, _ in random_steps(game, seed):
            mover = game.to_move(state)
            if mover == CHANCE:
                continue
            view = game.view(state, mover)
            legal = list(game.legal_actions(state))
            found = action_keys(game, view, legal)
            pairs = {(key, str(a)) for a, key in zip(legal, found, strict=True) if key}
            assert len(dict(pairs)) == len(pairs), f"two actions share a key: {sorted(pairs)}"
            for action, key in zip(legal, found, strict=True):
                seen.add(seed, action, game.action_kind(view, action), key)
    return seen


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_every_key_means_one_kind_at_every_state(
    name: str, players: int, options: dict[str, Any]
) -> None:
    seen = seen_in_games(name, players, options)
    assert "" not in seen.kinds, f"actions without a kind's key: {seen.kinds.get('')}"
    for letter, kinds in seen.kinds.items():
        assert len(kinds) == 1, f"the key {letter!r} means several kinds: {kinds}"
        assert len(letter) == 1 and letter in string.ascii_lowercase, letter
        assert letter not in RESERVED, f"{letter!r} is undo's or hint's"
        assert len(seen.lengths[letter] - {0}) == 1, (
            f"the kind of {letter!r} has a digit at some states and none at others"
        )
        if letter in WITH_ITEMS_ONLY:
            assert seen.lengths[letter] - {0} == {2}, f"{letter!r} alone quits the terminal"
    for kind, letters in seen.letters.items():
        assert len(letters) == 1, f"the kind {kind!r} has several keys: {letters}"
    for word, kinds in seen.verbs.items():
        assert len(kinds) == 1, f"the actions {word!r} are of several kinds: {kinds}"
    for action, found in seen.numbered.items():
        assert len(found) == 1, f"{action!r} has several keys: {found}"


@pytest.mark.parametrize(("name", "players", "options"), TABLES)
def test_every_decision_the_notation_can_write_has_a_kind_with_a_key(
    name: str, players: int, options: dict[str, Any]
) -> None:
    """Even those the random games never offered; and no two kinds of a game share a letter."""
    game: Game[Any] = create(name, players, options)
    letters: dict[str, set[str]] = defaultdict(set)
    for form in game.action_forms().decisions:
        for notation in form.notations():
            kind = game.action_kind({}, game.parse_action(notation))
            assert kind.key, f"{notation!r} has no key"
            letters[kind.key].add(kind.name)
    assert all(len(kinds) == 1 for kinds in letters.values()), letters


def test_the_stop_key_of_boss_quest_never_asks_for_a_weapon() -> None:
    """The complaint of the issue: "1" asked for a weapon where the player meant to stop.
    Now a digit alone is no key, and asking is ``a`` then the count at every turn."""
    game: Game[Any] = create("boss-quest", 3, {})
    for state, _, _ in random_steps(game, 7):
        mover = game.to_move(state)
        if mover == CHANCE:
            continue
        legal = game.legal_actions(state)
        found = action_keys(game, game.view(state, mover), legal)
        for action, key in zip(legal, found, strict=True):
            assert not key[:1].isdigit()
            assert key.startswith("a") == str(action).startswith("ask "), (key, str(action))


def test_identities_are_numbered_in_their_order_and_numbers_are_kept() -> None:
    kinds = [
        ActionKind("give", "g", "R5"),
        ActionKind("give", "g", "B7"),
        ActionKind("give", "g", "R5"),
        ActionKind("ask", "a", 4),
        ActionKind("move", "m", 10),
        ActionKind("move", "m", 11),
        ActionKind("rest", "r"),
        ActionKind("other"),
    ]
    assert keys(kinds) == ["g1", "g2", "g1", "a4", "m0", "", "r", ""]


def test_victorum_dealt_cards_are_numbered_as_their_buttons_are_shown() -> None:
    """The first hero offered is q1, the next q2 ..., whatever the cards' codes."""
    game = create("20-strong", 1, {"deck": "victorum"})
    state = game.initial_state()
    rng = make_rng(3, "keys")
    while game.to_move(state) == CHANCE:
        state = game.apply(state, sample(game.chance_weights(state), rng))
    legal = game.legal_actions(state)
    codes = [action.code for action in legal]  # type: ignore[attr-defined]
    assert codes != sorted(codes)  # dealt out of code order: the old numbering differed
    found = action_keys(game, game.view(state, 0), legal)
    assert found == [f"q{n}" for n in range(1, len(legal) + 1)]


def test_a_game_that_names_no_kinds_has_its_verbs_and_no_keys() -> None:
    from tests.test_companion import HiddenDeal

    game = HiddenDeal(2)
    assert game.action_kind({}, "show 3") == ActionKind("show")
    assert action_keys(game, {}, ["deal 1", "show 3"]) == ["", ""]


def test_a_game_names_its_kinds_through_its_plug_in() -> None:
    """The kinds come from the ``action_kind`` facet each game's plug-in names, not from a
    module found by its place in the package."""
    from gamehall.core.plugin import BUILT_IN
    from gamehall.games.boss_quest import keys as boss_quest_keys

    assert kind_function("boss-quest") is boss_quest_keys.action_kind
    assert all(kind_function(name) for name in BUILT_IN)
    assert kind_function("no-such-game") is None


def test_the_terminal_lists_the_keys_and_takes_them(tmp_path: Path) -> None:
    """Typed with Enter, a key plays its action there too (numbers still do)."""
    from gamehall.bots import make_bot
    from gamehall.cli.terminal import Quit, TerminalSession
    from gamehall.core.i18n import catalog
    from gamehall.core.match import Match

    game: Game[Any] = create("boss-quest", 2, {})
    match = Match(game, 3, [None, make_bot("random", "boss-quest")])
    answers = iter(["A2", "quit"])
    console = Console(width=120, record=True, file=io.StringIO())
    session = TerminalSession(
        match, console, catalog("en"), lambda prompt: next(answers), tmp_path / "game.json"
    )
    with pytest.raises(Quit):
        session.run()
    assert (0, Ask(2)) in zip(match.movers, match.actions, strict=True)  # typed "A2"
    listed = console.export_text()
    assert re.search(r"\ba2\b.*Ask the armorer for 2 weapons", listed), listed
