// Shengji at the table: the four seats around the trick in the middle,
// your hand sorted by trump with its pairs and tractors grouped, bidding
// while the cards are dealt, burying the kitty, the trump, the levels, the
// banker and the points. Everything shown comes from the seat's
// observation and events (shengji.Observation and shengji.Event, field
// names as in Go).

import { h, patch } from "./app.js";
import * as C from "./cards.js";

const NO_SEAT = 10; // shengji.NoSeat (MaxSeats)
const RANKS = "A23456789TJQK"; // card.Rank: ace 1 … king 13
const HIGH = "23456789TJQKA"; // Shengji's order within a suit
const EVENT = { 1: "hand", 2: "card", 3: "declare", 4: "pass", 5: "bury", 6: "play" };
const POS = ["south", "east", "north", "west"];
const PLACE = ["South", "East", "North", "West"];
const BID_WORDS = ["", "single", "pair", "small-joker pair", "big-joker pair"];

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// rankChar turns a card.Rank number (ace 1 or 14) into its letter.
export function rankChar(r) {
  if (typeof r === "string") return r === "10" ? "T" : r;
  if (r === 14) return "A";
  return RANKS[r - 1] || "?";
}

export function levelLabel(r) {
  const c = rankChar(r);
  return c === "T" ? "10" : c;
}

// phaseName reads the observation's phase: the wire names it ("play").
function phaseName(p) {
  return String(p || "");
}

// trumpOf reads the observation's trump: {suit: "S"… or null, level: "2"}.
export function trumpOf(t, level) {
  const suit = t && t.suit && t.suit !== "none" ? t.suit : null;
  const lv = t && t.level ? rankChar(t.level) : rankChar(level);
  return { suit, level: lv };
}

export function trumpLabel(t) {
  return t.suit ? `${C.SYMBOL[t.suit]} ${t.level === "T" ? "10" : t.level}` : `no trump (${t.level === "T" ? "10" : t.level})`;
}

// order returns a card's place for sorting and tractors: {group, strength,
// sub} where group is 0–3 for the plain suits S H D C and 4 for trumps.
export function order(code, t) {
  if (code === "SJ" || code === "BJ") return { group: 4, strength: code === "SJ" ? 16 : 17, sub: 0 };
  const r = code[0];
  const s = code[1];
  const plain = HIGH.replace(t.level, "");
  if (r === t.level) {
    if (t.suit === s) return { group: 4, strength: 15, sub: 0 };
    // Level cards of the other suits rank equal, below the trump suit's.
    return { group: 4, strength: t.suit ? 14 : 15, sub: C.SUITS.indexOf(s) };
  }
  if (t.suit === s) return { group: 4, strength: plain.indexOf(r), sub: 0 };
  return { group: C.SUITS.indexOf(s), strength: plain.indexOf(r), sub: 0 };
}

// strengthStep is the next strength up in the group: a tractor is a run of
// pairs one step apart. Jokers and the trump level follow the trump ace.
function nextStrength(st, group, t) {
  if (group !== 4) return st + 1;
  if (st === 11) return t.suit ? 14 : 15; // the trump suit's top plain card, then the level cards
  if (st === 14) return 15;
  return st + 1;
}

// sortHand sorts by suit, trumps last, each from low to high.
export function sortHand(cards, t) {
  return [...cards].sort((a, b) => {
    const x = order(a, t);
    const y = order(b, t);
    return x.group - y.group || x.strength - y.strength || x.sub - y.sub;
  });
}

// units groups a sorted hand into tractors, pairs and singles, per group:
// [{group, units: [{kind: "tractor"|"pair"|"single", cards}]}].
export function units(cards, t) {
  const sorted = sortHand(cards, t);
  const groups = [];
  for (const c of sorted) {
    const o = order(c, t);
    let g = groups[groups.length - 1];
    if (!g || g.group !== o.group) groups.push((g = { group: o.group, cards: [] }));
    g.cards.push(c);
  }
  for (const g of groups) {
    // Count each code; pairs are codes held twice.
    const counts = new Map();
    for (const c of g.cards) counts.set(c, (counts.get(c) || 0) + 1);
    const pairs = [...counts.entries()].filter(([, n]) => n >= 2).map(([c]) => c);
    const used = new Set();
    const out = [];
    const pairAt = (st, exclude) => pairs.find((p) => !used.has(p) && p !== exclude && order(p, t).strength === st);
    for (const p of pairs) {
      if (used.has(p)) continue;
      const chain = [p];
      used.add(p);
      let st = order(p, t).strength;
      for (;;) {
        const next = pairAt(nextStrength(st, g.group, t));
        if (!next) break;
        chain.push(next);
        used.add(next);
        st = order(next, t).strength;
      }
      if (chain.length >= 2) out.push({ kind: "tractor", cards: chain.flatMap((c) => [c, c]), key: order(p, t) });
      else {
        out.push({ kind: "pair", cards: [p, p], key: order(p, t) });
      }
    }
    for (const [c, n] of counts) {
      for (let k = n >= 2 ? 2 : 0; k < n; k++) out.push({ kind: "single", cards: [c], key: order(c, t) });
    }
    out.sort((a, b) => a.key.strength - b.key.strength || a.key.sub - b.key.sub);
    g.units = out;
  }
  return groups;
}

