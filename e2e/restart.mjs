// The page reconnects by itself: a Gin Rummy hand against the computer
// during which the server is killed (SIGKILL) and started again. The
// script prints RESTART at the page's own turn and waits for a line on its
// standard input (the Go test restarts felt serve, then writes GO); the
// page must reconnect without a reload, get its pending decision again
// with the same hand, and play the hand to its end.
//
//   node e2e/restart.mjs http://127.0.0.1:PORT SCREENSHOTDIR   (stdin: GO)

import { createInterface } from "node:readline";
import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T, received, waitReceived } from "./lib.mjs";
import { ginMove } from "./ginplay.mjs";

const { base, dir } = args();
const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "ann");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log("table", page.url());
  const loads = await page.evaluate(() => performance.getEntriesByType("navigation").length);

  let last = "";
  let moves = 0;
  let restarted = false;
  let target = 1; // the hand to play to its end
  const deadline = Date.now() + T(300000);
  for (;;) {
    assert(Date.now() < deadline, "the hand did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: target }, T(90000));
    if (st.handsEnded >= target || st.over) {
      if (restarted || st.over) break;
      // The computer ended the hand before the restart (a deal is random):
      // restart in the next hand instead.
      log(`hand ${target} ended before the restart; on to the next`);
      target = st.handsEnded + 1;
      last = "";
      continue;
    }
    if (!restarted && moves >= 2) {
      const hand = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card).sort().join(" "));
      const decides = await received(page, "decide");
      console.log("RESTART");
      const go = await lines.next();
      assert(!go.done && go.value.trim() === "GO", "the test says the server is back: " + JSON.stringify(go.value));
      // The page noticed the dropped connection and comes back by itself.
      await page.waitForSelector('main#table[data-conn="open"]', { timeout: T(60000) });
      // The decision shown is the one the new server sent, not the one
      // still on the page from before the kill.
      await waitReceived(page, "decide", decides + 1, T(60000));
      const again = await waitTurnOrEnd(page, "", {}, T(60000));
      const handAgain = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card).sort().join(" "));
      assert(again.myTurn && again.phase === st.phase, `the decision is pending again (${again.phase} vs ${st.phase})`);
      assert(handAgain === hand, `the same hand after the restart: ${handAgain} vs ${hand}`);
      const loadsAfter = await page.evaluate(() => performance.getEntriesByType("navigation").length);
      assert(loadsAfter === loads && page.url().includes("/t/"), "no reload: the page reconnected on its own");
      log(`reconnected: decision ${again.seq} (${again.phase}) with the same hand`);
      await shoot(page, dir, "after-restart");
      restarted = true;
      last = "";
      continue;
    }
    const what = await ginMove(page, st, moves, { hold: !restarted });
    log(`move ${moves}: ${st.phase}: ${what}`);
    moves++;
    last = st.seq;
  }
  assert(restarted, "the server was restarted mid-hand");
  await page.waitForSelector("#result-dialog[open] .result-line");
  log("result:", await page.textContent("#result-dialog .result-line"));
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
  process.stdin.destroy();
}
