// Shared by the Shengji page's browser tests (shengji-*.mjs): a table of
// you and computers, and playing on through the page (declaring nothing,
// burying the hint's cards, the first legal play) until a condition of the
// page holds.

import { createGame, waitTable, peek, log, assert, T, closeResult } from "./lib.mjs";

// newTable creates a Shengji table (you and three greedy computers, the
// preset's rules) and waits until the page is at it.
export async function newTable(page, base, preset = "standard", seats = ["greedy", "greedy", "greedy"]) {
  await createGame(page, base, "shengji", seats, "Ann", preset);
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log(`table ${page.url()} (${preset})`);
}

// clickCards selects the given cards in the hand, one button per copy.
export async function clickCards(page, cards) {
  const used = new Map();
  for (const c of cards) {
    const k = used.get(c) || 0;
    used.set(c, k + 1);
    await page.click(`#hand button.card[data-key="${c}#${k}"]`);
  }
}

// state reads the page's state for playing on: peek's, and whether a
// result is over the table.
async function state(page) {
  const st = await peek(page);
  st.result = (await page.getAttribute("main#table", "data-result")) === "open";
  return st;
}

// playOn plays through the page until stop(page, st) (after each step) is
// true, or the game ends; it returns the page's state then. At each of our
// decisions: pass when declaring after the deal, bury the first cards, call
// the default friends, play the first legal play. A result over the table
// is left there for stop to see, then dismissed with Next hand (unless
// opts.keepResult). Each step waits on the page's own state.
export async function playOn(page, stop, opts = {}) {
  const deadline = Date.now() + T(opts.timeout || 300000);
  let last = "";
  let declaredHand = ""; // declare once a hand
  for (;;) {
    assert(Date.now() < deadline, "the condition was not reached in time");
    const st = await state(page);
    if (await stop(page, st)) return st;
    if (st.over) return st;
    if (st.result) {
      if (opts.keepResult) return st;
      await closeResult(page);
      continue;
    }
    const hand = await page.getAttribute("main#table", "data-hand");
    if (opts.declare && st.phase === "deal" && !st.result && hand !== declaredHand) {
      // Declare once a hand as soon as the deal offers it (the strongest offered).
      const bid = page.locator("button.bid").last();
      if ((await bid.count()) > 0 && (await bid.click({ timeout: T(2000) }).then(() => true, () => false))) {
        log(`hand ${hand}: declared during the deal`);
        declaredHand = hand;
        continue;
      }
    }
    if (!st.myTurn || st.seq === last) {
      await page
        .waitForFunction(
          ([last, declare, declared]) => {
            const m = document.querySelector("main#table");
            if (declare && m.dataset.phase === "deal" && m.dataset.hand !== declared && document.querySelector("button.bid")) return true;
            return m.dataset.result === "open" || m.dataset.over === "true" || (m.dataset.myTurn === "true" && m.dataset.seq !== last) || m.dataset.shown !== "";
          },
          [last, !!opts.declare, declaredHand],
          { timeout: T(5000), polling: 50 },
        )
        .catch(() => {});
      continue;
    }
    if (st.phase === "bid") {
      const bids = await page.$$("button.bid");
      if (opts.declare && bids.length) await bids[bids.length - 1].click();
      else await page.click("#act-pass");
    } else if (st.phase === "bury") {
      const cards = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
      const k = Number(await page.evaluate(() => (document.getElementById("act-bury").textContent.match(/\/(\d+)/) || [])[1]));
      await clickCards(page, cards.slice(0, k));
      await page.click("#act-bury");
    } else if (st.phase === "call") {
      await page.click("#act-call");
    } else if (st.phase === "play") {
      const legal = st.legal.filter((m) => m.kind === "play");
      assert(legal.length > 0, "plays are offered: " + JSON.stringify(st.legal));
      if (await page.$("#act-clear")) await page.click("#act-clear");
      await clickCards(page, legal[0].cards.split(" "));
      await page.click("#act-play");
    } else {
      throw new Error("unexpected decision in phase " + st.phase);
    }
    last = st.seq;
  }
}

// inView reports the boxes of the elements matching sel that do not lie
// within the viewport at the page's scroll now ([] when all do), and how
// many there are.
export async function outOfView(page, sel) {
  return page.$$eval(sel, (els) => {
    const out = [];
    for (const e of els) {
      const r = e.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) out.push(`${e.id || e.className} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
    return { n: els.length, out };
  });
}