// canonical orders cards as the engine writes them (S H D C, ace to king,
// then the jokers), joined by spaces.
export function canonical(cards) {
  const key = (c) => (c === "SJ" ? 100 : c === "BJ" ? 101 : C.SUITS.indexOf(c[1]) * 20 + RANKS.indexOf(c[0]));
  return [...cards].sort((a, b) => key(a) - key(b)).join(" ");
}

export class ShengjiView {
  constructor(ctx) {
    this.ctx = ctx;
    this.obs = null;
    this.pending = null;
    this.selected = []; // keys "CODE#k": the k-th copy of a card in the hand
    this.hands = []; // finished hands' scores
    this.over = null;
    this.hintCards = null;
    this.lastTrickText = "";
    // The server's answer about the selected cards: {seq, cards, legal,
    // reason}, and the selection last asked about.
    this.check = null;
    this.asked = "";
  }

  keysHelp() {
    return "←/→ choose a card · Space select it · Enter play (or bury) the selected cards · Esc clear · H hint · B bid";
  }

  // who names a seat: "You", a person's name, or for a computer its
  // place at the table ("East"), since the computers' names may be alike.
  who(s) {
    if (s === this.ctx.seat) return "You";
    const n = this.ctx.names(s);
    if (/^computer|^seat \d/i.test(n) || !n) {
      const me = this.ctx.seat < 0 ? 0 : this.ctx.seat;
      return PLACE[(s - me + 4) % 4] + (this.ctx.seat < 0 ? ` (seat ${s})` : "");
    }
    return n;
  }

  team(s) {
    return s % 2;
  }

  trump() {
    const o = this.obs;
    return o ? trumpOf(o.Trump, o.Level) : { suit: null, level: "2" };
  }

  resetHistory() {}

  // ---- events ----

  describe(ev) {
    const kind = EVENT[ev.Kind] || ev.Kind;
    const who = this.who(ev.Seat);
    const cards = C.splitMulti(ev.Cards);
    switch (kind) {
      case "hand":
        return `Hand ${ev.Hand}: ${this.who(ev.Seat)} ${ev.Seat === this.ctx.seat ? "deal" : "deals"}` + (ev.Level ? `, playing ${levelLabel(ev.Level)}s` : "") + ".";
      case "card":
        return null;
      case "declare":
        return `${who} declared ${C.labels(cards)}.`;
      case "pass":
        return `${who} passed.`;
      case "bury":
        return ev.Seat === this.ctx.seat && cards.length ? `You buried ${C.labels(cards)}.` : `${who} buried the kitty.`;
      case "play":
        if (ev.Attempt) return `${who} tried to throw ${C.labels(C.splitMulti(ev.Attempt))}, which failed: played ${C.labels(cards)}.`;
        return `${who} played ${C.labels(cards)}.`;
      default:
        return null;
    }
  }

