"""AECEnv: a game between two learners in PettingZoo's AEC shape, for self-play.

When pettingzoo can be imported, AECEnv subclasses pettingzoo.AECEnv; otherwise it stands
alone with the same interface (possible_agents, agents, agent_selection, observe, last, step,
reset, agent_iter, rewards, terminations, truncations, infos, render, close). The game is a
mancala.GameSession, so a repeated position ends it under rules that say so (Oware).
"""

import numpy as np

from . import _mancala
from ._rendering import RENDER_MODES, checked_render_mode, rendered
from .gymnasium_env import observation_high
from .spaces import Box, Dict, Discrete

try:
    from pettingzoo import AECEnv as _Base
except ImportError:
    _Base = object

SIDES = {"player_0": "south", "player_1": "north"}


class AECEnv(_Base):
    """player_0 is South (first to move), player_1 North. observe(agent) is a dict: "observation",
    the board from that agent's side (float32, 2N+2 as Position.observation()), and
    "action_mask" (int8, N), its legal moves when it is to move, else zeros. An extra turn keeps
    agent_selection on the same agent. reward "win": +1 / -1 / 0 at the end; "margin": the final
    margin. A game that reaches max_plies is truncated."""

    metadata = {"render_modes": RENDER_MODES, "name": "mancala_v0", "is_parallelizable": False}

    def __init__(self, rules="kalah", reward="win", max_plies=None, render_mode=None):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, "
                             f"got {render_mode!r}")
        if reward not in ("win", "margin"):
            raise ValueError(f"reward must be win or margin, got {reward!r}")
        self.render_mode = render_mode
        self._rules = rules if isinstance(rules, _mancala.Rules) else _mancala.Rules(rules)
        self._reward = reward
        self._max_plies = max_plies
        self.possible_agents = list(SIDES)
        pits = self._rules.start().pits
        size = len(self._rules.start().observation())
        high = observation_high(self._rules)
        self._observation_spaces = {
            agent: Dict({"observation": Box(0, high, shape=(size,), dtype=np.float32),
                         "action_mask": Box(0, 1, shape=(pits,), dtype=np.int8)})
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: Discrete(pits) for agent in self.possible_agents}
        self._session = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        if seed is not None:
            for agent in self.possible_agents:
                self._action_spaces[agent].seed(seed + self.possible_agents.index(agent))
        self._session = _mancala.GameSession(self._rules)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self):
        return "player_0" if self._session.to_move == "south" else "player_1"

    def observe(self, agent):
        position = self._session.position
        south_view = position.observation("south")
        pits = position.pits
        if SIDES[agent] == "south":
            view = south_view
        else:  # north's pits and store first, then south's; tuzdyks swapped likewise
            cells = 2 * pits + 2
            view = np.concatenate([south_view[pits + 1:cells], south_view[:pits + 1], south_view[cells:][::-1]])
        mask = np.zeros(pits, dtype=np.int8)
        if agent == self.agent_selection and not self._session.is_over():
            mask[self._session.legal_moves()] = 1
        return {"observation": view.astype(np.float32), "action_mask": mask}

    def last(self, observe=True):
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def agent_iter(self, max_iter=2**63):
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise TypeError(f"action must be a pit index (an int), not {type(action).__name__}")
        self._cumulative_rewards[agent] = 0.0
        self._session.play(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self._session.is_over():
            south, north = self._session.score()
            margin = {"player_0": south - north, "player_1": north - south}
            for a in self.agents:
                self.rewards[a] = float(margin[a] if self._reward == "margin" else np.sign(margin[a]))
                self.terminations[a] = True
        elif self._max_plies is not None and self._session.plies >= self._max_plies:
            for a in self.agents:
                self.truncations[a] = True
        else:
            self.agent_selection = self._agent_to_move()
        for a, r in self.rewards.items():
            self._cumulative_rewards[a] += r
        if self.render_mode == "human":
            self.render()

    def _was_dead_step(self, action):
        """A step of an agent whose game is over: it must be None, and the agent leaves."""
        if action is not None:
            raise ValueError("the game is over for this agent: step(None)")
        agent = self.agent_selection
        for table in (self.terminations, self.truncations, self.rewards, self._cumulative_rewards, self.infos):
            del table[agent]
        self.agents.remove(agent)
        if self.agents:
            self.agent_selection = self.agents[0]

    def render(self):
        if self._session is None:
            raise RuntimeError("call reset() before render()")
        text = f"{self._session.position.board()}\n{self.agent_selection} to move\n"
        return rendered(text, self.render_mode)

    def close(self):
        pass
