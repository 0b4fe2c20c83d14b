// Unit tests of the page's card logic, run by Node's test runner (no
// browser): Gin Rummy's meld arrangement against a brute-force reference,
// Shengji's sorting by trump and its pairs and tractors, and the card
// notation. Run: node --test e2e/unit.test.mjs
//
// The modules are the page's own (web/static/*.js), imported as they are.

import { test } from "node:test";
import assert from "node:assert/strict";
import { arrange, cardValue } from "../web/static/gin.js";
import {
  units, sortHand, canonical, trumpOf, seatList, ordinal, callLabel, friendsOf, endTrick, trickOrder, ringLayout, levelChanges, callable, andList,
  sayRefusal, kittyKeys, levelLabel, levelPower, rankChar, trumpLabel,
} from "../web/static/shengji.js";
import { settingValue, fieldAtFault } from "../web/static/settings.js";
import { seatLabels, seatRange } from "../web/static/app.js";
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

// ---- any table: more packs, more players, Finding Friends ----

const unitsOf = (hand, t) => units(hand, t).flatMap((g) => g.units.map((u) => `${u.kind}:${u.cards.join(" ")}`));

test("shengji: with more packs a hand splits as the engine splits a play (the rules' examples)", () => {
  const t = trump("S", "5");
  // 3♥3♥3♥ 4♥4♥ is the tractor 3♥3♥ 4♥4♥ and the single 3♥: the tractor has more cards.
  assert.deepEqual(unitsOf(["3H", "3H", "3H", "4H", "4H"], t), ["tractor:3H 3H 4H 4H", "single:3H"]);
  // A♥A♥A♥ K♥K♥K♥ Q♥Q♥: the tractor of triples, then the pair.
  assert.deepEqual(unitsOf(["AH", "AH", "AH", "KH", "KH", "KH", "QH", "QH"], t), ["pair:QH QH", "tractor:KH KH KH AH AH AH"]);
  // Four packs: A♥×4 K♥K♥ is the tractor K♥K♥ A♥A♥ and the pair A♥A♥.
  assert.deepEqual(unitsOf(["AH", "AH", "AH", "AH", "KH", "KH"], t), ["tractor:KH KH AH AH", "pair:AH AH"]);
  // A triple alone is one unit; 7♥7♥7♥ 8♥8♥ are a triple and a pair, no tractor… unless the pair cut from the triple makes a bigger one.
  assert.deepEqual(unitsOf(["9H", "9H", "9H"], t), ["triple:9H 9H 9H"]);
  assert.deepEqual(unitsOf(["7H", "7H", "7H", "8H", "8H"], t), ["tractor:7H 7H 8H 8H", "single:7H"]);
  // Fives of the trump suit at level 5 are trumps: the trump ace, an off-suit five and the trump five make a tractor of triples.
  assert.deepEqual(unitsOf(["AS", "AS", "AS", "5H", "5H", "5H", "5S", "5S", "5S"], t), ["tractor:AS AS AS 5H 5H 5H 5S 5S 5S"]);
});

