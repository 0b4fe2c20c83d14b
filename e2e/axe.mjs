// axe-core over every page and the states the browser tests reach, at
// 360×740 and 1280×800, in the light and the dark scheme: no serious or
// critical violation anywhere. The pages: home (both games, the settings
// open), the invite links made, an invite opened (the name asked) and the
// friend's table, the creator's waiting table, my games, a Gin table (the
// upcard, a draw, a discard with a card chosen and a hint, the hand's
// result over it, the next hand), the replay, a spectator's table and a
// Shengji table (its deal and after it).
//
//   node e2e/axe.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, sweep, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { ginMove, moveOn } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
const found = [];
let states = 0;
async function check(page, label, shot) {
  found.push(...(await sweep(page, label)));
  states++;
  if (shot) await shoot(page, dir, shot);
}

try {
  const page = await newPage(browser, undefined, "axe");
  // Home.
  await page.goto(base + "/");
  await page.waitForSelector("#seat-1 option", { state: "attached" });
  await check(page, "home (gin)", "axe-home");
  await page.selectOption("#game", "shengji");
  await page.waitForSelector("#settings:not([hidden])");
  await page.click("#settings summary");
  await check(page, "home (shengji, settings open)");

  // A game with a friend: the invite links; the invite opened.
  await createGame(page, base, "gin", ["friend"], "Ann");
  await page.waitForSelector("input.invite-url");
  const invite = await page.inputValue("input.invite-url");
  await check(page, "invite links", "axe-invites");
  await page.click("#go-table");
  await waitTable(page);
  await check(page, "table waiting for the friend");
  const bo = await newPage(browser, undefined, "bo");
  await bo.goto(invite);
  await bo.waitForSelector("#join-name");
  await check(bo, "invite opened: the name asked", "axe-invite-opened");
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await waitTable(bo);
  await bo.waitForSelector("#board .pile-top");
  await check(bo, "the friend's table");
  await bo.close();

  // A Gin table against the computer, through a hand.
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  const tableURL = page.url();
  let last = "";
  const seen = new Set();
  const deadline = Date.now() + T(240000);
  for (let n = 0; ; n++) {
    assert(Date.now() < deadline, "the hand did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: 1 });
    if (st.handsEnded >= 1 || st.over) break;
    if (!seen.has(st.phase)) {
      seen.add(st.phase);
      if (st.phase === "discard") {
        const c = st.legal.find((m) => m.kind === "discard").card;
        await page.click(`#hand button.card[data-card="${c}"]`);
        await page.keyboard.press("h");
        await page.waitForSelector('#message[data-kind="hint"]:not([hidden])');
        await check(page, "gin: a discard, a card chosen, a hint", "axe-gin-discard");
      } else await check(page, `gin: ${st.phase}`);
    }
    await ginMove(page, st, n);
    last = st.seq;
  }
  await page.waitForSelector("#result-dialog[open] .result-line");
  await check(page, "gin: the hand's result over the table");
  await moveOn(page);
  await check(page, "gin: the next hand", "axe-gin-next");

  await page.goto(base + "/games");
  await page.waitForSelector("#games-list table tbody tr");
  await check(page, "my games", "axe-games");
  await page.goto(tableURL.replace("/t/", "/replay/"));
  await page.waitForSelector('main#table[data-state="replay"]');
  await page.click("#last");
  await page.waitForSelector("#showdown:not([hidden])");
  await check(page, "replay (its last step)", "axe-replay");

  // A spectator's table.
  const watch = await newPage(browser, undefined, "watch");
  await watch.goto(tableURL);
  await waitTable(watch);
  await watch.waitForSelector("#board .card");
  await check(watch, "gin: a spectator's table");
  await watch.close();

  // Shengji: its deal and after it.
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForFunction(() => document.querySelectorAll("#hand button.card").length >= 3, null, { timeout: T(60000), polling: 100 });
  await check(page, "shengji: the deal", "axe-shengji-deal");
  await page.waitForFunction(() => {
    const m = document.querySelector("main#table");
    return m.dataset.phase && m.dataset.phase !== "deal" && document.querySelectorAll("#hand button.card").length >= 25;
  }, null, { timeout: T(120000), polling: 100 });
  await check(page, "shengji: after the deal", "axe-shengji");

  checkErrors(page);
  log(`${states} states checked, each at two sizes in two schemes: ${found.length} serious or critical violations`);
  assert(found.length === 0, `axe-core found ${found.length} serious or critical violations:\n` + found.join("\n"));
  log("ok");
} finally {
  await browser.close();
}
