#!/usr/bin/env python3
"""Environment steps per second from Python: random legal actions,
single-threaded, batch 1 and 256, for every game registered with a
learning environment (games without one are skipped, saying so), with
NumPy when it is installed (run with FELT_NO_NUMPY=1 for the path without
it). --json prints one JSON object."""

import argparse
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import felt  # noqa: E402


def measure(game, n, seconds, options=None):
    v = felt.VectorEnv(game, num_envs=n, options=options, seed=1)
    for _ in range(max(1, 200 // n)):  # warm up
        v.step(v.random_actions())
    steps, start = 0, time.perf_counter()
    while True:
        for _ in range(max(1, 1000 // n)):
            v.step(v.random_actions())
            steps += n
        el = time.perf_counter() - start
        if el >= seconds:
            break
    v.close()
    return steps / el


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", default="", help="comma-separated games (default: every one with an environment)")
    ap.add_argument("--batches", default="1,256")
    ap.add_argument("--seconds", type=float, default=3.0, help="time per figure")
    ap.add_argument("--quick", action="store_true", help="0.2 s a figure")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    if a.quick:
        a.seconds = 0.2
    known = {g["name"]: g["env"] for g in felt.games()}
    names = [g for g in a.games.split(",") if g] or [g for g in known if g != "highcard"]
    out = {"numpy": felt.HAVE_NUMPY, "python": platform.python_version(), "machine": platform.machine(),
           "processor": platform.processor() or platform.machine(), "skipped": {}}
    for g in names:
        if not known.get(g):
            out["skipped"][g] = "no learning environment" if g in known else "not registered"
            if not a.json:
                print("%s: skipped (%s)" % (g, out["skipped"][g]))
            continue
        for n in [int(x) for x in a.batches.split(",")]:
            sps = measure(g, n, a.seconds)
            key = "py_%s_steps_per_sec_b%d" % (g, n)
            out[key] = round(sps)
            if not a.json:
                print("%-10s batch %4d: %12.0f steps/s (Python, NumPy %s, one thread)" % (
                    g, n, sps, "yes" if felt.HAVE_NUMPY else "no"))
    if a.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