  // watch keeps a spectator's picture of the table from the events alone
  // (a spectator gets no observation): an observation-shaped value with
  // no hand, so the board draws as for a seat.
  watch(ev) {
    const kind = EVENT[ev.Kind];
    if (kind === "hand") {
      this.obs = {
        Seat: -1, Phase: 0, HandNumber: ev.Hand, Levels: ev.Levels, Level: ev.Level, Dealer: ev.Seat, Banker: ev.Banker,
        Trump: { suit: "none", level: rankChar(ev.Level) }, Dealt: 0, Turn: NO_SEAT, Hand: "", Counts: [0, 0, 0, 0],
        Bids: [], NBids: 0, Turned: [], NTurned: 0, PickedUp: "", Kitty: "", Tricks: [], NTricks: 0, TeamPoints: [0, 0], Penalty: 0,
        Rules: {},
      };
      return;
    }
    const o = this.obs;
    if (!o) return;
    const cards = C.splitMulti(ev.Cards);
    if (kind === "card") {
      o.Counts[ev.Seat]++;
      o.Dealt++;
    } else if (kind === "declare") {
      o.Bids.push({ Seat: ev.Seat, Cards: ev.Cards, Rank: 0 });
      o.NBids = o.Bids.length;
      const c = cards[0];
      if (c) o.Trump = { suit: c === "SJ" || c === "BJ" ? "none" : c[1], level: rankChar(o.Level) };
    } else if (kind === "bury") {
      o.Phase = 3;
      o.Counts[ev.Seat] -= 8;
      o.Turn = o.Banker;
    } else if (kind === "play") {
      let t = o.NTricks ? o.Tricks[o.NTricks - 1] : null;
      if (!t || t.Count === 4) {
        t = { Leader: ev.Seat, Plays: ["", "", "", ""], Attempt: "", Count: 0, Winner: 0, Points: 0 };
        o.Tricks.push(t);
        o.NTricks = o.Tricks.length;
      }
      t.Plays[ev.Seat] = ev.Cards;
      if (ev.Attempt) t.Attempt = ev.Attempt;
      t.Count++;
      o.Counts[ev.Seat] -= cards.length;
      o.Turn = (ev.Seat + 1) % 4;
      if (ev.TrickDone) {
        t.Count = 4;
        t.Winner = ev.Winner;
        t.Points = ev.Points;
        o.TeamPoints[ev.Winner % 2] += ev.Points;
        o.Turn = ev.Winner;
      }
      if (ev.HandOver) o.Phase = 4;
    }
    if (ev.Settled) {
      if (ev.Trump) o.Trump = ev.Trump;
      o.Banker = ev.Banker;
      o.Counts[ev.Banker] += 8;
      o.Phase = 2;
      o.Turn = ev.Banker;
    }
    if (ev.Banker !== undefined && ev.Banker !== NO_SEAT) o.Banker = ev.Banker;
  }

  event(ev, live) {
    if (this.ctx.seat < 0) this.watch(ev);
    const text = this.describe(ev);
    if (text) this.ctx.log(text, ev.Seat === this.ctx.seat ? "mine" : "theirs");
    if (ev.Settled && ev.Trump) {
      const t = trumpOf(ev.Trump, ev.Trump.level);
      this.ctx.log(`Trump: ${trumpLabel(t)}. ${this.who(ev.Banker)} ${ev.Banker === this.ctx.seat ? "are" : "is"} the banker and ${ev.Banker === this.ctx.seat ? "take" : "takes"} up the kitty.`, "end");
    }
    if (ev.TrickDone) {
      this.lastTrickText = `${this.who(ev.Winner)} won the trick` + (ev.Points ? ` (${ev.Points} points)` : "") + ".";
      this.ctx.log(this.lastTrickText, "trick");
    }
    if (ev.HandOver && ev.Score) {
      const s = ev.Score;
      const rec = { hand: ev.Hand, score: s, kitty: C.splitMulti(ev.Kitty), levels: ev.Levels, gameOver: ev.GameOver, winners: ev.Winners };
      if (!this.hands.some((x) => x.hand === ev.Hand)) this.hands.push(rec);
      this.ctx.log(this.scoreWords(s), "end");
      if (ev.GameOver) this.ctx.log(`The game is over: ${this.teamName(ev.Winners)} win.`, "end");
      this.renderShowdown(rec);
    }
  }

  teamName(t) {
    if (this.ctx.seat < 0) return t === 0 ? "Seats 0 and 2" : "Seats 1 and 3";
    return t === this.team(this.ctx.seat) ? "You and your partner" : "Your opponents";
  }

  scoreWords(s) {
    const bankerTeam = this.team(s.Banker);
    let text = `Attackers scored ${s.AttackerPoints} points`;
    const parts = [`tricks ${s.TrickPoints}`];
    if (s.KittyMultiplier) parts.push(`kitty ${s.KittyPoints} × ${s.KittyMultiplier}`);
    if (s.Penalty) parts.push(`penalties ${s.Penalty}`);
    text += ` (${parts.join(", ")}). `;
    if (s.BankersKeep) text += `${this.teamName(bankerTeam)} keep the bank` + (s.LevelsUp ? ` and go up ${s.LevelsUp} level${s.LevelsUp > 1 ? "s" : ""}.` : ".");
    else text += `${this.teamName(1 - bankerTeam)} take the bank` + (s.LevelsUp ? ` and go up ${s.LevelsUp} level${s.LevelsUp > 1 ? "s" : ""}.` : ".");
    return text;
  }

