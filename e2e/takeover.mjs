// A person who leaves is replaced by a computer, and the page says so; the
// person comes back and plays the seat again. A Gin Rummy friend game: the
// friend's page closes at the friend's turn, the host's page shows the
// takeover notice and the seat played by a computer; the friend opens the
// table again (the token is kept in the browser) and gets the seat back
// at its next turn, which the host's page also announces.
//
// The server must run with a short --away (the grace period after a
// person's last connection closes), e.g. --away 1s.
//
//   node e2e/takeover.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, peek, shoot, checkErrors, log, assert, T, PHONE } from "./lib.mjs";
import { ginMove } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, undefined, "ann");
  await createGame(ann, base, "gin", ["friend"], "Ann");
  await ann.waitForSelector("input.invite-url");
  const invite = await ann.inputValue("input.invite-url");
  await ann.click("#go-table");
  await waitTable(ann);
  const tableURL = ann.url();

  const boContext = await browser.newContext({ viewport: PHONE });
  let bo = await boContext.newPage();
  bo.errors = [];
  bo.on("pageerror", (e) => bo.errors.push("bo: " + e.message));
  bo.setDefaultTimeout(T(30000));
  await bo.goto(invite);
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await waitTable(bo);

  // Play until it is Bo's turn after a few moves, then Bo leaves.
  const last = ["", ""];
  let moves = 0;
  let phase = "before";
  let boMovesAfterReturn = 0;
  const deadline = Date.now() + T(240000);
  for (;;) {
    assert(Date.now() < deadline, `stuck in phase ${phase}`);
    const pages = phase === "away" ? [ann] : [ann, bo];
    let acted = false;
    for (const p of pages) {
      const i = p === ann ? 0 : 1;
      const st = await peek(p);
      if (st.over || !st.myTurn || st.seq === "" || st.seq === last[i]) continue;
      if (i === 1 && phase === "before" && moves >= 4) {
        log(`bo leaves at decision ${st.seq}`);
        await bo.close();
        phase = "away";
        acted = true;
        break;
      }
      const what = await ginMove(p, st, moves);
      log(`${i === 0 ? "ann" : "bo"} move ${moves}: ${st.phase}: ${what}`);
      last[i] = st.seq;
      moves++;
      acted = true;
      if (i === 1 && phase === "back") boMovesAfterReturn++;
    }
    if (phase === "away" && (await ann.$('#notices .notice[data-kind="takeover"]'))) {
      const text = await ann.textContent('#notices .notice[data-kind="takeover"] .notice-text');
      log("ann sees:", text);
      assert(/Bo|seat 1/.test(text), "the takeover notice names the seat: " + text);
      await ann.waitForSelector("#board .badge.warn");
      await shoot(ann, dir, "takeover");
      // Bo comes back: the token is in this browser's storage.
      bo = await boContext.newPage();
      bo.errors = [];
      bo.on("pageerror", (e) => bo.errors.push("bo: " + e.message));
      bo.setDefaultTimeout(T(30000));
      await bo.goto(tableURL);
      await waitTable(bo);
      assert((await bo.getAttribute("main#table", "data-seat")) === "1", "bo is seat 1 again");
      phase = "back";
      continue;
    }
    if (phase === "back" && (await ann.$('#notices .notice[data-kind="return"]')) && boMovesAfterReturn >= 1) {
      log("ann sees:", await ann.textContent('#notices .notice[data-kind="return"] .notice-text'));
      break;
    }
    const ended = await peek(ann);
    if (ended.over) throw new Error("the game ended before the return");
    // Nobody to move yet: poll again shortly (the deadline above bounds it).
    if (!acted) await new Promise((r) => setTimeout(r, 50));
  }
  await shoot(bo, dir, "returned");
  checkErrors(ann, bo);
  log("ok");
} finally {
  await browser.close();
}
