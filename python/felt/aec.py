"""AECEnv: one game in PettingZoo's agent-environment-cycle style."""

import os

from .spaces import Box, Dict, Discrete
from .vector import VectorEnv
from ._lib import np


class AECEnv:
    """One environment of game, played seat by seat as PettingZoo's AEC
    API: reset(seed), agent_iter(), last(), step(action), agents,
    possible_agents, action_space(agent), observation_space(agent),
    rewards, terminations, truncations, infos.

    An observation is a dict {"observation": the acting seat's view,
    "action_mask": 1 for each legal action, and for a game that describes
    its actions (spec.action_features > 0, Shengji) "action_features":
    actions x action_features values, zero but for the legal actions of
    the seat to act}; never another seat's hidden
    cards (full_state() is the whole state, for debugging). Rewards come
    at an episode's end: each seat's result. After the end every agent
    is selected once more with termination True and steps None, as in
    PettingZoo; log() is then the episode's table log.
    """

    metadata = {"render_modes": [], "is_parallelizable": False}

    def __init__(self, game, options=None, render_mode=None):
        self.render_mode = render_mode
        self._v = VectorEnv(game, 1, options=options, seed=0)
        self.spec = s = self._v.spec
        self.metadata = dict(self.metadata, name="felt_" + game)
        self.possible_agents = ["player_%d" % i for i in range(s.seats)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._action_space = Discrete(s.actions)
        spaces = {
            "observation": Box(float("-inf"), float("inf"), (s.obs,), "float32"),
            "action_mask": Box(0, 1, (s.actions,), "uint8"),
        }
        if s.action_features:
            spaces["action_features"] = Box(0, 1, (s.actions, s.action_features), "float32")
        self._obs_space = Dict(spaces)
        self._started = False
        self._over = False
        self.agents = []

    def action_space(self, agent):
        """Discrete(actions): an agent's actions are ids 0 .. actions-1."""
        return self._action_space

    def observation_space(self, agent):
        """Dict of "observation" (obs floats), "action_mask" (actions bytes)
        and, for a game that describes its actions, "action_features"."""
        return self._obs_space

    @property
    def num_agents(self):
        return len(self.agents)

    @property
    def max_num_agents(self):
        return len(self.possible_agents)

    def reset(self, seed=None, options=None):
        """Starts an episode: from seed when given; otherwise the next
        episode of the seed given last (the first reset without one draws
        a random seed)."""
        if seed is not None:
            self._v.reset(seed)
        elif not self._started or not self._over:
            self._v.reset(int.from_bytes(os.urandom(8), "little"))
        # Otherwise the environment was reset when its episode ended.
        self._started = True
        self._over = False
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self._v.to_act[0])]

    def _row(self):
        v = self._v
        if np is not None:
            return v.obs[0].copy(), v.mask[0].copy()
        return v.obs[0], v.mask[0]

    def observe(self, agent):
        """agent's observation dict: its view only."""
        seat = self._index[agent]
        acting = not self._over and seat == int(self._v.to_act[0])
        if acting:
            obs, mask = self._row()
        else:
            obs, mask = self._v.observe(0, seat, finished=self._over)
        out = {"observation": obs, "action_mask": mask}
        s = self.spec
        if s.action_features:
            if acting:
                f = self._v.features()[0]
                out["action_features"] = f.copy() if np is not None else list(f)
            elif np is not None:
                out["action_features"] = np.zeros((s.actions, s.action_features), dtype=np.float32)
            else:
                out["action_features"] = [0.0] * (s.actions * s.action_features)
        return out

    def last(self, observe=True):
        """(observation, reward, termination, truncation, info) of the
        agent selected."""
        a = self.agent_selection
        obs = self.observe(a) if observe else None
        return obs, self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]

    def agent_iter(self, max_iter=2 ** 63):
        """Yields the agent to act until every agent is done."""
        i = 0
        while self.agents and i < max_iter:
            yield self.agent_selection
            i += 1

    def step(self, action):
        """Makes the selected agent's action (None once it is terminated)."""
        a = self.agent_selection
        if self.terminations.get(a) or self.truncations.get(a):
            if action is not None:
                raise ValueError("agent %s is done: step(None)" % a)
            self.agents.remove(a)
            del self.rewards[a], self._cumulative_rewards[a], self.terminations[a], self.truncations[a], self.infos[a]
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError("agent %s is to act: step(None)" % a)
        self._cumulative_rewards[a] = 0.0
        v = self._v
        v.step([int(action)])
        r = v.rewards[0]
        for i, ag in enumerate(self.possible_agents):
            self.rewards[ag] = float(r[i])
            self._cumulative_rewards[ag] += float(r[i])
        if v.done[0]:
            self._over = True
            for ag in self.agents:
                self.terminations[ag] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[int(v.to_act[0])]

    def action_string(self, action):
        """The selected agent's action in words."""
        return self._v.action_string(0, action)

    def full_state(self):
        """The FULL state, every seat's hidden cards included (a dict): for
        debugging and perfect-information baselines, never an observation."""
        return self._v.full_state(0, finished=self._over)

    def state(self):
        """PettingZoo's global state: the full state (full_state())."""
        return self.full_state()

    def log(self):
        """The episode (so far, or the one just ended) as a table log that
        `felt replay verify` and `felt replay view` accept."""
        return self._v.log(0, finished=self._over)

    def seed_of_episode(self):
        """The seed the episode was dealt from."""
        return self._v.seed_of(0, finished=self._over)

    def render(self):
        return None

    def close(self):
        self._v.close()


def env(game, options=None, render_mode=None):
    """An AECEnv of game ("gin", "shengji") with options (a dict of the
    game's rules, None for the defaults)."""
    return AECEnv(game, options=options, render_mode=render_mode)