  // pastResult records a hand's score from the replay (the score sheet's
  // earlier hands), without telling it again.
  pastResult(ev) {
    if (ev.HandOver && ev.Score && !this.hands.some((x) => x.hand === ev.Hand)) {
      this.hands.push({ hand: ev.Hand, score: ev.Score, kitty: C.splitMulti(ev.Kitty), levels: ev.Levels, gameOver: ev.GameOver, winners: ev.Winners });
      this.hands.sort((a, b) => a.hand - b.hand);
    }
  }

  // setObs takes the seat's observation now, without drawing it.
  setObs(obs) {
    this.obs = obs;
    const phase = phaseName(obs.Phase);
    if (this.pending && phase !== "deal" && obs.Turn !== this.ctx.seat) this.pending = null;
    this.pruneSelection();
  }

  state(obs) {
    this.setObs(obs);
    this.render();
  }

  decide(d) {
    if (d.optional) {
      // While the cards are dealt the server answers for us at once (with
      // a bid we queued, or a decline) and tells us which declarations we
      // hold: a bid goes as a "bid" message, never as a move.
      this.optional = d;
      if (d.obs) this.obs = d.obs;
      this.render();
      return;
    }
    this.optional = null;
    this.pending = d;
    if (d.obs) this.obs = d.obs;
    this.hintCards = null;
    this.pruneSelection();
    this.render();
  }

  refused(msg) {
    this.ctx.message(msg.error || "The move was refused.", "refused");
    // A refused move leaves its decision pending (a dropped bid, seq -1,
    // belongs to no decision).
    if (this.lastDecide && !this.pending && msg.seq === this.lastDecide.seq) this.pending = this.lastDecide;
    if (msg.seq === -1) this.queued = null;
    this.render();
  }

  hint(msg) {
    const m = msg.move;
    if (m && m.cards) {
      this.hintCards = C.splitMulti(m.cards);
      this.selectCards(this.hintCards);
    }
    this.ctx.message("Hint: " + (msg.text ? C.pretty(msg.text) : (m ? `${m.kind} ${C.labels(C.splitMulti(m.cards || ""))}` : "")), "hint");
    this.render();
  }

  gameOver(outcome) {
    this.over = outcome || {};
    this.pending = null;
    this.render();
  }

  // ---- selection ----

  handCards() {
    return this.obs ? C.splitMulti(this.obs.Hand) : [];
  }

  pruneSelection() {
    const have = new Map();
    for (const c of this.handCards()) have.set(c, (have.get(c) || 0) + 1);
    this.selected = this.selected.filter((k) => {
      const [c, n] = k.split("#");
      return Number(n) < (have.get(c) || 0);
    });
  }

  selectedCards() {
    return this.selected.map((k) => k.split("#")[0]);
  }

  selectCards(cards) {
    this.selected = [];
    const seen = new Map();
    for (const c of cards) {
      const k = seen.get(c) || 0;
      seen.set(c, k + 1);
      this.selected.push(`${c}#${k}`);
    }
  }

  // leadCount is how many cards a follow must have (0 when leading).
  leadCount() {
    const o = this.obs;
    const tr = o && o.NTricks > 0 ? o.Tricks[o.NTricks - 1] : null;
    if (!tr || tr.Count === 0 || tr.Count === 4) return 0;
    return C.splitMulti(tr.Plays[tr.Leader]).length;
  }

  // askCheck asks the server whether the selected cards are a legal play
  // for the pending decision, once per selection: a decision lists at
  // most a few hundred of the legal plays (more may be left out), so the
  // page asks rather than looks the selection up.
  askCheck() {
    const o = this.obs;
    if (!this.pending || !o || phaseName(o.Phase) !== "play") return;
    const cards = this.selectedCards();
    const n = this.leadCount();
    if (!cards.length || (n && cards.length !== n) || (!n && cards.length < 2)) return;
    const key = `${this.pending.seq}:${canonical(cards)}`;
    if (key === this.asked) return;
    this.asked = key;
    this.ctx.check({ kind: "play", cards: canonical(cards) }, this.pending.seq);
  }

  checked(msg) {
    if (!msg.move || msg.move.kind !== "play") return;
    this.check = { seq: msg.seq, cards: msg.move.cards, legal: msg.legal, reason: msg.reason || "" };
    this.render();
  }

  // checkNote says what the server answered about the selection, if it
  // is the one asked about.
  checkNote() {
    const c = this.check;
    const cards = this.selectedCards();
    const n = this.leadCount();
    if (!this.pending || !this.obs || phaseName(this.obs.Phase) !== "play") return null;
    if (n && cards.length && cards.length !== n) return h("span.note", { id: "check-note", "data-legal": "false" }, `Follow with ${plural(n, "card")} (${cards.length} chosen).`);
    if (!c || c.seq !== this.pending.seq || !cards.length || c.cards !== canonical(cards)) return null;
    if (c.legal) return h("span.note", { id: "check-note", "data-legal": "true" }, "A legal play.");
    return h("span.note.refused", { id: "check-note", "data-legal": "false" }, c.reason);
  }

