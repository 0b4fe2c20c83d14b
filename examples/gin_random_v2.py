#!/usr/bin/env python3
"""A Gin Rummy player for Felt's table protocol (version 2, package program):
it knocks or goes gin whenever it may, and otherwise plays a random legal
move. It plays a session of many games in one process: each `start` line
begins a game. Standard library only.

Run it as a player:  felt arena --a exec:"python3 examples/gin_random_v2.py"
"""
import json
import random
import sys


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
            seq, legal = msg["seq"], msg.get("legal") or []
            ends = [m for m in legal if m["kind"] in ("big_gin", "knock")]
            if ends:
                send({"seq": seq, "move": ends[0]})
            elif legal:
                send({"seq": seq, "move": rng.choice(legal)})
            else:
                send({"seq": seq, "decline": True})
        elif kind == "event":
            end = msg["event"].get("end")
            if end:  # all that the table sees at the hand's end
                print("hand %d: %s, %d points, layoffs %s" % (
                    msg["event"]["hand"], end["result"], end["points"],
                    end.get("layoffs", [])), file=sys.stderr)
        elif kind == "quit":
            break
        # notices: this player keeps no memory of the game


if __name__ == "__main__":
    main()
