// Watching computers play: a table whose every seat is a computer, opened
// without a token, shows the public table (the pile and the stock for Gin
// Rummy, the tricks for Shengji) and the moves in words, and no hand.
//
//   node e2e/watch.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, waitTable, shoot, checkErrors, log, assert, T } from "./lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "watch");
  for (const game of ["gin", "shengji"]) {
    await page.goto(base + "/");
    await page.selectOption("#game", game);
    await page.check("#watch");
    await page.click("#create-button");
    await page.waitForURL(/\/t\//, { timeout: T(30000) });
    await waitTable(page);
    assert((await page.getAttribute("main#table", "data-seat")) === "-1", "the page watches as a spectator");
    // The public table is drawn from the events.
    await page.waitForSelector(game === "gin" ? "#board .discard-pile .card" : "#board .sj-table .trick-play .card", { timeout: T(60000) });
    await page.waitForFunction(() => document.querySelectorAll("#log li").length >= 3, null, { timeout: T(30000) });
    assert((await page.$$("#hand button.card")).length === 0, "a spectator is shown no hand");
    log(`${game}: watching; the log has ${(await page.$$("#log li")).length} lines`);
    await shoot(page, dir, `watch-${game}`);
  }
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
