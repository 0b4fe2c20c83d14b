// Shared by Felt's browser tests: launching Debian's chromium through
// playwright-core, timeouts scaled by FELT_TEST_TIMEOUT_SCALE, screenshots,
// and waiting on the page's own state (data-* attributes it sets from the
// server's messages), never on fixed sleeps.

import { chromium } from "playwright-core";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

export const scale = (() => {
  const v = Number(process.env.FELT_TEST_TIMEOUT_SCALE || "1");
  return Number.isFinite(v) && v >= 0.001 && v <= 1000 ? v : 1;
})();

// T scales a timeout in milliseconds.
export function T(ms) {
  return Math.round(ms * scale);
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

export function args() {
  const [base, shots] = process.argv.slice(2);
  if (!base) {
    console.error("usage: node SCRIPT.mjs URL [SCREENSHOTDIR]");
    process.exit(2);
  }
  const dir = shots || process.env.FELT_SCREENSHOTS || "screenshots";
  mkdirSync(dir, { recursive: true });
  return { base: base.replace(/\/$/, ""), dir };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.FELT_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    timeout: T(60000),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      "--disable-crash-reporter",
      "--disable-breakpad",
    ],
  });
}

// newPage opens a page in a new context (its own localStorage: its own
// player) and fails the test on any page error or CSP violation.
export async function newPage(browser, viewport = DESKTOP, label = "page") {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(T(30000));
  // The page counts the server's messages by type (received, below): a
  // script waits for the message it means, not for a while.
  await page.addInitScript(() => {
    const counts = (window.__feltReceived = {});
    const WS = window.WebSocket;
    window.WebSocket = class extends WS {
      constructor(...a) {
        super(...a);
        this.addEventListener("message", (e) => {
          try {
            const t = JSON.parse(e.data).type;
            counts[t] = (counts[t] || 0) + 1;
          } catch (err) {
            // not JSON: the page says so itself
          }
        });
      }
    };
  });
  page.errors = [];
  page.on("pageerror", (e) => {
    page.errors.push(`${label}: page error: ${e.message}`);
  });
  page.on("console", (m) => {
    const text = m.text();
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(text)) page.errors.push(`${label}: ${text}`);
  });
  return page;
}

// received reports how many messages of a type the page (this document)
// has been sent by the server.
export async function received(page, type) {
  return page.evaluate((t) => (window.__feltReceived && window.__feltReceived[t]) || 0, type);
}

// waitReceived waits until the page has been sent n messages of a type.
export async function waitReceived(page, type, n, timeout = T(30000)) {
  await page.waitForFunction(([t, n]) => ((window.__feltReceived && window.__feltReceived[t]) || 0) >= n, [type, n], { timeout, polling: 50 });
}

export function checkErrors(...pages) {
  const errs = pages.flatMap((p) => p.errors || []);
  if (errs.length) throw new Error("errors in the page:\n" + errs.join("\n"));
}

