"""Helpers the examples share: finding the felt package, a linear softmax
policy trained by self-play (REINFORCE), and evaluation against a
uniformly random legal player with a Wilson 95% interval."""

import math
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import felt  # noqa: E402
from felt._lib import np  # noqa: E402  (None without NumPy)


class LinearPolicy:
    """A softmax over legal actions of linear scores of the observation:
    score(a) = b[a] + W[a] . obs, for games whose action ids say it all
    (Gin Rummy). Trained by REINFORCE on each seat's episode result,
    every seat playing the same policy (self-play)."""

    def __init__(self, spec, lr=0.05, seed=0):
        self.O, self.A = spec.obs, spec.actions
        self.lr = lr
        self.rng = random.Random(seed)
        if np is not None:
            self.W = np.zeros((self.A, self.O), dtype=np.float32)
            self.b = np.zeros(self.A, dtype=np.float32)
        else:
            self.W = [[0.0] * self.O for _ in range(self.A)]
            self.b = [0.0] * self.A

    def scores(self, obs):
        if np is not None:
            return self.W @ obs + self.b
        return [self.b[r] + sum(w * x for w, x in zip(self.W[r], obs) if x) for r in range(self.A)]

    def probs(self, obs, mask):
        s = self.scores(obs)
        if np is not None:
            s = np.where(mask > 0, s, -np.inf)
            s = s - s.max()
            e = np.exp(s)
            return e / e.sum()
        legal = [a for a in range(self.A) if mask[a]]
        m = max(s[a] for a in legal)
        p = [0.0] * self.A
        for a in legal:
            p[a] = math.exp(s[a] - m)
        z = sum(p)
        return [x / z for x in p]

    def act(self, obs, mask, feats=None, greedy=False):
        """An action and what update() needs of it (None when there was
        no choice)."""
        p = self.probs(obs, mask)
        if greedy:
            if np is not None:
                return int(np.argmax(p)), None
            return max(range(self.A), key=lambda a: p[a]), None
        u, c = self.rng.random(), 0.0
        a = max(a for a in range(self.A) if mask[a])
        for k in range(self.A):
            c += p[k]
            if u < c and mask[k]:
                a = k
                break
        return a, (obs, a, p)

    def update(self, steps):
        """REINFORCE over steps: (what act() returned, return)."""
        if not steps:
            return
        lr = self.lr / len(steps)
        if np is not None:
            for (obs, a, p), R in steps:
                g = -np.asarray(p, dtype=np.float32)
                g[a] += 1
                g *= R * lr
                self.W += np.outer(g, obs)
                self.b += g
            return
        for (obs, a, p), R in steps:
            g = [-x for x in p]
            g[a] += 1
            for r, gr in enumerate(g):
                if gr == 0:
                    continue
                gr *= R * lr
                self.b[r] += gr
                row = self.W[r]
                for j, x in enumerate(obs):
                    if x:
                        row[j] += gr * x


class FeaturePolicy:
    """A softmax over legal actions of a linear score of each action's
    features (spec.action_features values an action, the game's own
    description of what the action does): score(a) = w . f_a. For games
    that describe their actions (Shengji: docs/env-shengji.md lists the
    features). Trained by REINFORCE on each seat's episode result, every
    seat playing the same policy (self-play)."""

    def __init__(self, spec, lr=1.0, seed=0):
        self.A, self.F = spec.actions, spec.action_features
        self.lr = lr
        self.rng = random.Random(seed)
        self.w = np.zeros(self.F, dtype=np.float64) if np is not None else [0.0] * self.F

    def _legal(self, mask, feats):
        """The legal actions and their feature rows."""
        if np is not None:
            legal = np.flatnonzero(mask)
            return legal, feats[legal].astype(np.float64)
        F = self.F
        legal = [a for a in range(self.A) if mask[a]]
        return legal, [list(feats[a * F:(a + 1) * F]) for a in legal]

    def act(self, obs, mask, feats, greedy=False):
        """An action and what update() needs of it: f_a less the expected
        features (None when there was no choice)."""
        legal, fl = self._legal(mask, feats)
        if np is not None:
            s = fl @ self.w
            if greedy:
                return int(legal[int(np.argmax(s))]), None
            if len(legal) == 1:
                return int(legal[0]), None
            s = s - s.max()
            p = np.exp(s)
            p /= p.sum()
            k = min(np.searchsorted(np.cumsum(p), self.rng.random() * p.sum()), len(legal) - 1)
            return int(legal[k]), fl[k] - p @ fl
        s = [sum(f * w for f, w in zip(row, self.w)) for row in fl]
        if greedy:
            return legal[max(range(len(legal)), key=lambda k: s[k])], None
        if len(legal) == 1:
            return legal[0], None
        m = max(s)
        p = [math.exp(x - m) for x in s]
        z = sum(p)
        u, c, k = self.rng.random() * z, 0.0, len(legal) - 1
        for j, x in enumerate(p):
            c += x
            if u < c:
                k = j
                break
        mean = [sum(p[j] * fl[j][r] for j in range(len(fl))) / z for r in range(self.F)]
        return legal[k], [fl[k][r] - mean[r] for r in range(self.F)]

    def update(self, steps):
        """REINFORCE over steps: (what act() returned, return), the
        gradient of log p(a) being f_a less the expected features."""
        if not steps:
            return
        lr = self.lr / len(steps)
        if np is not None:
            g = np.zeros(self.F)
            for d, R in steps:
                g += d * R
            self.w += lr * g
            return
        for d, R in steps:
            for r in range(self.F):
                self.w[r] += lr * R * d[r]


