#!/usr/bin/env python3
"""A small Gin Rummy player for Felt's line protocol (version 2, docs/protocol.md).

Standard library only. Run it in Felt as the player `exec:python3 examples/ginbot.py`:

    felt arena --a exec:"python3 examples/ginbot.py" --b simple

Strategy (close to the EAAI challenge's simple player):
  * take the upcard or the top of the discard pile when it would be part of a
    meld of the hand plus that card; otherwise pass the upcard or draw from
    the stock;
  * knock (or go big gin) as soon as a legal knock exists, discarding so as to
    leave the least deadwood;
  * otherwise discard the card that leaves the least deadwood, the highest
    such card on a tie;
  * as a defender that lays out (the table option defender_lays_out), lay out
    the melds Felt offers.
It only ever answers with a move from the "legal" list it was sent.

It plays a session of many games in one process: each `start` line begins a
game. It also keeps its own memory of the game from the events (its hand, the
cards the opponent picked up and threw away, the scores), as a player written
for the EAAI framework would; the strategy above uses only the hand, but the
memory shows where such information is found.
"""

import json
import sys
from itertools import combinations

RANKS = "A23456789TJQK"
SUITS = "SHDC"


def rank(c):
    return RANKS.index(c[0].upper()) + 1


def suit(c):
    return c[-1].upper()


def value(c):
    return min(rank(c), 10)


def possible_melds(cards):
    """Every set (3 or 4 of a rank) and run (3+ consecutive of a suit) in cards."""
    cards = list(cards)
    melds = []
    by_rank = {}
    for c in cards:
        by_rank.setdefault(rank(c), []).append(c)
    for same in by_rank.values():
        if len(same) >= 3:
            melds.extend(frozenset(m) for m in combinations(same, 3))
        if len(same) == 4:
            melds.append(frozenset(same))
    for s in SUITS:
        have = {rank(c): c for c in cards if suit(c) == s}
        for lo in range(1, 12):
            run = []
            r = lo
            while r in have:
                run.append(have[r])
                if len(run) >= 3:
                    melds.append(frozenset(run))
                r += 1
    return melds


def best_arrangement(cards):
    """(deadwood, melds) for the arrangement of cards with the least deadwood."""
    cards = frozenset(cards)
    melds = possible_melds(cards)
    best = [sum(value(c) for c in cards), []]

    def search(start, used, chosen):
        dw = sum(value(c) for c in cards - used)
        if dw < best[0]:
            best[0], best[1] = dw, list(chosen)
        for i in range(start, len(melds)):
            m = melds[i]
            if not (m & used):
                chosen.append(m)
                search(i + 1, used | m, chosen)
                chosen.pop()

    search(0, frozenset(), [])
    return best[0], best[1]


def deadwood(cards):
    return best_arrangement(cards)[0]


def would_meld(hand, c):
    """Whether c is part of some meld of hand plus c."""
    return any(c in m for m in possible_melds(list(hand) + [c]))


class Player:
    def __init__(self):
        self.seat = 0
        self.rules = {}
        self.hand = set()
        self.opp_took = set()       # taken from the pile by the opponent, still held
        self.opp_discarded = set()  # thrown away by the opponent this hand
        self.scores = [0, 0]

    # --- memory -----------------------------------------------------------

    def start(self, m):
        """A new game of the session."""
        self.seat = m["seat"]
        self.rules = m["rules"]
        self.scores = [0, 0]

    def event(self, e):
        """What this seat sees of a deal or a move."""
        kind, c = e["kind"], e.get("card")
        if kind == "deal":
            self.hand = set(e["cards"])
            self.opp_took.clear()
            self.opp_discarded.clear()
        elif e["seat"] != self.seat:
            if kind == "take_discard":
                self.opp_took.add(c)
            elif kind == "discard":
                self.opp_took.discard(c)
                self.opp_discarded.add(c)
        end = e.get("end")
        if end:
            self.scores = end["scores"]

    # --- decisions --------------------------------------------------------

    def decide(self, m):
        obs = m["observation"]
        self.hand = set(obs["cards"])
        legal = m["legal"]
        kinds = {a["kind"] for a in legal}
        top = obs["pile"][-1] if obs["pile"] else None

        if "lay_out" in kinds:
            return pick(legal, "lay_out")  # the melds Felt offers this defender
        if "big_gin" in kinds:
            return pick(legal, "big_gin")
        knocks = [a for a in legal if a["kind"] == "knock"]
        if knocks:
            return min(knocks, key=lambda a: (deadwood(self.hand - {a["card"]}), -value(a["card"])))
        discards = [a for a in legal if a["kind"] == "discard"]
        if discards:
            return min(discards, key=lambda a: (deadwood(self.hand - {a["card"]}), -value(a["card"])))
        if "take_discard" in kinds and top and would_meld(self.hand, top):
            return pick(legal, "take_discard")
        for k in ("pass", "draw_stock"):
            if k in kinds:
                return pick(legal, k)
        return legal[0]


def pick(legal, kind):
    return next(a for a in legal if a["kind"] == kind)


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def main():
    p = Player()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        m = json.loads(line)
        t = m.get("type")
        if t == "start":
            p.start(m)
            send({"type": "ready"})
        elif t == "decide":
            send({"seq": m["seq"], "move": p.decide(m)})
        elif t == "event":
            p.event(m["event"])
            end = m["event"].get("end")
            if end and end.get("over"):
                print("game over: final %s" % (end.get("final"),), file=sys.stderr)
        elif t == "quit":
            break
        # Notices (a takeover, a forfeit) and unknown message types are ignored.


if __name__ == "__main__":
    main()
