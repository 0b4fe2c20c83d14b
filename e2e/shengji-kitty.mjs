// Burying the kitty in Shengji: the banker's hand marks exactly the cards
// taken up with the kitty (as many copies of each face as the kitty held:
// eight marks for an eight-card kitty, never both copies for one), and a
// raised (selected) card does not cover its group's label.
//
//   node e2e/shengji-kitty.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T } from "./lib.mjs";
import { newTable, playOn, clickCards } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

try {
  // Declaring after the deal is a decision of ours: declaring the
  // strongest we hold makes us the first hand's banker often; when another
  // seat banks it, a new table (a new player's, within the limit of live
  // tables a player may have) is quicker than waiting for our turn to bank.
  let page, st;
  for (let attempt = 1; ; attempt++) {
    page = await newPage(browser, undefined, "kitty" + attempt);
    await newTable(page, base, "simple");
    st = await playOn(page, async (p, s) => s.phase === "bury" || s.phase === "play" || s.phase === "call", { declare: true, timeout: 300000 });
    if (st.phase === "bury" && st.myTurn) break;
    if (st.phase === "bury") {
      // another seat buries: wait to be sure it is not ours
      st = await playOn(page, async (p, s) => s.phase !== "bury" || s.myTurn, { declare: true, timeout: 300000 });
      if (st.phase === "bury" && st.myTurn) break;
    }
    log(`table ${attempt}: another seat banks; a new table`);
    assert(attempt < 16, "never the banker of a first hand in 16 tables");
    await page.context().close();
  }
  assert(st.phase === "bury", "we are the banker, burying");
  const k = Number(await page.evaluate(() => document.getElementById("act-bury").textContent.match(/\/(\d+)/)[1]));
  const marks = await page.$$eval("#hand button.card.new", (bs) => bs.map((b) => b.dataset.key));
  const hand = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
  log(`kitty of ${k}; marked ${marks.length}: ${marks.join(" ")}; hand ${hand.length}`);
  assert(marks.length === k, `exactly the kitty's ${k} cards are marked, not ${marks.length}`);
  const labelled = await page.$$eval("#hand button.card.new", (bs) => bs.every((b) => /from the kitty/.test(b.getAttribute("aria-label"))));
  assert(labelled, "a marked card says it came from the kitty");
  // Both copies of a face are marked only when the kitty held both: per
  // face, the marks are the kitty's copies (the hand's data-kitty is the
  // seat's own PickedUp).
  const picked = ((await page.getAttribute("#hand", "data-kitty")) || "").split(" ").filter(Boolean);
  assert(picked.length === k, `the kitty taken up has ${k} cards: ${picked.join(" ")}`);
  const count = (xs) => xs.reduce((m, c) => m.set(c, (m.get(c) || 0) + 1), new Map());
  const want = count(picked);
  const got = count(marks.map((m) => m.split("#")[0]));
  for (const [c, n] of want) assert(got.get(c) === n, `${c}: the kitty held ${n}, ${got.get(c) || 0} marked`);
  for (const [c, n] of got) assert(want.get(c) === n, `${c}: ${n} marked, the kitty held ${want.get(c) || 0}`);
  const twins = [...want].filter(([c]) => hand.filter((x) => x === c).length > (want.get(c) || 0));
  log(`marks match the kitty face by face; ${twins.length} of its faces have another copy in the hand, left unmarked`);

  // Select the kitty's cards (raised): no raised card covers a label.
  await clickCards(page, marks.map((m) => m.split("#")[0]));
  await page.waitForFunction((k) => document.querySelectorAll("#hand button.card.selected").length === k, k, { timeout: T(5000) });
  const covered = await page.evaluate(() => {
    const out = [];
    for (const g of document.querySelectorAll("#hand .group")) {
      const l = g.querySelector(".group-label").getBoundingClientRect();
      if (!l.height) continue; // labels for screen readers only (a phone)
      for (const c of g.querySelectorAll("button.card.selected")) {
        const r = c.getBoundingClientRect();
        if (r.top < l.bottom - 0.5) out.push(`${c.dataset.key} top ${Math.round(r.top)} above label bottom ${Math.round(l.bottom)}`);
      }
    }
    return out;
  });
  assert(!covered.length, "raised cards cover their labels: " + covered.join("; "));
  await shoot(page, dir, "kitty-bury");
  await checkA11y(page, "burying the kitty");
  await page.click("#act-bury");
  await page.waitForFunction(() => document.querySelector("main#table").dataset.phase !== "bury", null, { timeout: T(30000) });
  assert((await page.$$("#hand button.card.new")).length === 0, "no card is marked once the kitty is buried");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
