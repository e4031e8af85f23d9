"""GymEnv: mancala.Env in Gymnasium's shape, with its spaces, render and close.

When gymnasium can be imported, GymEnv subclasses gymnasium.Env and every game of the
catalogue is registered as "mancala/NAME-v0" (gymnasium.make("mancala/oware-v0")) once this
module is imported; otherwise it stands alone with the same interface.
"""

import numpy as np

from . import _mancala
from ._rendering import RENDER_MODES, checked_render_mode, rendered
from .spaces import Box, Discrete

try:
    import gymnasium
except ImportError:
    gymnasium = None


class _StandInEnv:
    """What GymEnv takes from gymnasium.Env when gymnasium is not there."""

    metadata = {"render_modes": []}
    render_mode = None
    spec = None

    @property
    def unwrapped(self):
        return self

    @property
    def np_random(self):
        if getattr(self, "_np_random", None) is None:
            self._np_random = np.random.default_rng()
        return self._np_random

    def reset(self, *, seed=None, options=None):
        if seed is not None:
            self._np_random = np.random.default_rng(seed)

    def close(self):
        pass


def observation_high(rules):
    """The largest value in an observation: every stone in one cell, or a tuzdyk's 1 + pit index."""
    start = _mancala.Position.start(rules)
    return float(max(sum(start.cells()), start.pits + 1))


class GymEnv(gymnasium.Env if gymnasium else _StandInEnv):
    """A game against an agent (mancala.Env) as a Gymnasium environment.

    observation_space: Box(0, stones, (2N+2,), float32), the learner's view; action_space:
    Discrete(N), pit indices in the learner's sowing order; info["action_mask"] is int8, as
    Discrete.sample(mask=...) takes it, and action_masks() gives it as booleans. render() draws
    the board as text (render_mode "ansi" returns it, "human" prints it)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}

    def __init__(self, rules="kalah", opponent="random", learner="south", reward="win", max_plies=None, db=None,
                 render_mode=None):
        self.render_mode = checked_render_mode(render_mode)
        self._env = _mancala.Env(rules, opponent=opponent, learner=learner, reward=reward, db=db,
                                 max_plies=max_plies)
        self.observation_space = Box(0, observation_high(self._env.rules), shape=self._env.observation_shape,
                                     dtype=np.float32)
        self.action_space = Discrete(self._env.num_actions)
        self._info = None

    def _with_int8_mask(self, info):
        self._info = info
        info = dict(info)
        info["action_mask"] = info["action_mask"].astype(np.int8)
        return info

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        observation, info = self._env.reset(seed=seed)
        if self.render_mode == "human":
            self.render()
        return observation, self._with_int8_mask(info)

    def step(self, action):
        observation, reward, terminated, truncated, info = self._env.step(action)
        if self.render_mode == "human":
            self.render()
        return observation, float(reward), terminated, truncated, self._with_int8_mask(info)

    def action_masks(self):
        """The learner's legal actions now, as booleans (sb3-contrib's MaskablePPO asks for this)."""
        return self._env.action_mask()

    def render(self):
        if self._info is None:
            raise RuntimeError("call reset() before render()")
        text = f"{self._info['position'].board()}\nthe learner is {self._env.learner}\n"
        return rendered(text, self.render_mode)

    def close(self):
        pass


def register_games():
    """Registers "mancala/NAME-v0" for every game of the catalogue with gymnasium (when it is there)."""
    if gymnasium is None:
        return []
    ids = []
    for entry in _mancala.games():
        env_id = f"mancala/{entry.name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="mancala.gymnasium_env:GymEnv", kwargs={"rules": entry.name})
        ids.append(env_id)
    return ids


REGISTERED = register_games()