// shoot saves a screenshot at the phone and the desktop size.
export async function shoot(page, dir, name) {
  const before = page.viewportSize();
  for (const [tag, vp] of [["phone", PHONE], ["desktop", DESKTOP]]) {
    await page.setViewportSize(vp);
    // Let layout settle: wait for two animation frames.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(dir, `${name}-${tag}-${vp.width}x${vp.height}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

// createGame fills the home page's form and submits it; seats holds each
// other seat's choice (a level or "friend").
export async function createGame(page, base, game, seats, name, preset) {
  await page.goto(base + "/");
  await page.selectOption("#game", game);
  if (preset) await page.selectOption("#preset", preset);
  await page.fill("#name", name);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat-${i + 1}`, seats[i]);
  await page.click("#create-button");
}

// waitTable waits until the table page has said hello and been welcomed.
export async function waitTable(page) {
  await page.waitForSelector('main#table[data-state="playing"]', { timeout: T(30000) });
}

// waitTurnOrEnd waits until it is this page's turn with a decision other
// than lastSeq, or done holds: done.hands hands have ended (or the game is
// over), or the page offers a declaration (a bid button) in a deal other
// than hand done.bidUnlessHand.
// (The page's CSP forbids evaluating strings, so the condition is data.)
export async function waitTurnOrEnd(page, lastSeq, done = {}, timeout = T(60000)) {
  await page.waitForFunction(
    ([last, done]) => {
      const m = document.querySelector("main#table");
      if (!m) return false;
      if (done.hands && (Number(m.dataset.handsEnded || "0") >= done.hands || m.dataset.over === "true")) return true;
      if (done.bidUnlessHand !== undefined && m.dataset.phase === "deal" && m.dataset.hand !== String(done.bidUnlessHand) && document.querySelector("button.bid")) return true;
      return m.dataset.myTurn === "true" && m.dataset.seq !== "" && m.dataset.seq !== last;
    },
    [lastSeq, done],
    { timeout, polling: 50 },
  );
  return peek(page);
}

// peek reads the page's state now: whose turn, the decision's number, the
// phase, the hands ended, the legal moves.
export async function peek(page) {
  return page.evaluate(() => {
    const m = document.querySelector("main#table");
    const a = document.getElementById("actions");
    return {
      myTurn: m.dataset.myTurn === "true",
      seq: m.dataset.seq,
      phase: m.dataset.phase,
      handsEnded: Number(m.dataset.handsEnded || "0"),
      over: m.dataset.over === "true",
      legal: JSON.parse((a && a.dataset.legal) || "[]"),
    };
  });
}

export function log(...a) {
  console.log(new Date().toISOString().slice(11, 19), ...a);
}

export function assert(cond, msg) {
  if (!cond) throw new Error("assertion failed: " + msg);
}

// axeSource is axe-core's engine, injected into a page to check it.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// checkA11y runs axe-core on the page as it is now (the WCAG 2.1 A and AA
// rules) and fails with every violation named, where it is and why.
// The engine is evaluated through the browser's debugging protocol, which
// the page's Content-Security-Policy does not govern.
export async function checkA11y(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const res = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] }),
  );
  const bad = res.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.replace(/\n/g, " ")}`).join("\n"),
  );
  if (bad.length) throw new Error(`accessibility (${label}): ${bad.length} axe-core violations:\n  ` + bad.join("\n  "));
  log(`axe-core: ${label}: no violations (${res.passes ? res.passes.length : "?"} rules passed)`);
}

// axeSerious runs axe-core on the page as it is now (the WCAG 2.1 A and
// AA rules) and returns its serious and critical violations in words,
// logging the lesser ones.
export async function axeSerious(page, label) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const res = await page.evaluate(() =>
    window.axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] }),
  );
  const words = (v) =>
    `${label}: ${v.id} (${v.impact}): ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.replace(/\n/g, " ")}`).join("\n");
  const bad = res.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  for (const v of res.violations) if (!bad.includes(v)) log("axe-core (lesser):", words(v));
  return bad.map(words);
}

