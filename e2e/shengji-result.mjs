// A Shengji hand's result over the table: when the last trick ends (and
// has been shown), the result (the points, who won, each seat's levels) is
// a modal dialog over the table with the focus in it; the next hand is
// dealt behind it, but the page offers none of its decisions until the
// person moves on with Next hand (Enter); then the dialog is gone, the
// focus is back on the table, and the score sheet keeps the hand. A
// spectator sees the result in the same dialog; the replay shows it below
// the table at the step where the hand ends.
//
//   node e2e/shengji-result.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T } from "./lib.mjs";
import { newTable, playOn } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

try {
  const page = await newPage(browser, undefined, "result");
  await newTable(page, base);
  const tableURL = page.url();
  // A spectator (another browser, no token) watches the same table.
  const watch = await newPage(browser, undefined, "watch");
  await watch.goto(tableURL);
  await watch.waitForFunction(() => document.querySelector("main#table").dataset.seat === "-1");
  const st = await playOn(page, async (p, s) => s.result, { keepResult: true, timeout: 600000 });
  assert(st.result, "a hand's result is over the table");
  // The shared result dialog (the one Gin's results use too), and no
  // second copy of the result anywhere on the page.
  const d = await page.evaluate(() => {
    const box = document.getElementById("result-dialog");
    const r = box.getBoundingClientRect();
    const a = document.activeElement;
    const ids = Array.from(document.querySelectorAll("[id]"), (e) => e.id);
    // The middle of the screen is the dialog's (a modal one: the rest of
    // the page, the table, is inert under its backdrop).
    const hit = document.elementFromPoint(innerWidth / 2, innerHeight / 2);
    return {
      modal: box.matches(":modal"),
      label: (document.getElementById(box.getAttribute("aria-labelledby")) || {}).textContent,
      centreInside: r.left < innerWidth / 2 && r.right > innerWidth / 2 && r.top < innerHeight / 2 && r.bottom > innerHeight / 2,
      covered: !!(hit && hit.closest("#result-dialog")),
      focus: a && a.id,
      button: document.getElementById("result-close").textContent,
      dupes: ids.filter((id, i) => ids.indexOf(id) !== i),
      results: document.querySelectorAll(".result-line").length,
      result: box.querySelector(".result-line").textContent,
      side: (box.querySelector("#winning-side") || {}).textContent,
      levels: box.querySelectorAll("#level-changes tbody tr").length,
    };
  });
  log("result:", JSON.stringify(d));
  assert(d.modal && /Hand 1 is over/.test(d.label), "a modal dialog named for the hand: " + d.label);
  assert(d.centreInside && d.covered, "over the table, in the middle of the screen");
  assert(d.focus === "result-close" && /^Next hand/.test(d.button), "the focus is on Next hand: " + d.focus + " " + d.button);
  assert(d.dupes.length === 0 && d.results === 1, "one copy of the result, no id twice: " + d.dupes.join(" "));
  assert(/attackers scored \d+ points|dealt again/.test(d.result) && d.levels === 4, "the score and every seat's levels: " + d.result);
  assert(/dealt again/.test(d.result) || /banker's side|attackers/.test(d.side || ""), "the side that won: " + d.side);
  await shoot(page, dir, "result-over-table");
  await checkA11y(page, "a hand's result over the table");

  // The spectator's page: the same dialog, the same facts, one copy.
  await watch.waitForSelector("#result-dialog[open] #level-changes tbody tr", { timeout: T(30000) });
  const w = await watch.evaluate(() => {
    const box = document.getElementById("result-dialog");
    const ids = Array.from(document.querySelectorAll("[id]"), (e) => e.id);
    return {
      modal: box.matches(":modal"),
      label: document.getElementById("result-title").textContent,
      focus: document.activeElement && document.activeElement.id,
      dupes: ids.filter((id, i) => ids.indexOf(id) !== i),
      levels: box.querySelectorAll("#level-changes tbody tr").length,
      side: (box.querySelector("#winning-side") || {}).textContent,
    };
  });
  log("the spectator's result:", JSON.stringify(w));
  assert(w.modal && /Hand 1 is over/.test(w.label) && w.focus === "result-close", "the spectator's result is the same dialog");
  assert(w.dupes.length === 0 && w.levels === 4, "the spectator's result: every seat's levels, no id twice");
  await shoot(watch, dir, "result-spectator");
  await watch.keyboard.press("Enter");
  await watch.waitForSelector("#result-dialog:not([open])", { state: "attached" });
  checkErrors(watch);
  await watch.close();

  // The server deals the next hand at once: it goes on behind the dialog,
  // whose decisions wait.
  await page.waitForFunction(() => document.querySelector("main#table").dataset.hand === "2", null, { timeout: T(60000) });
  await page.waitForFunction(() => Number(document.querySelector("main#table").dataset.handsEnded) === 1, null, { timeout: T(5000) });
  const behind = await page.evaluate(() => ({
    open: document.querySelector("main#table").dataset.result,
    myTurn: document.querySelector("main#table").dataset.myTurn,
    bids: document.querySelectorAll("button.bid").length,
    focus: document.activeElement && document.activeElement.id,
  }));
  log("behind the dialog:", JSON.stringify(behind));
  assert(behind.open === "open" && behind.myTurn === "false" && behind.bids === 0, "the next hand's decisions wait");
  assert(behind.focus === "result-close", "the focus stays in the dialog while the next hand is dealt");

  // Enter moves on: the dialog goes, the focus comes back to the table.
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.result === "", null, { timeout: T(5000) });
  const after = await page.evaluate(() => ({
    open: document.getElementById("result-dialog").open,
    myTurn: document.querySelector("main#table").dataset.myTurn,
    focusIn: !!document.activeElement && document.activeElement !== document.body && !!document.activeElement.closest("main#table"),
    sheet: document.querySelectorAll("#score-sheet tbody tr").length,
  }));
  log("after Next hand:", JSON.stringify(after));
  assert(!after.open, "the dialog is gone");
  assert(after.focusIn, "the focus is back on the table");
  assert(after.sheet === 1, "the score sheet keeps the hand");
  await shoot(page, dir, "result-next-hand");
  await checkA11y(page, "the next hand after the result");

  // The replay, at the step where hand 1 ends: the result below the table
  // (the replay's own place for it), no dialog.
  await page.goto(tableURL.replace("/t/", "/replay/"));
  await page.waitForSelector('main#table[data-state="replay"]');
  const at = await page.evaluate(async () => {
    const id = location.pathname.replace(/^\/replay\//, "");
    const r = await fetch(`/api/tables/${id}/replay`, { headers: { Authorization: "Bearer " + localStorage.getItem("felt.token." + id) } }).then((x) => x.json());
    return r.steps.findIndex((st) => st.event && st.event.HandOver && st.event.Score);
  });
  assert(at > 0, "the replay has hand 1's end");
  await page.$eval("#step", (el, v) => {
    el.value = String(v);
    el.dispatchEvent(new Event("input"));
  }, at);
  await page.waitForSelector("#showdown:not([hidden]) #level-changes tbody tr", { timeout: T(10000) });
  const rp = await page.evaluate(() => {
    const ids = Array.from(document.querySelectorAll("[id]"), (e) => e.id);
    return {
      line: document.querySelector("#showdown .result-line").textContent,
      dialog: !!document.querySelector("dialog[open]"),
      dupes: ids.filter((id, i) => ids.indexOf(id) !== i),
    };
  });
  log("the replay's result:", JSON.stringify(rp));
  assert(/attackers scored \d+ points|dealt again/.test(rp.line) && !rp.dialog, "the replay shows the result below the table");
  assert(rp.dupes.length === 0, "no id twice on the replay's page: " + rp.dupes.join(" "));
  await shoot(page, dir, "result-replay");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
