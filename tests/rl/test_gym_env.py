"""The Gymnasium environment: the checker passes, masks are the legal actions, the reward is
the outcome, illegal actions are refused saying why, seeds replay."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import gamehall.rl
from gamehall.core.catalogue import CatalogueError
from gamehall.core.errors import IllegalActionError
from gamehall.rl.gym_env import GamehallEnv

ENVS = list(gamehall.rl.ENV_IDS)


@pytest.mark.parametrize("env_id", ENVS)
def test_gymnasiums_environment_checker_passes(env_id: str) -> None:
    env = gymnasium.make(env_id)
    check_env(env.unwrapped, skip_render_check=False)


def random_episode(env: GamehallEnv, seed: int) -> tuple[list[int], list[float], float]:
    """Play uniformly among the masked actions; the actions, observation sums and return."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    actions, sums, total = [], [float(observation.sum())], 0.0
    while True:
        mask = info["action_mask"]
        table = env.table
        legal = table.game.legal_actions(table.state)
        assert [table.catalogue.decisions.actions[n] for n in np.flatnonzero(mask)] == sorted(
            legal, key=table.catalogue.decisions.index
        )
        action = int(rng.choice(np.flatnonzero(mask)))
        observation, reward, terminated, truncated, info = env.step(action)
        actions.append(action)
        sums.append(float(observation.sum()))
        total += float(reward)
        if terminated or truncated:
            return actions, sums, total


@pytest.mark.parametrize("env_id", ENVS)
def test_the_mask_is_the_legal_actions_and_the_reward_the_outcome(env_id: str) -> None:
    env = gymnasium.make(env_id).unwrapped
    assert isinstance(env, GamehallEnv)
    seen = set()
    for seed in range(6):
        _, _, total = random_episode(env, seed)
        outcome = env.table.game.outcome(env.table.state)
        assert outcome is not None
        assert total == (1.0 if env.seat in outcome.winners else -1.0)
        seen.add(total)
    assert seen <= {1.0, -1.0}


def test_the_same_seed_plays_the_same_episode() -> None:
    env = GamehallEnv("20-strong", deck="victorum")
    assert random_episode(env, 11) == random_episode(env, 11)
    assert random_episode(env, 11) != random_episode(env, 12)


def test_an_episode_deals_the_game_its_seed_deals() -> None:
    """reset(seed=S) deals what a gamehall match seeded S deals."""
    from gamehall.core.chance import make_rng, sample
    from gamehall.core.game import CHANCE

    env = GamehallEnv("20-strong", deck="too-many-bones")
    env.reset(seed=5)
    game = env.table.game
    state, rng = game.initial_state(), make_rng(5, "chance")
    while game.to_move(state) == CHANCE:
        state = game.apply(state, sample(game.chance_weights(state), rng))
    assert game.view(state, 0) == env.view()


def test_an_illegal_action_loses_or_raises_saying_why() -> None:
    env = GamehallEnv("boss-quest", 2)
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    notation = env.table.catalogue.decisions.notations[illegal]
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal"].startswith(f"{notation}: ")
    strict = GamehallEnv("boss-quest", 2, illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalActionError, match=f"^{notation}: .+"):
        strict.step(illegal)
    with pytest.raises(CatalogueError, match="out of range"):
        strict.step(10_000)


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ValueError, match="illegal='skip': choose one of lose, raise"):
        GamehallEnv("boss-quest", 2, illegal="skip")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat=4"):
        GamehallEnv("boss-quest", 2, seat=4)
    with pytest.raises(ValueError, match="rank"):
        gymnasium.make("gamehall/TwentyStrong-TooManyBones-v0", rank=9)


def test_options_reach_the_game_and_the_view_is_offered() -> None:
    env = gymnasium.make("gamehall/TwentyStrong-TooManyBones-v0", rank=3, info_view=True)
    _, info = env.reset(seed=1)
    inner = env.unwrapped
    assert isinstance(inner, GamehallEnv)
    assert inner.table.game.options["rank"] == 3
    assert info["view"] == inner.view()
    assert inner.action_masks().dtype == bool
    assert inner.action_masks().tolist() == info["action_mask"].astype(bool).tolist()
