"""Tests of the felt package on the test game HighCard (a library built
with -tags felttest; go test ./env/capi builds one and runs these)."""

import json
import random
import os
import unittest

import felt
from felt import _lib

G = "highcard"


def rollout(v, steps, seed):
    """Steps v with random legal actions from its own rng; returns a record."""
    rec = []
    v.reset(seed)
    import random
    rng = random.Random(seed)
    A = v.spec.actions
    for _ in range(steps):
        acts = []
        for i in range(v.num_envs):
            m = list(v.mask[i])
            legal = [a for a in range(A) if m[a]]
            acts.append(rng.choice(legal))
        obs, mask, rew, to_act, done = v.step(acts)
        rec.append((acts, [list(map(float, obs[i])) for i in range(v.num_envs)],
                    [list(map(float, rew[i])) for i in range(v.num_envs)], list(map(int, to_act)), list(map(int, done))))
    return rec


class TestLibrary(unittest.TestCase):
    def test_numpy_switch(self):
        if os.environ.get("FELT_NO_NUMPY"):
            self.assertFalse(felt.HAVE_NUMPY)
        print("\n(felt tests with NumPy: %s)" % felt.HAVE_NUMPY, end=" ")

    def test_games(self):
        names = {g["name"]: g["env"] for g in felt.games()}
        self.assertTrue(names.get(G))
        self.assertIn("gin", names)
        self.assertIn("shengji", names)

    def test_unknown_game_and_bad_options(self):
        with self.assertRaises(felt.FeltError) as c:
            felt.VectorEnv("nosuchgame")
        self.assertIn("unknown game", str(c.exception))
        with self.assertRaises(felt.FeltError):
            felt.VectorEnv(G, options={"cards": 99})
        with self.assertRaises(felt.FeltError):
            felt.VectorEnv(G, num_envs=0)


