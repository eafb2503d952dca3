"""The PettingZoo AEC environments pass PettingZoo's API and seed tests; every agent sees only
its own seat."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from gamehall.core.errors import IllegalActionError
from gamehall.rl.aec_env import GamehallAEC, att_env, boss_quest_env

CONFIGS = [("boss-quest", 2), ("boss-quest", 3), ("boss-quest", 5)]
CONFIGS += [("ancient-terrible-things", p) for p in (1, 2, 4)]


# A dict of observation and action mask is PettingZoo's own convention for board and card
# games (its classic environments), which its api_test still warns about.
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_pettingzoos_api_test_passes(game: str, players: int) -> None:
    api_test(GamehallAEC(game, players), num_cycles=300)


@pytest.mark.parametrize(("make", "players"), [(boss_quest_env, 3), (att_env, 2)])
def test_pettingzoos_seed_test_passes(make, players: int) -> None:
    seed_test(lambda: make(players), num_cycles=200)


def play_masked(env: GamehallAEC, seed: int) -> dict[str, float]:
    """Play an episode uniformly among masked actions; each agent's total reward."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        table = env.table
        assert table.to_move == seat
        features = table.features.encode(table.state, seat)
        assert observation["observation"].tolist() == pytest.approx(features)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


@pytest.mark.parametrize(("game", "players"), [("boss-quest", 4), ("ancient-terrible-things", 3)])
def test_each_agent_sees_its_own_seat_and_the_winners_get_plus_one(game: str, players: int) -> None:
    env = GamehallAEC(game, players)
    for seed in range(3):
        totals = play_masked(env, seed)
        outcome = env.table.game.outcome(env.table.state)
        assert outcome is not None
        winners = {f"player_{seat}" for seat in outcome.winners}
        assert totals == {a: 1.0 if a in winners else -1.0 for a in env.possible_agents}


def test_an_illegal_action_ends_the_game_against_its_author() -> None:
    env = boss_quest_env(2)
    env.reset(seed=2)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0
    assert env.infos[agent]["illegal"]
    strict = boss_quest_env(2, illegal="raise")
    strict.reset(seed=2)
    with pytest.raises(IllegalActionError):
        strict.step(
            int(np.flatnonzero(strict.observe(strict.agent_selection)["action_mask"] == 0)[0])
        )
