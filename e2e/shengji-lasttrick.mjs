// Shengji's finished trick and last trick: when a trick's last card is
// played the whole trick (every seat's cards, the winner marked) stays on
// the board for the chosen time, then the board goes on by itself, or at
// once on a key or a tap; "Last trick" (L) shows the trick before at any
// time in the play; the time is a setting kept in localStorage; with
// prefers-reduced-motion the trick is shown without its fade.
//
//   node e2e/shengji-lasttrick.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T } from "./lib.mjs";
import { newTable, playOn } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

// heldTrick reads the trick on the board: each seat's cards shown, the
// seats marked as winning, the caption.
async function heldTrick(page) {
  return page.evaluate(() => {
    const seats = [...document.querySelectorAll(".sj-table .sj-seat")];
    return {
      shown: document.querySelector("main#table").dataset.shown,
      players: seats.length,
      withCards: seats.filter((s) => s.querySelector(".trick-play .card")).length,
      won: seats.filter((s) => s.classList.contains("won") && s.querySelector(".badge.win")).map((s) => s.dataset.seat),
      caption: (document.getElementById("trick-caption") || {}).textContent || "",
      result: (document.getElementById("trick-result") || {}).textContent || "",
    };
  });
}

const shownIs = (kind) => (p, st) => p.evaluate((k) => document.querySelector("main#table").dataset.shown === k, kind);

try {
  const page = await newPage(browser, undefined, "lasttrick");
  // Held until a key or a tap, so that the checks below see it however
  // slow the machine.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("set")) {
      localStorage.setItem("felt.shengji.trickDelay", "-1");
      sessionStorage.setItem("set", "1");
    }
  });
  await newTable(page, base);
  assert((await page.inputValue("#trick-delay")) === "-1", "the setting shows the kept choice");

  // 1. A trick ends: the whole trick stays, the winner marked.
  await playOn(page, shownIs("done"));
  let t = await heldTrick(page);
  log("held:", JSON.stringify(t));
  assert(t.withCards === t.players && t.players === 4, `every seat's cards are on the board: ${t.withCards} of ${t.players}`);
  assert(t.won.length === 1, "one seat is marked as the winner: " + t.won);
  assert(/Trick over/.test(t.caption) && /won the trick/.test(t.result), "the board says the trick is over and who won: " + t.caption + " / " + t.result);
  await shoot(page, dir, "lasttrick-finished");
  await checkA11y(page, "a finished trick held on the board");
  // Still held after the screenshots: then any key goes on.
  assert((await heldTrick(page)).shown === "done", "the trick is still held");
  await page.keyboard.press("x");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "", null, { timeout: T(5000) });
  log("a key went on from the finished trick");

  // 2. The last trick, at any time: L shows it, L goes back; the button,
  // then a tap elsewhere.
  await page.keyboard.press("l");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "last", null, { timeout: T(5000) });
  t = await heldTrick(page);
  assert(t.withCards === 4 && t.won.length === 1 && /The last trick/.test(t.caption), "L shows the whole last trick: " + JSON.stringify(t));
  assert((await page.getAttribute("#act-last-trick", "aria-pressed")) === "true", "the Last trick button is pressed");
  await shoot(page, dir, "lasttrick-last");
  await checkA11y(page, "the last trick shown");
  await page.keyboard.press("l");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "", null, { timeout: T(5000) });
  await page.click("#act-last-trick");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "last", null, { timeout: T(5000) });
  await page.click("#board .sj-centre");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "", null, { timeout: T(5000) });
  log("the last trick: shown by L and by the button, gone by L and by a tap");

  // 3. The setting: 1 s, kept over a reload; with reduced motion the
  // trick is still held, not faded in; it goes on by itself.
  await page.selectOption("#trick-delay", "1000");
  assert((await page.evaluate(() => localStorage.getItem("felt.shengji.trickDelay"))) === "1000", "the choice is kept");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  await page.waitForSelector('main#table[data-state="playing"]');
  assert((await page.inputValue("#trick-delay")) === "1000", "the choice is kept over a reload");
  // The trick is read in the same turn of the page's event loop that finds
  // it held: a board drawn anew between finding and reading (the held
  // second ends, a message arrives) would otherwise detach the element
  // read, whose computed style is then empty.
  let snap = null;
  await playOn(page, async () => {
    snap = await page.evaluate(() => {
      if (document.querySelector("main#table").dataset.shown !== "done") return null;
      const e = document.querySelector(".sj-table.showing .trick-play");
      const seats = [...document.querySelectorAll(".sj-table .sj-seat")];
      return {
        anim: e ? getComputedStyle(e).animationName : "(no trick on the board)",
        withCards: seats.filter((s) => s.querySelector(".trick-play .card")).length,
        won: seats.filter((s) => s.classList.contains("won") && s.querySelector(".badge.win")).length,
      };
    });
    return snap !== null;
  });
  const since = Date.now();
  assert(snap.anim === "none", "no fade with reduced motion: " + snap.anim);
  assert(snap.withCards === 4 && snap.won === 1, "with reduced motion the trick is still shown: " + JSON.stringify(snap));
  await page.waitForFunction(() => document.querySelector("main#table").dataset.shown === "", null, { timeout: T(10000), polling: 50 });
  const held = Date.now() - since;
  log(`with reduced motion: held ${held} ms (setting 1000)`);
  assert(held < 5000, "the trick went on by itself after the chosen 1 s: " + held);
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
