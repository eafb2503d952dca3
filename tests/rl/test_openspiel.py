"""The OpenSpiel adapter: OpenSpiel's own MCTS and IS-MCTS bots play gamehall games."""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts
from open_spiel.python.bots import uniform_random

from gamehall.core.catalogue import catalogue
from gamehall.rl import openspiel


def test_is_mcts_plays_boss_quest_to_the_end() -> None:
    """OpenSpiel's IS-MCTS (which samples worlds with the game's resample) plays a knight;
    its ISMCTSBot has no restart_at, so the game is driven here, not by evaluate_bots."""
    game = openspiel.load("boss-quest", players=2)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=rng)
    state, decisions = game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert decisions > 0
    assert state.returns()[0] in (-1.0, 1.0)


def test_evaluate_bots_runs_mcts_against_random() -> None:
    game = openspiel.load("boss-quest", players=3)
    rng = np.random.RandomState(2)
    bot = mcts.MCTSBot(game, 2.0, 10, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    others = [uniform_random.UniformRandomBot(seat, rng) for seat in (1, 2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot, *others], rng)
    assert len(returns) == 3 and set(returns) <= {-1.0, 1.0}


def test_mcts_plays_a_20_strong_deck_to_the_end() -> None:
    game = openspiel.load("20-strong", deck="too-many-bones", rank=1)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    (result,) = evaluate_bots.evaluate_bots(game.new_initial_state(), [bot], rng)
    assert result in (-1.0, 1.0)


def test_actions_are_the_catalogue_and_chance_is_exact() -> None:
    game = pyspiel.load_game("python_gamehall_ancient_terrible_things", {"players": 2})
    assert game.num_distinct_actions() == len(catalogue(game.rules).decisions)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal() and state.move_number() < 400:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            actions, probs = zip(*outcomes, strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            legal = state.legal_actions()
            assert legal == sorted(legal)
            text = state.action_to_string(state.current_player(), legal[0])
            assert text == catalogue(game.rules).decisions.notations[legal[0]]
            state.apply_action(int(rng.choice(legal)))


def test_the_information_state_is_the_seats_view() -> None:
    game = openspiel.load("boss-quest", players=3)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sample = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sample.information_state_string(seat) == state.information_state_string(seat)
    assert state.observation_tensor(seat) == sample.observation_tensor(seat)


def test_a_clone_shares_the_rules_and_goes_its_own_way() -> None:
    """OpenSpiel clones states by deep copy: the clone shares the (unchanging) rules and
    gamehall state, and an action on the clone leaves the original where it was."""
    game = openspiel.load("boss-quest", players=2)
    state = game.new_initial_state()
    clone = state.clone()
    assert clone.rules is state.rules and clone.inner is state.inner
    clone.apply_action(clone.chance_outcomes()[0][0])
    assert clone.move_number() == 1 and state.move_number() == 0
    assert clone.inner is not state.inner
    assert state.history() == [] and len(clone.history()) == 1
