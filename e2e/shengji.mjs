// A Shengji hand through the page: you and three computers. Declare trump
// during the deal when the page offers it, bury the kitty when you are the
// banker, make one illegal play to see the engine's reason, then play
// every trick until the hand ends.
//
//   node e2e/shengji.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T } from "./lib.mjs";

const { base, dir } = args();
const browser = await launch();

// clickCards selects the given cards in the hand, one button per copy.
async function clickCards(page, cards) {
  const used = new Map();
  for (const c of cards) {
    const k = used.get(c) || 0;
    used.set(c, k + 1);
    await page.click(`#hand button.card[data-key="${c}#${k}"]`);
  }
}

try {
  const page = await newPage(browser, undefined, "shengji");
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log("table", page.url());

  let last = "";
  let declared = false;
  let refusedSeen = false;
  let buried = false;
  let plays = 0;
  let shotTrick = false;
  const deadline = Date.now() + T(400000);
  for (;;) {
    assert(Date.now() < deadline, "the hand did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: 1, bid: !declared }, T(120000));
    if (st.handsEnded >= 1 || st.over) break;
    if (st.phase === "deal" && !st.myTurn) {
      // A declaration is offered while the cards are dealt: make it once.
      const bid = page.locator("button.bid").first();
      if (!declared && (await bid.count()) > 0) {
        await shoot(page, dir, "shengji-deal");
        const cards = await bid.getAttribute("data-cards", { timeout: T(5000) }).catch(() => null);
        if (cards !== null) {
          await bid.click({ timeout: T(5000) }).catch((e) => log("the declaration went away before the click:", e.message.split("\n")[0]));
          log("declared", cards);
        }
      }
      declared = true;
      continue;
    }
    if (st.phase === "bid") {
      const b = await page.$("button.bid");
      if (b) await b.click();
      else await page.click("#act-pass");
      log("bid phase: acted");
    } else if (st.phase === "bury") {
      // Ask for the hint; without one, bury the first eight cards shown.
      const cards = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.key));
      await clickCards(page, cards.slice(0, 8).map((k) => k.split("#")[0]));
      await shoot(page, dir, "shengji-bury");
      await page.click("#act-bury");
      buried = true;
      log("buried eight cards");
    } else if (st.phase === "play") {
      const legal = st.legal.filter((m) => m.kind === "play");
      assert(legal.length > 0, "plays are offered: " + JSON.stringify(st.legal));
      const choice = legal[0].cards.split(" ");
      const hand = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
      const following = await page.evaluate(() => /follow/.test(document.getElementById("turn-line").textContent));
      if (!refusedSeen && following && hand.length > choice.length) {
        // One play of the wrong number of cards: the engine says why.
        const extra = hand.find((c) => !choice.includes(c)) || hand[0];
        await clickCards(page, [...choice, extra]);
        await page.click("#act-play");
        await page.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
        const why = await page.textContent("#message");
        log("refused:", why);
        assert(/shengji|must|follow|cards/i.test(why), "the refusal gives the engine's reason: " + why);
        await shoot(page, dir, "shengji-refused");
        refusedSeen = true;
        // The same decision is still ours.
        const again = await waitTurnOrEnd(page, "", {});
        assert(again.myTurn, "the decision is still pending after a refusal");
        last = "";
        continue;
      }
      await clickCards(page, choice);
      if (plays % 2 === 0) await page.click("#act-play");
      else await page.keyboard.press("Enter");
      plays++;
      if (!shotTrick && plays >= 3) {
        await shoot(page, dir, "shengji-trick");
        shotTrick = true;
      }
    } else {
      throw new Error("unexpected decision in phase " + st.phase);
    }
    last = st.seq;
  }
  log(`hand over: ${plays} plays, buried ${buried}, declared ${declared}, refusal seen ${refusedSeen}`);
  await page.waitForSelector("#showdown:not([hidden]) .result-line");
  log("result:", await page.textContent("#showdown .result-line"));
  await page.waitForSelector("#score-sheet tbody tr");
  await shoot(page, dir, "shengji-over");
  if (!declared) {
    // The server paces the deal only while a person watches, so the first
    // hand may be dealt before this page connected: declare in the second.
    log("no declaration offered in the first hand; trying the second deal");
    await page.waitForFunction(
      () => {
        const m = document.querySelector("main#table");
        return (m.dataset.phase === "deal" && document.querySelector("button.bid")) || (m.dataset.hand === "2" && m.dataset.phase !== "deal");
      },
      null,
      { timeout: T(120000), polling: 50 },
    );
    const bid = page.locator("button.bid").first();
    if ((await bid.count()) > 0) {
      const cards = await bid.getAttribute("data-cards", { timeout: T(5000) }).catch(() => null);
      await bid.click({ timeout: T(5000) }).catch(() => null);
      log("declared", cards, "in the second hand");
      await shoot(page, dir, "shengji-deal");
      // The declaration is shown on the table once the server takes it
      // (unless a computer's outranks it first).
      await page
        .waitForFunction(() => /You /.test((document.querySelector(".bids") || {}).textContent || ""), null, { timeout: T(30000) })
        .then(() => log("our declaration is shown"))
        .catch(() => log("our declaration was not shown (outbid, or the deal ended)"));
    } else log("no declaration was offered in the second deal either");
  }
  assert(plays >= 5, "we played the hand's tricks: " + plays);
  assert(refusedSeen, "an illegal play was refused with the engine's reason");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
