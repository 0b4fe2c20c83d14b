// Shengji hands through the page: you and three computers. Declare trump
// during each deal when the page offers it, bury the kitty when you are the
// banker (with the hint's cards), make one illegal play to see the
// engine's reason, and play every trick until the hand ends; go on to at
// most four hands until you have buried a kitty.
//
//   node e2e/shengji.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T, closeResult } from "./lib.mjs";
import { clickCards } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

// playTable creates a table with this rules preset and plays its hands
// through the page until maxHands have ended, or earlier once a kitty has
// been buried when untilBuried; it returns what it did.
async function playTable(page, preset, maxHands, untilBuried, tag) {
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann", preset);
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log(`${tag}: table ${page.url()} (${preset})`);

  let last = "";
  let declaredHand = 0; // the last hand whose deal we declared in (or tried)
  let declaredAny = false;
  let refusedSeen = false;
  let checkedLegal = false; // the server said a selection is a legal play
  let checkedIllegal = false; // … and that one is not, with the reason the refusal gives
  let buried = false;
  let hinted = false;
  let plays = 0;
  let shotTrick = false;
  let target = 1; // play until this many hands have ended
  const deadline = Date.now() + T(600000);
  for (;;) {
    assert(Date.now() < deadline, "the hands did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: target, bidUnlessHand: declaredHand }, T(120000));
    if (st.handsEnded >= target || st.over) {
      await page.waitForSelector("#result-dialog[open] .result-line");
      log(`hand ${st.handsEnded} over:`, await page.textContent("#result-dialog .result-line"));
      await page.waitForSelector("#score-sheet tbody tr");
      if (target === 1) await shoot(page, dir, `${tag}-over`);
      // The result is over the table until we move on.
      await closeResult(page);
      // Go on (until we have been the banker and buried the kitty: the
      // banker depends on the bids and the hands' results), within bounds.
      if ((untilBuried && buried) || st.over || target >= maxHands) break;
      target = st.handsEnded + 1;
      continue;
    }
    if (st.phase === "deal" && !st.myTurn) {
      // A declaration is offered while the cards are dealt: make one per hand.
      const hand = Number(await page.getAttribute("main#table", "data-hand"));
      const bid = page.locator("button.bid").last();
      if ((await bid.count()) > 0) {
        const cards = await bid.getAttribute("data-cards", { timeout: T(5000) }).catch(() => null);
        if (cards !== null) {
          if (!declaredAny) await shoot(page, dir, `${tag}-deal`);
          const ok = await bid.click({ timeout: T(5000) }).then(() => true, () => false);
          if (ok) {
            declaredAny = true;
            log(`hand ${hand}: declared ${cards}`);
            await page
              .waitForFunction(() => /You /.test((document.querySelector(".bids") || {}).textContent || ""), null, { timeout: T(20000) })
              .then(() => log("our declaration is shown"))
              .catch(() => log("our declaration was not shown (outbid, or the deal ended)"));
          }
        }
      }
      declaredHand = hand;
      continue;
    }
    if (st.phase === "bid") {
      // Declaring after the deal: show the strongest declaration, or pass.
      const bids = await page.$$("button.bid");
      if (!declaredAny) await shoot(page, dir, `${tag}-bid`);
      if (bids.length) {
        log("bid phase: declared", await bids[bids.length - 1].getAttribute("data-cards"));
        await bids[bids.length - 1].click();
        declaredAny = true;
      } else {
        await page.click("#act-pass");
        log("bid phase: passed");
      }
    } else if (st.phase === "bury") {
      // Ask for the hint: it selects the eight cards the computer would
      // bury. Without one, choose the first eight cards shown.
      await page.keyboard.press("h");
      const got = await page
        .waitForFunction(() => document.querySelectorAll("#hand button.card.selected").length === 8, null, { timeout: T(20000) })
        .then(() => true, () => false);
      if (!got) {
        if (await page.$("#act-clear")) await page.click("#act-clear");
        const cards = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.key));
        await clickCards(page, cards.slice(0, 8).map((k) => k.split("#")[0]));
      }
      await shoot(page, dir, `${tag}-bury`);
      await page.click("#act-bury");
      buried = true;
      log(`buried eight cards (${got ? "the hint's" : "the first eight"})`);
    } else if (st.phase === "play") {
      const legal = st.legal.filter((m) => m.kind === "play");
      assert(legal.length > 0, "plays are offered: " + JSON.stringify(st.legal));
      let choice = legal[0].cards.split(" ");
      const hand = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
      const following = await page.evaluate(() => /follow/.test(document.getElementById("turn-line").textContent));
      if (following && (!checkedLegal || !checkedIllegal)) {
        // The page asks the server about a selection of the lead's size
        // (a decision lists only some of the legal follows): the listed
        // play is legal; a card swapped for another may not be, and then
        // the note gives the reason the refusal gives.
        if (await page.$("#act-clear")) await page.click("#act-clear");
        await clickCards(page, choice);
        await page.waitForSelector('#check-note[data-legal="true"]', { timeout: T(20000) });
        checkedLegal = true;
        const others = [...new Set(hand.filter((c) => !choice.includes(c)))].slice(0, 8);
        for (const other of checkedIllegal ? [] : others) {
          await page.click("#act-clear");
          const sel = [other, ...choice.slice(1)];
          await clickCards(page, sel);
          const note = await page.waitForSelector("#check-note", { timeout: T(20000) });
          if ((await note.getAttribute("data-legal")) === "true") continue;
          const reason = await note.textContent();
          log("checked:", sel.join(" "), "→", reason);
          assert(/^(You|Play|Lead|It)\b/.test(reason) && !/shengji:|seat \d/.test(reason), "the check gives the engine's reason in a person's words: " + reason);
          await shoot(page, dir, `${tag}-checked`);
          await page.click("#act-play");
          await page.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
          const why = await page.textContent("#message");
          assert(why.includes(reason), `the refusal "${why}" gives the check's reason "${reason}"`);
          checkedIllegal = true;
          break;
        }
        if (checkedIllegal && (await page.evaluate(() => document.querySelector("main#table").dataset.myTurn === "true"))) {
          last = "";
          continue;
        }
        if (await page.$("#act-clear")) await page.click("#act-clear");
      }
      if (!refusedSeen && following && hand.length > choice.length) {
        // One play of the wrong number of cards: the engine says why.
        const extra = hand.find((c) => !choice.includes(c)) || hand[0];
        await clickCards(page, [...choice, extra]);
        await page.click("#act-play");
        await page.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
        const why = await page.textContent("#message");
        log("refused:", why);
        assert(/must|follow|cards?|lead/i.test(why) && !/shengji:|\bseat \d/.test(why), "the refusal gives the engine's reason in a person's words: " + why);
        await shoot(page, dir, `${tag}-refused`);
        refusedSeen = true;
        // The same decision is still ours.
        const again = await waitTurnOrEnd(page, "", {});
        assert(again.myTurn, "the decision is still pending after a refusal");
        last = "";
        continue;
      }
      if (!hinted && plays >= 2) {
        // Once, play the hint's cards (a lead may be a throw, not in legal).
        // A finished trick held on the board takes the key first (it goes
        // on from the trick): ask once the board is the decision's.
        await page.waitForFunction(() => !document.querySelector("main#table").dataset.shown, null, { timeout: T(30000), polling: 50 });
        await page.keyboard.press("h");
        const sel = await page
          .waitForFunction(() => document.querySelectorAll("#hand button.card.selected").length > 0, null, { timeout: T(20000) })
          .then(() => true, () => false);
        hinted = true;
        if (sel) {
          await page.click("#act-play");
          log("played the hint");
          plays++;
          last = st.seq;
          continue;
        }
      }
      if (await page.$("#act-clear")) await page.click("#act-clear");
      await clickCards(page, choice);
      log(`play ${plays}: ${choice.join(" ")}`);
      if (plays % 2 === 0) await page.click("#act-play");
      else await page.keyboard.press("Enter");
      plays++;
      if (!shotTrick && plays >= 3) {
        await shoot(page, dir, `${tag}-trick`);
        shotTrick = true;
      }
    } else {
      throw new Error("unexpected decision in phase " + st.phase);
    }
    last = st.seq;
  }
  log(`${tag}: ${plays} plays, buried ${buried}, declared ${declaredAny}, refusal seen ${refusedSeen}, checks legal ${checkedLegal} illegal ${checkedIllegal}`);
  assert(checkedLegal, "the server checked a selection");
  assert(plays >= 5, "we played the hand's tricks: " + plays);
  return { buried, declared: declaredAny, refusedSeen, checkedIllegal };
}

try {
  const page = await newPage(browser, undefined, "shengji");
  // Standard rules: declarations while the cards are dealt (the bid
  // message), one refused play, the hint; two hands.
  const a = await playTable(page, "standard", 2, false, "shengji");
  assert(a.refusedSeen, "an illegal play was refused with the engine's reason");
  if (!a.checkedIllegal) log("NOTE: no swapped card made an illegal follow this run");
  // Declaring after the deal: the declaration is a decision of ours, so
  // the strongest one we hold often makes us the banker, who buries the
  // kitty. Up to eight hands until we have buried.
  const b = await playTable(page, "simple", 8, true, "shengji-simple");
  if (!b.buried) log("NOTE: never the banker in eight hands; burying was not exercised this run");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