def policy_for(spec, lr, seed=0):
    """The example's policy for a game: over the action features when the
    game describes its actions, else over the observation."""
    return FeaturePolicy(spec, lr, seed) if spec.action_features else LinearPolicy(spec, lr, seed)


def row(x, i):
    """Row i of a batch buffer as the policy takes it."""
    if np is not None:
        return x[i].astype(np.float32, copy=True)
    return list(x[i])


def train(game, options, seconds, num_envs=32, seed=1, lr=None, log=print):
    """Trains the game's policy (policy_for) by self-play for about
    seconds; returns it."""
    v = felt.VectorEnv(game, num_envs=num_envs, options=options, seed=seed)
    pol = policy_for(v.spec, lr if lr is not None else default_lr(v.spec), seed)
    traj = [[] for _ in range(num_envs)]  # per environment: (seat, what act() returned)
    acts = [0] * num_envs
    start, episodes, last = time.time(), 0, time.time()
    batch = []
    while time.time() - start < seconds:
        feats = v.features() if v.spec.action_features else None
        for i in range(num_envs):
            a, d = pol.act(row(v.obs, i) if feats is None else None, row(v.mask, i), feats[i] if feats is not None else None)
            acts[i] = a
            if d is not None:
                traj[i].append((int(v.to_act[i]), d))
        v.step(acts)
        for i in range(num_envs):
            if not v.done[i]:
                continue
            r = [float(x) for x in v.rewards[i]]
            for seat, d in traj[i]:
                batch.append((d, r[seat]))
            traj[i] = []
            episodes += 1
        if len(batch) >= 2000 if v.spec.action_features else len(batch) >= 512:
            pol.update(batch)
            batch = []
        if time.time() - last > 10:
            last = time.time()
            log("  %6.0fs: %d self-play episodes" % (time.time() - start, episodes))
    pol.update(batch)
    v.close()
    log("trained on %d self-play episodes in %.0fs" % (episodes, time.time() - start))
    return pol


def default_lr(spec):
    """The learning rate the examples were measured with (docs/env.md):
    1 over action features, 5 over the observation (divided by the
    update's steps)."""
    return 1.0 if spec.action_features else 5.0


def evaluate(game, options, pol, episodes, seconds=None, num_envs=32, seed=12345, greedy=True):
    """Plays pol (its best action when greedy, else drawn from its
    softmax) against a uniformly random legal player: the policy plays the
    seats of one parity (seats 0, 2, ... or 1, 3, ...), alternating by
    environment, random the others. Returns (wins, ties, played) of the
    policy's side, counted by its first seat's result."""
    v = felt.VectorEnv(game, num_envs=num_envs, options=options, seed=seed)
    rng = random.Random(seed)
    side = [i % 2 for i in range(num_envs)]
    acts = [0] * num_envs
    wins = ties = played = 0
    start = time.time()
    A = v.spec.actions
    while played < episodes and (seconds is None or time.time() - start < seconds):
        feats = v.features() if v.spec.action_features else None
        for i in range(num_envs):
            seat = int(v.to_act[i])
            m = row(v.mask, i)
            if seat % 2 == side[i]:
                acts[i], _ = pol.act(row(v.obs, i) if feats is None else None, m,
                                     feats[i] if feats is not None else None, greedy=greedy)
            else:
                acts[i] = rng.choice([a for a in range(A) if m[a]])
        v.step(acts)
        for i in range(num_envs):
            if v.done[i]:
                r = float(v.rewards[i][side[i]])
                played += 1
                wins += r > 0
                ties += r == 0
                side[i] = 1 - side[i]
    v.close()
    return wins, ties, played


def main(default_game, description, train_minutes=2.5, eval_episodes=2000):
    import argparse
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--game", default=default_game)
    ap.add_argument("--options", default=None, help="the game's rules as JSON")
    ap.add_argument("--minutes", type=float, default=train_minutes, help="training time")
    ap.add_argument("--eval", type=int, default=eval_episodes, help="evaluation episodes")
    ap.add_argument("--envs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=None,
                    help="learning rate (divided by the update's steps; default 1 over action features, 5 over the observation)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quick", action="store_true", help="a few seconds: checks that it runs")
    a = ap.parse_args()
    if a.quick:
        a.minutes, a.eval, a.envs = 0.05, 40, 8
    import json
    opts = json.loads(a.options) if a.options else None
    spec = felt.VectorEnv(a.game, 1, opts).spec
    print("%s: NumPy %s, %d environments, a linear policy over %s" % (
        a.game, "yes" if np is not None else "no", a.envs,
        "%d action features" % spec.action_features if spec.action_features else "the observation (%d values)" % spec.obs))
    pol = train(a.game, opts, a.minutes * 60, num_envs=a.envs, seed=a.seed, lr=a.lr)
    if isinstance(pol, FeaturePolicy):
        print("learned weights:", " ".join("%.2f" % x for x in pol.w))
    # The untrained policy (all weights zero) drawn from its softmax is the
    # uniform random player: the line to beat.
    for name, p, greedy in (("trained", pol, True), ("untrained", policy_for(spec, 0), False)):
        w, t, n = evaluate(a.game, opts, p, a.eval, seconds=None if a.quick else 60, num_envs=a.envs, greedy=greedy)
        lo, hi = felt.wilson(w, n)
        print("%-9s policy vs random: won %d of %d (ties %d): win rate %.3f, 95%% interval [%.3f, %.3f]" % (
            name, w, n, t, w / max(n, 1), lo, hi))
