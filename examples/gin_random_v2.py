#!/usr/bin/env python3
"""A Gin Rummy player for Felt's table protocol (version 2, package program):
it knocks or goes gin whenever it may, and otherwise plays a random legal
move. As a defender that lays out (the table option defender_lays_out) it
lays off, card by card, every card that fits one of the knocker's melds
(none on a gin), then lays out the melds Felt offers. It plays a session of many games in
one process: each `start` line begins a game. Standard library only.

Run it as a player:  felt arena --a exec:"python3 examples/gin_random_v2.py"
"""
import json
import random
import sys


def send(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


RANKS = "A23456789TJQK"


def is_meld(cards):
    """A set (3 or 4 of a rank) or a run (3 or more of a suit in a row)."""
    if len(cards) < 3:
        return False
    ranks = sorted(RANKS.index(c[0]) for c in cards)
    if len({c[0] for c in cards}) == 1:
        return len(cards) <= 4
    if len({c[1] for c in cards}) != 1:
        return False
    return all(b == a + 1 for a, b in zip(ranks, ranks[1:]))


def lay_off(cards, knocker_melds, laid):
    """A lay_off move for one of cards that fits a knocker's meld (with
    what was laid on it so far), or None."""
    for card in cards:
        if any(card == c for c, _ in laid):
            continue
        for meld in knocker_melds:
            on = [c for c, onto in laid if onto == meld]
            if is_meld(meld + on + [card]):
                return {"kind": "lay_off", "card": card, "onto": meld}
    return None


def main():
    rng = random.Random()
    knocker_melds, laid = [], []  # at a knock awaiting this defender
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
            if legal and legal[0]["kind"] == "lay_out":
                move = lay_off(msg["observation"]["cards"], knocker_melds, laid)
                if move:
                    laid.append((move["card"], move["onto"]))
                send({"seq": seq, "move": move or legal[0]})
                continue
            ends = [m for m in legal if m["kind"] in ("big_gin", "knock")]
            if ends:
                send({"seq": seq, "move": ends[0]})
            elif legal:
                send({"seq": seq, "move": rng.choice(legal)})
            else:
                send({"seq": seq, "decline": True})
        elif kind == "event":
            ev = msg["event"]
            if ev["kind"] in ("knock", "big_gin") and not ev.get("end"):
                knocker_melds, laid = ev.get("melds", []), []
                if ev["kind"] == "big_gin" or sum(map(len, knocker_melds)) == 10:
                    knocker_melds = []  # nothing may be laid off on a gin
            end = ev.get("end")
            if end:  # all that the table sees at the hand's end
                print("hand %d: %s, %d points, layoffs %s" % (
                    msg["event"]["hand"], end["result"], end["points"],
                    end.get("layoffs", [])), file=sys.stderr)
        elif kind == "quit":
            break
        # notices: this player keeps no memory of the game


if __name__ == "__main__":
    main()
