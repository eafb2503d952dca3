"""The action catalogue of every game: built from the notation, and it writes every action
that random and heuristic games reach (decisions and chance outcomes)."""

from __future__ import annotations

import pytest

from gamehall.core.catalogue import CatalogueError, Form, catalogue
from gamehall.core.game import CHANCE
from gamehall.core.registry import create
from tests.rl.configs import CONFIGS, IDS, configured, played


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_the_catalogue_writes_every_action_played(index: int) -> None:
    game = configured(index)
    book = catalogue(game)
    seen = 0
    for bots in ("random", "heuristic"):
        for match in played(game, range(4), bots):
            for state in match.states:
                turn = game.to_move(state)
                if turn is None:
                    continue
                if turn == CHANCE:
                    outcomes = game.chance_weights(state).actions
                    assert len(book.chance.indices(outcomes)) == len(outcomes)
                else:
                    legal = game.legal_actions(state)
                    numbers = book.decisions.indices(legal)
                    assert [book.decisions.action(n) for n in numbers] == list(legal)
                    seen += len(legal)
    assert seen > 0


@pytest.mark.parametrize("index", range(len(CONFIGS)), ids=IDS)
def test_every_entry_parses_and_reads_back(index: int) -> None:
    game = configured(index)
    book = catalogue(game)
    for index_ in (book.decisions, book.chance):
        assert len(set(index_.notations)) == len(index_)
        for number, text in enumerate(index_.notations):
            action = game.parse_action(text)
            assert str(action) == text
            assert index_.index(action) == number


def test_the_catalogue_is_stable_for_a_configuration() -> None:
    first = catalogue(create("boss-quest", 4)).decisions.notations
    again = catalogue(create("boss-quest", 4)).decisions.notations
    assert first == again
    assert first[:5] == ("ask 1", "ask 2", "ask 3", "ask 4", "rest")


def test_an_action_outside_the_catalogue_is_named() -> None:
    game = create("boss-quest", 2)
    book = catalogue(game)
    with pytest.raises(CatalogueError, match=r"'target 3' is not in the action catalogue"):
        book.decisions.index(game.parse_action("target 3"))
    with pytest.raises(CatalogueError, match="out of range"):
        book.decisions.action(len(book.decisions))


def test_a_grammar_that_does_not_read_back_is_refused() -> None:
    from gamehall.core.catalogue import Index

    game = create("boss-quest", 2)
    with pytest.raises(CatalogueError, match=r"'ask  2' reads back as 'ask 2'"):
        Index(game, [Form("ask ", (("2",),))])
    with pytest.raises(CatalogueError, match="twice"):
        Index(game, [Form("rest"), Form("rest")])


def test_the_identity_memo_keeps_objects_met_again_and_drops_the_rest() -> None:
    """Numbers are found by identity for objects the rules hand out again; objects made once
    leave with their generation, so the memo never holds more than two generations."""
    from gamehall.core import catalogue as catalogue_module
    from gamehall.games.boss_quest import actions as act

    game = create("boss-quest", 3, {})
    index = catalogue(game).decisions
    index.known.clear()
    kept = act.Target(1)
    number = index.index(kept)
    for round_ in range(3 * catalogue_module.GENERATION):
        fresh = act.Target(round_ % 3)  # equal to catalogue entries, a new object each time
        assert index.indices([kept, fresh]) == [number, index.index(fresh)]
        assert len(index.known) <= catalogue_module.GENERATION
    assert index.known[id(kept)][0] is kept  # met at every call: never dropped


def test_rules_hand_out_the_same_action_objects() -> None:
    """Rules intern the actions they build from changing parts (core.interned), so a learning
    loop finds nearly every legal action in the identity memo."""
    for name, players, options in (
        ("boss-quest", 3, {}),
        ("ancient-terrible-things", 2, {}),
        ("20-strong", 1, {"deck": "too-many-bones"}),
        ("20-strong", 1, {"deck": "victorum"}),
    ):
        game = create(name, players, options)
        first: dict[object, object] = {}  # each action value's first object, kept alive
        same = met = 0
        for match in played(game, range(6), "random"):
            for state in match.states:
                turn = game.to_move(state)
                if turn is None or turn == CHANCE:
                    continue
                for action in game.legal_actions(state):
                    met += 1
                    same += first.setdefault(action, action) is action
        assert met > 100, name
        assert same / met > 0.99, name
