// Shengji at the table, for any table the engine plays: 4 to 10 players
// around the trick, 2 to 5 packs, fixed partnerships or Finding Friends
// (找朋友). Your hand sorted by trump with its tuples and tractors grouped;
// declaring while the cards are dealt (or after); burying a kitty of the
// table's size; calling friends as the banker; every seat's cards held,
// level, points and play in the trick; the banker, the friends known and
// the calls still open; and each hand's end: the side that won, the
// friends, each seat's level before and after. Everything shown comes from
// the seat's observation and events (shengji.Observation and
// shengji.Event, field names as in Go; the observation's Table says what
// the rules come to), never from anything else: a friend is shown only
// once the card that makes it one has been played.

import { api, h, patch } from "./app.js";
import * as C from "./cards.js";

const NO_SEAT = 10; // shengji.NoSeat (MaxSeats)
const RANKS = "A23456789TJQK"; // card.Rank: ace 1 … king 13
const HIGH = "23456789TJQKA"; // Shengji's order within a suit
const EVENT = { 1: "hand", 2: "card", 3: "declare", 4: "pass", 5: "bury", 6: "play", 7: "call" };
const TUPLE = { 2: "pair", 3: "triple", 4: "four", 5: "five" };
// How long a finished trick stays on the board: the choices (ms; -1 until
// a key or tap), the default and where the person's choice is kept.
export const TRICK_DELAYS = [0, 1000, 1500, 3000, 5000, -1];
const DEFAULT_TRICK_DELAY = 1500;
const TRICK_DELAY_KEY = "felt.shengji.trickDelay";

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

// andList joins words as "a, b and c".
export function andList(ws) {
  if (ws.length < 2) return ws.join("");
  return ws.slice(0, -1).join(", ") + " and " + ws[ws.length - 1];
}

// NT_LEVEL is the level above the ace that some tables play (no-trump
// top rank): 14 on the wire, written "NT".
const NT_LEVEL = 14;

// rankChar turns a card.Rank number (ace 1 … king 13) into its letter;
// the level 14 (no-trump top rank) is "NT".
export function rankChar(r) {
  if (typeof r === "string") return r === "10" ? "T" : r;
  if (r === NT_LEVEL) return "NT";
  return RANKS[r - 1] || "?";
}

export function levelLabel(r) {
  const c = rankChar(r);
  return c === "T" ? "10" : c;
}

// levelPower is a level's place as levels climb: 2 is 0, A is 12, NT 13.
export function levelPower(r) {
  const c = rankChar(r);
  return c === "NT" ? HIGH.length : HIGH.indexOf(c);
}

// phaseName reads the observation's phase: the wire names it ("play").
function phaseName(p) {
  return String(p || "");
}

// seatList returns the seats of a shengji.Seats bitmask, lowest first.
export function seatList(mask) {
  const out = [];
  for (let s = 0; s < NO_SEAT; s++) if (mask & (1 << s)) out.push(s);
  return out;
}

