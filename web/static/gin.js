// Gin Rummy at the table: the board (the opponent, the stock, the upcard
// and the discard pile), your hand grouped in melds with the deadwood, the
// actions the engine allows now, the moves in words, the showdown of each
// hand with its lay-offs, and the score sheet. Everything shown comes from
// the seat's observation (agent.WireObs) and events (games.GinEvent).

import { h, patch } from "./app.js";
import * as C from "./cards.js";

const RANKS = "A23456789TJQK";

export function rankIndex(code) {
  return RANKS.indexOf(code[0]);
}

export function cardValue(code) {
  return Math.min(rankIndex(code) + 1, 10);
}

function sortCards(cards) {
  return [...cards].sort((a, b) => C.SUITS.indexOf(a[1]) - C.SUITS.indexOf(b[1]) || rankIndex(a) - rankIndex(b));
}

// allMelds lists every set (3 or 4 of a rank) and run (3 or more of a suit
// in a row, aces low) among cards.
export function allMelds(cards) {
  const melds = [];
  const byRank = new Map();
  const bySuit = new Map();
  for (const c of cards) {
    if (!byRank.has(c[0])) byRank.set(c[0], []);
    byRank.get(c[0]).push(c);
    if (!bySuit.has(c[1])) bySuit.set(c[1], []);
    bySuit.get(c[1]).push(c);
  }
  for (const group of byRank.values()) {
    if (group.length >= 3) {
      if (group.length === 4) {
        melds.push(group);
        for (let i = 0; i < 4; i++) melds.push(group.filter((_, j) => j !== i));
      } else melds.push(group);
    }
  }
  for (const group of bySuit.values()) {
    const s = group.sort((a, b) => rankIndex(a) - rankIndex(b));
    for (let i = 0; i < s.length; i++) {
      let j = i;
      while (j + 1 < s.length && rankIndex(s[j + 1]) === rankIndex(s[j]) + 1) {
        j++;
        if (j - i >= 2) melds.push(s.slice(i, j + 1));
      }
    }
  }
  return melds;
}

// arrange finds the melds that leave the least deadwood among cards:
// {melds, deadwood (cards), points}.
export function arrange(cards) {
  const melds = allMelds(cards);
  let best = { melds: [], points: cards.reduce((t, c) => t + cardValue(c), 0) };
  const total = best.points;
  function walk(start, used, chosen, covered) {
    const points = total - covered;
    if (points < best.points) best = { melds: [...chosen], points };
    for (let i = start; i < melds.length; i++) {
      const m = melds[i];
      if (m.some((c) => used.has(c))) continue;
      for (const c of m) used.add(c);
      chosen.push(m);
      walk(i + 1, used, chosen, covered + m.reduce((t, c) => t + cardValue(c), 0));
      chosen.pop();
      for (const c of m) used.delete(c);
    }
  }
  walk(0, new Set(), [], 0);
  const inMeld = new Set(best.melds.flat());
  return { melds: best.melds, deadwood: sortCards(cards.filter((c) => !inMeld.has(c))), points: best.points };
}

// shortName is a name short enough for a column's head.
function shortName(n) {
  return n.replace(/\s*\(.*\)$/, "").slice(0, 12);
}

export class GinView {
  constructor(ctx) {
    this.ctx = ctx; // {seat, names(i), send(move, seq), hint(), els, message(text, kind)}
    this.obs = null;
    this.pending = null; // the decide message, while it is ours to answer
    this.selected = null;
    this.ends = []; // hand ends seen: {hand, end}
    this.lastEnd = null;
    this.hintMove = null;
    this.over = null;
    this.focusIndex = 0;
  }

  keysHelp() {
    return "S draw from the stock · T take the top of the pile · P pass · ←/→ choose a card · Enter picks it, Enter again or D discards it · K knock · G gin · H hint";
  }

  oppSeat() {
    return this.ctx.seat === 1 ? 0 : 1;
  }

  who(seat) {
    if (seat === this.ctx.seat) return "You";
    return this.ctx.names(seat);
  }