  toggle(key) {
    const i = this.selected.indexOf(key);
    if (i >= 0) this.selected.splice(i, 1);
    else {
      const phase = this.obs && phaseName(this.obs.Phase);
      if (phase === "bury" && this.selected.length >= 8) {
        this.ctx.message("The kitty holds eight cards: unselect one first.", "info");
        return;
      }
      this.selected.push(key);
    }
    this.render();
  }

  // ---- acting ----

  act(move) {
    if (!this.pending) return;
    // The last hand's result stays up until the first move of the next.
    const sd = this.ctx.els.showdown;
    if (!sd.hidden && this.obs && Number(sd.dataset.hand) < this.obs.HandNumber) sd.hidden = true;
    this.lastDecide = this.pending;
    this.ctx.send(move, this.pending.seq);
    this.pending = null;
    this.selected = [];
    this.hintCards = null;
    this.render();
  }

  play() {
    const cards = this.selectedCards();
    if (!this.pending) return;
    const phase = phaseName(this.obs.Phase);
    if (phase === "bury") {
      if (cards.length !== 8) {
        this.ctx.message(`Choose eight cards to bury (${cards.length} chosen).`, "info");
        return;
      }
      this.act({ kind: "bury", cards: canonical(cards) });
      return;
    }
    if (phase !== "play") return;
    if (cards.length === 0) {
      this.ctx.message("Choose the cards to play first.", "info");
      return;
    }
    this.act({ kind: "play", cards: canonical(cards) });
  }

  // declarations lists the bids this seat may show now: from the pending
  // decision's legal moves, or worked out from the hand while the cards
  // are dealt (the server checks them).
  declarations() {
    const o = this.obs;
    if (!o || this.ctx.seat < 0) return [];
    if (this.pending && this.pending.legal) {
      const l = this.pending.legal.filter((m) => m.kind === "bid");
      if (l.length || phaseName(o.Phase) !== "deal") return l;
    }
    if (phaseName(o.Phase) !== "deal" || (o.Rules && o.Rules.bid_after_deal)) return [];
    if (this.optional && this.optional.obs && this.optional.obs.Dealt === o.Dealt) {
      return (this.optional.legal || []).filter((m) => m.kind === "bid");
    }
    const t = this.trump();
    const hand = this.handCards();
    const count = (c) => hand.filter((x) => x === c).length;
    const bids = (o.Bids || []).slice(0, o.NBids || 0);
    const top = bids.length ? bids[bids.length - 1] : null;
    const topRank = top ? top.Rank : 0;
    const out = [];
    const lv = rankChar(o.Level);
    for (const s of C.SUITS) {
      const c = lv + s;
      const n = count(c);
      if (n >= 1 && topRank < 1) out.push({ kind: "bid", cards: c, rank: 1 });
      const topSuit = top ? C.splitMulti(top.Cards)[0][1] : null;
      if (n >= 2 && (topRank < 2 || (top && top.Seat === o.Seat && topRank === 1 && topSuit === s))) {
        if (!(top && top.Seat !== o.Seat && topRank >= 2)) out.push({ kind: "bid", cards: `${c} ${c}`, rank: 2 });
      }
    }
    if (count("SJ") >= 2 && topRank < 3) out.push({ kind: "bid", cards: "SJ SJ", rank: 3 });
    if (count("BJ") >= 2 && topRank < 4) out.push({ kind: "bid", cards: "BJ BJ", rank: 4 });
    void t;
    return out;
  }

  bid(m) {
    const move = { kind: "bid", cards: m.cards };
    if (this.pending && !this.pending.optional && this.pending.legal && this.pending.legal.some((x) => x.kind === "bid" && x.cards === m.cards)) {
      this.act(move);
      return;
    }
    this.ctx.bid(move);
    this.ctx.message(`Your declaration of ${C.labels(C.splitMulti(m.cards))} is on its way: it is shown at your next turn in the deal.`, "info");
    this.queued = m.cards;
    this.render();
  }

