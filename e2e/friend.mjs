// A Gin Rummy hand between two people in two browser contexts: one creates
// the game with a friend's seat, the other opens the invite link; the
// friend reloads the page in the middle of the hand, at its own turn, gets
// the same decision back and the hand goes on to its end.
//
//   node e2e/friend.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, peek, shoot, checkErrors, log, assert, T, PHONE } from "./lib.mjs";
import { ginMove } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, undefined, "ann");
  await createGame(ann, base, "gin", ["friend"], "Ann");
  await ann.waitForSelector("input.invite-url");
  const invite = await ann.inputValue("input.invite-url");
  assert(/#seat=1&token=/.test(invite), "the invite link carries the seat and token in the fragment: " + invite);
  await shoot(ann, dir, "invite");
  await ann.click("#go-table");
  await waitTable(ann);

  const bo = await newPage(browser, PHONE, "bo");
  await bo.goto(invite);
  // A friend without a name yet is asked for one before joining.
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await waitTable(bo);
  assert(!bo.url().includes("token"), "the token is cleared from the address: " + bo.url());
  const tableID = new URL(bo.url()).pathname.split("/").pop();
  const stored = await bo.evaluate((id) => localStorage.getItem("felt.token." + id), tableID);
  assert(stored && stored.length > 0, "the friend's token is kept");
  log("table", tableID);

  const pages = [ann, bo];
  const last = ["", ""];
  const ended = async (p) => p.evaluate(() => Number(document.querySelector("main#table").dataset.handsEnded || "0") >= 1);
  let moves = 0;
  let reloaded = false;
  const deadline = Date.now() + T(300000);
  while (!(await ended(ann)) || !(await ended(bo))) {
    assert(Date.now() < deadline, "the hand did not end in time");
    // Whose turn? Each page shows what its server told it; poll both.
    let acted = false;
    for (let i = 0; i < 2; i++) {
      const p = pages[i];
      const st = await peek(p);
      if (st.handsEnded >= 1 || st.over || !st.myTurn || st.seq === "" || st.seq === last[i]) continue;
      if (i === 1 && !reloaded && moves >= 2) {
        // Early, so that a knock (deals are random) cannot end the hand first.
        // The friend reloads at its own turn and must get the same decision.
        log(`bo reloads at decision ${st.seq}`);
        await bo.reload();
        await waitTable(bo);
        const again = await waitTurnOrEnd(bo, "", {}, T(60000));
        assert(again.seq === st.seq, `after the reload the pending decision comes back (${again.seq} vs ${st.seq})`);
        reloaded = true;
        await shoot(bo, dir, "friend-after-reload");
      }
      const what = await ginMove(p, st, moves, { hold: !reloaded });
      log(`${i === 0 ? "ann" : "bo"} move ${moves}: ${st.phase}: ${what}`);
      last[i] = st.seq;
      moves++;
      acted = true;
    }
    // Nobody to move yet: poll again shortly (the deadline above bounds it).
    if (!acted) await new Promise((r) => setTimeout(r, 50));
  }
  assert(reloaded, "the friend reloaded mid-hand");
  for (const p of pages) {
    await p.waitForSelector("#result-dialog[open] .result-line");
    await p.waitForSelector("#score-sheet tbody tr");
  }
  const ra = await ann.textContent("#result-dialog .result-line");
  const rb = await bo.textContent("#result-dialog .result-line");
  log("ann sees:", ra, "| bo sees:", rb);
  assert(/Bo/.test(ra) || /Bo/.test(await ann.textContent("#board")), "ann sees the friend's name");
  await shoot(bo, dir, "friend-showdown");
  // Reloaded in the next hand, the score sheet still has the first.
  await bo.reload();
  await waitTable(bo);
  await bo.waitForSelector("#score-sheet tbody tr", { timeout: T(30000) });
  log("after a reload in hand", await bo.getAttribute("main#table", "data-hand"), "the score sheet has", (await bo.$$("#score-sheet tbody tr")).length, "hand(s)");
  checkErrors(ann, bo);
  log("ok");
} finally {
  await browser.close();
}