// ordinal writes 1 as "1st", 2 as "2nd" …
export function ordinal(n) {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return n + ({ 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th");
}

// callLabel writes a friend call as "2nd A♠".
export function callLabel(c) {
  return `${ordinal(c.Ordinal ?? c.ordinal)} ${C.label(c.Card ?? c.card)}`;
}

// friendsOf reads how the friend calls stand in an observation
// (Observation.Friends and Side): each call with the copies of its card
// played and who met it (null while open), the calls still open, the
// friends who have joined and the banker's side as every seat knows it.
export function friendsOf(o) {
  const f = (o && o.Friends) || {};
  const n = f.NCalls || 0;
  const calls = [];
  for (let i = 0; i < n; i++) {
    const c = f.Calls[i];
    const met = f.Met && f.Met[i] !== undefined && f.Met[i] !== NO_SEAT ? f.Met[i] : null;
    calls.push({ card: c.Card, ordinal: c.Ordinal, played: (f.Played && f.Played[i]) || 0, met });
  }
  const side = seatList((o && o.Side) || 0);
  const banker = o && o.Banker !== NO_SEAT ? o.Banker : null;
  return { calls, open: calls.filter((c) => c.met === null).length, joined: side.filter((s) => s !== banker), side };
}

// endTrick follows the calls through an ended trick's plays (in the order
// they were made: [{seat, cards}]) as shengji.Friendship.EndTrick does: a
// call whose copy is among them is met by the seat that played it, which
// joins the banker's side. It changes f (Observation.Friends' shape) and
// returns the seats that joined. A spectator's page, which gets events
// only, keeps the calls with it.
export function endTrick(f, plays) {
  const joined = [];
  for (const p of plays) {
    for (let i = 0; i < f.NCalls; i++) {
      if (f.Met[i] !== NO_SEAT) continue;
      const c = f.Calls[i];
      f.Played[i] += p.cards.filter((x) => x === c.Card).length;
      if (f.Played[i] >= c.Ordinal) {
        f.Met[i] = p.seat;
        if (!(f.Side & (1 << p.seat))) {
          f.Side |= 1 << p.seat;
          joined.push(p.seat);
        }
      }
    }
  }
  return joined;
}

// trickOrder returns the seats of a trick in the order they play: the
// leader, then round the table.
export function trickOrder(leader, n) {
  return Array.from({ length: n }, (_, i) => (leader + i) % n);
}

// ringLayout places n seats round the trick on a grid, the viewer at the
// bottom and play going round to the right, up, across the top and down
// the left: for each seat counted from the viewer, its row and column
// (from 1) and the columns it spans; the centre's place; the grid's size.
export function ringLayout(n) {
  const m = n - 1;
  const side = Math.max(1, Math.floor(m / 3));
  const top = m - 2 * side;
  const cols = top + 2;
  const rows = side + 2;
  const seats = [{ row: rows, col: 2, colSpan: top }];
  for (let r = 1; r <= m; r++) {
    if (r <= side) seats.push({ row: rows - r, col: cols, colSpan: 1 });
    else if (r <= side + top) seats.push({ row: 1, col: cols - 1 - (r - side - 1), colSpan: 1 });
    else seats.push({ row: 2 + (r - side - top - 1), col: 1, colSpan: 1 });
  }
  return { rows, cols, seats, centre: { row: 2, col: 2, rowSpan: side, colSpan: top } };
}

// levelChanges compares each seat's level before and after a hand:
// [{seat, from, to, up}] for the n seats, up counted in levels.
export function levelChanges(before, after, n) {
  const out = [];
  for (let s = 0; s < n; s++) {
    const from = before ? before[s] : undefined;
    const to = after ? after[s] : undefined;
    out.push({ seat: s, from, to, up: from === undefined || to === undefined ? 0 : levelPower(to) - levelPower(from) });
  }
  return out;
}

// trumpOf reads the observation's trump: {suit: "S"… or null, level: "2"}.
export function trumpOf(t, level) {
  const suit = t && t.suit && t.suit !== "none" ? t.suit : null;
  const lv = t && t.level ? rankChar(t.level) : rankChar(level);
  return { suit, level: lv };
}

// trumpLabel writes a trump in one short line, the same on the board and
// in the score panel: "♠ (level 2)", "no trump (level 2)" once the jokers
// made it so, "none yet (level 2)" while nothing is declared (open).
export function trumpLabel(t, open = false) {
  const lv = `(level ${t.level === "T" ? "10" : t.level})`;
  if (t.suit) return `${C.SYMBOL[t.suit]} ${lv}`;
  return open ? `none yet ${lv}` : `no trump ${lv}`;
}

// kittyKeys are the hand's cards to mark as taken up with the kitty: for
// each face, as many of its copies ("CODE#k", k from 0 in the hand's
// order) as the kitty held, never both copies for one.
export function kittyKeys(pickedUp) {
  const out = new Set();
  const n = new Map();
  for (const c of pickedUp) {
    const k = n.get(c) || 0;
    n.set(c, k + 1);
    out.add(`${c}#${k}`);
  }
  return out;
}

// sentence capitalizes a reason and ends it with a full stop.
function sentence(t) {
  t = t.trim().replace(/[.:;,]+$/, "");
  return t ? t[0].toUpperCase() + t.slice(1) + "." : "";
}

// followWords says a rule of following (shengji.FollowError's reason) to
// the person who broke it.
function followWords(r) {
  let m;
  if ((m = /^the lead has (\d+) cards?: play \d+, not (\d+)$/.exec(r))) return `Play ${plural(Number(m[1]), "card")}, as many as the lead (you chose ${m[2]}).`;
  if ((m = /^you hold only (\d+) cards? of (\S+) \((.*)\): play all of them/.exec(r)))
    return `You must play all your ${m[2]} first: you hold only ${m[1]} (${m[3]}).`;
  if ((m = /^you hold (\d+) cards? of (\S+): play only \S+, not (.+)$/.exec(r))) return `You must follow with ${m[2]}: you hold ${m[1]}.`;
  if ((m = /^you hold the tractor (.+?): a led (.+?) must be followed with a (.+)$/.exec(r))) return `You must follow the ${m[2]} with your tractor ${m[1]}.`;
  if ((m = /^your (\S+) hold tractors of (.+?) to answer the throw's tractors of (.+?): play them$/.exec(r)))
    return `You must answer the throw's tractors with yours: your ${m[1]} hold tractors of ${m[2]}.`;
  if ((m = /^you hold (.+?): (.+?) must be followed with (.+)$/.exec(r))) return `You must follow ${m[2]} with ${m[3]}: you hold ${m[1]}.`;
  return sentence(r);
}

// sayRefusal puts a refusal of the rules (shengji.ActionError's reason,
// as the server sends it, or a check's) in a person's words, spoken to
// the seat that tried: "shengji: seat 0 cannot play 4♠ to the lead big
// joker: you hold 7 cards of trumps: play only trumps, not 4♠" is "You must
// follow with trumps: you hold 7." who names another seat.
export function sayRefusal(text, who = (s) => `Seat ${s}`) {
  let t = String(text || "").trim().replace(/^shengji: /, "");
  const seats = (x) => x.replace(/\bseat (\d+)('s)?/g, (_, n, poss) => who(Number(n)) + (poss || ""));
  let m;
  if ((m = /^seat \d+ cannot play .+? to the lead .+?: (.+)$/s.exec(t))) return followWords(m[1]);
  if ((m = /^seat \d+ cannot (?:play|bury|show) .+?: it (?:does not hold|has not been dealt) (.+)$/.exec(t))) return `You do not hold ${m[1]}.`;
  if ((m = /^seat \d+ cannot [^:]+: it is seat (\d+)'s turn/.exec(t))) return `It is ${who(Number(m[1]))}'s turn, not yours.`;
  if ((m = /^seat \d+ cannot [^:]+: the banker, seat (\d+), (.+)$/.exec(t))) return `Only the banker, ${who(Number(m[1]))}, ${m[2]}.`;
  if (/^seat \d+ cannot lead /.test(t)) return "Lead cards of one suit, or only trumps: a single, a pair, a tractor or a throw of them.";
  if ((m = /^bury (\d+) cards, not (\d+)$/.exec(t))) return `Bury ${m[1]} cards (you chose ${m[2]}).`;
  if ((m = /^seat \d+ cannot ([^:]+?): (.+)$/s.exec(t))) return sentence(`you cannot ${seats(m[1])}: ${seats(m[2])}`);
  if ((m = /^seat \d+ cannot (.+)$/s.exec(t))) return sentence(`you cannot ${seats(m[1])}`);
  return sentence(seats(t.replace(/^seat \d+: /, "")));
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

// nextStrength is the next place up in the group: a tractor is a run of
// tuples at neighbouring places. Jokers and the trump level follow the
// trump ace.
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

// bigger reports whether unit a is taken out before unit b: more cards,
// then a tractor before a tuple, then the wider, then the higher top,
// then (at a place shared by off-suit level cards) the suit first in
// ♠♥♦♣.
function bigger(a, b) {
  const na = a.width * a.codes.length;
  const nb = b.width * b.codes.length;
  if (na !== nb) return na > nb;
  if ((a.kind === "tractor") !== (b.kind === "tractor")) return a.kind === "tractor";
  if (a.width !== b.width) return a.width > b.width;
  if (a.top.strength !== b.top.strength) return a.top.strength > b.top.strength;
  return a.top.sub < b.top.sub;
}

// splitGroup splits one suit-group's cards into units as the engine
// splits a play (the rules' "Splitting a play into units"): again and
// again the largest unit left, a tuple (identical cards) or a tractor
// (tuples of one width at neighbouring places), then singles.
function splitGroup(group, cards, t) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  const out = [];
  for (;;) {
    let best = null;
    const consider = (u) => {
      if (!best || bigger(u, best)) best = u;
    };
    let widest = 0;
    for (const [c, n] of counts) {
      widest = Math.max(widest, n);
      if (n >= 2) consider({ kind: TUPLE[n] || "tuple", width: n, codes: [c], top: order(c, t) });
    }
    for (let w = 2; w <= widest; w++) {
      // At each place, the card held at least w times (of off-suit level
      // cards sharing a place, the first in ♠♥♦♣).
      const at = new Map();
      for (const [c, n] of counts) {
        if (n < w) continue;
        const o = order(c, t);
        const cur = at.get(o.strength);
        if (!cur || o.sub < order(cur, t).sub) at.set(o.strength, c);
      }
      for (const [st, c] of at) {
        const codes = [c];
        for (let s = nextStrength(st, group, t); at.has(s); s = nextStrength(s, group, t)) codes.push(at.get(s));
        if (codes.length >= 2) consider({ kind: "tractor", width: w, codes, top: order(codes[codes.length - 1], t) });
      }
    }
    if (!best) break;
    for (const c of best.codes) {
      const left = counts.get(c) - best.width;
      if (left > 0) counts.set(c, left);
      else counts.delete(c);
    }
    out.push({ kind: best.kind, width: best.width, cards: best.codes.flatMap((c) => Array(best.width).fill(c)), key: order(best.codes[0], t) });
  }
  for (const [c, n] of counts) for (let k = 0; k < n; k++) out.push({ kind: "single", width: 1, cards: [c], key: order(c, t) });
  out.sort((a, b) => a.key.strength - b.key.strength || a.key.sub - b.key.sub);
  return out;
}

// units groups a hand by suit-group, trumps last, and splits each group
// into tractors, tuples (pairs, triples …) and singles:
// [{group, units: [{kind: "tractor"|"pair"|"triple"|"four"|"five"|"single", width, cards}]}].
export function units(cards, t) {
  const groups = [];
  for (const c of sortHand(cards, t)) {
    const o = order(c, t);
    let g = groups[groups.length - 1];
    if (!g || g.group !== o.group) groups.push((g = { group: o.group, cards: [] }));
    g.cards.push(c);
  }
  for (const g of groups) g.units = splitGroup(g.group, g.cards, t);
  return groups;
}

// canonical orders cards as the engine writes them (S H D C, ace to king,
// then the jokers), joined by spaces.
export function canonical(cards) {
  const key = (c) => (c === "SJ" ? 100 : c === "BJ" ? 101 : C.SUITS.indexOf(c[1]) * 20 + RANKS.indexOf(c[0]));
  return [...cards].sort((a, b) => key(a) - key(b)).join(" ");
}

// callable lists the cards a banker may call at a hand's level: the 52
// ordinary cards but the level rank's, spades to clubs, ace to king.
export function callable(level) {
  const lv = rankChar(level);
  const out = [];
  for (const s of C.SUITS) for (const r of "AKQJT98765432") if (r !== lv) out.push(r + s);
  return out;
}

export class ShengjiView {
  constructor(ctx) {
    this.ctx = ctx;
    this.obs = null;
    this.pending = null;
    this.selected = []; // keys "CODE#k": the k-th copy of a card in the hand
    this.hands = []; // finished hands' results
    this.startLevels = new Map(); // each hand's seat levels as it began
    this.over = null;
    this.hintCards = null;
    // The server's answer about the selected cards (or the calls): {seq,
    // move, legal, reason}, and the move last asked about.
    this.check = null;
    this.asked = "";
    this.calls = null; // the calls being chosen: [{card, ordinal}]
    this.table = null; // what the table's rules come to, for a spectator (the seats' observations say it)
    // A trick held on the board after it ended ("done", for trickDelay)
    // or asked for ("last"): {trick, kind}; null shows the trick in play.
    this.shown = null;
    this.shownTimer = 0;
    this.trickDue = false; // a trick has just ended: hold it once the observation has it
    // A hand's result waiting to go over the table (ctx.showResult) once
    // its last trick has been shown, and the one over it now (the person
    // moves on with Next hand): the next hand's decisions wait for both.
    this.resultDue = null;
    this.resultOpen = null;
    this.told = new Set(); // the hands whose end has been put over the table
    if (typeof document !== "undefined") {
      document.addEventListener("keydown", (e) => this.skipShown(e), true);
      // A click, not a pointerdown: the page drawn again under a pointer that
      // is down would lose the tap on a card.
      document.addEventListener("click", (e) => this.skipShown(e), true);
    }
  }

  // trickDelay is how long (ms) a finished trick stays on the board: the
  // person's choice, kept in localStorage; 0 goes on at once, -1 waits
  // for a key or a tap.
  trickDelay() {
    const v = Number(localStorage.getItem(TRICK_DELAY_KEY));
    return localStorage.getItem(TRICK_DELAY_KEY) !== null && TRICK_DELAYS.includes(v) ? v : DEFAULT_TRICK_DELAY;
  }

  // lastFinished is the observation's last finished trick, null before
  // the first ends.
  lastFinished() {
    const o = this.obs;
    const n = this.players();
    for (let i = (o && o.NTricks) || 0; i-- > 0; ) if (o.Tricks[i].Count >= n) return o.Tricks[i];
    return null;
  }

  // showTrick holds a trick on the board: a finished one for the delay,
  // the last one asked for until any key or tap.
  showTrick(trick, kind) {
    clearTimeout(this.shownTimer);
    this.shown = { trick: JSON.parse(JSON.stringify(trick)), kind };
    const ms = this.trickDelay();
    if (kind === "done" && ms > 0) this.shownTimer = setTimeout(() => this.endShown(), ms);
  }

  endShown() {
    clearTimeout(this.shownTimer);
    if (!this.shown) return;
    this.shown = null;
    this.render();
  }

  // skipShown ends a held trick on any key or tap (not the Last trick
  // control's own, nor while the result is over the table).
  skipShown(e) {
    if (!this.shown || this.resultOpen) return;
    if (e.type === "keydown" && (["Shift", "Control", "Alt", "Meta"].includes(e.key) || e.key.toLowerCase() === "l")) return;
    const t = e.target;
    if (t && t.closest && t.closest("#act-last-trick, #trick-delay")) return;
    // A key only goes on (Enter does not also play the cards chosen, nor
    // close the result it brings up); a tap on a card chooses it too.
    if (e.type === "keydown") {
      e.preventDefault();
      e.stopPropagation();
    }
    this.endShown();
  }

  // toggleLast shows the last finished trick, or goes back to the trick in play.
  toggleLast() {
    if (this.shown) {
      this.endShown();
      return;
    }
    const t = this.lastFinished();
    if (!t) {
      this.ctx.message("No trick has ended yet in this hand.", "info");
      return;
    }
    this.showTrick(t, "last");
    this.render();
  }

  keysHelp() {
    return "←/→ choose a card · Space select it · Enter play (or bury, or call) · Esc clear · H hint · B bid · L last trick · any key or tap goes on from a finished trick";
  }

  // players is the number of seats at the table.
  players() {
    const o = this.obs;
    return (o && o.Table && o.Table.players) || (this.table && this.table.players) || this.ctx.seats || 4;
  }

  // tableRules says what the rules come to (shengji's Table: kitty,
  // deck, friends …), from the observation, or for a spectator as the
  // server worked them out.
  tableRules() {
    return (this.obs && this.obs.Table) || this.table || null;
  }

  // friendsMode reports whether the banker calls friends at this table.
  friendsMode() {
    const t = this.tableRules();
    return t ? !!t.friends : this.players() >= 5;
  }

  // who names a seat: "You", a person's name, or "Seat 3" for a computer
  // (the computers' names may be alike).
  who(s) {
    if (s === this.ctx.seat) return "You";
    const n = this.ctx.names(s);
    if (/^computer|^seat \d/i.test(n) || !n) return `Seat ${s}`;
    return n;
  }

  whoList(seats) {
    return andList(seats.map((s) => this.who(s)));
  }

  // sideOf is a hand's banker's side: with Finding Friends the banker and
  // its friends, with fixed partnerships every other seat from it.
  sideOf(banker, friendsMask) {
    if (banker === null || banker === undefined || banker === NO_SEAT) return [];
    if (this.friendsMode()) return [banker, ...seatList(friendsMask || 0).filter((s) => s !== banker)];
    const n = this.players();
    return Array.from({ length: n }, (_, s) => s).filter((s) => s % 2 === banker % 2);
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
      case "call": {
        const calls = (ev.Calls || []).slice(0, ev.NCalls || 0);
        return `${who} called ${plural(calls.length, "friend")}: ${andList(calls.map(callLabel))}.`;
      }
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
    const n = this.players();
    if (kind === "hand") {
      this.obs = {
        Seat: -1, Phase: "deal", HandNumber: ev.Hand, Levels: ev.Levels, SeatLevels: ev.SeatLevels, Level: ev.Level, Dealer: ev.Seat, Banker: ev.Banker,
        Trump: { suit: "none", level: rankChar(ev.Level) }, Dealt: 0, Turn: NO_SEAT, Hand: "", Counts: Array(NO_SEAT).fill(0),
        Bids: [], NBids: 0, Turned: [], NTurned: 0, PickedUp: "", Kitty: "", Tricks: [], NTricks: 0, TeamPoints: [0, 0],
        SeatPoints: Array(NO_SEAT).fill(0), Penalty: 0, Side: 0, Friends: { NCalls: 0, Calls: [], Played: [], Met: [], Side: 0 }, Rules: {},
      };
      if (ev.Banker !== NO_SEAT) this.obs.Side = this.sideOf(ev.Banker, 0).reduce((m, s) => m | (1 << s), 0);
      return;
    }
    const o = this.obs;
    if (!o) return;
    const cards = C.splitMulti(ev.Cards);
    const kitty = (this.table && this.table.kitty) || 0;
    if (kind === "card") {
      o.Counts[ev.Seat]++;
      o.Dealt++;
    } else if (kind === "declare") {
      o.Bids.push({ Seat: ev.Seat, Cards: ev.Cards, Rank: 0 });
      o.NBids = o.Bids.length;
      const c = cards[0];
      if (c) o.Trump = { suit: c === "SJ" || c === "BJ" ? "none" : c[1], level: rankChar(o.Level) };
    } else if (kind === "bury") {
      o.Phase = this.friendsMode() ? "call" : "play";
      o.Counts[ev.Seat] -= kitty;
      o.Turn = o.Banker;
    } else if (kind === "call") {
      const calls = (ev.Calls || []).slice(0, ev.NCalls || 0);
      o.Friends = { Banker: ev.Seat, Calls: calls, NCalls: calls.length, Played: calls.map(() => 0), Met: calls.map(() => NO_SEAT), Side: 1 << ev.Seat };
      o.Side = 1 << ev.Seat;
      o.Phase = "play";
      o.Turn = o.Banker;
    } else if (kind === "play") {
      let t = o.NTricks ? o.Tricks[o.NTricks - 1] : null;
      if (!t || t.Count === n) {
        t = { Leader: ev.Seat, Plays: Array(NO_SEAT).fill(""), Attempt: "", Count: 0, Winner: NO_SEAT, Points: 0 };
        o.Tricks.push(t);
        o.NTricks = o.Tricks.length;
      }
      t.Plays[ev.Seat] = ev.Cards;
      if (ev.Attempt) t.Attempt = ev.Attempt;
      t.Count++;
      o.Counts[ev.Seat] -= cards.length;
      o.Turn = (ev.Seat + 1) % n;
      if (ev.TrickDone) {
        t.Count = n;
        t.Winner = ev.Winner;
        t.Points = ev.Points;
        o.SeatPoints[ev.Winner] += ev.Points;
        o.TeamPoints[ev.Winner % 2] += ev.Points;
        o.Turn = ev.Winner;
        if (o.Friends.NCalls) {
          endTrick(o.Friends, trickOrder(t.Leader, n).map((s) => ({ seat: s, cards: C.splitMulti(t.Plays[s]) })));
          o.Side = o.Friends.Side;
        }
      }
      if (ev.HandOver) o.Phase = "over";
    }
    if (ev.Settled) {
      if (ev.Trump) o.Trump = ev.Trump;
      o.Banker = ev.Banker;
      o.Counts[ev.Banker] += kitty;
      o.Phase = "bury";
      o.Turn = ev.Banker;
      o.Side = this.sideOf(ev.Banker, 0).reduce((m, s) => m | (1 << s), 0);
    }
    if (ev.Banker !== undefined && ev.Banker !== NO_SEAT) o.Banker = ev.Banker;
  }

  // learnTable asks the server, once, what the table's rules come to (a
  // spectator's page has no observation to say it).
  learnTable() {
    if (this.table || this.tableAsked || !this.ctx.rules) return;
    this.tableAsked = true;
    api("POST", "/api/games/shengji/rules", { settings: this.ctx.rules })
      .then((m) => {
        this.table = m.effective || null;
        this.render();
      })
      .catch(() => (this.tableAsked = false));
  }

  event(ev, live) {
    if (this.ctx.seat < 0) {
      this.learnTable();
      this.watch(ev);
    }
    if (EVENT[ev.Kind] === "hand" && ev.SeatLevels) this.startLevels.set(ev.Hand, ev.SeatLevels);
    const text = this.describe(ev);
    if (text) this.ctx.log(text, ev.Seat === this.ctx.seat ? "mine" : "theirs");
    if (ev.Settled && ev.Trump) {
      const t = trumpOf(ev.Trump, ev.Trump.level);
      const me = ev.Banker === this.ctx.seat;
      this.ctx.log(`Trump: ${trumpLabel(t)}. ${this.who(ev.Banker)} ${me ? "are" : "is"} the banker and ${me ? "take" : "takes"} up the kitty.`, "end");
    }
    if (ev.TrickDone && live && this.trickDelay() !== 0) this.trickDue = true;
    if (ev.TrickDone) {
      this.ctx.log(`${this.who(ev.Winner)} won the trick` + (ev.Points ? ` (${ev.Points} points)` : "") + ".", "trick");
      const joined = seatList(ev.Joined || 0);
      if (joined.length) this.ctx.log(`${this.whoList(joined)} ${joined.length === 1 && joined[0] !== this.ctx.seat ? "joins" : "join"} the banker's side: a friend.`, "end");
    }
    if (ev.HandOver && ev.Score) {
      const rec = this.result(ev);
      if (!this.hands.some((x) => x.hand === ev.Hand)) this.hands.push(rec);
      this.ctx.log(this.scoreWords(rec), "end");
      if (ev.GameOver) this.ctx.log(`The game is over: ${this.whoList(seatList(ev.WinnerSeats || 0))} win.`, "end");
      // A seat's observation after the last trick comes with the event,
      // after it: the calls are read from it then (setObs).
      if (this.ctx.seat >= 0) this.showdownRec = rec;
      // Over the table once the last trick has been shown (render), until
      // the person moves on; not again for a hand told before a reconnect.
      if (!this.told.has(ev.Hand)) this.resultDue = rec;
      this.told.add(ev.Hand);
    }
    if (this.ctx.seat < 0) this.holdTrick();
  }

  // holdTrick holds the trick that has just ended, once the observation
  // has it.
  holdTrick() {
    if (!this.trickDue) return;
    this.trickDue = false;
    const t = this.lastFinished();
    if (t) this.showTrick(t, "done");
  }

  // result is a finished hand as the page keeps it.
  result(ev) {
    const s = ev.Score;
    const side = this.sideOf(s.Banker, s.Friends);
    return {
      hand: ev.Hand, score: s, kitty: C.splitMulti(ev.Kitty), side, keep: !!s.BankersKeep,
      before: this.startLevels.get(ev.Hand) || null, after: ev.SeatLevels || null, gameOver: ev.GameOver, winners: seatList(ev.WinnerSeats || 0),
      calls: this.obs && this.obs.HandNumber === ev.Hand ? friendsOf(this.obs).calls : [],
    };
  }

  // sideWords names a hand's banker's side: "Seat 2 (banker) and its friends You and Seat 4".
  sideWords(rec) {
    const b = rec.score.Banker;
    const rest = rec.side.filter((s) => s !== b);
    if (!rest.length) return `${this.who(b)} (the banker) alone`;
    return `${this.who(b)} (the banker) with ${this.friendsMode() ? (rest.length === 1 ? "friend " : "friends ") : ""}${this.whoList(rest)}`;
  }

  scoreWords(rec) {
    const s = rec.score;
    if (s.Redeal) return "Nobody declared: the cards are dealt again.";
    const parts = [`tricks ${s.TrickPoints}`];
    if (s.KittyMultiplier) parts.push(`kitty ${s.KittyPoints} × ${s.KittyMultiplier}`);
    if (s.Penalty) parts.push(`penalties ${s.Penalty}`);
    let text = `The attackers scored ${s.AttackerPoints} points (${parts.join(", ")}). `;
    const up = s.LevelsUp ? ` and go up ${plural(s.LevelsUp, "level")}` : "";
    if (s.BankersKeep) text += `${this.sideWords(rec)} ${rec.side.length === 1 && rec.side[0] !== this.ctx.seat ? "keeps" : "keep"} the bank${up}.`;
    else {
      const n = this.players();
      const att = Array.from({ length: n }, (_, x) => x).filter((x) => !rec.side.includes(x));
      text += `The attackers, ${this.whoList(att)}, take the bank${up}.`;
    }
    return text;
  }

  // pastResult records a hand's score from the replay (the score sheet's
  // earlier hands), without telling it again.
  pastResult(ev) {
    if (EVENT[ev.Kind] === "hand" && ev.SeatLevels && !this.startLevels.has(ev.Hand)) this.startLevels.set(ev.Hand, ev.SeatLevels);
    if (ev.HandOver && ev.Score && !this.hands.some((x) => x.hand === ev.Hand)) {
      this.hands.push(this.result(ev));
      this.hands.sort((a, b) => a.hand - b.hand);
    }
  }

  // setObs takes the seat's observation now, without drawing it.
  setObs(obs) {
    this.obs = obs;
    this.holdTrick();
    const phase = phaseName(obs.Phase);
    if (this.pending && phase !== "deal" && obs.Turn !== this.ctx.seat) this.pending = null;
    if (phase !== "over" && obs.SeatLevels && !this.startLevels.has(obs.HandNumber)) this.startLevels.set(obs.HandNumber, obs.SeatLevels);
    const rec = this.showdownRec;
    if (rec && phase === "over" && obs.HandNumber === rec.hand) {
      this.showdownRec = null;
      rec.calls = friendsOf(obs).calls;
      if (this.resultOpen === rec) this.renderShowdown(rec);
    }
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
      if (d.obs) this.setObs(d.obs);
      this.render();
      return;
    }
    this.optional = null;
    if (d.obs) this.setObs(d.obs);
    this.pending = d;
    this.hintCards = null;
    this.calls = null;
    this.pruneSelection();
    this.render();
  }

  refused(msg) {
    this.ctx.message(msg.error ? sayRefusal(msg.error, (s) => this.who(s)) : "The move was refused.", "refused");
    // A refused move leaves its decision pending (a dropped bid, seq -1,
    // belongs to no decision).
    if (this.lastDecide && !this.pending && msg.seq === this.lastDecide.seq) this.pending = this.lastDecide;
    if (msg.seq === -1) this.queued = null;
    this.render();
  }

  hint(msg) {
    const m = msg.move;
    if (m && m.kind === "call" && Array.isArray(m.calls)) this.calls = m.calls.map((c) => ({ card: c.card, ordinal: c.ordinal }));
    else if (m && m.cards) {
      this.hintCards = C.splitMulti(m.cards);
      this.selectCards(this.hintCards);
    }
    this.ctx.message("Hint: " + (msg.text ? C.pretty(msg.text) : m ? `${m.kind} ${C.labels(C.splitMulti(m.cards || ""))}` : ""), "hint");
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

  // kittySize is how many cards the banker buries: the table's kitty (the
  // cards it took up say so too).
  kittySize() {
    const t = this.tableRules();
    if (t && t.kitty) return t.kitty;
    return C.splitMulti(this.obs && this.obs.PickedUp).length;
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

  // currentTrick is the trick being played (or the last one), null before
  // the first.
  currentTrick() {
    const o = this.obs;
    return o && o.NTricks > 0 ? o.Tricks[o.NTricks - 1] : null;
  }

  // leadCount is how many cards a follow must have (0 when leading).
  leadCount() {
    const tr = this.currentTrick();
    if (!tr || tr.Count === 0 || tr.Count >= this.players()) return 0;
    return C.splitMulti(tr.Plays[tr.Leader]).length;
  }

  // askCheck asks the server whether the selected cards are a legal play
  // for the pending decision, once per selection: a decision lists at
  // most a few hundred of the legal plays (more may be left out), so the
  // page asks rather than looks the selection up.
  askCheck() {
    const o = this.obs;
    if (!this.pending || !o) return;
    const phase = phaseName(o.Phase);
    let move;
    if (phase === "play") {
      const cards = this.selectedCards();
      const n = this.leadCount();
      if (!cards.length || (n && cards.length !== n) || (!n && cards.length < 2)) return;
      move = { kind: "play", cards: canonical(cards) };
    } else if (phase === "call" && this.calls) move = this.callMove();
    else return;
    const key = `${this.pending.seq}:${JSON.stringify(move)}`;
    if (key === this.asked) return;
    this.asked = key;
    this.ctx.check(move, this.pending.seq);
  }

  checked(msg) {
    if (!msg.move || (msg.move.kind !== "play" && msg.move.kind !== "call")) return;
    this.check = { seq: msg.seq, move: msg.move, legal: msg.legal, reason: msg.reason ? sayRefusal(msg.reason, (s) => this.who(s)) : "" };
    this.render();
  }

  // checkNote says what the server answered about the selection (or the
  // calls), if it is the one asked about.
  checkNote() {
    const c = this.check;
    const o = this.obs;
    if (!this.pending || !o) return null;
    const phase = phaseName(o.Phase);
    let same = false;
    if (phase === "play") {
      const cards = this.selectedCards();
      const n = this.leadCount();
      if (n && cards.length && cards.length !== n) return h("span.note", { id: "check-note", "data-legal": "false" }, `Follow with ${plural(n, "card")} (${cards.length} chosen).`);
      same = !!c && cards.length > 0 && c.move.kind === "play" && c.move.cards === canonical(cards);
    } else if (phase === "call") same = !!c && !!this.calls && c.move.kind === "call" && JSON.stringify(c.move.calls) === JSON.stringify(this.callMove().calls);
    if (!same || c.seq !== this.pending.seq) return null;
    if (c.legal) return h("span.note", { id: "check-note", "data-legal": "true" }, phase === "call" ? "These calls are allowed." : "A legal play.");
    return h("span.note.refused", { id: "check-note", "data-legal": "false" }, c.reason);
  }

  toggle(key) {
    const i = this.selected.indexOf(key);
    if (i >= 0) this.selected.splice(i, 1);
    else {
      const phase = this.obs && phaseName(this.obs.Phase);
      const k = this.kittySize();
      if (phase === "bury" && k && this.selected.length >= k) {
        this.ctx.message(`The kitty holds ${plural(k, "card")}: unselect one first.`, "info");
        return;
      }
      this.selected.push(key);
    }
    this.render();
  }

  // ---- acting ----

  act(move) {
    if (!this.pending) return;
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
    if (phase === "call") {
      this.act(this.callMove());
      return;
    }
    if (phase === "bury") {
      const k = this.kittySize();
      if (cards.length !== k) {
        this.ctx.message(`Choose ${plural(k, "card")} to bury (${cards.length} chosen).`, "info");
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

  // ---- calling friends ----

  // defaultCalls are the calls the engine offers the banker (its legal
  // call), else the first copy of each ace from spades on.
  defaultCalls() {
    const legal = ((this.pending && this.pending.legal) || []).find((m) => m.kind === "call");
    if (legal && Array.isArray(legal.calls)) return legal.calls.map((c) => ({ card: c.card, ordinal: c.ordinal }));
    const n = (this.tableRules() && this.tableRules().calls) || 0;
    const cards = callable(this.obs.Level).filter((c) => c[0] === (rankChar(this.obs.Level) === "A" ? "K" : "A"));
    return Array.from({ length: n }, (_, i) => ({ card: cards[i % cards.length], ordinal: 1 + Math.floor(i / cards.length) }));
  }

  callMove() {
    return { kind: "call", calls: (this.calls || []).map((c) => ({ card: c.card, ordinal: Number(c.ordinal) })) };
  }

  // callForm returns the form choosing the calls, made again only when
  // the decision or the calls change other than by its own selects (a
  // re-render keeps the focus in it).
  callForm(o) {
    if (!this.calls) this.calls = this.defaultCalls();
    const key = `${this.pending.seq}:${JSON.stringify(this.calls)}`;
    if (this.formEl && this.formKey === key) return this.formEl;
    const packs = (this.tableRules() && this.tableRules().packs) || 2;
    const cards = callable(o.Level);
    const rows = this.calls.map((c, i) => {
      const ordId = `call-${i}-ordinal`;
      const cardId = `call-${i}-card`;
      const ord = h(
        "select",
        { id: ordId, "data-call": i, onchange: (e) => this.setCall(i, "ordinal", Number(e.target.value)) },
        ...Array.from({ length: packs }, (_, k) => h("option", { value: k + 1, selected: k + 1 === Number(c.ordinal) }, `${ordinal(k + 1)} copy`)),
      );
      const card = h(
        "select",
        { id: cardId, "data-call": i, onchange: (e) => this.setCall(i, "card", e.target.value) },
        ...C.SUITS.map((s) =>
          h("optgroup", { label: C.SUIT_NAME[s] }, ...cards.filter((x) => x[1] === s).map((x) => h("option", { value: x, selected: x === c.card }, C.label(x)))),
        ),
      );
      return h(
        "div.call-row",
        { "data-call": i },
        h("span.call-n", `Friend ${i + 1}:`),
        h("label.sr-only", { for: ordId }, `Friend ${i + 1}: which copy`),
        ord,
        h("span", "of"),
        h("label.sr-only", { for: cardId }, `Friend ${i + 1}: which card`),
        card,
      );
    });
    this.formEl = h(
      "fieldset.call-form",
      { id: "call-form" },
      h("legend", `Call ${plural(this.calls.length, "friend")}`),
      h("p.call-help", "Whoever plays the copy you name (counted in the order the cards are played) joins your side when that trick ends. Level cards and jokers cannot be called."),
      ...rows,
    );
    this.formKey = key;
    return this.formEl;
  }

  // setCall changes one call as its select says (the form shows it
  // already) and asks the server about the calls.
  setCall(i, field, value) {
    this.calls[i][field] = value;
    this.formKey = `${this.pending ? this.pending.seq : ""}:${JSON.stringify(this.calls)}`;
    this.render();
  }

  bid(m) {
    const move = { kind: "bid", cards: m.cards };
    if (this.pending && !this.pending.optional && this.pending.legal && this.pending.legal.some((x) => x.kind === "bid" && x.cards === m.cards)) {
      this.act(move);
      return;
    }
    this.ctx.bid(move);
    // The action bar says it is on its way until it is on the board.
    this.queued = m.cards;
    this.render();
  }

  // declarations lists the bids this seat may show now, as the server
  // listed them: a pending decision's, or while the cards are dealt the
  // last offer's, as long as the observation says the seat still holds a
  // declaration it may show (the server checks a bid again when it comes).
  declarations() {
    const o = this.obs;
    if (!o || this.ctx.seat < 0 || this.resultOpen || this.resultDue) return [];
    if (this.pending && this.pending.legal) return this.pending.legal.filter((m) => m.kind === "bid");
    if (phaseName(o.Phase) !== "deal" || !this.optional) return [];
    if (!((o.ToAct || 0) & (1 << this.ctx.seat))) return [];
    return (this.optional.legal || []).filter((m) => m.kind === "bid");
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
    if (lk === "l") this.toggleLast();
    else if (lk === "h") this.ctx.hint();
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
    if (this.resultDue && !this.shown) this.openResult();
    // While the hand's result is over the table the next decisions wait.
    main.dataset.myTurn = this.pending && !this.resultOpen && !this.resultDue ? "true" : "false";
    main.dataset.shown = this.shown ? this.shown.kind : "";
    main.dataset.seq = this.pending ? String(this.pending.seq) : "";
    main.dataset.phase = phase;
    main.dataset.hand = o ? String(o.HandNumber) : "";
    main.dataset.handsEnded = String(this.hands.length);
    main.dataset.over = this.over ? "true" : "false";
    main.dataset.banker = o && o.Banker !== NO_SEAT ? String(o.Banker) : "";
    main.dataset.players = String(this.players());
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

  // seatBox draws one seat: its name and badges, its cards held, level
  // and points, and its play in the trick.
  seatBox(o, phase, s, rel, pos, trick, fr) {
    const n = this.players();
    const toAct = phase !== "deal" && phase !== "over" && o.Turn === s && !this.over;
    const badges = [];
    if (o.Banker === s) badges.push(h("span.badge.banker", "banker"));
    const met = fr.calls.filter((c) => c.met === s && s !== o.Banker);
    if (met.length) badges.push(h("span.badge.friend", { title: `played the ${andList(met.map(callLabel))}` }, `friend · ${andList(met.map(callLabel))}`));
    if (!this.friendsMode() && this.ctx.seat >= 0 && s !== this.ctx.seat && s % 2 === this.ctx.seat % 2) badges.push(h("span.badge.partner", "partner"));
    if (o.Dealer === s && o.Banker !== s) badges.push(h("span.badge", "dealer"));
    if (toAct) badges.push(h("span.badge.thinking", s === this.ctx.seat ? "your turn" : "to play"));
    const play = trick && trick.Plays[s] ? C.splitMulti(trick.Plays[s]) : [];
    const done = trick && trick.Count >= n;
    const won = done && trick.Winner === s;
    const lv = o.SeatLevels ? levelLabel(o.SeatLevels[s]) : "";
    const pts = o.SeatPoints ? o.SeatPoints[s] : 0;
    const name = this.who(s);
    const onSide = o.Side && o.Side & (1 << s);
    const cls =
      `section.sj-seat.at-r${pos.row}.at-c${pos.col}.span-c${pos.colSpan}` + (rel === 0 ? ".me" : "") + (toAct ? ".to-act" : "") + (won ? ".won" : "") + (onSide && this.friendsMode() ? ".on-side" : "");
    const label = `${name}: ${plural(o.Counts[s], "card")}, level ${lv}, ${plural(pts, "point")}` + (o.Banker === s ? ", the banker" : "") + (met.length ? ", a friend" : "") + (toAct ? ", to play" : "");
    return h(
      cls,
      { "data-seat": s, "aria-label": label },
      h("div.seat-name", h("span.name", name), badges, this.ctx.statusBadge(s)),
      s !== this.ctx.seat && name !== this.ctx.names(s) ? h("div.seat-kind", this.ctx.names(s)) : null,
      h("div.seat-facts", h("span.count", plural(o.Counts[s], "card")), h("span.level", `level ${lv}`), h("span.points", `${pts} pts`)),
      h("div.trick-play" + (trick && trick.Leader === s && !done ? ".led" : ""), play.length ? C.row(play, { small: true }) : null, won ? h("span.badge.win", "wins") : null),
    );
  }

  renderBoard(o, phase) {
    const n = this.players();
    const me = this.ctx.seat < 0 ? 0 : this.ctx.seat;
    const lay = ringLayout(n);
    const t = this.trump();
    const shown = this.shown;
    const trick = shown ? shown.trick : this.currentTrick();
    const fr = friendsOf(o);
    const seats = [];
    // In turn order from the seat after the viewer's; the viewer's last.
    for (let rel = 1; rel <= n; rel++) {
      const r = rel % n;
      seats.push(this.seatBox(o, phase, (me + r) % n, r, lay.seats[r], trick, fr));
    }
    const bids = (o.Bids || []).slice(0, o.NBids || 0);
    const turned = (o.Turned || []).slice(0, o.NTurned || 0).filter(Boolean);
    const tr = this.tableRules();
    const dealt = tr ? tr.deck - tr.kitty : 0;
    const c = lay.centre;
    const done = trick && trick.Count >= n;
    const centre = h(
      `div.sj-centre.at-r${c.row}.at-c${c.col}.span-c${c.colSpan}.span-r${c.rowSpan}`,
      h("div.trump-box", h("span.label", "Trump"), h("span.trump" + (t.suit === "H" || t.suit === "D" ? ".red" : ""), { id: "trump" }, trumpLabel(t, this.trumpOpen(o, phase)))),
      h("div.hand-line", `Hand ${o.HandNumber} · level ${levelLabel(o.Level)}` + (tr ? ` · ${plural(tr.packs, "pack")}, kitty ${tr.kitty}` : "")),
      phase === "deal" ? h("div.dealt", { id: "dealt" }, dealt ? `Dealt ${o.Dealt} of ${dealt}` : `Dealt ${o.Dealt}`) : null,
      bids.length ? h("div.bids", "Declared: ", ...bids.map((b) => h("span.bid", `${this.who(b.Seat)} ${C.labels(C.splitMulti(b.Cards))}`))) : null,
      turned.length ? h("div.turned", "Kitty turned up: ", C.row(turned, { small: true })) : null,
      this.friendsLine(o, phase, fr),
      shown ? h("p.trick-caption", { id: "trick-caption" }, shown.kind === "last" ? "The last trick" : "Trick over", h("span.go-on", " · any key or tap goes on")) : null,
      done ? h("p.trick-result", { id: "trick-result" }, `${this.who(trick.Winner)} won the trick` + (trick.Points ? ` (${trick.Points} points)` : "")) : null,
      trick && trick.Attempt ? h("p.trick-result", `A throw of ${C.labels(C.splitMulti(trick.Attempt))} failed.`) : null,
    );
    const cls = `div.sj-table.cols-${lay.cols}` + (shown ? ".showing" : "");
    this.ctx.els.board.replaceChildren(h(cls, { "data-players": n, "data-shown": shown ? shown.kind : "" }, centre, ...seats), this.turnLine(o, phase));
  }

  // trumpOpen reports whether nothing has been declared yet this hand.
  trumpOpen(o, phase) {
    return (phase === "deal" || phase === "bid") && !(o.NBids > 0);
  }

  // friendsLine says the friend calls: each call and who met it, and how
  // many friends are still unknown.
  friendsLine(o, phase, fr) {
    if (!this.friendsMode() || phase === "deal" || phase === "bid") return null;
    if (!fr.calls.length) return h("div.friends", { id: "friends" }, phase === "bury" || phase === "call" ? `${this.who(o.Banker)} ${o.Banker === this.ctx.seat ? "call" : "calls"} friends after the kitty.` : null);
    return h(
      "div.friends",
      { id: "friends" },
      h("span.label", "Friends: "),
      h(
        "ul.calls",
        ...fr.calls.map((c) =>
          h("li.call" + (c.met !== null ? ".met" : ""), { "data-met": c.met === null ? "" : String(c.met) }, callLabel(c), " → ", c.met === null ? `not yet (${c.played} played)` : c.met === o.Banker ? `${this.who(c.met)} (the banker: no friend)` : this.who(c.met)),
        ),
      ),
      h("span.open", { id: "friends-open" }, fr.open ? `${plural(fr.open, "friend")} still unknown` : "every friend known"),
    );
  }

  turnLine(o, phase) {
    let text;
    const n = this.players();
    if (this.over) text = "The game is over.";
    else if (phase === "deal") {
      const d = this.declarations();
      text = d.length ? "The cards are being dealt: you may declare trump." : "The cards are being dealt…";
    } else if (!this.pending) {
      if (phase === "over") text = "The hand is over.";
      else if (phase === "call") text = `${this.who(o.Banker)}, the banker, ${o.Banker === this.ctx.seat ? "call" : "is calling"} friends…`;
      else if (phase === "bury") text = `${this.who(o.Banker)}, the banker, ${o.Banker === this.ctx.seat ? "bury" : "is burying"} the kitty…`;
      else text = o.Turn === this.ctx.seat ? "Your turn…" : `${this.who(o.Turn)} ${o.Turn === this.ctx.seat ? "are" : "is"} playing…`;
    } else if (phase === "bid") text = "Declare trump or pass.";
    else if (phase === "bury") text = `You are the banker: choose ${plural(this.kittySize(), "card")} to bury in the kitty.`;
    else if (phase === "call") text = `You are the banker: call your ${plural(this.calls ? this.calls.length : 0, "friend")}.`;
    else if (phase === "play") {
      const tr = this.currentTrick();
      const leading = !tr || tr.Count === 0 || tr.Count >= n;
      text = leading ? "Your lead: choose cards, then Play." : `Your turn to follow: choose ${plural(C.splitMulti(tr.Plays[tr.Leader]).length, "card")}, then Play.`;
    } else text = "Your turn.";
    return h("p.turn-line", { id: "turn-line", "aria-live": "polite" }, text);
  }

  renderHand(o, phase) {
    const t = this.trump();
    const groups = units(this.handCards(), t);
    const kitty = phase === "bury" ? kittyKeys(C.splitMulti(o.PickedUp)) : null;
    // The cards taken up, as marked (the seat's own: it is the banker).
    this.ctx.els.hand.dataset.kitty = kitty ? C.splitMulti(o.PickedUp).join(" ") : "";
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
      if (kitty && kitty.has(key)) {
        b.classList.add("new");
        b.setAttribute("aria-label", b.getAttribute("aria-label") + ", from the kitty");
      }
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
    for (const d of this.declarations()) {
      const cards = C.splitMulti(d.cards);
      const what = cards[0] === "SJ" || cards[0] === "BJ" ? "no trump" : `${C.SYMBOL[cards[0][1]]} trump`;
      bar.push(h("button.bid", { type: "button", "data-cards": d.cards, onclick: () => this.bid(d) }, `Declare ${C.labels(cards)} (${what})`));
    }
    let form = null;
    if (this.pending) {
      if (this.pending.legal && this.pending.legal.some((m) => m.kind === "pass")) bar.push(btn("act-pass", "Pass", "P", () => this.act({ kind: "pass" })));
      if (phase === "bury") {
        const k = this.kittySize();
        const b = btn("act-bury", `Bury ${this.selected.length}/${k}`, "Enter", () => this.play(), true);
        if (this.selected.length !== k) b.disabled = true;
        bar.push(b);
      }
      if (phase === "call") {
        form = this.callForm(o);
        bar.push(btn("act-call", "Call these friends", "Enter", () => this.play(), true));
        bar.push(btn("act-default-calls", "Default calls", "", () => { this.calls = this.defaultCalls(); this.render(); }));
      }
      if (phase === "play") {
        const b = btn("act-play", this.selected.length ? `Play ${C.labels(this.selectedCards())}` : "Play", "Enter", () => this.play(), true);
        if (!this.selected.length) b.disabled = true;
        bar.push(b);
      }
      if (phase === "bury" || phase === "play" || phase === "call") bar.push(btn("act-hint", "Hint", "H", () => this.ctx.hint()));
      if (this.selected.length && phase !== "call") bar.push(btn("act-clear", "Clear", "", () => { this.selected = []; this.render(); }));
      const note = this.checkNote();
      if (note) bar.push(note);
    }
    if (phase === "play" || phase === "over") {
      const b = btn("act-last-trick", "Last trick", "L", () => this.toggleLast());
      b.setAttribute("aria-pressed", this.shown ? "true" : "false");
      if (!this.lastFinished()) b.disabled = true;
      bar.push(b);
    }
    const mine = (o.Bids || []).slice(0, o.NBids || 0).some((b) => b.Seat === this.ctx.seat && b.Cards === this.queued);
    if (mine) this.queued = null;
    if (this.queued && phase === "deal") bar.push(h("span.note", { id: "queued-note" }, `Your declaration of ${C.labels(C.splitMulti(this.queued))} is on its way: it shows at your next turn in the deal.`));
    if (phase !== "deal") this.queued = null;
    const actions = this.ctx.els.actions;
    if (form) {
      // The form stays in place (and the focus in it); the buttons below
      // it are drawn again.
      if (!this.rowEl) this.rowEl = h("div.action-row");
      if (actions.firstChild !== form || actions.lastChild !== this.rowEl) {
        actions.replaceChildren(form, this.rowEl);
        actions.feltSig = null;
        this.rowEl.feltSig = null;
      }
      patch(this.rowEl, bar);
    } else {
      this.formEl = null;
      patch(actions, bar);
    }
    this.ctx.els.actions.dataset.legal = JSON.stringify(((this.pending && this.pending.legal) || []).slice(0, 64));
    this.ctx.els.actions.dataset.more = String((this.pending && this.pending.more) || 0);
    this.askCheck();
  }

  // renderShowdown shows a hand's result (the points, the side that won,
  // the calls, every seat's level before and after, the kitty) with the
  // page's one result mechanism, ctx.showResult: over the table at a
  // table, below it in a replay.
  renderShowdown(rec) {
    const s = rec.score;
    const n = this.players();
    const parts = [h("p.result-line", this.scoreWords(rec))];
    if (!s.Redeal) {
      const att = Array.from({ length: n }, (_, x) => x).filter((x) => !rec.side.includes(x));
      parts.push(
        h(
          "dl.facts.sides",
          h("dt", "Won by"),
          h("dd", { id: "winning-side" }, s.BankersKeep ? `the banker's side: ${this.whoList(rec.side)}` : `the attackers: ${this.whoList(att)}`),
          h("dt", "Banker's side"),
          h("dd", { id: "banker-side" }, this.sideWords(rec)),
          rec.calls.length ? h("dt", "Friend calls") : null,
          rec.calls.length ? h("dd", { id: "showdown-calls" }, andList(rec.calls.map((c) => `${callLabel(c)}: ${c.met === null ? "never played" : this.who(c.met)}`))) : null,
          h("dt", "Trump"),
          h("dd", `${trumpLabel(trumpOf(s.Trump, s.Trump && s.Trump.level))} · last trick: ${s.LastWinner === NO_SEAT ? "—" : this.who(s.LastWinner)}`),
        ),
      );
    }
    if (rec.before && rec.after) {
      const changes = levelChanges(rec.before, rec.after, n);
      parts.push(
        h(
          "div.sheet-wrap",
          { tabindex: "0", role: "region", "aria-label": "Levels" },
          h(
            "table.sheet.levels",
            { id: "level-changes" },
            h("caption", "Levels"),
            h("thead", h("tr", h("th", { scope: "col" }, "Seat"), h("th", { scope: "col" }, "Before"), h("th", { scope: "col" }, "After"), h("th.num", { scope: "col" }, "Change"))),
            h(
              "tbody",
              changes.map((c) =>
                h(
                  "tr" + (c.up > 0 ? ".up" : ""),
                  { "data-seat": c.seat },
                  h("th", { scope: "row" }, this.who(c.seat) + (rec.side.includes(c.seat) ? (c.seat === s.Banker ? " (banker)" : this.friendsMode() ? " (friend)" : "") : "")),
                  h("td", levelLabel(c.from)),
                  h("td", levelLabel(c.to)),
                  h("td.num", c.up > 0 ? `+${c.up}` : "—"),
                ),
              ),
            ),
          ),
        ),
      );
    }
    if (rec.kitty.length) parts.push(h("div", h("span.label", "The kitty: "), C.row(rec.kitty, { small: true })));
    if (rec.gameOver) parts.push(h("p.game-over", { id: "game-over" }, `The game is over: ${this.whoList(rec.winners)} win.`));
    this.ctx.showResult({
      hand: rec.hand,
      title: `Hand ${rec.hand} is over`,
      body: parts,
      button: rec.gameOver ? "Back to the table" : "Next hand",
      onClose: () => this.closeResult(rec),
    });
  }

  // openResult puts the hand's result that is due over the table; the
  // next hand's decisions wait until the person moves on (closeResult).
  openResult() {
    const rec = this.resultDue;
    this.resultDue = null;
    this.resultOpen = rec;
    this.renderShowdown(rec);
  }

  // closeResult, as the result's dialog closes, offers the decisions it
  // held.
  closeResult(rec) {
    if (this.resultOpen !== rec) return;
    this.resultOpen = null;
    this.render();
  }

  renderScores() {
    const o = this.obs;
    const box = this.ctx.els.scores;
    const parts = [];
    if (o) {
      const n = this.players();
      const bankerKnown = o.Banker !== NO_SEAT;
      const side = seatList(o.Side || 0);
      let points;
      if (!bankerKnown) points = "—";
      else {
        let ours = 0;
        let theirs = 0;
        for (let s = 0; s < n; s++) {
          if (side.includes(s)) ours += (o.SeatPoints && o.SeatPoints[s]) || 0;
          else theirs += (o.SeatPoints && o.SeatPoints[s]) || 0;
        }
        points = `attackers ${theirs + (o.Penalty || 0)} · banker's side ${ours}` + (this.friendsMode() ? " (as known)" : "");
      }
      const fr = friendsOf(o);
      parts.push(
        h(
          "dl.facts",
          this.ctx.seat >= 0 && o.SeatLevels ? h("dt", "Your level") : null,
          this.ctx.seat >= 0 && o.SeatLevels ? h("dd", { id: "my-level" }, levelLabel(o.SeatLevels[this.ctx.seat])) : null,
          h("dt", "Banker"),
          h("dd", { id: "banker" }, bankerKnown ? this.who(o.Banker) : "not yet known"),
          this.friendsMode() && fr.calls.length ? h("dt", "Friends") : null,
          this.friendsMode() && fr.calls.length ? h("dd", { id: "friends-known" }, (fr.joined.length ? this.whoList(fr.joined) : "none known yet") + ` · ${fr.open} still unknown`) : null,
          h("dt", "Trump"),
          h("dd", { id: "trump-side" }, trumpLabel(this.trump(), this.trumpOpen(o, phaseName(o.Phase)))),
          h("dt", "Points"),
          h("dd", { id: "points" }, points),
        ),
      );
    }
    if (this.hands.length) {
      parts.push(
        h(
          "div.sheet-wrap",
          { tabindex: "0", role: "region", "aria-label": "Score sheet" },
          h(
            "table.sheet",
            { id: "score-sheet" },
            h("thead", h("tr", h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, "Banker's side"), h("th.num", { scope: "col" }, "Attackers"), h("th", { scope: "col" }, "Result"))),
            h(
              "tbody",
              this.hands.map((r) =>
                h(
                  "tr",
                  h("td", String(r.hand)),
                  h("td", r.score.Redeal ? "—" : this.whoList(r.side)),
                  h("td.num", r.score.Redeal ? "—" : String(r.score.AttackerPoints)),
                  h("td", r.score.Redeal ? "dealt again" : r.score.BankersKeep ? `kept, +${r.score.LevelsUp}` : r.score.LevelsUp ? `lost, attackers +${r.score.LevelsUp}` : "lost"),
                ),
              ),
            ),
          ),
        ),
      );
    }
    box.replaceChildren(...parts);
    // Made once, after the scores (which are drawn again and again), so
    // that choosing keeps the focus.
    if (!this.delayEl && box.parentElement) {
      this.delayEl = this.delayControl();
      // One on the page: a view made again there (each step of a replay)
      // takes the place of the one before.
      for (const old of box.parentElement.querySelectorAll(".trick-delay")) old.remove();
      box.after(this.delayEl);
    }
  }

  // delayControl chooses how long a finished trick stays on the board
  // (kept in localStorage).
  delayControl() {
    const cur = this.trickDelay();
    const sel = h(
      "select",
      { id: "trick-delay", onchange: (e) => localStorage.setItem(TRICK_DELAY_KEY, String(Number(e.target.value))) },
      ...TRICK_DELAYS.map((ms) => h("option", { value: String(ms), selected: ms === cur }, ms > 0 ? `${ms / 1000} s` : ms ? "until a key or tap" : "no pause")),
    );
    return h("div.field.trick-delay", h("label", { for: "trick-delay" }, "A finished trick stays"), sel);
  }
}