  key(e) {
    const k = e.key;
    const buttons = Array.from(this.ctx.els.hand.querySelectorAll("button.card"));
    if (k === "ArrowRight" || k === "ArrowLeft") {
      if (!buttons.length) return false;
      const cur = buttons.indexOf(document.activeElement);
      let i = cur < 0 ? 0 : cur + (k === "ArrowRight" ? 1 : -1);
      i = (i + buttons.length) % buttons.length;
      buttons[i].focus();
      return true;
    }
    if (k === "Enter") {
      const a = document.activeElement;
      if (a && a.tagName === "BUTTON" && !a.classList.contains("card")) return false;
      this.play();
      return true;
    }
    if (k === " ") {
      const a = document.activeElement;
      if (a && a.dataset && a.dataset.key && a.classList.contains("card")) {
        this.toggle(a.dataset.key);
        const again = this.ctx.els.hand.querySelector(`button.card[data-key="${a.dataset.key}"]`);
        if (again) again.focus();
        return true;
      }
      return false;
    }
    const lk = k.toLowerCase();
    if (lk === "h") this.ctx.hint();
    else if (lk === "b") {
      const d = this.declarations();
      if (d.length) this.bid(d[d.length - 1]);
    } else if (lk === "p" && this.pending && this.pending.legal && this.pending.legal.some((m) => m.kind === "pass")) this.act({ kind: "pass" });
    else return false;
    return true;
  }

  // ---- drawing ----

  render() {
    const els = this.ctx.els;
    const o = this.obs;
    const main = els.main;
    const phase = o ? phaseName(o.Phase) : "";
    main.dataset.game = "shengji";
    main.dataset.myTurn = this.pending ? "true" : "false";
    main.dataset.seq = this.pending ? String(this.pending.seq) : "";
    main.dataset.phase = phase;
    main.dataset.hand = o ? String(o.HandNumber) : "";
    main.dataset.handsEnded = String(this.hands.length);
    main.dataset.over = this.over ? "true" : "false";
    main.dataset.banker = o && o.Banker !== NO_SEAT ? String(o.Banker) : "";
    if (!o) {
      els.board.replaceChildren(h("p.waiting", this.ctx.seat < 0 ? "Watching: the players' cards are hidden." : "Waiting for the deal…"));
      els.hand.replaceChildren();
      els.actions.replaceChildren();
      this.renderScores();
      return;
    }
    this.renderBoard(o, phase);
    if (this.ctx.seat < 0) {
      els.hand.replaceChildren(h("p.waiting", "Watching: the players' cards are hidden."));
      els.actions.replaceChildren();
      this.renderScores();
      return;
    }
    this.renderHand(o, phase);
    this.renderActions(o, phase);
    this.renderScores();
  }

  renderBoard(o, phase) {
    const me = this.ctx.seat < 0 ? 0 : this.ctx.seat;
    const t = this.trump();
    const trick = o.NTricks > 0 ? o.Tricks[o.NTricks - 1] : null;
    const seats = [];
    for (let s = 0; s < 4; s++) {
      const rel = (s - me + 4) % 4;
      const toAct = phase !== "deal" && o.Turn === s && !this.over;
      const badges = [];
      if (o.Banker === s) badges.push(h("span.badge.banker", "banker"));
      if (o.Dealer === s && o.Banker !== s) badges.push(h("span.badge", "dealer"));
      if (toAct) badges.push(h("span.badge.thinking", s === this.ctx.seat ? "your turn" : "to play"));
      const play = trick && trick.Plays[s] ? C.splitMulti(trick.Plays[s]) : [];
      const won = trick && trick.Count === 4 && trick.Winner === s;
      seats.push(
        h(
          `section.sj-seat.pos-${POS[rel]}` + (toAct ? ".to-act" : "") + (won ? ".won" : ""),
          { "data-seat": s, "aria-label": `${this.who(s)}, ${o.Counts[s]} cards` },
          h("div.seat-name", this.who(s), rel === 2 && this.ctx.seat >= 0 ? h("span.team", "partner") : null, badges, this.ctx.statusBadge(s)),
          s !== this.ctx.seat && this.who(s) !== this.ctx.names(s) ? h("div.seat-kind", this.ctx.names(s)) : null,
          h("div.count", plural(o.Counts[s], "card")),
          h("div.trick-play" + (trick && trick.Leader === s ? ".led" : ""), play.length ? C.row(play, { small: true }) : null, won ? h("span.badge.win", "wins") : null),
        ),
      );
    }
    const bids = (o.Bids || []).slice(0, o.NBids || 0);
    const turned = (o.Turned || []).slice(0, o.NTurned || 0).filter(Boolean);
    const centre = h(
      "div.sj-centre",
      h("div.trump-box", h("span.label", "Trump"), h("span.trump" + (t.suit === "H" || t.suit === "D" ? ".red" : ""), { id: "trump" }, phase === "deal" && !bids.length ? `— (level ${levelLabel(o.Level)})` : trumpLabel(t))),
      phase === "deal" ? h("div.dealt", `Dealt ${o.Dealt} of 100`) : null,
      bids.length ? h("div.bids", "Declared: ", ...bids.map((b) => h("span.bid", `${this.who(b.Seat)} ${C.labels(C.splitMulti(b.Cards))}`))) : null,
      turned.length ? h("div.turned", "Kitty turned up: ", C.row(turned, { small: true })) : null,
      trick && trick.Count === 4 ? h("p.trick-result", `${this.who(trick.Winner)} won the trick` + (trick.Points ? ` (${trick.Points} points)` : "")) : null,
      trick && trick.Attempt ? h("p.trick-result", `A throw of ${C.labels(C.splitMulti(trick.Attempt))} failed.`) : null,
    );
    this.ctx.els.board.replaceChildren(h("div.sj-table", ...seats, centre), this.turnLine(o, phase));
  }