class TestVectorEnv(unittest.TestCase):
    def test_shapes(self):
        v = felt.VectorEnv(G, num_envs=4, options={"cards": 5}, seed=3)
        s = v.spec
        self.assertEqual((s.seats, s.obs, s.actions, s.action_features), (2, 8, 5, 0))
        self.assertEqual(len(v.obs), 4)
        self.assertEqual(len(v.obs[0]), 8)
        self.assertEqual(len(v.mask[3]), 5)
        self.assertEqual(len(v.rewards[0]), 2)
        self.assertEqual(len(v.to_act), 4)
        if felt.HAVE_NUMPY:
            import numpy as np
            self.assertEqual(v.obs.shape, (4, 8))
            self.assertEqual(v.mask.dtype, np.uint8)
        else:
            self.assertIsInstance(v.obs, felt.Rows)
        v.close()
        v.close()

    def test_random_actions_uniform_over_legal(self):
        # Each row's draws are its legal actions only, each about as often
        # as the others. 6 envs of 5 actions are a small batch, which takes
        # the path without NumPy even when NumPy is installed.
        v = felt.VectorEnv(G, num_envs=6, seed=5)
        for _ in range(3):
            v.step(v.random_actions())
        draws = 4000
        counts = [[0] * v.spec.actions for _ in range(6)]
        for _ in range(draws):
            acts = v.random_actions()
            for i in range(6):
                counts[i][int(acts[i])] += 1
        for i in range(6):
            legal = [j for j in range(v.spec.actions) if v.mask[i][j]]
            self.assertTrue(legal)
            for j in range(v.spec.actions):
                if j not in legal:
                    self.assertEqual(counts[i][j], 0, "env %d drew illegal action %d" % (i, j))
                else:
                    # 4000 draws: a share off by 0.05 is over 6 sigma.
                    self.assertAlmostEqual(counts[i][j] / draws, 1 / len(legal), delta=0.05)
        v.close()

    def test_random_rollouts_autoreset(self):
        v = felt.VectorEnv(G, num_envs=8, seed=1)
        ends = 0
        for _ in range(300):
            acts = v.random_actions()
            for i in range(8):
                self.assertEqual(v.mask[i][int(acts[i])], 1)
            obs, mask, rew, to_act, done = v.step(acts)
            for i in range(8):
                r = list(rew[i])
                if done[i]:
                    ends += 1
                    self.assertEqual(r[0], -r[1])
                    self.assertNotEqual(r[0], 0)
                    self.assertEqual(v.episode_rewards(i, finished=True), r)
                    self.assertIn(int(to_act[i]), (0, 1))
                    self.assertEqual(sum(mask[i]), 3)  # a fresh episode: every card legal
                else:
                    self.assertEqual(r, [0.0, 0.0])
                self.assertIn(int(to_act[i]), (0, 1))
        self.assertEqual(ends, 300 * 8 // 6)

    def test_same_seed_same_trajectories(self):
        a = rollout(felt.VectorEnv(G, num_envs=3), 50, 11)
        b = rollout(felt.VectorEnv(G, num_envs=3), 50, 11)
        c = rollout(felt.VectorEnv(G, num_envs=3), 50, 12)
        self.assertEqual(a, b)
        self.assertNotEqual(a, c)

    def test_illegal_action_steps_nothing(self):
        v = felt.VectorEnv(G, num_envs=2, seed=5)
        before = v.full_state(0)
        with self.assertRaises(felt.IllegalActionError) as c:
            v.step([7, 0])
        self.assertIn("environment 0", str(c.exception))
        with self.assertRaises(felt.IllegalActionError):
            v.step([-1, 0])
        self.assertEqual(v.full_state(0), before)
        with self.assertRaises(ValueError):
            v.step([0])

    def test_hidden_information(self):
        v = felt.VectorEnv(G, num_envs=1, seed=9)
        st = v.full_state(0)
        seat = int(v.to_act[0])
        own = [round(x * 13) for x in list(v.obs[0])[:3]]
        self.assertEqual(own, st["hands"][seat])
        obs, mask = v.observe(0, 1 - seat)
        self.assertEqual([round(x * 13) for x in list(obs)[:3]], st["hands"][1 - seat])
        self.assertEqual(list(mask), [0, 0, 0])
        self.assertTrue(v.action_string(0, 0).startswith("play "))

    def test_log(self):
        v = felt.VectorEnv(G, num_envs=1, seed=2)
        with self.assertRaises(felt.FeltError):
            v.log(0, finished=True)
        seed = v.seed_of(0)
        while True:
            v.step(v.random_actions())
            if v.done[0]:
                break
        log = v.log(0, finished=True)
        lines = [json.loads(l) for l in log.splitlines()]
        self.assertEqual(lines[0]["type"], "header")
        self.assertEqual(lines[0]["game"], G)
        self.assertEqual(lines[0]["seed"], seed)
        self.assertEqual(v.seed_of(0, finished=True), seed)
        self.assertEqual(len(lines), 1 + 6)

    def test_features_empty(self):
        v = felt.VectorEnv(G, num_envs=2)
        self.assertEqual(len(v.features()), 2)

    def test_shengji_features_describe_the_legal_actions(self):
        # Shengji describes each legal action (docs/env-shengji.md): a
        # row is set exactly when its action is legal, in one buffer
        # reused from call to call.
        v = felt.VectorEnv("shengji", num_envs=3, seed=5)
        A, F = v.spec.actions, v.spec.action_features
        self.assertEqual(F, 32)
        rng = random.Random(5)
        first = v.features()
        described = 0
        for _ in range(200):
            f = v.features()
            self.assertIs(f, first)
            for i in range(3):
                m, fi = v.mask[i], f[i]
                for a in range(A):
                    if felt.HAVE_NUMPY:
                        set_ = bool(fi[a].any())
                    else:
                        set_ = any(x != 0 for x in fi[a * F:(a + 1) * F])
                    self.assertEqual(set_, bool(m[a]), "action %d" % a)
                    described += bool(m[a])
            v.step([rng.choice([a for a in range(A) if v.mask[i][a]]) for i in range(3)])
        self.assertGreater(described, 500)


class TestAEC(unittest.TestCase):
    def test_shengji_action_features(self):
        # The acting seat's observation holds its legal actions' features;
        # another seat's holds none.
        e = felt.env("shengji")
        e.reset(seed=11)
        A, F = e.spec.actions, e.spec.action_features
        self.assertIn("action_features", e.observation_space("player_0").spaces)
        rng = random.Random(11)
        steps = 0
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
                continue
            f, m = obs["action_features"], obs["action_mask"]
            if felt.HAVE_NUMPY:
                described = [bool(f[a].any()) for a in range(A)]
            else:
                described = [any(x != 0 for x in f[a * F:(a + 1) * F]) for a in range(A)]
            self.assertEqual(described, [bool(x) for x in m])
            other = e.possible_agents[(e.possible_agents.index(agent) + 1) % len(e.possible_agents)]
            of = e.observe(other)["action_features"]
            self.assertFalse(of.any() if felt.HAVE_NUMPY else any(x != 0 for x in of))
            e.step(rng.choice([a for a in range(A) if m[a]]))
            steps += 1
        self.assertGreater(steps, 100)

    def play(self, seed, cards=3):
        e = felt.env(G, options={"cards": cards})
        e.reset(seed=seed)
        seen, final = [], {}
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            self.assertEqual(len(obs["observation"]), cards + 3)
            if term or trunc:
                final[agent] = reward
                e.step(None)
                continue
            a = e.action_space(agent).sample(obs["action_mask"])
            seen.append((agent, a))
            e.step(a)
        return e, seen, final

    def test_episode(self):
        e, seen, final = self.play(4)
        self.assertEqual(len(seen), 6)
        self.assertEqual(sorted(final), ["player_0", "player_1"])
        self.assertEqual(final["player_0"], -final["player_1"])
        self.assertEqual(e.agents, [])
        self.assertEqual(len(e.log().splitlines()), 7)
        self.assertIn("hands", e.full_state())
        self.assertEqual(e.possible_agents, ["player_0", "player_1"])
        self.assertEqual(e.action_space("player_0").n, 3)
        self.assertEqual(e.observation_space("player_0")["observation"].shape, (6,))

    def test_reset_seed_repeats(self):
        # Actions from spaces seeded alike repeat; the deal repeats regardless.
        e1 = felt.env(G)
        e2 = felt.env(G)
        e1.reset(seed=8)
        e2.reset(seed=8)
        self.assertEqual(e1.full_state(), e2.full_state())
        self.assertEqual(e1.agent_selection, e2.agent_selection)
        e1.reset(seed=9)
        self.assertNotEqual(e1.full_state()["hands"], e2.full_state()["hands"])

    def test_observe_other_agent(self):
        e = felt.env(G)
        e.reset(seed=1)
        other = [a for a in e.agents if a != e.agent_selection][0]
        self.assertEqual(list(e.observe(other)["action_mask"]), [0, 0, 0])
        self.assertEqual(sum(e.last()[0]["action_mask"]), 3)
        with self.assertRaises(felt.IllegalActionError):
            e.step(5)

    def test_next_episode_without_seed(self):
        e, _, _ = self.play(3)
        e.reset()
        self.assertEqual(len(e.agents), 2)
        self.assertNotEqual(e.seed_of_episode(), 3)


class TestWilson(unittest.TestCase):
    def test_interval(self):
        lo, hi = felt.wilson(60, 100)
        self.assertLess(lo, 0.6)
        self.assertGreater(hi, 0.6)
        self.assertAlmostEqual(lo, 0.502, places=2)


if __name__ == "__main__":
    unittest.main()