  // describe puts an event in words.
  describe(ev) {
    const me = ev.seat === this.ctx.seat;
    const who = this.who(ev.seat);
    const card = ev.card ? C.label(ev.card) : "";
    switch (ev.kind) {
      case "deal":
        return `Hand ${ev.hand}: ${me ? "you deal" : this.who(ev.seat) + " deals"}; the upcard is ${C.label(ev.upcard)}.`;
      case "pass":
        return `${who} passed${card ? " the upcard " + card : ""}.`;
      case "take_discard":
        return `${who} took ${card || "the top of the pile"}.`;
      case "draw_stock":
        return me && card ? `You drew ${card} from the stock.` : `${who} drew from the stock.`;
      case "discard":
        return `${who} discarded ${card}.`;
      case "knock":
        return `${who} knocked${card ? ", discarding " + card : ""}.`;
      case "big_gin":
        return `${who} went big gin!`;
      case "lay_out":
        return `${who} laid out.`;
      default:
        return `${who}: ${ev.kind}${card ? " " + card : ""}.`;
    }
  }

  endWords(end) {
    const pts = end.points;
    switch (end.result) {
      case "draw":
        return "The hand is a draw: the stock ran out.";
      case "gin":
        return `${this.who(end.winner)} went gin: ${pts} points.`;
      case "big_gin":
        return `${this.who(end.winner)} went big gin: ${pts} points.`;
      case "undercut":
        return `Undercut! ${this.who(end.winner)} wins ${pts} points.`;
      default:
        if (end.winner === end.knocker) return `${this.who(end.knocker)} knocked and won ${pts} points.`;
        return `${this.who(end.knocker)} knocked and ${end.winner === this.ctx.seat ? "you" : this.who(end.winner)} won ${pts} points.`;
    }
  }

  // event handles one event; live is false while the history is replayed.
  // watch keeps a spectator's picture of the table from the events alone
  // (a spectator gets no observation): the pile, the stock, the counts.
  watch(ev) {
    const other = (s) => (s === 1 ? 0 : 1);
    if (ev.kind === "deal") {
      this.spec = { hand: ev.hand, dealer: ev.seat, turn: other(ev.seat), pile: [ev.upcard], stock: 31, counts: [10, 10], took: [[], []] };
      return;
    }
    const w = this.spec;
    if (!w) return;
    switch (ev.kind) {
      case "pass":
        w.turn = other(ev.seat);
        break;
      case "take_discard":
        w.took[ev.seat].push(w.pile.pop());
        w.counts[ev.seat]++;
        break;
      case "draw_stock":
        w.stock--;
        w.counts[ev.seat]++;
        break;
      case "discard":
        w.pile.push(ev.card);
        w.counts[ev.seat]--;
        w.took[ev.seat] = w.took[ev.seat].filter((c) => c !== ev.card);
        w.turn = other(ev.seat);
        break;
      case "knock":
      case "big_gin":
        w.counts[ev.seat] = 10;
        break;
    }
  }

  renderWatch() {
    const w = this.spec;
    if (!w) {
      patch(this.ctx.els.board, [h("p.waiting", "Watching: waiting for the deal…")]);
      return;
    }
    const seatBox = (s) => {
      const backs = h("div.cards.fan.backs", { role: "img", "aria-label": `${w.counts[s]} cards` });
      for (let i = 0; i < w.counts[s]; i++) backs.append(C.backElement({ small: true }));
      return h(
        "section.seat.opponent" + (w.turn === s && !this.lastEnd ? ".to-act" : ""),
        h("div.seat-name", this.ctx.names(s), w.turn === s && !this.lastEnd ? h("span.badge.thinking", "to play") : null, w.dealer === s ? h("span.badge", "dealer") : null, this.ctx.statusBadge(s)),
        backs,
        w.took[s].length ? h("div.took", h("span.label", "Holding from the pile:"), C.row(w.took[s], { small: true })) : null,
      );
    };
    const top = w.pile.length ? C.cardElement(w.pile[w.pile.length - 1]) : h("span.card.empty");
    const stock = C.backElement();
    stock.classList.add("stock");
    patch(this.ctx.els.board, [
      seatBox(1),
      h(
        "section.center",
        h("div.pile-box", stock, h("div.count", `Stock ${w.stock}`)),
        h("div.pile-box.discard-pile", top, h("div.count", `Pile ${w.pile.length}`)),
      ),
      seatBox(0),
      h("p.turn-line", "Watching: the players' cards are hidden."),
    ]);
    this.ctx.els.hand.replaceChildren();
    this.ctx.els.actions.replaceChildren();
  }

