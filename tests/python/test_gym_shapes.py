"""GymEnv and AECEnv against Gymnasium's and PettingZoo's documented interfaces, without either
library (they cannot be installed here) and with stand-ins of them, to check that the classes
subclass theirs and register when they are there."""

import importlib
import sys
import types

import numpy as np
import pytest

import mancala
from mancala import spaces

GAMES = [entry.name for entry in mancala.games()]  # every game of the catalogue


def test_the_spaces_have_gymnasiums_attributes():
    box = spaces.Box(0, 48, shape=(14,), dtype=np.float32, seed=1)
    assert box.shape == (14,) and box.dtype == np.float32 and box.low.min() == 0 and box.high.max() == 48
    x = box.sample()
    assert x in box and box.contains(x) and not box.contains(np.full(14, 49, np.float32))
    assert not box.contains(np.zeros(13, np.float32))
    d = spaces.Discrete(6, seed=2)
    assert d.n == 6 and d.start == 0 and d.shape == () and d.dtype == np.int64
    assert all(d.contains(d.sample()) for _ in range(20))
    mask = np.array([0, 0, 1, 0, 1, 0], dtype=np.int8)
    assert {int(d.sample(mask=mask)) for _ in range(50)} == {2, 4}
    assert not d.contains(6) and not d.contains(2.0) and not d.contains(True)
    with pytest.raises(ValueError):
        d.sample(mask=np.ones(6, dtype=bool))  # Gymnasium asks for int8
    both = spaces.Dict({"observation": box, "action_mask": spaces.Box(0, 1, shape=(6,), dtype=np.int8)}, seed=3)
    assert both.contains(both.sample()) and both["observation"] is box


def check_env(env, seed):
    """The checks of gymnasium.utils.env_checker that apply here, written out."""
    obs, info = env.reset(seed=seed)
    assert isinstance(info, dict) and obs in env.observation_space
    again, _ = env.reset(seed=seed)
    assert np.array_equal(obs, again)  # a seed replays the episode
    episodes, steps = 0, 0
    while episodes < 3:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask.astype(bool), env.action_masks())
        action = env.action_space.sample(mask=mask)
        obs, reward, terminated, truncated, info = env.step(action)
        assert obs in env.observation_space and isinstance(reward, float)
        assert isinstance(terminated, bool) and isinstance(truncated, bool)
        steps += 1
        if terminated or truncated:
            episodes += 1
            obs, info = env.reset()
    assert isinstance(env.render(), str) and "learner" in env.render()
    env.close()
    return steps


@pytest.mark.parametrize("rules", GAMES)
def test_gym_env_follows_gymnasiums_interface(rules):
    env = mancala.GymEnv(rules, render_mode="ansi", max_plies=500)
    assert env.metadata["render_modes"] == ["ansi", "human"]
    assert isinstance(env.observation_space, spaces.Box) and isinstance(env.action_space, spaces.Discrete)
    assert check_env(env, seed=4) > 3
    with pytest.raises(ValueError):
        mancala.GymEnv(rules, render_mode="rgb_array")


@pytest.mark.parametrize("rules", GAMES)
def test_aec_env_plays_a_whole_self_play_game_as_pettingzoo_loops_do(rules):
    env = mancala.AECEnv(rules, max_plies=500)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1"] and env.agent_selection == "player_0"
    moves, finished = 0, []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert observation in env.observation_space(agent)
        if termination or truncation:
            finished.append((agent, reward))
            action = None
        else:
            mask = observation["action_mask"]
            assert mask.any()
            other = [a for a in env.agents if a != agent][0]
            assert not env.observe(other)["action_mask"].any()  # only the mover has moves
            action = env.action_space(agent).sample(mask=mask)
            moves += 1
        env.step(action)
    assert env.agents == [] and sorted(a for a, _ in finished) == ["player_0", "player_1"]
    rewards = dict(finished)
    assert rewards["player_0"] == -rewards["player_1"]  # a draw is 0 for both
    assert moves > 5
    assert isinstance(env.render(), str)


def test_aec_env_views_the_board_from_each_side():
    env = mancala.AECEnv(mancala.Rules("kalah", pits=3, seeds=2))
    env.reset()
    env.step(0)  # South sows its first pit's 2 stones into its other two; North is to move
    assert env.agent_selection == "player_1"
    assert env.observe("player_0")["observation"].tolist() == [0, 3, 3, 0, 2, 2, 2, 0]
    assert env.observe("player_1")["observation"].tolist() == [2, 2, 2, 0, 0, 3, 3, 0]
    assert env.observe("player_1")["action_mask"].tolist() == [1, 1, 1]
    assert env.observe("player_0")["action_mask"].tolist() == [0, 0, 0]
    with pytest.raises(TypeError):
        env.step(1.0)


def fake_library(monkeypatch, name, **attributes):
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)
    return module


def test_with_gymnasium_and_pettingzoo_the_classes_are_theirs_and_registered(monkeypatch):
    class Env:  # gymnasium.Env, as far as GymEnv uses it
        metadata = {}
        render_mode = None
        spec = None

        def reset(self, *, seed=None, options=None):
            self.seeded = seed

    registered = {}
    gym = fake_library(monkeypatch, "gymnasium", Env=Env, registry=registered,
                       register=lambda id, entry_point, kwargs: registered.setdefault(id, (entry_point, kwargs)))
    gym_spaces = fake_library(monkeypatch, "gymnasium.spaces", Box=spaces.Box, Discrete=spaces.Discrete,
                              Dict=spaces.Dict, Space=spaces.Space)
    gym.spaces = gym_spaces

    class AECBase:
        pass

    fake_library(monkeypatch, "pettingzoo", AECEnv=AECBase)
    try:
        gym_module = importlib.reload(importlib.import_module("mancala.gymnasium_env"))
        aec_module = importlib.reload(importlib.import_module("mancala.pettingzoo_env"))
        assert issubclass(gym_module.GymEnv, Env) and issubclass(aec_module.AECEnv, AECBase)
        assert registered["mancala/oware-v0"] == ("mancala.gymnasium_env:GymEnv", {"rules": "oware"})
        assert len(registered) == len(mancala.games())
        env = gym_module.GymEnv("kalah")
        env.reset(seed=3)
        assert env.seeded == 3  # the base's reset was called with the seed
    finally:
        monkeypatch.undo()
        importlib.reload(importlib.import_module("mancala.gymnasium_env"))
        importlib.reload(importlib.import_module("mancala.pettingzoo_env"))
