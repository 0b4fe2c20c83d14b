// A Gin Rummy hand's result is shown over the table, as a modal dialog,
// until the person goes on: it is on the first screen at both sizes, the
// table under it takes no taps, the focus is in it, the next hand dealt
// under it does not close it, Enter closes it and the focus goes back to
// the table. Its words read as a person writes them.
//
//   node e2e/gin-result.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, sweep, checkErrors, log, assert, T, PHONE, DESKTOP } from "./lib.mjs";
import { ginMove } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "gin-result");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);

  let last = "";
  let moves = 0;
  const deadline = Date.now() + T(240000);
  for (;;) {
    assert(Date.now() < deadline, "the hand did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: 1 });
    if (st.handsEnded >= 1 || st.over) break;
    log(`move ${moves}: ${st.phase}: ${await ginMove(page, st, moves)}`);
    moves++;
    last = st.seq;
  }

  // The result is a modal dialog, open, with the focus on its button.
  await page.waitForSelector("#result-dialog[open] .result-line");
  const d = await page.evaluate(() => {
    const dlg = document.getElementById("result-dialog");
    const a = document.activeElement;
    return {
      modal: dlg.matches(":modal"),
      name: dlg.getAttribute("aria-labelledby") && document.getElementById(dlg.getAttribute("aria-labelledby")).textContent,
      focus: a ? a.id : "",
      line: dlg.querySelector(".result-line").textContent,
      heads: Array.from(dlg.querySelectorAll("h3"), (x) => x.textContent),
    };
  });
  log("result:", JSON.stringify(d));
  assert(d.modal, "the result is a modal dialog");
  assert(/^Hand 1: /.test(d.name || ""), "the dialog is named by its heading: " + d.name);
  assert(d.focus === "result-close", "the focus is on the dialog's button, not " + d.focus);
  // Words as a person writes them.
  for (const t of [d.line, ...d.heads]) {
    assert(!/\) \(/.test(t), "no double brackets: " + t);
    assert(!/; You /.test(t) && !/[a-z] You /.test(t), "no capital You mid-sentence: " + t);
  }

  // On the first screen at both sizes, over the table, which takes no tap.
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(vp);
    const g = await page.evaluate(() => {
      const r = document.querySelector("#result-dialog .result-line").getBoundingClientRect();
      const b = document.getElementById("board").getBoundingClientRect();
      const x = b.left + b.width / 2;
      const y = Math.min(b.top + b.height / 2, innerHeight - 2);
      const hit = document.elementFromPoint(x, y);
      return { top: r.top, bottom: r.bottom, covered: !!(hit && hit.closest("#result-dialog")), scrollY };
    });
    log(`${vp.width}×${vp.height}: the result line at y=${Math.round(g.top)}–${Math.round(g.bottom)}`);
    assert(g.top >= 0 && g.bottom <= vp.height, `the result is on the first screen at ${vp.width}×${vp.height}: y=${g.top}`);
    assert(g.covered, "the dialog covers the table");
  }
  await shoot(page, dir, "gin-result-overlay");
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(page, dir, "gin-result-overlay-dark");
  await page.emulateMedia({ colorScheme: "light" });
  const bad = await sweep(page, "gin result dialog");
  assert(bad.length === 0, "axe-core:\n" + bad.join("\n"));

  // The next hand is dealt under it; the result stays until the person goes on.
  const over = await page.evaluate(() => document.querySelector("main#table").dataset.over === "true");
  if (!over) {
    await page.waitForFunction(() => document.querySelector("main#table").dataset.hand === "2", null, { timeout: T(30000) });
    assert(await page.$("#result-dialog[open]"), "the result stays open after the next deal");
    // The table's keys wait too: P and S neither pass nor draw under it.
    // First the new hand settles: our decision comes a moment after the
    // deal, or the opponent is to play (held while the result is shown).
    await page.waitForFunction(
      () => document.querySelector("main#table").dataset.myTurn === "true" || !!document.querySelector("#board .seat.opponent.to-act"),
      null,
      { timeout: T(30000), polling: 50 },
    );
    const seq = await page.getAttribute("main#table", "data-seq");
    await page.keyboard.press("p");
    await page.keyboard.press("s");
    assert((await page.getAttribute("main#table", "data-seq")) === seq, "keys do not act under the dialog");
  }
  await page.keyboard.press("Enter");
  await page.waitForSelector("#result-dialog:not([open])", { state: "attached" });
  const back = await page.evaluate(() => {
    const a = document.activeElement;
    return a && a !== document.body ? (a.id || a.dataset.card || a.dataset.key || a.tagName) + (a.closest("#table") ? "" : " (outside the table)") : "body";
  });
  log("after Enter the focus is on", back);
  assert(back !== "body" && !back.includes("outside"), "the focus goes back to the table, not " + back);
  await shoot(page, dir, "gin-result-closed");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