  turnLine(o, phase) {
    let text;
    if (this.over) text = "The game is over.";
    else if (phase === "deal") {
      const d = this.declarations();
      text = d.length ? "The cards are being dealt: you may declare trump." : "The cards are being dealt…";
    } else if (!this.pending) text = phase === "over" ? "The hand is over." : o.Turn === this.ctx.seat ? "Your turn…" : `${this.ctx.names(o.Turn)} is playing…`;
    else if (phase === "bid") text = "Declare trump or pass.";
    else if (phase === "bury") text = "You are the banker: choose eight cards to bury in the kitty.";
    else if (phase === "play") {
      const tr = o.NTricks > 0 ? o.Tricks[o.NTricks - 1] : null;
      const leading = !tr || tr.Count === 0 || tr.Count === 4;
      text = leading ? "Your lead: choose cards, then Play." : `Your turn to follow: choose ${plural(C.splitMulti(tr.Plays[tr.Leader]).length, "card")}, then Play.`;
    }
    else text = "Your turn.";
    return h("p.turn-line", { id: "turn-line", "aria-live": "polite" }, text);
  }

  renderHand(o, phase) {
    const t = this.trump();
    const groups = units(this.handCards(), t);
    const picked = new Set(C.splitMulti(o.PickedUp));
    const hinted = new Map();
    for (const c of this.hintCards || []) hinted.set(c, (hinted.get(c) || 0) + 1);
    const seen = new Map();
    const mk = (c) => {
      const k = seen.get(c) || 0;
      seen.set(c, k + 1);
      const key = `${c}#${k}`;
      const b = C.cardElement(c, { button: true });
      b.dataset.key = key;
      const sel = this.selected.includes(key);
      b.setAttribute("aria-pressed", sel ? "true" : "false");
      if (sel) b.classList.add("selected");
      if (phase === "bury" && picked.has(c)) b.classList.add("new");
      if ((hinted.get(c) || 0) > k) b.classList.add("hinted");
      if (order(c, t).group === 4) b.classList.add("trump");
      b.addEventListener("click", () => this.toggle(key));
      return b;
    };
    const wrap = h("div.sj-hand");
    for (const g of groups) {
      const label = g.group === 4 ? "Trumps" : C.SUIT_NAME[C.SUITS[g.group]];
      wrap.append(
        h(
          "div.group" + (g.group === 4 ? ".trumps" : ""),
          h("div.group-label", label),
          h("div.cards", ...g.units.map((u) => (u.kind === "single" ? mk(u.cards[0]) : h("span.unit." + u.kind, { title: u.kind }, ...u.cards.map(mk))))),
        ),
      );
    }
    const n = this.selected.length;
    patch(this.ctx.els.hand, [h("div.seat-name", "Your hand", h("span.count", ` · ${plural(this.handCards().length, "card")}`), n ? h("span.count", { id: "selected-count" }, ` · ${n} selected`) : null), wrap]);
  }

