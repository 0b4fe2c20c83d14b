// A server restart during a Shengji deal does not rewind it: the script
// prints RESTART while the cards are dealt (the Go test kills felt serve
// with SIGKILL and starts it again, then writes GO); the page reconnects
// by itself and, from then on, never shows fewer cards in the hand than it
// showed before the crash (each card is logged before it is shown), and
// then a reload shows the deal where it was.
//
//   node e2e/shengji-restart.mjs http://127.0.0.1:PORT SCREENSHOTDIR   (stdin: GO)

import { createInterface } from "node:readline";
import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T, received, waitReceived } from "./lib.mjs";
import { newTable } from "./sjlib.mjs";

const { base, dir } = args();
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "restart");
  await newTable(page, base);
  const hand = await page.getAttribute("main#table", "data-hand");
  // Well into the deal (a quarter of it dealt to us at least)…
  await page.waitForFunction(() => document.querySelectorAll("#hand button.card").length >= 8, null, { timeout: T(60000), polling: 20 });
  assert((await page.getAttribute("main#table", "data-phase")) === "deal", "still dealing");
  // …the page records every count it shows, a frame at a time, from now on.
  await page.evaluate(() => {
    window.feltSeen = [];
    const look = () => {
      const m = document.querySelector("main#table");
      window.feltSeen.push({ hand: m.dataset.hand, conn: m.dataset.conn, n: document.querySelectorAll("#hand button.card").length });
      requestAnimationFrame(look);
    };
    look();
  });
  const before = await page.$$eval("#hand button.card", (bs) => bs.length);
  const histories = await received(page, "history");
  log(`hand ${hand}: ${before} cards shown; killing the server`);
  console.log("RESTART");
  const go = await lines.next();
  assert(!go.done && go.value.trim() === "GO", "the test says the server is back: " + JSON.stringify(go.value));
  await page.waitForSelector('main#table[data-conn="open"]', { timeout: T(60000) });
  // The new server's history of the hand, some frames after it, then the
  // counts seen.
  await waitReceived(page, "history", histories + 1, T(60000));
  const frames = await page.evaluate(() => window.feltSeen.length);
  await page.waitForFunction((n) => window.feltSeen.length > n + 30, frames, { timeout: T(30000) });
  const seen = await page.evaluate(() => window.feltSeen);
  const down = seen.findIndex((s) => s.conn !== "open");
  assert(down >= 0, "the page saw the connection drop");
  const lastShown = down > 0 ? seen[down - 1].n : before;
  const after = seen.slice(down).filter((s) => s.conn === "open" && s.hand === hand);
  const least = Math.min(...after.map((s) => s.n));
  log(`before the kill ${lastShown} cards; after the reconnection at least ${least} (${after.length} frames)`);
  assert(after.length > 0, "the same hand after the restart");
  assert(least >= lastShown, `the deal rewound from ${lastShown} to ${least} cards`);
  await shoot(page, dir, "shengji-restart-reconnected");
  // A reload shows it where it is.
  const now = await page.$$eval("#hand button.card", (bs) => bs.length);
  await page.reload();
  await page.waitForSelector('main#table[data-state="playing"][data-conn="open"]');
  await page.waitForFunction((h) => document.querySelector("main#table").dataset.hand === h, hand, { timeout: T(10000) });
  const reloaded = await page.$$eval("#hand button.card", (bs) => bs.length);
  log(`before the reload ${now} cards; after it ${reloaded}`);
  assert(reloaded >= now, `a reload rewound the deal from ${now} to ${reloaded} cards`);
  await checkA11y(page, "the deal after a restart");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
  process.stdin.destroy();
}
