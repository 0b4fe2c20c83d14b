// The focus survives every redraw in Shengji too (the shared drawing code
// keeps it): a card focused with the arrows while the cards are dealt
// keeps the focus as the hand is drawn again at every card dealt, and the
// arrows go on from it.
//
//   node e2e/keyfocus-shengji.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, log, assert, T } from "./lib.mjs";

const { base, dir } = args();
const browser = await launch();
const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a && a.closest("#hand") && a.dataset.key ? a.dataset.key : a === document.body ? "" : `(${a.tagName}#${a.id})`;
  });
const count = (page) => page.$$eval("#hand button.card", (bs) => bs.length);

try {
  const page = await newPage(browser, undefined, "keyfocus-shengji");
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForFunction(() => document.querySelectorAll("#hand button.card").length >= 2, null, { timeout: T(60000), polling: 50 });
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press("ArrowRight");
  const key = await focused(page);
  const n = await count(page);
  assert(key && !key.startsWith("("), "the arrows focus a card of the hand: " + key);
  // More cards come, each drawing the hand again.
  await page.waitForFunction((n) => document.querySelectorAll("#hand button.card").length >= n + 4, n, { timeout: T(60000), polling: 50 });
  const after = await focused(page);
  log(`focused ${key} with ${n} cards; ${await count(page)} cards later the focus is on ${after || "the page's body"}`);
  assert(after === key, `the focus stays on ${key} while the cards are dealt, not ${after || "the body"}`);
  await page.keyboard.press("ArrowRight");
  const next = await focused(page);
  assert(next && next !== key && !next.startsWith("("), "the arrows go on from the focused card: " + next);
  await shoot(page, dir, "keyfocus-shengji-deal");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
