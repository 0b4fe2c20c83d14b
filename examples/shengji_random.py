#!/usr/bin/env python3
"""A Shengji player for Felt's table protocol (version 2, package program):
it plays a random legal move, declares now and then while the cards are
dealt, and buries eight random cards. Standard library only.

Run it as a player:  exec:python3 examples/shengji_random.py
"""
import json
import random
import sys

BURY = "bury"  # the observation's Phase while the banker buries


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "start":
            rng.seed(msg.get("seed", 0))
            send({"type": "ready"})
        elif kind == "decide":
            seq, legal, obs = msg["seq"], msg.get("legal") or [], msg["observation"]
            if msg.get("optional"):
                if legal and rng.random() < 0.05:
                    send({"seq": seq, "move": rng.choice(legal)})
                else:
                    send({"seq": seq, "decline": True})
            elif obs["Phase"] == BURY:
                cards = obs["Hand"].split()
                rng.shuffle(cards)
                send({"seq": seq, "move": {"kind": "bury", "cards": " ".join(cards[:8])}})
            elif legal:
                send({"seq": seq, "move": rng.choice(legal)})
            else:
                send({"seq": seq, "decline": True})
        elif kind == "quit":
            break
        # events and notices: this player keeps no memory of the game


if __name__ == "__main__":
    main()
