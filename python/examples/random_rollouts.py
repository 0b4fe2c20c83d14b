#!/usr/bin/env python3
"""Random rollouts through the felt package: a game played seat by seat
in PettingZoo's AEC style with random legal actions, its table log
written (check it with `felt replay verify FILE`), then a batch of
environments stepped together, counting episodes and each seat's
results."""

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import felt  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", default="gin")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=64)
    ap.add_argument("--steps", type=int, default=2000, help="batch steps")
    ap.add_argument("--log", default=None, help="write the AEC episode's table log here")
    a = ap.parse_args()

    e = felt.env(a.game)
    e.reset(seed=a.seed)
    moves = 0
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            print("%s: reward %+g" % (agent, reward))
            e.step(None)
            continue
        action = e.action_space(agent).sample(obs["action_mask"])
        if moves < 5:
            print("%s: %s" % (agent, e.action_string(action)))
        e.step(action)
        moves += 1
    print("one episode of %s, seed %d: %d moves" % (a.game, e.seed_of_episode(), moves))
    if a.log:
        with open(a.log, "w") as f:
            f.write(e.log())
        print("table log written to %s (felt replay verify %s)" % (a.log, a.log))

    v = felt.VectorEnv(a.game, num_envs=a.envs, seed=a.seed)
    episodes, wins = 0, [0] * v.spec.seats
    start = time.time()
    for _ in range(a.steps):
        _, _, rew, _, done = v.step(v.random_actions())
        for i in range(a.envs):
            if done[i]:
                episodes += 1
                for s in range(v.spec.seats):
                    wins[s] += float(rew[i][s]) > 0
    el = time.time() - start
    print("%d environments, %d steps: %d episodes, %.0f steps/s; episodes won by seat: %s" % (
        a.envs, a.steps * a.envs, episodes, a.steps * a.envs / el, wins))


if __name__ == "__main__":
    main()
