// Undo against computers: a Gin Rummy table made with "Allow undo"; after
// a move of the person's and the computer's reply, the Undo button takes
// them back: the page shows the hand and the decision as they were, and
// says so; with nothing of the hand to take back it says why; a table
// with a friend cannot allow undo.
//
//   node e2e/undo.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, waitTable, waitTurnOrEnd, peek, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { ginMove, moveOn } from "./ginplay.mjs";
import { checkA11yOf } from "./extras.mjs";

// createWithUndo is lib.mjs's createGame with "Allow undo" ticked.
async function createWithUndo(page, base, game, seats, name) {
  await page.goto(base + "/");
  await page.selectOption("#game", game);
  await page.fill("#name", name);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat-${i + 1}`, seats[i]);
  await page.check("#undo");
  await page.click("#create-button");
}

const hand = (page) => page.$$eval("#hand .card", (cs) => cs.map((c) => c.dataset.card).sort().join(" "));

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "undo");
  await createWithUndo(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForSelector("#undo-button");

  // Play until a move of ours is followed by another decision of ours in
  // the same hand, then take it back.
  let st = await waitTurnOrEnd(page, "");
  let moves = 0;
  let hands = 0;
  let before = null;
  for (let i = 0; i < 40; i++) {
    before = { seq: st.seq, phase: st.phase, hand: await hand(page), handNo: await page.getAttribute("main#table", "data-hand") };
    const what = await ginMove(page, st, moves++, { hold: true });
    log(`move at ${st.seq}: ${what}`);
    st = await waitTurnOrEnd(page, st.seq, { hands: hands + 1 });
    // After a discard of ours, so that the hand visibly changes back.
    if (moves >= 3 && /discard/.test(what) && st.handsEnded === hands && !st.over && (await page.getAttribute("main#table", "data-hand")) === before.handNo) break;
    before = null;
    if (st.over) break;
    if (st.handsEnded > hands) {
      // The computer ended the hand first (it may knock at once): the
      // next hand, from its first decision of ours.
      hands = st.handsEnded;
      moves = 0;
      await moveOn(page);
      st = await waitTurnOrEnd(page, st.seq, { hands: hands + 1 });
      if (st.over || st.handsEnded > hands) break;
    }
  }
  assert(before, "a second decision of ours in the hand");
  await shoot(page, dir, "undo-before");
  await page.waitForSelector("#undo-button:not([disabled])");
  await page.click("#undo-button");
  await page.waitForSelector('#notices .notice[data-kind="undo"]');
  await page.waitForFunction(
    ([seq, phase]) => {
      const m = document.querySelector("main#table");
      return m.dataset.myTurn === "true" && Number(m.dataset.seq) > Number(seq) && m.dataset.phase === phase;
    },
    [st.seq, before.phase],
    { timeout: T(30000) },
  );
  const after = await peek(page);
  assert((await hand(page)) === before.hand, `the hand is as it was: ${await hand(page)}, want ${before.hand}`);
  log(`taken back: decision ${before.seq} (${before.phase}) is again to make, as ${after.seq}`);
  assert(/took back/.test(await page.textContent("#log")), "the moves list says so");
  await checkA11yOf(page, "#undo-bar", "the undo button");
  await checkA11yOf(page, "#notices", "the undo notice");
  await shoot(page, dir, "undo-after");

  // Take back once more: our move before it, if any in this hand, else a
  // reason. Play the decision, then take it back at once is allowed, so
  // ask at a hand's first decision instead: a new table.
  await createWithUndo(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  st = await waitTurnOrEnd(page, "");
  await page.click("#undo-button");
  await page.waitForSelector("#message:not([hidden])");
  const why = await page.textContent("#message");
  assert(/no move to take back/.test(why), "nothing to take back is said: " + why);
  await shoot(page, dir, "undo-nothing");

  // With a friend: refused when the table is made.
  await createWithUndo(page, base, "gin", ["friend"], "Ann");
  await page.waitForFunction(() => /undo/.test(document.getElementById("create-error").textContent));
  log("with a friend:", await page.textContent("#create-error"));
  await shoot(page, dir, "undo-friend-refused");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
