#!/usr/bin/env python3
"""A linear softmax policy over Shengji's action features (the env's own
description of each action: docs/env-shengji.md), trained by self-play
(REINFORCE) through the felt package, then played greedily by one team
(the seats of one parity) against uniformly random legal players: prints
its win rate with a Wilson 95% interval (and the untrained policy's, which
is the random player). About 4 minutes by default (--minutes sets the
training time); --quick runs in seconds."""

from _common import main

if __name__ == "__main__":
    main("shengji", __doc__, train_minutes=2.5, eval_episodes=2000)
