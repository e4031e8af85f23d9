"""Env: whole episodes against agents with legal actions only, masks, rewards, seeds."""

import numpy as np
import pytest

import mancala
from mancala import Env, Rules


def play_episode(env, rng, seed=None):
    obs, info = env.reset(seed=seed)
    steps, total = 0, 0.0
    terminated = info["position"].is_over()
    while not terminated:
        mask = info["action_mask"]
        assert mask.dtype == np.bool_ and mask.shape == (env.num_actions,) and mask.any()
        assert np.flatnonzero(mask).tolist() == env.legal_actions() == info["position"].legal_moves()
        assert info["position"].to_move == env.learner
        assert np.array_equal(obs, info["position"].observation())  # the learner's view
        action = int(rng.choice(np.flatnonzero(mask)))
        obs, reward, terminated, truncated, info = env.step(action)
        assert obs.dtype == np.float32 and obs.shape == env.observation_shape and not truncated
        total += reward
        steps += 1
        assert steps < 500
    return total, info


@pytest.mark.parametrize("opponent", ["random", "greedy", "alphabeta:depth=2", "mcts:iterations=50"])
@pytest.mark.parametrize("learner", ["south", "north"])
def test_episodes_reach_the_end_with_legal_actions_only(opponent, learner):
    env = Env(Rules("kalah", pits=4, seeds=3), opponent=opponent, learner=learner, seed=1)
    rng = np.random.default_rng(0)
    for _ in range(5):
        total, info = play_episode(env, rng)
        p = info["position"]
        assert p.is_over() and sum(p.score()) == 24 and env.learner == learner
        margin = p.margin(learner)
        assert total == (1 if margin > 0 else -1 if margin < 0 else 0) and info["margin"] == margin
        with pytest.raises(ValueError, match="the game is over: call reset"):
            env.step(0)


def test_margin_reward_and_random_sides():
    env = Env(Rules("homework", pits=5, seeds=2), opponent="random", learner="random", reward="margin", seed=3)
    rng = np.random.default_rng(1)
    sides = set()
    for _ in range(20):
        total, info = play_episode(env, rng)
        sides.add(env.learner)
        assert total == info["position"].margin(env.learner)
    assert sides == {"south", "north"}


def test_north_learner_sees_the_opponents_first_moves():
    env = Env(opponent="greedy", learner="north")
    obs, info = env.reset()
    assert info["opponent_moves"] and info["position"].to_move == "north"
    assert obs.tolist() == info["position"].observation().tolist()
    assert repr(env).startswith("mancala.Env(rules=Rules('kalah', pits=6, seeds=4)")


def test_an_extra_turn_returns_to_the_learner():
    env = Env(opponent="random", seed=0)
    env.reset()
    obs, reward, terminated, _, info = env.step(2)  # B4: the last stone in the store
    assert info["extra_turn"] and info["opponent_moves"] == [] and env.position.to_move == "south"
    assert reward == 0 and not terminated


def test_seeds_replay_episodes():
    def episode(seed):
        env = Env(Rules("kalah", pits=4, seeds=3), opponent="mcts:iterations=30", learner="random")
        obs, info = env.reset(seed=seed)
        moves = [info["position"].notation()]
        while not info["position"].is_over():
            obs, reward, done, _, info = env.step(env.legal_actions()[0])
            moves.append(info["position"].notation())
        return moves

    assert episode(11) == episode(11)


def test_bad_actions_and_settings():
    env = Env(Rules("kalah", pits=4, seeds=3), seed=2)
    env.reset()
    while env.action_mask().all():  # play until one of the learner's pits is empty
        env.step(env.legal_actions()[0])
    empty = int(np.flatnonzero(~env.action_mask())[0])
    with pytest.raises(ValueError, match=f"{env.position.pit_name(empty)} is empty"):
        env.step(empty)
    for bad in [4, -1, 10**25]:
        with pytest.raises(ValueError, match="action must be a whole number from 0 to 3"):
            env.step(bad)
    with pytest.raises(TypeError):
        env.step("B3")
    with pytest.raises(ValueError, match="learner must be south, north or random"):
        Env(learner="east")
    with pytest.raises(ValueError, match="reward must be win or margin"):
        Env(reward="points")
    with pytest.raises(ValueError, match="unknown agent"):
        Env(opponent="nobody")
    with pytest.raises(ValueError, match="the game is over: call reset"):
        Env().step(0)  # no reset yet


def test_a_start_that_is_already_over():
    env = Env(Rules("kalah", pits=3, seeds=0))
    obs, info = env.reset()
    assert info["position"].is_over() and not info["action_mask"].any()