  renderActions(o, phase) {
    const bar = [];
    const btn = (id, text, key, fn, primary) => h("button" + (primary ? "" : ".secondary"), { type: "button", id, onclick: fn }, text, key ? h("kbd", key) : null);
    const decls = this.declarations();
    for (const d of decls) {
      const cards = C.splitMulti(d.cards);
      const what = cards[0] === "SJ" || cards[0] === "BJ" ? "no trump" : `${C.SYMBOL[cards[0][1]]} trump`;
      bar.push(h("button.bid", { type: "button", "data-cards": d.cards, onclick: () => this.bid(d) }, `Declare ${C.labels(cards)} (${what})`));
    }
    if (this.pending) {
      if (this.pending.legal && this.pending.legal.some((m) => m.kind === "pass")) bar.push(btn("act-pass", "Pass", "P", () => this.act({ kind: "pass" })));
      if (phase === "bury") {
        const b = btn("act-bury", `Bury ${this.selected.length}/8`, "Enter", () => this.play(), true);
        if (this.selected.length !== 8) b.disabled = true;
        bar.push(b);
      }
      if (phase === "play") {
        const b = btn("act-play", this.selected.length ? `Play ${C.labels(this.selectedCards())}` : "Play", "Enter", () => this.play(), true);
        if (!this.selected.length) b.disabled = true;
        bar.push(b);
      }
      if (phase === "bury" || phase === "play") bar.push(btn("act-hint", "Hint", "H", () => this.ctx.hint()));
      if (this.selected.length) bar.push(btn("act-clear", "Clear", "", () => { this.selected = []; this.render(); }));
      const note = this.checkNote();
      if (note) bar.push(note);
    }
    const mine = (o.Bids || []).slice(0, o.NBids || 0).some((b) => b.Seat === this.ctx.seat && b.Cards === this.queued);
    if (mine) this.queued = null;
    if (this.queued && phase === "deal") bar.push(h("span.note", `Queued: ${C.labels(C.splitMulti(this.queued))}`));
    if (phase !== "deal") this.queued = null;
    patch(this.ctx.els.actions, bar);
    this.ctx.els.actions.dataset.legal = JSON.stringify(((this.pending && this.pending.legal) || []).slice(0, 64));
    this.ctx.els.actions.dataset.more = String((this.pending && this.pending.more) || 0);
    this.askCheck();
  }

  renderShowdown(rec) {
    const box = this.ctx.els.showdown;
    const s = rec.score;
    const parts = [
      h("h2", `Hand ${rec.hand} is over`),
      h("p.result-line", this.scoreWords(s)),
      h("p", `Banker: ${this.who(s.Banker)} · trump ${trumpLabel(trumpOf(s.Trump, s.Trump && s.Trump.level))} · last trick: ${this.who(s.LastWinner)}`),
      rec.kitty.length ? h("div", h("span.label", "The kitty: "), C.row(rec.kitty, { small: true })) : null,
    ];
    if (rec.gameOver) parts.push(h("p.game-over", { id: "game-over" }, `The game is over: ${this.teamName(rec.winners)} win.`));
    parts.push(h("button.secondary", { type: "button", id: "close-showdown", onclick: () => (box.hidden = true) }, "Close"));
    box.replaceChildren(...parts);
    box.hidden = false;
    box.dataset.hand = String(rec.hand);
  }

  renderScores() {
    const o = this.obs;
    const box = this.ctx.els.scores;
    const me = this.ctx.seat < 0 ? 0 : this.ctx.seat;
    const us = this.team(me);
    const parts = [];
    if (o) {
      const bankerKnown = o.Banker !== NO_SEAT;
      const attackers = bankerKnown ? 1 - this.team(o.Banker) : null;
      parts.push(
        h(
          "dl.facts",
          h("dt", "Levels"),
          h("dd", { id: "levels" }, `${this.ctx.seat < 0 ? "Seats 0 & 2" : "You & partner"} ${levelLabel(o.Levels[us])} · ${this.ctx.seat < 0 ? "Seats 1 & 3" : "Opponents"} ${levelLabel(o.Levels[1 - us])}`),
          h("dt", "Banker"),
          h("dd", { id: "banker" }, bankerKnown ? this.who(o.Banker) : "not yet known"),
          h("dt", "Trump"),
          h("dd", trumpLabel(this.trump())),
          h("dt", "Points"),
          h("dd", { id: "points" }, attackers === null ? `${o.TeamPoints[0]} / ${o.TeamPoints[1]}` : `Attackers ${o.TeamPoints[attackers] + (o.Penalty || 0)}` + (attackers === us ? " (you)" : "")),
        ),
      );
    }
    if (this.hands.length) {
      parts.push(
        h(
          "div.sheet-wrap",
          h(
          "table.sheet",
          { id: "score-sheet" },
          h("thead", h("tr", h("th", "Hand"), h("th", "Banker"), h("th.num", "Attackers"), h("th", "Result"))),
          h(
            "tbody",
            this.hands.map((r) =>
              h("tr", h("td", String(r.hand)), h("td", this.who(r.score.Banker)), h("td.num", String(r.score.AttackerPoints)), h("td", r.score.BankersKeep ? `kept, +${r.score.LevelsUp}` : r.score.LevelsUp ? `lost, attackers +${r.score.LevelsUp}` : "lost")),
            ),
          ),
          ),
        ),
      );
    }
    box.replaceChildren(...parts);
  }
}
