// On a 360×740 phone every card of the hand gives a finger at least 32 px
// of width (what shows of it and takes the tap), in Gin Rummy (11 cards at
// a discard) and Shengji (a whole dealt hand), and a raised (selected)
// card takes a tap anywhere on its face.
//
//   node e2e/cardwidth.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, tapWidths, raisedTappable, shoot, checkErrors, log, assert, T, PHONE } from "./lib.mjs";
import { toDiscard } from "./ginplay.mjs";

const MIN = 32;
const { base, dir } = args();
const browser = await launch();

function check(game, widths) {
  const w = widths.map((x) => x.width);
  log(`${game}: ${w.length} cards; tap widths ${Math.min(...w)}–${Math.max(...w)} px: ${w.join(" ")}`);
  const narrow = widths.filter((x) => x.width < MIN);
  assert(w.length > 0, `${game}: cards in the hand`);
  assert(narrow.length === 0, `${game}: cards narrower than ${MIN} px to tap: ` + narrow.map((x) => `${x.card} ${x.width} px`).join(", "));
}

try {
  // Gin Rummy: 11 cards at a discard of ours.
  const page = await newPage(browser, PHONE, "cardwidth-gin");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await toDiscard(page);
  check("gin", await tapWidths(page));
  // A selected card is raised: all of it that shows takes the tap.
  const pick = await page.$eval("#hand .group:last-child button.card", (b) => b.dataset.card);
  await page.click(`#hand button.card[data-card="${pick}"]`);
  await page.waitForSelector(`#hand button.card.selected[data-card="${pick}"]`);
  const miss = await raisedTappable(page, `#hand button.card[data-card="${pick}"]`);
  assert(miss.length === 0, `gin: the raised ${pick} does not take a tap at ${miss.slice(0, 8).join(" ")}`);
  log(`gin: the raised ${pick} takes a tap anywhere on its face`);
  await shoot(page, dir, "cardwidth-gin");

  // Shengji: the whole hand once dealt.
  const sj = await newPage(browser, PHONE, "cardwidth-shengji");
  await createGame(sj, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await sj.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(sj);
  await sj.waitForFunction(() => {
    const m = document.querySelector("main#table");
    return m.dataset.phase && m.dataset.phase !== "deal" && document.querySelectorAll("#hand button.card").length >= 25;
  }, null, { timeout: T(120000), polling: 100 });
  check("shengji", await tapWidths(sj));
  const key = await sj.$eval("#hand button.card", (b) => b.dataset.key);
  await sj.click(`#hand button.card[data-key="${key}"]`);
  await sj.waitForSelector(`#hand button.card.selected[data-key="${key}"]`);
  const missSj = await raisedTappable(sj, `#hand button.card[data-key="${key}"]`);
  assert(missSj.length === 0, `shengji: the raised ${key} does not take a tap at ${missSj.slice(0, 8).join(" ")}`);
  log(`shengji: the raised ${key} takes a tap anywhere on its face`);
  await shoot(sj, dir, "cardwidth-shengji");
  checkErrors(page, sj);
  log("ok");
} finally {
  await browser.close();
}
