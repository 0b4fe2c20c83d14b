// Cards drawn as inline SVG, built here (no image files): a face with its
// rank and suit in the corners and a large suit in the middle, red hearts
// and diamonds, black spades and clubs (or, with four-colour suits chosen,
// blue diamonds and green clubs: the suit-X classes); jokers; a back.
// Colours come from style.css classes, so the light and dark themes apply.

const SVG = "http://www.w3.org/2000/svg";

export const SUITS = ["S", "H", "D", "C"];
export const SYMBOL = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
export const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_LABEL = { T: "10" };
const RANK_WORD = {
  A: "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
  "8": "eight", "9": "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};

// parse splits a card code ("7S", "TD", "SJ", "BJ") into rank and suit.
export function parse(code) {
  if (code === "SJ" || code === "BJ") return { rank: code, suit: "J", joker: true };
  return { rank: code[0], suit: code[1], joker: false };
}

// isRed tells whether a card is drawn in red (hearts, diamonds, big joker).
export function isRed(code) {
  const c = parse(code);
  return c.suit === "H" || c.suit === "D" || code === "BJ";
}

// label is a card's short text, "10♥", "Q♠", "big joker".
export function label(code) {
  if (code === "SJ") return "small joker";
  if (code === "BJ") return "big joker";
  const c = parse(code);
  return (RANK_LABEL[c.rank] || c.rank) + SYMBOL[c.suit];
}

// words is a card for a screen reader: "queen of spades".
export function words(code) {
  if (code === "SJ" || code === "BJ") return label(code);
  const c = parse(code);
  return `${RANK_WORD[c.rank]} of ${SUIT_NAME[c.suit]}`;
}

// labels joins cards' labels: "7♠ 8♠ 9♠".
export function labels(codes) {
  return codes.map(label).join(" ");
}

function el(name, attrs, text) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

// face returns an <svg> of the card's face.
export function face(code) {
  const c = parse(code);
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "card-bg" }));
  const ink = (isRed(code) ? "ink red" : "ink black") + ` suit-${c.suit}`;
  if (c.joker) {
    const g = el("g", { class: ink });
    const word = "JOKER";
    for (let i = 0; i < word.length; i++) {
      g.append(el("text", { x: 8, y: 15 + i * 10, class: "joker-letter" }, word[i]));
    }
    g.append(el("text", { x: 36, y: 54, class: "pip-big", "text-anchor": "middle" }, code === "BJ" ? "\u2605" : "\u2606"));
    svg.append(g);
    return svg;
  }
  const r = RANK_LABEL[c.rank] || c.rank;
  const g = el("g", { class: ink });
  g.append(el("text", { x: 5, y: 19, class: "rank" + (r.length > 1 ? " rank-10" : "") }, r));
  g.append(el("text", { x: 5, y: 34, class: "pip-small" }, SYMBOL[c.suit]));
  g.append(el("text", { x: 55, y: 79, class: "pip-small", "text-anchor": "end" }, SYMBOL[c.suit]));
  g.append(el("text", { x: 34, y: 62, class: "pip-big", "text-anchor": "middle" }, SYMBOL[c.suit]));
  svg.append(g);
  return svg;
}

// back returns an <svg> of a card's back.
export function back() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", "aria-hidden": "true", focusable: "false" });
  svg.append(el("rect", { x: 0.75, y: 0.75, width: 58.5, height: 82.5, rx: 5, class: "back-bg" }));
  svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: "back-inner" }));
  for (let i = 0; i < 5; i++) {
    svg.append(el("circle", { cx: 30, cy: 14 + i * 14, r: 4, class: "back-dot" }));
  }
  return svg;
}

// cardElement returns a card as a focusable element (a <button> when
// interactive, else a <span>) carrying data-card; opts.small shrinks it.
export function cardElement(code, opts = {}) {
  const tag = opts.button ? "button" : "span";
  const e = document.createElement(tag);
  e.className = "card" + (opts.small ? " small" : "") + (isRed(code) ? " is-red" : " is-black") + ` suit-${parse(code).suit}`;
  e.dataset.card = code;
  // The name starts with the face's own text ("10♠"), so what is seen is
  // what is said, then says it in words.
  const name = code === "SJ" || code === "BJ" ? label(code) : `${label(code)}, ${words(code)}`;
  if (opts.button) {
    e.type = "button";
    e.setAttribute("aria-label", name);
  } else {
    e.setAttribute("role", "img");
    e.setAttribute("aria-label", name);
  }
  e.append(face(code));
  return e;
}

// backElement returns a face-down card.
export function backElement(opts = {}) {
  const e = document.createElement(opts.button ? "button" : "span");
  e.className = "card back" + (opts.small ? " small" : "");
  if (opts.button) e.type = "button";
  e.append(back());
  return e;
}

// row returns a <div class="cards"> with the cards, face up.
export function row(codes, opts = {}) {
  const d = document.createElement("div");
  d.className = "cards" + (opts.className ? " " + opts.className : "");
  for (const c of codes) d.append(cardElement(c, opts));
  return d;
}

// splitMulti reads a Shengji card list ("2S 5S 5S BJ") into an array.
export function splitMulti(s) {
  if (!s) return [];
  return s.split(/\s+/).filter(Boolean);
}

// pretty writes the card codes in a text ("hard would discard KH") as
// labels ("… K♥").
export function pretty(text) {
  return String(text).replace(/\b([A2-9TJQK])([SHDC])\b/g, (m) => label(m)).replace(/\b(SJ|BJ)\b/g, (m) => label(m));
}