test("shengji: units keep every card once and each unit is well formed (random hands, 2 to 5 packs)", () => {
  const r = rng(11);
  for (let n = 0; n < 300; n++) {
    const packs = 2 + (n % 4);
    const deck = [];
    for (let p = 0; p < packs; p++) deck.push(...DECK, "SJ", "BJ");
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(r() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    // A narrow deal makes wide tuples likely: a few ranks only.
    const pool = n % 2 ? deck : deck.filter((c) => "9TJQKA5".includes(c[0]) || c.length === 2 && c[1] === "J");
    const hand = pool.slice(0, 20 + (n % 21));
    const t = trump(["S", "H", "D", "C", "none"][n % 5], ["2", "5", "9", "A"][n % 4]);
    const all = units(hand, t).flatMap((g) => g.units.flatMap((u) => u.cards));
    assert.deepEqual([...all].sort(), [...hand].sort());
    for (const g of units(hand, t)) {
      for (const u of g.units) {
        assert.equal(u.cards.length % u.width, 0);
        if (u.kind === "single") assert.equal(u.cards.length, 1);
        else if (u.kind === "tractor") assert.ok(u.width >= 2 && u.cards.length >= 2 * u.width);
        else {
          assert.ok(u.cards.every((c) => c === u.cards[0]), `a ${u.kind} is identical cards`);
          assert.equal(u.cards.length, u.width);
          assert.ok(u.width <= packs);
        }
      }
    }
  }
});

test("shengji: seats, ordinals, calls and lists", () => {
  assert.deepEqual(seatList(0), []);
  assert.deepEqual(seatList((1 << 0) | (1 << 2) | (1 << 9)), [0, 2, 9]);
  assert.deepEqual([1, 2, 3, 4, 5, 11, 12, 13, 21, 22].map(ordinal), ["1st", "2nd", "3rd", "4th", "5th", "11th", "12th", "13th", "21st", "22nd"]);
  assert.equal(callLabel({ Card: "AS", Ordinal: 2 }), "2nd A\u2660");
  assert.equal(callLabel({ card: "TH", ordinal: 1 }), "1st 10\u2665");
  assert.equal(andList(["a"]), "a");
  assert.equal(andList(["a", "b", "c"]), "a, b and c");
  assert.deepEqual(trickOrder(4, 6), [4, 5, 0, 1, 2, 3]);
  const c = callable(5);
  assert.equal(c.length, 48);
  assert.ok(!c.some((x) => x[0] === "5") && !c.includes("SJ") && !c.includes("BJ"));
  assert.equal(callable("10").filter((x) => x[0] === "T").length, 0);
  assert.equal(callable(1).filter((x) => x[0] === "A").length, 0, "level A (rank 1): no ace");
});

test("shengji: friendsOf reads the observation's calls, who met them and the side", () => {
  const o = {
    Banker: 2, Side: (1 << 2) | (1 << 4),
    Friends: { Banker: 2, Calls: [{ Card: "AS", Ordinal: 1 }, { Card: "AH", Ordinal: 2 }, { Card: "", Ordinal: 0 }], NCalls: 2, Played: [1, 1, 0], Met: [4, 10, 10], Side: 20 },
  };
  const f = friendsOf(o);
  assert.deepEqual(f.calls, [{ card: "AS", ordinal: 1, played: 1, met: 4 }, { card: "AH", ordinal: 2, played: 1, met: null }]);
  assert.equal(f.open, 1);
  assert.deepEqual(f.joined, [4]);
  assert.deepEqual(f.side, [2, 4]);
  assert.deepEqual(friendsOf({ Banker: 10, Side: 0 }), { calls: [], open: 0, joined: [], side: [] });
});

test("shengji: endTrick follows the calls as the engine does (friends.go)", () => {
  const fresh = (banker, calls) => ({ Banker: banker, Calls: calls, NCalls: calls.length, Played: calls.map(() => 0), Met: calls.map(() => 10), Side: 1 << banker });
  // The second A♠ counts in play order: seat 3 plays the first, seat 5 the second.
  let f = fresh(0, [{ Card: "AS", Ordinal: 2 }]);
  assert.deepEqual(endTrick(f, [{ seat: 3, cards: ["AS"] }, { seat: 4, cards: ["KS"] }, { seat: 5, cards: ["AS"] }]), [5]);
  assert.deepEqual(f.Met, [5]);
  assert.equal(f.Side, (1 << 0) | (1 << 5));
  // Two copies in one play meet a second-copy call at once.
  f = fresh(1, [{ Card: "KH", Ordinal: 2 }]);
  assert.deepEqual(endTrick(f, [{ seat: 2, cards: ["KH", "KH"] }]), [2]);
  // The banker playing its own call spends it: nobody joins.
  f = fresh(1, [{ Card: "AD", Ordinal: 1 }, { Card: "AC", Ordinal: 1 }]);
  assert.deepEqual(endTrick(f, [{ seat: 1, cards: ["AD"] }, { seat: 2, cards: ["AC"] }]), [2]);
  assert.deepEqual(f.Met, [1, 2]);
  // A friend already on the side meeting another call adds nobody.
  assert.deepEqual(endTrick(f, [{ seat: 2, cards: ["AC"] }]), []);
  // Calls not met stay open across tricks, counting the copies seen.
  f = fresh(0, [{ Card: "QS", Ordinal: 3 }]);
  assert.deepEqual(endTrick(f, [{ seat: 1, cards: ["QS"] }]), []);
  assert.deepEqual(endTrick(f, [{ seat: 2, cards: ["QS"] }]), []);
  assert.deepEqual(f.Played, [2]);
  assert.deepEqual(endTrick(f, [{ seat: 4, cards: ["QS"] }]), [4]);
});

test("shengji: ringLayout seats 4 to 10 players round the middle, each in its own cell", () => {
  for (let n = 4; n <= 10; n++) {
    const l = ringLayout(n);
    assert.equal(l.seats.length, n);
    const used = new Set();
    const cell = (r, c) => `${r},${c}`;
    for (let r = l.centre.row; r < l.centre.row + l.centre.rowSpan; r++) for (let c = l.centre.col; c < l.centre.col + l.centre.colSpan; c++) used.add(cell(r, c));
    for (const [i, p] of l.seats.entries()) {
      assert.ok(p.row >= 1 && p.row <= l.rows && p.col >= 1 && p.col + p.colSpan - 1 <= l.cols, `n ${n} seat ${i} inside the grid`);
      for (let c = p.col; c < p.col + p.colSpan; c++) {
        assert.ok(!used.has(cell(p.row, c)), `n ${n} seat ${i} overlaps`);
        used.add(cell(p.row, c));
      }
    }
    assert.equal(l.seats[0].row, l.rows, "the viewer at the bottom");
    assert.ok(l.cols <= 7 && l.rows <= 5, "the page's CSS has classes for the grid");
  }
  // Four players: the cross the page always had (east on the right, north on top, west on the left).
  assert.deepEqual(ringLayout(4).seats.map((p) => [p.row, p.col]), [[3, 2], [2, 3], [1, 2], [2, 1]]);
});

test("shengji: levelChanges counts the levels each seat climbed", () => {
  assert.deepEqual(levelChanges([2, 2, 13, 1], [3, 2, 1, 1], 4), [
    { seat: 0, from: 2, to: 3, up: 1 },
    { seat: 1, from: 2, to: 2, up: 0 },
    { seat: 2, from: 13, to: 1, up: 1 },
    { seat: 3, from: 1, to: 1, up: 0 },
  ]);
  assert.equal(levelChanges(null, [3], 1)[0].up, 0);
});

test("settings: values as the JSON the server reads, and the field an error names", () => {
  assert.equal(settingValue({ kind: "number" }, ""), undefined);
  assert.equal(settingValue({ kind: "number" }, " 7 "), 7);
  assert.equal(settingValue({ kind: "number" }, "x"), "x");
  assert.equal(settingValue({ kind: "bool" }, true), true);
  assert.equal(settingValue({ kind: "bool" }, "false"), false);
  assert.equal(settingValue({ kind: "bool", auto: true }, ""), undefined);
  assert.equal(settingValue({ kind: "choice" }, "redeal"), "redeal");
  assert.deepEqual(settingValue({ kind: "ranks" }, ["5", "A"]), ["5", "A"]);
  const ss = [{ name: "players" }, { name: "packs" }, { name: "kitty" }, { name: "kitty_multiplier" }];
  assert.equal(fieldAtFault(ss, "shengji: rules field packs is 5 with 6 players: at most …"), "packs");
  assert.equal(fieldAtFault(ss, "shengji: rules field kitty_multiplier \"x\""), "kitty_multiplier");
  assert.equal(fieldAtFault(ss, "shengji: rules field kitty is 7: 162 cards … to 7 players"), "kitty");
  assert.equal(fieldAtFault(ss, "something else"), null);
});

test("home page: seats named in turn order, seat counts said", () => {
  assert.deepEqual(seatLabels(2), ["Opponent"]);
  assert.equal(seatLabels(6).length, 5);
  assert.match(seatLabels(6)[0], /Seat 1/);
  assert.match(seatLabels(6)[4], /Seat 5/);
  assert.equal(seatRange([2]), "2 players");
  assert.equal(seatRange([4, 5, 6, 7, 8, 9, 10]), "4\u201310 players");
});

// Shengji's refusals as a person says them: every reason the engine gives
// (shengji's ActionError and FollowError texts, card codes already written
// as symbols by the page) becomes a sentence spoken to the seat, without
// the package name or seat numbers.
test("shengji refusals in a person's words", () => {
  const cases = [
    ["shengji: seat 0 cannot play 4♠ to the lead big joker: you hold 7 cards of trumps: play only trumps, not 4♠", "You must follow with trumps: you hold 7."],
    ["shengji: seat 0 cannot play 2♠ 3♠ to the lead A♥: the lead has 1 card: play 1, not 2", "Play 1 card, as many as the lead (you chose 2)."],
    ["shengji: seat 0 cannot play 5♦ 6♦ to the lead 7♥ 7♥: you hold only 1 card of hearts (9♥): play all of them before any other card", "You must play all your hearts first: you hold only 1 (9♥)."],
    ["shengji: seat 0 cannot play 9♥ 3♠ to the lead K♥ K♥: you hold the pair 9♥ 9♥: a led pair must be followed with a pair", "You must follow a led pair with a pair: you hold the pair 9♥ 9♥."],
    ["shengji: seat 0 cannot play 9♥ 3♥ 4♥ 5♥ to the lead J♥ J♥ Q♥ Q♥: you hold the tractor 9♥ 9♥ 10♥ 10♥: a led tractor of 2 pairs must be followed with a tractor of 2 pairs", "You must follow the tractor of 2 pairs with your tractor 9♥ 9♥ 10♥ 10♥."],
    ["shengji: seat 0 cannot play 3♥: it does not hold 3♥", "You do not hold 3♥."],
    ["shengji: seat 0 cannot play: it is seat 2's turn", "It is Seat 2's turn, not yours."],
    ["shengji: seat 0 cannot bury: the banker, seat 3, buries the kitty", "Only the banker, Seat 3, buries the kitty."],
    ["shengji: seat 0 cannot lead 3♥ 4♠: a lead is one suit-group (one plain suit, or the trumps): a single, a pair, a tractor or a throw of them", "Lead cards of one suit, or only trumps: a single, a pair, a tractor or a throw of them."],
    ["shengji: bury 8 cards, not 7", "Bury 8 cards (you chose 7)."],
    ["shengji: seat 0 cannot declare: declaring closed when the last card before the kitty was dealt", "You cannot declare: declaring closed when the last card before the kitty was dealt."],
    ["shengji: seat 0 cannot override seat 1's 2♠ with 2♥: an override must be stronger (more cards; on equal count level cards < small jokers < big jokers)", "You cannot override Seat 1's 2♠ with 2♥: an override must be stronger (more cards; on equal count level cards < small jokers < big jokers)."],
  ];
  for (const [text, want] of cases) assert.equal(sayRefusal(text), want, text);
  // Another seat is named as the page names it.
  assert.equal(sayRefusal("shengji: seat 0 cannot play: it is seat 2's turn", (s) => (s === 2 ? "Bo" : `Seat ${s}`)), "It is Bo's turn, not yours.");
  // Whatever the engine says, never the package's name or a seat number.
  for (const [text] of cases) assert.doesNotMatch(sayRefusal(text), /shengji:|\bseat \d/);
  assert.equal(sayRefusal("something new"), "Something new.");
});

// The kitty's cards marked in the banker's hand: per face, as many copies
// as the kitty held (both copies only when it held both), checked against
// counting on random kitties.
test("shengji kitty marks count each face's copies", () => {
  assert.deepEqual([...kittyKeys(["AS", "3H", "AS"])].sort(), ["3H#0", "AS#0", "AS#1"]);
  assert.deepEqual([...kittyKeys(["KD"])], ["KD#0"]);
  const next = rng(21);
  const deck = [...DECK, ...DECK, "SJ", "SJ", "BJ", "BJ"];
  for (let i = 0; i < 500; i++) {
    const k = 1 + Math.floor(next() * 12);
    const kitty = Array.from({ length: k }, () => deck[Math.floor(next() * deck.length)]);
    const keys = kittyKeys(kitty);
    assert.equal(keys.size, k, "one mark per kitty card");
    const per = new Map();
    for (const c of kitty) per.set(c, (per.get(c) || 0) + 1);
    for (const [c, n] of per) for (let j = 0; j < 3; j++) assert.equal(keys.has(`${c}#${j}`), j < n, `${c}#${j} of ${kitty.join(" ")}`);
  }
});

// The no-trump top level (14 on the wire) reads "NT", climbs above the ace,
// and the trump reads alike on the board and in the score panel.
test("shengji NT level and the trump's words", () => {
  assert.equal(levelLabel(14), "NT");
  assert.equal(rankChar(14), "NT");
  assert.equal(levelLabel(1), "A");
  assert.equal(levelLabel(10), "10");
  assert.ok(levelPower(14) > levelPower(1) && levelPower(1) > levelPower(13));
  assert.equal(trumpLabel(trumpOf({ suit: "H", level: 2 }, 2)), "\u2665 (level 2)");
  assert.equal(trumpLabel(trumpOf({ suit: "none", level: 2 }, 2)), "no trump (level 2)");
  assert.equal(trumpLabel(trumpOf({ suit: "none", level: 2 }, 2), true), "none yet (level 2)");
  assert.equal(trumpLabel(trumpOf({ suit: "none", level: 14 }, 14)), "no trump (level NT)");
  assert.equal(trumpLabel(trumpOf({ suit: "S", level: 10 }, 10)), "\u2660 (level 10)");
});
