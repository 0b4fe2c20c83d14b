// The sound on one's turn: off by default, turned on in the page's
// "Display and sound" panel, remembered over a reload, and sounded once
// when a decision becomes the person's, never on a redraw. The page
// counts the tones it plays in <html data-turn-tones>.
//
//   node e2e/sound.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { ginMove, moveOn } from "./ginplay.mjs";
import { checkA11yOf } from "./extras.mjs";

const tones = (page) => page.evaluate(() => Number(document.documentElement.dataset.turnTones || "0"));

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "sound");
  await page.goto(base + "/");
  await page.waitForSelector("#display-settings");
  assert(!(await page.isChecked("#display-sound")), "the sound is off by default");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  let st = await waitTurnOrEnd(page, "");
  assert((await tones(page)) === 0, "no tone while the sound is off");

  // Turned on: a sample tone, and it is kept.
  await moveOn(page); // a hand may have ended: its result is over the table
  await page.click("#display-settings summary");
  await page.check("#display-sound");
  assert((await tones(page)) === 1, "turning the sound on plays it once");
  assert((await page.evaluate(() => localStorage.getItem("felt.sound"))) === "on", "the choice is kept");
  await checkA11yOf(page, "#display-settings", "the table's display settings");
  await shoot(page, dir, "sound-setting");
  // The table's keys are not typed into a form control: leave the box.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());

  // Each new decision of mine sounds once; a redraw (a hint) does not.
  let last = "";
  let moves = 0;
  let before = await tones(page);
  for (let i = 0; i < 4 && !st.over && st.handsEnded < 1; i++) {
    if (i === 1) {
      await page.keyboard.press("h");
      await page.waitForSelector('#message[data-kind="hint"]:not([hidden])');
      assert((await tones(page)) === before, "a redraw (the hint) plays no tone");
    }
    await ginMove(page, st, moves++, { hold: true });
    last = st.seq;
    st = await waitTurnOrEnd(page, last, { hands: 1 });
    if (st.over || st.handsEnded >= 1) break;
    await page.waitForFunction((n) => Number(document.documentElement.dataset.turnTones || "0") === n + 1, before, { timeout: T(10000) });
    before = await tones(page);
    log(`decision ${st.seq}: tone ${before}`);
  }
  // The same decision again does not sound twice (re-rendered by the
  // window's size changing). It is looked at while a decision is mine, so
  // that no new one can come meanwhile: the loop may have ended with the
  // hand, and the next hand's first decision sounds when it comes.
  if (!st.over && !st.myTurn) {
    await moveOn(page);
    st = await waitTurnOrEnd(page, "", { hands: 1000 }); // no game has 1000 hands: only its end stops the wait
  }
  before = await tones(page);
  await page.setViewportSize({ width: 500, height: 700 });
  await page.setViewportSize({ width: 1280, height: 800 });
  assert((await tones(page)) === before, "a relayout plays no tone");

  // Remembered across a reload.
  await page.reload();
  await waitTable(page);
  assert(await page.isChecked("#display-sound"), "the sound stays on after a reload");

  // Off again: no tone at the next decision.
  await moveOn(page); // a hand may have ended: its result is over the table
  await page.click("#display-settings summary");
  await page.uncheck("#display-sound");
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  st = await waitTurnOrEnd(page, "", { hands: 1 });
  const off = await tones(page);
  if (!st.over && st.handsEnded < 1) {
    await ginMove(page, st, moves++, { hold: true });
    st = await waitTurnOrEnd(page, st.seq, { hands: 1 });
    assert((await tones(page)) === off, "no tone once the sound is off");
  }
  assert((await page.evaluate(() => localStorage.getItem("felt.sound"))) === null, "off is kept");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
