"""Search horizons (:mod:`gamehall.search.horizon`, :mod:`gamehall.bots.horizons`).

A playout with a horizon stops at the first checkpoint and scores the position by the
estimate; the estimates are shares of the win that rise with what the fit says matters (keys,
Secrets late in the game, health); every table the games offer has its weights; and the fit
(``bench/fit_horizon.py``) recovers known weights from data drawn by them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from bench.fit_horizon import fit
from gamehall.bots import make_bot
from gamehall.bots.horizons import HORIZONS
from gamehall.core.game import CHANCE, Action, Game
from gamehall.core.match import Match
from gamehall.core.registry import create
from gamehall.games.ancient_terrible_things.horizon import HORIZON as ANCIENT_TERRIBLE_THINGS
from gamehall.games.boss_quest.horizon import HORIZON as BOSS_QUEST
from gamehall.games.twenty_strong.horizon import HORIZON as TWENTY_STRONG
from gamehall.games.twenty_strong.horizon import ROUNDS as TS_ROUNDS
from gamehall.search.horizon import LogitHorizon
from gamehall.search.rollout import play_out


def position(name: str, players: int, options: dict[str, str], seat_moves: int) -> Any:
    """The state after ``seat_moves`` decisions of heuristic bots from seed 7."""
    game = create(name, players, options)
    match = Match(game, 7, [make_bot("heuristic", name) for _ in range(players)])
    decisions = 0
    while decisions < seat_moves:
        if match.to_move() == CHANCE:
            match.step_chance()
        else:
            match.step_bot()
            decisions += 1
    return game, match.state


class Recorder:
    """The horizon under test, noting where a playout asked for its estimate."""

    def __init__(self, inner: LogitHorizon) -> None:
        self.inner = inner
        self.stops: list[Any] = []

    def reached(self, game: Game[Any], start: Any, state: Any) -> bool:
        return self.inner.reached(game, start, state)

    def estimate(self, game: Game[Any], state: Any) -> list[float]:
        self.stops.append(state)
        return self.inner.estimate(game, state)


@pytest.mark.parametrize(
    ("name", "players", "options", "horizon"),
    [
        ("boss-quest", 3, {}, BOSS_QUEST),
        ("ancient-terrible-things", 4, {}, ANCIENT_TERRIBLE_THINGS),
        ("20-strong", 1, {"deck": "victorum"}, TWENTY_STRONG),
    ],
)
def test_a_playout_stops_at_the_first_checkpoint_and_scores_by_the_estimate(
    name: str, players: int, options: dict[str, str], horizon: LogitHorizon
) -> None:
    game, start = position(name, players, options, 12)
    bot, rng = make_bot("heuristic", name), random.Random(3)

    def choose(state: Any, seat: int, legal: Sequence[Action]) -> Action:
        return bot.choose(game, game.view(state, seat), legal, rng)

    recorder = Recorder(horizon)
    rewards, steps = play_out(game, start, random.Random(3), 5_000, choose, recorder)
    (stop,) = recorder.stops
    assert horizon.reached(game, start, stop) and not game.is_over(stop)
    assert rewards == horizon.estimate(game, stop)
    assert sum(rewards) == pytest.approx(1.0) if players > 1 else 0 < rewards[0] < 1
    # The same playout without a horizon goes on past that point.
    _, full_steps = play_out(game, start, random.Random(3), 5_000, choose)
    assert full_steps > steps


def test_boss_quest_checkpoint_is_the_next_round() -> None:
    game, start = position("boss-quest", 3, {}, 5)
    later = start.evolve()
    assert not BOSS_QUEST.reached(game, start, later)
    later.round = start.round + 1
    assert BOSS_QUEST.reached(game, start, later)


def test_boss_quest_estimate_rises_with_keys_and_a_knight_out_of_hearts_has_none() -> None:
    game, state = position("boss-quest", 3, {}, 3)
    base = state.evolve()
    base.keys, base.hearts = (1, 1, 1), (3, 3, 3)
    even = BOSS_QUEST.estimate(game, base)
    assert even == pytest.approx([1 / 3] * 3)
    ahead = base.evolve()
    ahead.keys = (3, 1, 1)
    shares = BOSS_QUEST.estimate(game, ahead)
    assert shares[0] > 0.5 > shares[1] == pytest.approx(shares[2])
    hurt = base.evolve()
    hurt.hearts = (1, 3, 3)
    assert BOSS_QUEST.estimate(game, hurt)[0] < 1 / 3
    out = base.evolve()
    out.hearts = (0, 3, 3)
    assert BOSS_QUEST.estimate(game, out) == pytest.approx([0.0, 0.5, 0.5])


def test_att_estimate_weighs_secrets_more_as_the_deck_runs_out() -> None:
    game, state = position("ancient-terrible-things", 2, {}, 4)
    ahead = state.evolve()
    loot = game.cards.loot
    rich = next(i for i, card in enumerate(loot) if card.secrets >= 2)
    twin = ahead.players[0]._replace(loot=())
    ahead.players = (twin._replace(loot=(rich,)), twin)  # alike but for a rich Loot card
    early = ahead.evolve()
    early.quota = (game.setup.per_tier,) * 3
    late = ahead.evolve()
    late.quota = (0, 0, 1)
    first, last = (ANCIENT_TERRIBLE_THINGS.estimate(game, s)[0] for s in (early, late))
    assert first < last and last > 0.6


@pytest.mark.parametrize("deck", sorted(TS_ROUNDS))
def test_twenty_strong_estimate_rises_with_health(deck: str) -> None:
    game, state = position("20-strong", 1, {"deck": deck}, 6)
    low, high = state.evolve(), state.evolve()
    low.health, high.health = 2, 9
    (p_low,), (p_high,) = TWENTY_STRONG.estimate(game, low), TWENTY_STRONG.estimate(game, high)
    assert 0 < p_low < p_high < 1


@pytest.mark.parametrize(
    ("name", "tables"),
    [
        ("boss-quest", [(n, {}) for n in range(2, 6)]),
        ("ancient-terrible-things", [(n, {}) for n in range(1, 5)]),
        ("20-strong", [(1, {"deck": "victorum"})]),
    ],
)
def test_every_table_a_game_offers_has_fitted_weights(
    name: str, tables: list[tuple[int, dict[str, str]]]
) -> None:
    horizon = HORIZONS[name]
    for players, options in tables:
        game, state = position(name, players, options, 2)
        weights = horizon.weights[horizon.table(game)]
        assert len(weights) == len(horizon.features(game, state, 0))
        shares = horizon.estimate(game, state)
        assert len(shares) == players and all(0 <= s <= 1 for s in shares)


def test_too_many_bones_playouts_have_no_horizon() -> None:
    """Too Many Bones plays every playout out: its checkpoint is never reached."""
    game, start = position("20-strong", 1, {"deck": "too-many-bones"}, 6)
    later = start.evolve()
    later.round = start.round + 50
    assert not TWENTY_STRONG.reached(game, start, later)


def test_the_fit_recovers_the_weights_that_drew_the_data() -> None:
    """Positions of 3 seats with 2 features; winners drawn from a known logit; the fit finds
    the weights again (to sampling error)."""
    rng = np.random.default_rng(5)
    truth = np.array([1.2, -0.7])
    x = rng.normal(size=(6000, 3, 2))
    logits = x @ truth
    chances = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    winners = np.array([rng.choice(3, p=p) for p in chances])
    shares = np.eye(3)[winners]
    alive = np.ones((6000, 3), dtype=bool)
    weights, gain = fit(x, alive, shares)
    assert weights == pytest.approx(truth, abs=0.1)
    assert gain > 0.1