  event(ev, live) {
    if (this.ctx.seat < 0) this.watch(ev);
    this.ctx.log(this.describe(ev), ev.seat === this.ctx.seat ? "mine" : "theirs");
    if (ev.kind === "deal") {
      if (live) this.lastEnd = null;
    }
    if (ev.end) {
      this.ctx.log(this.endWords(ev.end), "end");
      if (!this.ends.some((e) => e.hand === ev.hand)) this.ends.push({ hand: ev.hand, end: ev.end });
      this.lastEnd = { hand: ev.hand, end: ev.end };
      this.renderShowdown();
      this.renderScores();
    }
  }

  // pastResult records a hand's end from the replay (the score sheet's
  // earlier hands), without telling it again.
  pastResult(ev) {
    if (ev.end && !this.ends.some((e) => e.hand === ev.hand)) this.ends.push({ hand: ev.hand, end: ev.end });
  }

  // setObs takes the seat's observation now, without drawing it.
  setObs(obs) {
    this.obs = obs;
    if (this.pending && obs.turn !== this.ctx.seat) this.pending = null;
  }

  state(obs) {
    this.setObs(obs);
    this.render();
  }

  decide(d) {
    this.pending = d;
    if (d.obs) this.obs = d.obs;
    this.hintMove = null;
    const legalCards = new Set((d.legal || []).filter((m) => m.card).map((m) => m.card));
    if (this.selected && !legalCards.has(this.selected)) this.selected = null;
    this.render();
  }

  refused(msg) {
    this.ctx.message(msg.error || "The move was refused.", "refused");
    // A refused move leaves its decision pending.
    if (this.lastDecide && !this.pending && msg.seq === this.lastDecide.seq) this.pending = this.lastDecide;
    this.render();
  }

  hint(msg) {
    this.hintMove = msg.move || null;
    if (this.hintMove && this.hintMove.card) this.selected = this.hintMove.card;
    this.ctx.message("Hint: " + (msg.text ? C.pretty(msg.text) : this.moveWords(msg.move)), "hint");
    this.render();
  }

  gameOver(outcome) {
    this.over = outcome || {};
    this.pending = null;
    this.render();
    this.renderScores();
  }

  moveWords(m) {
    if (!m) return "";
    switch (m.kind) {
      case "draw_stock":
        return "draw from the stock";
      case "take_discard":
        return "take " + (this.topCard() ? C.label(this.topCard()) : "the top of the pile");
      case "pass":
        return "pass";
      case "discard":
        return "discard " + C.label(m.card);
      case "knock":
        return "knock, discarding " + C.label(m.card);
      case "big_gin":
        return "big gin";
      default:
        return m.kind;
    }
  }

  topCard() {
    const p = this.obs && this.obs.pile;
    return p && p.length ? p[p.length - 1] : null;
  }

  legal() {
    return (this.pending && this.pending.legal) || [];
  }

  find(kind, card) {
    return this.legal().find((m) => m.kind === kind && (card === undefined || m.card === card));
  }

  act(move) {
    if (!this.pending || !move) return;
    this.lastDecide = this.pending;
    this.ctx.send(move, this.pending.seq);
    this.pending = null;
    this.selected = null;
    this.hintMove = null;
    this.render();
  }

  // discardOrKnock: the selected card, if it may be discarded.
  discard(card) {
    card = card || this.selected;
    if (!card) {
      this.ctx.message("Choose a card to discard first.", "info");
      return;
    }
    const m = this.find("discard", card);
    if (m) this.act(m);
    else this.ctx.message(`You can't discard ${C.label(card)} now.`, "info");
  }