// sweep checks the page as it is now with axe-core at the phone and the
// desktop size, each in the light and the dark scheme, and returns the
// serious and critical violations found (an empty list when none).
export async function sweep(page, label) {
  const before = page.viewportSize();
  const found = [];
  for (const [tag, vp] of [["phone", PHONE], ["desktop", DESKTOP]]) {
    await page.setViewportSize(vp);
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      found.push(...(await axeSerious(page, `${label} (${tag}, ${scheme})`)));
      found.push(...(await lowContrast(page)).map((x) => `${label} (${tag}, ${scheme}): contrast ${x}`));
      // The lowest contrasts of the small texts, for the record.
      const low = (await lowContrast(page, 1000)).sort((a, b) => parseFloat(a.split(": ").pop()) - parseFloat(b.split(": ").pop()));
      if (low.length) log(`contrast (${label}, ${tag}, ${scheme}), lowest: ${low.slice(0, 2).join("; ")}`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (before) await page.setViewportSize(before);
  log(`axe-core: ${label}: ${found.length} serious or critical violations at both sizes in both schemes`);
  return found;
}

// tapWidths measures, for each card button of the hand, the width a finger
// can tap: along a line through the middle of its face, the pixels where
// the card is what the page would hit (elementFromPoint), so what lies on
// top of it (the next card) is not counted. Each card is scrolled into
// view first. It returns [{card, width}].
export async function tapWidths(page) {
  return page.evaluate(() => {
    const out = [];
    for (const b of document.querySelectorAll("#hand button.card")) {
      b.scrollIntoView({ block: "center", inline: "nearest" });
      const r = b.querySelector(".card-svg").getBoundingClientRect();
      const y = r.top + r.height * 0.6;
      let n = 0;
      for (let x = Math.floor(r.left); x < Math.ceil(r.right); x++) {
        const e = document.elementFromPoint(x + 0.5, y);
        if (e && e.closest("button.card") === b) n++;
      }
      out.push({ card: b.dataset.key || b.dataset.card, width: n });
    }
    return out;
  });
}

// raisedTappable checks that a raised (selected) card takes a tap anywhere
// on its face that shows, the strip it rose into included: it returns the
// points of its face (a grid over the part not under the next card) that
// hit something else.
export async function raisedTappable(page, sel) {
  return page.evaluate((sel) => {
    const b = document.querySelector(sel);
    b.scrollIntoView({ block: "center" });
    const r = b.querySelector(".card-svg").getBoundingClientRect();
    // The card drawn over its right part is the next card in the page's
    // order that overlaps it, wherever it sits (Shengji keeps pairs and
    // tractors in a span of their own, so it need not be a sibling).
    const all = Array.from(document.querySelectorAll("button.card"));
    let next = r.right;
    for (const o of all.slice(all.indexOf(b) + 1)) {
      const q = o.getBoundingClientRect();
      if (q.left > r.left && q.left < next && q.top < r.bottom && q.bottom > r.top) next = q.left;
    }
    const right = next - 1;
    const miss = [];
    for (let y = r.top + 1; y < r.bottom - 1; y += 4) {
      for (let x = r.left + 1; x < right; x += 4) {
        const e = document.elementFromPoint(x, y);
        if (!e || e.closest("button.card") !== b) miss.push(`(${Math.round(x)},${Math.round(y)})`);
      }
    }
    return miss;
  }, sel);
}

// CONTRASTED are the small texts a person found hard to read (the dealer
// and other badges, the key hints, the card counts, the labels of groups):
// lowContrast measures them itself, not only where axe-core is sure.
const CONTRASTED = ".badge, kbd, .count, .deadwood-total, .group-label, .seat-facts, .seat-kind, .team, .pile-box .count, .help p, .label";

// lowContrast returns the texts among CONTRASTED shown now whose contrast
// with what is behind them is under 4.5:1 (disabled controls aside, as
// WCAG has them): the colours as computed, each background composed over
// the ones behind it, the opacities of the text's ancestors applied.
export async function lowContrast(page, min = 4.5) {
  return page.evaluate(([sel, min]) => {
    const parse = (c) => {
      const m = c.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => {
      const a = top[3] + under[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      return [0, 1, 2].map((i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat([a]);
    };
    const lum = (c) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const page = parse(getComputedStyle(document.body).backgroundColor);
    const out = [];
    for (const e of document.querySelectorAll(sel)) {
      if (!e.textContent.trim() || !e.getClientRects().length || e.closest("button:disabled, [inert], [hidden], [aria-hidden=true]")) continue;
      const cs = getComputedStyle(e);
      if (cs.visibility === "hidden") continue;
      // A modal dialog hides the rest of the page from people and checks.
      const dlg = document.querySelector("dialog:modal");
      if (dlg && !dlg.contains(e)) continue;
      let opacity = 1;
      const layers = [];
      for (let a = e; a && a.nodeType === 1; a = a.parentElement) {
        const s = getComputedStyle(a);
        opacity *= Number(s.opacity);
        layers.push(parse(s.backgroundColor));
      }
      let bg = page[3] ? page : [255, 255, 255, 1];
      for (const l of layers.reverse()) bg = over(l, bg);
      const fg0 = parse(cs.color);
      const fg = over([fg0[0], fg0[1], fg0[2], fg0[3] * opacity], bg);
      const [l1, l2] = [lum(fg), lum(bg)].sort((x, y) => y - x);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < min) out.push(`${e.tagName.toLowerCase()}.${[...e.classList].join(".")} "${e.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}:1 (${cs.color} on rgb(${bg.slice(0, 3).map(Math.round).join(",")}))`);
    }
    return out;
  }, [CONTRASTED, min]);
}

// closeResult closes the hand's result over the table, if one is shown,
// and waits until the page has taken the close in (its data-result agrees
// with the dialog again: a close is told to the page by an event that may
// come after the click has returned, so reading data-result at once could
// see the closed dialog as still open).
export async function closeResult(page) {
  const button = page.locator("#result-dialog[open] #result-close");
  if ((await button.count()) > 0) await button.click({ timeout: T(30000) }).catch(() => {});
  await page.waitForFunction(
    () => {
      const d = document.getElementById("result-dialog");
      const m = document.querySelector("main#table");
      return !d || !m || (m.dataset.result === "open") === d.open;
    },
    null,
    { timeout: T(30000), polling: 50 },
  );
}
