"""What the hall's search threads share with its event loop (``gamehall.web.thinking``): the
rules object, whose caches are safe under threads, but never the exact odds, whose memos are
filled in place and are only safe on one thread."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gamehall.bots import make_bot
from gamehall.bots.registry import search_bot
from gamehall.core.game import CHANCE, Game
from gamehall.core.match import Match, Sampler
from gamehall.core.registry import create
from gamehall.search.advisor import advise
from gamehall.search.mcts import Budget

GAMES = [("boss-quest", 3), ("20-strong", 1), ("ancient-terrible-things", 2)]


def refused(*_args: Any) -> Any:
    raise AssertionError("a search asked for a person's table (its exact odds)")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_search_never_computes_the_exact_odds(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hint and a search bot's decision, at a few decisions of a seeded game, read views
    only: ``Game.odds`` (``table_view``) runs on the event loop alone."""
    game: Game[Any] = create(name, players, {})
    match = Match(game, "threads", [make_bot("heuristic", name) for _ in range(players)])
    rules = type(game)
    monkeypatch.setattr(rules, "odds", refused)
    monkeypatch.setattr(rules, "table_view", refused)
    with pytest.raises(AssertionError):
        match.table_view(0)  # the page's view is refused from here on
    searched = 0
    while searched < 3 and not match.is_over():
        seat = match.to_move()
        if seat == CHANCE or seat is None:
            match.step_chance()
            continue
        legal = game.legal_actions(match.state)
        if len(legal) > 1:
            view, sampler = game.view(match.state, seat), Sampler(game, match.state, seat)
            advise(game, sampler, view, legal, random.Random(searched), Budget(2 * len(legal)))
            search = search_bot(name, iterations=4)
            search.choose_by_search(game, view, legal, random.Random(searched), sampler)
            searched += 1
        match.step_bot()
    assert searched == 3
