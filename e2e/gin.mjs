// A whole Gin Rummy hand against the computer through the page: create the
// game on the home page, play every decision by clicks, drags and keys,
// and check the showdown and the score sheet when the hand ends.
//
//   node e2e/gin.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { ginMove } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "gin");
  await page.goto(base + "/");
  await page.waitForSelector("#seat-1 option", { state: "attached" });
  await shoot(page, dir, "home");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log("table", page.url());

  let last = "";
  let moves = 0;
  let shotMid = false;
  let hinted = false;
  const deadline = Date.now() + T(240000);
  for (;;) {
    assert(Date.now() < deadline, "the hand did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: 1 });
    if (st.handsEnded >= 1 || st.over) break;
    if (!shotMid && st.phase === "discard" && moves >= 4) {
      await shoot(page, dir, "gin-discard");
      shotMid = true;
    }
    if (!hinted && st.phase === "discard") {
      // The hint names a move in words and marks its card.
      await page.keyboard.press("h");
      await page.waitForSelector('#message[data-kind="hint"]:not([hidden])');
      log("hint:", await page.textContent("#message"));
      hinted = true;
    }
    const what = await ginMove(page, st, moves);
    log(`move ${moves}: ${st.phase}: ${what}`);
    moves++;
    last = st.seq;
  }
  log(`hand over after ${moves} moves of ours`);

  // The showdown shows both hands and the result; the score sheet has the hand.
  await page.waitForSelector("#result-dialog[open] .result-line");
  const result = await page.textContent("#result-dialog .result-line");
  log("result:", result);
  assert((await page.$$("#result-dialog .show-seat")).length === 2, "the showdown shows both hands");
  await page.waitForSelector("#score-sheet tbody tr");
  const logText = await page.textContent("#log");
  assert(/drew|took|discarded|passed/.test(logText), "the moves are told in words");
  await shoot(page, dir, "gin-showdown");
  // The dark theme follows the system's.
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(page, dir, "gin-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // The game is among my games, and its replay steps through my views.
  const tableURL = page.url();
  await page.goto(base + "/games");
  await page.waitForSelector("#games-list table tbody tr");
  await shoot(page, dir, "games");
  await page.click("#games-list a[href^='/replay/']");
  await page.waitForSelector('main#table[data-state="replay"]');
  const steps = await page.textContent("#step-label");
  log("replay:", steps);
  assert(/^1 \/ \d+$/.test(steps.trim()), "the replay starts at its first step: " + steps);
  for (let i = 0; i < 5; i++) await page.click("#next");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.step === "6");
  await page.waitForSelector("#hand button.card, #hand .card");
  await shoot(page, dir, "replay");
  await page.click("#last");
  await page.waitForSelector("#showdown:not([hidden])");
  log("replay's last step:", await page.textContent("#step-event"));
  await page.goto(tableURL);
  await waitTable(page);
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
