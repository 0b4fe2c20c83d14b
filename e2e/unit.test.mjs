// Unit tests of the page's card logic, run by Node's test runner (no
// browser): Gin Rummy's meld arrangement against a brute-force reference,
// Shengji's sorting by trump and its pairs and tractors, and the card
// notation. Run: node --test e2e/unit.test.mjs
//
// The modules are the page's own (web/static/*.js), imported as they are.

import { test } from "node:test";
import assert from "node:assert/strict";
import { arrange, cardValue } from "../web/static/gin.js";
import { units, sortHand, canonical, trumpOf } from "../web/static/shengji.js";
import { label, pretty, splitMulti } from "../web/static/cards.js";
import { newView, noView, VIEWS } from "../web/static/views.js";

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";
const DECK = [...SUITS].flatMap((s) => [...RANKS].map((r) => r + s));

// A small seeded generator (mulberry32), so failures reproduce.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isMeld(cards) {
  if (cards.length < 3) return false;
  const ranks = cards.map((c) => RANKS.indexOf(c[0]));
  const suits = cards.map((c) => c[1]);
  if (ranks.every((r) => r === ranks[0])) return cards.length <= 4 && new Set(suits).size === cards.length;
  if (!suits.every((s) => s === suits[0])) return false;
  const sorted = [...ranks].sort((a, b) => a - b);
  return sorted.every((r, i) => i === 0 || r === sorted[i - 1] + 1);
}

// partitionable: can these cards be split into melds? (the smallest card
// must be in some meld made of the others)
function partitionable(cards) {
  if (cards.length === 0) return true;
  const [first, ...rest] = cards;
  const n = rest.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const pick = rest.filter((_, i) => mask & (1 << i));
    if (pick.length < 2 || pick.length > 12) continue;
    if (!isMeld([first, ...pick])) continue;
    if (partitionable(rest.filter((_, i) => !(mask & (1 << i))))) return true;
  }
  return false;
}

function bruteDeadwood(hand) {
  let best = Infinity;
  for (let mask = 0; mask < 1 << hand.length; mask++) {
    const melded = hand.filter((_, i) => mask & (1 << i));
    const dead = hand.filter((_, i) => !(mask & (1 << i))).reduce((t, c) => t + cardValue(c), 0);
    if (dead < best && partitionable(melded)) best = dead;
  }
  return best;
}

test("gin: arrange finds the least deadwood (against brute force)", () => {
  const r = rng(2026);
  for (let n = 0; n < 150; n++) {
    const deck = [...DECK];
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    // Hands rich in melds too: half the time, 10 or 11 cards from 3 suits' low ranks.
    const pool = n % 2 ? deck : deck.filter((c) => "A23456789".includes(c[0]) && c[1] !== "C");
    const hand = pool.slice(0, n % 3 === 0 ? 11 : 10);
    const a = arrange(hand);
    assert.equal(a.points, bruteDeadwood(hand), `deadwood of ${hand.join(" ")}`);
    for (const m of a.melds) assert.ok(isMeld(m), `${m.join(" ")} is a meld`);
    const used = a.melds.flat().concat(a.deadwood);
    assert.deepEqual([...used].sort(), [...hand].sort(), "every card once, in a meld or the deadwood");
    assert.equal(a.deadwood.reduce((t, c) => t + cardValue(c), 0), a.points);
  }
});

test("gin: aces are low only and a set has distinct suits", () => {
  assert.equal(arrange(["QS", "KS", "AS"]).points, 21);
  assert.equal(arrange(["AS", "2S", "3S"]).points, 0);
  assert.equal(arrange(["7S", "7H", "7D", "7C", "8C", "9C"]).points, 0);
});

const trump = (suit, level) => trumpOf({ suit, level }, level);

test("shengji: a tractor runs through the trump ace, the other suits' level cards, the trump level card and the jokers", () => {
  const t = trump("S", "2");
  const hand = ["AS", "AS", "2H", "2H", "2S", "2S", "SJ", "SJ", "BJ", "BJ", "3D"];
  const g = units(hand, t);
  const trumps = g.find((x) => x.group === 4);
  assert.equal(trumps.units.length, 1);
  assert.equal(trumps.units[0].kind, "tractor");
  assert.deepEqual(trumps.units[0].cards, ["AS", "AS", "2H", "2H", "2S", "2S", "SJ", "SJ", "BJ", "BJ"]);
});

test("shengji: the level rank is skipped inside a suit, so 4 4 6 6 is a tractor at level 5", () => {
  const g = units(["4H", "4H", "6H", "6H", "9H"], trump("S", "5"));
  assert.deepEqual(
    g[0].units.map((u) => u.kind),
    ["tractor", "single"],
  );
});

test("shengji: pairs of two off-suit level cards are not a tractor (they rank equal)", () => {
  const g = units(["2H", "2H", "2D", "2D"], trump("S", "2"));
  assert.deepEqual(
    g[0].units.map((u) => u.kind),
    ["pair", "pair"],
  );
});

test("shengji: no trump: level cards then jokers are the trumps", () => {
  const t = trump("none", "7");
  const sorted = sortHand(["BJ", "7S", "AS", "SJ", "3H", "7H"], t);
  assert.deepEqual(sorted, ["AS", "3H", "7S", "7H", "SJ", "BJ"]);
});

test("shengji: units keep every card once (random hands)", () => {
  const r = rng(7);
  const deck = [...DECK, ...DECK, "SJ", "SJ", "BJ", "BJ"];
  for (let n = 0; n < 200; n++) {
    const d = [...deck];
    for (let i = d.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [d[i], d[j]] = [d[j], d[i]];
    }
    const hand = d.slice(0, 25 + (n % 9)); // a hand of the deal, or a banker's with the kitty

    const t = trump(["S", "H", "D", "C", "none"][n % 5], RANKS[1 + (n % 12)]);
    const all = units(hand, t).flatMap((g) => g.units.flatMap((u) => u.cards));
    assert.deepEqual([...all].sort(), [...hand].sort());
    for (const g of units(hand, t)) {
      for (const u of g.units) {
        if (u.kind === "pair") assert.equal(u.cards[0], u.cards[1]);
        if (u.kind === "tractor") assert.ok(u.cards.length >= 4 && u.cards.length % 2 === 0);
      }
    }
  }
});

test("shengji: canonical order is the engine's (suits S H D C, ace to king, jokers last)", () => {
  assert.equal(canonical(["BJ", "KH", "AS", "2S", "SJ", "AH"]), "AS 2S AH KH SJ BJ");
});

test("cards: labels and notation", () => {
  assert.equal(label("TD"), "10\u2666");
  assert.equal(label("BJ"), "big joker");
  assert.deepEqual(splitMulti("2S  5S BJ"), ["2S", "5S", "BJ"]);
  assert.equal(pretty("gin: you can't discard AS"), "gin: you can't discard A\u2660");
});

// A game the page has no view of is an error naming it, never shown as
// another game (the home page offers only the server's games it has a
// view of: the browser tests check each real game has one).
test("views: an unknown game is refused by name", () => {
  for (const game of ["poker", "", undefined, "toString", "__proto__"]) {
    assert.throws(() => newView(game, {}), (err) => err instanceof Error && err.message.includes(JSON.stringify(String(game))), String(game));
  }
  for (const game of Object.keys(VIEWS)) assert.equal(noView(game), "", game);
});