  knock(card) {
    card = card || this.selected;
    const knocks = this.legal().filter((m) => m.kind === "knock");
    if (!card && knocks.length === 1) card = knocks[0].card;
    if (!card) {
      this.ctx.message("Choose the card to discard face down when you knock.", "info");
      return;
    }
    const m = this.find("knock", card);
    if (m) this.act(m);
    else this.ctx.message(`You can't knock discarding ${C.label(card)}.`, "info");
  }

  // ginCard is a knock discard that leaves no deadwood, if one exists.
  ginCard() {
    const cards = (this.obs && this.obs.cards) || [];
    for (const m of this.legal()) {
      if (m.kind !== "knock") continue;
      if (arrange(cards.filter((c) => c !== m.card)).points === 0) return m.card;
    }
    return null;
  }

  clickCard(card) {
    const phase = this.obs && this.obs.phase;
    if (!this.pending || phase !== "discard") {
      this.selected = this.selected === card ? null : card;
      this.render();
      return;
    }
    if (this.selected === card) {
      this.discard(card);
      return;
    }
    this.selected = card;
    this.render();
  }

  key(e) {
    const k = e.key.toLowerCase();
    const cards = this.handButtons();
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      if (!cards.length) return false;
      const cur = cards.indexOf(document.activeElement);
      let i = cur < 0 ? 0 : cur + (e.key === "ArrowRight" ? 1 : -1);
      i = (i + cards.length) % cards.length;
      cards[i].focus();
      return true;
    }
    if (k === "s") this.act(this.find("draw_stock"));
    else if (k === "t") this.act(this.find("take_discard"));
    else if (k === "p") this.act(this.find("pass"));
    else if (k === "d") this.discard(this.focusedCard() || this.selected);
    else if (k === "k") this.knock(this.focusedCard() || this.selected);
    else if (k === "g") {
      const g = this.ginCard();
      if (g) this.act(this.find("knock", g));
      else if (this.find("big_gin")) this.act(this.find("big_gin"));
    } else if (k === "h") this.ctx.hint();
    else return false;
    return true;
  }

  focusedCard() {
    const a = document.activeElement;
    return a && a.closest && a.closest(".hand-area") && a.dataset.card ? a.dataset.card : null;
  }

  handButtons() {
    return Array.from(this.ctx.els.hand.querySelectorAll("button.card"));
  }

  // ---- drawing ----

  render() {
    const els = this.ctx.els;
    const o = this.obs;
    const main = els.main;
    main.dataset.game = "gin";
    main.dataset.myTurn = this.pending ? "true" : "false";
    main.dataset.seq = this.pending ? String(this.pending.seq) : "";
    main.dataset.phase = o ? o.phase : "";
    main.dataset.hand = o ? String(o.hand) : "";
    main.dataset.handsEnded = String(this.ends.length);
    main.dataset.over = this.over ? "true" : "false";
    if (this.ctx.seat < 0) {
      main.dataset.hand = this.spec ? String(this.spec.hand) : "";
      this.renderWatch();
      this.renderScores();
      return;
    }
    if (!o) {
      patch(els.board, [h("p.waiting", "Waiting for the deal…")]);
      els.hand.replaceChildren();
      els.actions.replaceChildren();
      return;
    }
    this.renderBoard(o);
    this.renderHand(o);
    this.renderActions(o);
    this.renderScores();
  }

  renderBoard(o) {
    const opp = this.oppSeat();
    const oppTurn = o.turn === opp && !this.over;
    const backs = h("div.cards.fan.backs", { role: "img", "aria-label": `${o.opponent_cards} cards` });
    for (let i = 0; i < o.opponent_cards; i++) backs.append(C.backElement({ small: true }));
    const took = o.opponent_took.length
      ? h("div.took", h("span.label", "Holding from the pile:"), C.row(o.opponent_took, { small: true }))
      : null;
    const oppBox = h(
      "section.seat.opponent" + (oppTurn ? ".to-act" : ""),
      { "aria-label": "Opponent" },
      h("div.seat-name", this.ctx.names(opp), oppTurn ? h("span.badge.thinking", "to play") : null, o.dealer === opp ? h("span.badge", "dealer") : null, this.ctx.statusBadge(opp)),
      backs,
      took,
    );

    const canStock = !!this.find("draw_stock");
    const canTake = !!this.find("take_discard");
    const stock = C.backElement({ button: canStock });
    stock.classList.add("stock");
    stock.dataset.key = "stock";
    if (canStock) {
      stock.setAttribute("aria-label", `Draw from the stock (${o.stock} cards)`);
      stock.classList.add("playable");
      stock.addEventListener("click", () => this.act(this.find("draw_stock")));
      stock.draggable = true;
      stock.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", "stock"));
    } else {
      stock.setAttribute("role", "img");
      stock.setAttribute("aria-label", `The stock: ${o.stock} cards`);
    }
    const stockBox = h("div.pile-box", stock, h("div.count", { id: "stock-count" }, `Stock ${o.stock}`));

    const top = this.topCard();
    let topEl;
    if (top) {
      topEl = C.cardElement(top, { button: canTake });
      if (canTake) {
        topEl.classList.add("playable");
        // The name starts with the face's text, as every card's does.
        topEl.setAttribute("aria-label", `${C.label(top)}, ${C.words(top)}: take it from the pile`);
        topEl.addEventListener("click", () => this.act(this.find("take_discard")));
        topEl.draggable = true;
        topEl.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", "pile"));
      }
    } else topEl = h("span.card.empty", { role: "img", "aria-label": "The discard pile is empty" });
    topEl.classList.add("pile-top");
    topEl.dataset.key = "pile";
    const under = o.pile.slice(0, -1).slice(-8);
    const pileBox = h(
      "div.pile-box.discard-pile",
      { id: "discard-pile" },
      topEl,
      h("div.count", o.phase === "upcard" || o.phase === "dealer_upcard" ? "Upcard" : `Pile ${o.pile.length}`),
      under.length ? h("div.pile-under", { role: "group", "aria-label": "Below the top of the pile" }, C.row(under.reverse(), { small: true })) : null,
    );
    // Drop a card of the hand on the pile to discard it.
    pileBox.addEventListener("dragover", (e) => {
      if (this.pending && this.obs.phase === "discard") {
        e.preventDefault();
        pileBox.classList.add("drop");
      }
    });
    pileBox.addEventListener("dragleave", () => pileBox.classList.remove("drop"));
    pileBox.addEventListener("drop", (e) => {
      e.preventDefault();
      pileBox.classList.remove("drop");
      const card = e.dataTransfer.getData("text/plain");
      if (card && card.length === 2) this.discard(card);
    });

    const info = h(
      "div.info",
      h("span", `Hand ${o.hand}`),
      h("span", `Knock at ${o.knock_limit} or less`),
      o.doubled ? h("span.badge.warn", "doubled") : null,
    );
    const center = h("section.center", { "aria-label": "Stock and discard pile" }, stockBox, pileBox);
    patch(this.ctx.els.board, [oppBox, center, info, this.turnLine(o)]);
  }

  turnLine(o) {
    let text;
    if (this.over) text = "The game is over.";
    else if (!this.pending) text = o.turn === this.ctx.seat ? "Your turn…" : `${this.ctx.names(o.turn)} is playing…`;
    else if (o.phase === "upcard" || o.phase === "dealer_upcard") text = `Take the upcard ${C.label(o.upcard)} or pass.`;
    else if (o.phase === "draw") text = o.must_draw_stock ? "Draw from the stock." : "Draw from the stock or take the top of the pile.";
    else if (o.phase === "discard") {
      const ways = ["Discard a card: choose it, then Discard"];
      if (this.ginCard()) ways.push("go gin");
      else if (this.find("knock")) ways.push("knock");
      if (this.find("big_gin")) ways.push("go big gin");
      text = ways.join(", or ") + ".";
    }
    else if (this.find("lay_out")) text = "Your opponent knocked: lay out your melds.";
    else text = "Your turn.";
    return h("p.turn-line", { id: "turn-line", "aria-live": "polite" }, text);
  }

  renderHand(o) {
    const a = arrange(o.cards);
    const wrap = h("div.gin-hand");
    const discardPhase = this.pending && o.phase === "discard";
    const playable = new Set(this.legal().filter((m) => m.card).map((m) => m.card));
    const mk = (c) => {
      const b = C.cardElement(c, { button: true });
      if (c === this.selected) b.classList.add("selected");
      b.setAttribute("aria-pressed", c === this.selected ? "true" : "false");
      if (c === o.drawn || c === o.just_taken) b.classList.add("new");
      if (c === o.just_taken) b.title = "Taken from the pile this turn: you can't discard it now";
      if (discardPhase && playable.has(c)) b.classList.add("playable");
      if (this.hintMove && this.hintMove.card === c) b.classList.add("hinted");
      b.addEventListener("click", () => this.clickCard(c));
      b.draggable = true;
      b.addEventListener("dragstart", (e) => e.dataTransfer.setData("text/plain", c));
      return b;
    };
    for (const m of a.melds) {
      wrap.append(h("div.group.meld", { role: "group", "aria-label": "Meld" }, h("div.group-label", "Meld"), h("div.cards", m.map(mk))));
    }
    if (a.deadwood.length) {
      wrap.append(h("div.group.deadwood", h("div.group-label", `Deadwood ${a.points}`), h("div.cards", a.deadwood.map(mk))));
    }
    const box = this.ctx.els.hand;
    patch(box, [h("div.seat-name", "Your hand", h("span.deadwood-total", { id: "deadwood" }, ` · deadwood ${a.points}`)), wrap]);
    // Dragging the stock or the pile onto the hand draws.
    box.ondragover = (e) => {
      if (this.find("draw_stock") || this.find("take_discard")) e.preventDefault();
    };
    box.ondrop = (e) => {
      e.preventDefault();
      const what = e.dataTransfer.getData("text/plain");
      if (what === "stock") this.act(this.find("draw_stock"));
      else if (what === "pile") this.act(this.find("take_discard"));
    };
  }

  renderActions(o) {
    const bar = [];
    const btn = (id, text, key, fn, primary) =>
      h("button" + (primary ? "" : ".secondary"), { type: "button", id, "data-key": key, onclick: fn }, text, key ? h("kbd", key) : null);
    if (this.pending) {
      if (this.find("take_discard")) bar.push(btn("act-take", `Take ${C.label(this.topCard() || o.upcard)}`, "T", () => this.act(this.find("take_discard"))));
      if (this.find("pass")) bar.push(btn("act-pass", "Pass", "P", () => this.act(this.find("pass"))));
      if (this.find("draw_stock")) bar.push(btn("act-stock", "Draw from stock", "S", () => this.act(this.find("draw_stock")), true));
      if (o.phase === "discard") {
        const can = this.selected && this.find("discard", this.selected);
        const d = btn("act-discard", this.selected ? `Discard ${C.label(this.selected)}` : "Discard", "D", () => this.discard(), true);
        if (!can) d.disabled = true;
        bar.push(d);
        const g = this.ginCard();
        if (g) bar.push(btn("act-gin", `Gin (discard ${C.label(g)})`, "G", () => this.act(this.find("knock", g)), true));
        const knocks = this.legal().filter((m) => m.kind === "knock");
        if (knocks.length && !g) {
          const k = btn("act-knock", this.selected && this.find("knock", this.selected) ? `Knock with ${C.label(this.selected)}` : "Knock", "K", () => this.knock());
          bar.push(k);
        }
        if (this.find("big_gin")) bar.push(btn("act-big-gin", "Big gin", "G", () => this.act(this.find("big_gin")), true));
      }
      const lay = this.find("lay_out");
      if (lay) bar.push(btn("act-layout", "Lay out my melds", "", () => this.act(lay), true));
      bar.push(btn("act-hint", "Hint", "H", () => this.ctx.hint()));
    }
    patch(this.ctx.els.actions, bar);
    this.ctx.els.actions.dataset.legal = JSON.stringify(this.legal());
  }

  // renderShowdown shows the last hand's result, both hands laid out,
  // over the table until the person moves on (ctx.showResult).
  renderShowdown() {
    const last = this.lastEnd;
    if (!last) return;
    const end = last.end;
    const seats = this.ctx.seat === 1 ? [1, 0] : [0, 1];
    const parts = [h("p.result-line", this.endWords(end))];
    if (end.discard) parts.push(h("p", `The knock's discard: ${C.label(end.discard)}`));
    for (const s of seats) {
      const hand = end.hands[s] || [];
      const isKnocker = end.knocker === s;
      let melds = isKnocker ? end.knocker_melds || [] : end.knocker !== undefined && end.knocker !== null ? end.defender_melds || [] : arrange(hand).melds;
      if (end.knocker === undefined || end.knocker === null) melds = arrange(hand).melds;
      const laid = new Set((isKnocker ? [] : end.layoffs || []).map((l) => l.card));
      const inMeld = new Set(melds.flat());
      const dead = hand.filter((c) => !inMeld.has(c) && !laid.has(c));
      const dw = isKnocker ? end.knocker_deadwood : end.defender_deadwood;
      parts.push(
        h(
          "div.show-seat",
          h("h3", this.who(s), isKnocker ? " knocked" : "", typeof dw === "number" ? ` · deadwood ${dw}` : ""),
          h(
            "div.gin-hand",
            ...melds.map((m) => h("div.group.meld", C.row(m, { small: true }))),
            laid.size ? h("div.group.laid", h("div.group-label", "Laid off"), C.row([...laid], { small: true })) : null,
            dead.length ? h("div.group.deadwood", h("div.group-label", "Deadwood"), C.row(dead, { small: true })) : null,
          ),
          !isKnocker && end.layoffs && end.layoffs.length
            ? h("ul.layoffs", end.layoffs.map((l) => h("li", `${C.label(l.card)} laid off onto ${C.labels(l.onto)}`)))
            : null,
        ),
      );
    }
    if (end.over) {
      const w = end.game_winner;
      parts.push(
        h("p.game-over", { id: "game-over" }, w === undefined || w === null ? "The game is over." : `${this.who(w)} ${w === this.ctx.seat ? "win" : "wins"} the game`, end.final ? ` — final ${end.final[seats[0]]} to ${end.final[seats[1]]}` : "", "."),
      );
    } else parts.push(h("p.note", "The next hand is dealt: it is on the table when you go on."));
    const titles = { gin: "gin", big_gin: "big gin", undercut: "undercut", knock: "a knock", draw: "a draw" };
    this.ctx.showResult({
      hand: last.hand,
      title: `Hand ${last.hand}: ${titles[end.result] || end.result.replace("_", " ")}`,
      body: parts,
      button: end.over ? "See the table" : "Next hand",
    });
  }

  renderScores() {
    const box = this.ctx.els.scores;
    const me = this.ctx.seat < 0 ? 0 : this.ctx.seat;
    const opp = me === 1 ? 0 : 1;
    const rows = this.ends
      .slice()
      .sort((a, b) => a.hand - b.hand)
      .map(({ hand, end }) =>
        h(
          "tr",
          h("td", String(hand)),
          h("td", end.result.replace("_", " ") + (end.winner === undefined || end.winner === null ? "" : ": " + shortName(this.who(end.winner)))),
          h("td.num", String(end.points)),
          h("td.num", String(end.scores[me])),
          h("td.num", String(end.scores[opp])),
        ),
      );
    const o = this.obs;
    const totals = o ? [o.scores[me], o.scores[opp]] : null;
    const table = h(
      "table.sheet",
      { id: "score-sheet" },
      h("thead", h("tr", h("th", "Hand"), h("th", "Result"), h("th.num", "Points"), h("th.num", this.who(me)), h("th.num", { title: this.ctx.names(opp) }, "Opp."))),
      h("tbody", rows),
    );
    const last = this.ends.length ? this.ends[this.ends.length - 1].end : null;
    const foot = [];
    if (last && last.over && last.final) foot.push(h("p.final", `Final with bonuses: ${this.who(me)} ${last.final[me]}, ${this.ctx.names(opp)} ${last.final[opp]}.`));
    else if (totals) foot.push(h("p", `Totals: ${this.who(me)} ${totals[0]}, ${this.ctx.names(opp)} ${totals[1]} · boxes ${o.boxes[me]}–${o.boxes[opp]}`));
    box.replaceChildren(h("div.sheet-wrap", table), ...foot);
  }
}
