// Small things of the Gin Rummy page at 360 px: with 11 cards in the hand
// every card (its whole face) stays inside its group's border, the page
// does not scroll sideways, and the turn line offers a knock only when a
// knock is allowed.
//
//   node e2e/gin-small.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T, PHONE } from "./lib.mjs";
import { ginMove, moveOn } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, PHONE, "gin-small");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);

  let last = "";
  let checked = 0;
  let knockSeen = false;
  let noKnockSeen = false;
  let shot = false;
  let hands = 0;
  for (let n = 0; checked < 6; n++) {
    const st = await waitTurnOrEnd(page, last, { hands: hands + 1 });
    if (st.over) break;
    if (st.handsEnded > hands) {
      // The computer may knock before a discard of ours was looked at:
      // then the next hand (a few at most).
      hands = st.handsEnded;
      if (checked > 0 || hands >= 5) break;
      await moveOn(page);
      continue;
    }
    if (st.phase === "discard") {
      const g = await page.evaluate(() => {
        const out = [];
        for (const grp of document.querySelectorAll("#hand .group")) {
          const gr = grp.getBoundingClientRect();
          for (const svg of grp.querySelectorAll("button.card .card-svg")) {
            const r = svg.getBoundingClientRect();
            // The face, not raised (a selected card is raised on purpose).
            const raised = svg.closest(".selected") ? 12 : 0;
            if (r.left < gr.left - 0.5 || r.right > gr.right + 0.5 || r.top + raised < gr.top - 0.5 || r.bottom > gr.bottom + 0.5)
              out.push(`${svg.closest("button").dataset.card} at x=${Math.round(r.left)}–${Math.round(r.right)} outside its group x=${Math.round(gr.left)}–${Math.round(gr.right)}`);
          }
        }
        return {
          cards: document.querySelectorAll("#hand button.card").length,
          outside: out,
          rows: new Set(Array.from(document.querySelectorAll("#hand button.card"), (b) => Math.round(b.getBoundingClientRect().top))).size,
          scroll: document.scrollingElement.scrollWidth - innerWidth,
          line: document.getElementById("turn-line").textContent,
        };
      });
      const knock = st.legal.some((m) => m.kind === "knock");
      log(`discard with ${g.cards} cards in ${g.rows} rows; knock ${knock ? "allowed" : "not allowed"}; "${g.line}"`);
      assert(g.cards === 11, "11 cards in the hand at a discard");
      assert(g.outside.length === 0, "every card inside its group:\n" + g.outside.join("\n"));
      assert(g.scroll <= 0, `no sideways scroll at 360 px (${g.scroll} px too wide)`);
      // A knock that leaves no deadwood is offered as gin.
      const gin = !!(await page.$("#act-gin"));
      assert(/\bknock\b/.test(g.line) === (knock && !gin), `the turn line offers a knock only when one is allowed: "${g.line}" (knock ${knock}, gin ${gin})`);
      assert(/\bgo gin\b/.test(g.line) === gin, `the turn line offers gin only when it is there: "${g.line}"`);
      if (knock) knockSeen = true;
      else noKnockSeen = true;
      if (!shot) {
        await shoot(page, dir, "gin-eleven-cards");
        shot = true;
      }
      checked++;
    }
    log(`move ${n}: ${st.phase}: ${await ginMove(page, st, n, { hold: true })}`);
    last = st.seq;
  }
  assert(checked > 0, "a discard of ours was checked");
  log(`checked ${checked} discards (a knock allowed at some: ${knockSeen}; not allowed at some: ${noKnockSeen})`);
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
