// Finding Friends (找朋友) through the page: a friends-6 table made on the
// home page (its settings filled from the preset, a setting the server
// refuses said at the field), you and five computers. Declare whenever the
// page offers a stronger declaration, until you are the banker: bury the
// kitty (six cards, not eight), call your two friends (the engine's
// default calls filled in, one changed, the server's check, a call the
// engine refuses with its reason), play the hand to its end, and read the
// end of the hand: the side that won, the friends, each seat's level
// before and after. axe-core checks the home page, the call, the play and
// the end of the hand; screenshots at 360 px and at the desktop's width.
// Then a table of ten, computers only, watched.
//
//   node e2e/shengji-friends.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, waitTable, waitTurnOrEnd, shoot, checkErrors, checkA11y, log, assert, T, closeResult } from "./lib.mjs";
import { clickCards } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

// createFriendsTable makes the friends-6 table on the home page: the
// settings follow the preset, a kitty the deal cannot leave is refused
// at its field, and the computers are the random level.
async function createFriendsTable(page) {
  await page.goto(base + "/");
  await page.selectOption("#game", "shengji");
  await page.selectOption("#preset", "friends-6");
  await page.waitForFunction(() => /6 players, 3 packs/.test(document.getElementById("rules-summary").textContent));
  await page.waitForFunction(() => document.querySelectorAll("#seats select").length === 5);
  assert((await page.inputValue("#set-players")) === "6", "the players follow the preset");
  assert((await page.inputValue("#set-packs")) === "3", "the packs follow the preset");
  assert((await page.getAttribute("#set-kitty", "placeholder")) === "default: 6", "the kitty's default is said");
  log("home page:", await page.textContent("#rules-summary"));
  await page.click("#settings summary");
  await checkA11y(page, "home page, friends-6 settings");
  // Seven players: the seats follow; a kitty of 7 cannot deal evenly.
  await page.fill("#set-players", "7");
  await page.waitForFunction(() => document.querySelectorAll("#seats select").length === 6);
  await page.fill("#set-kitty", "7");
  await page.waitForSelector('#set-kitty[aria-invalid="true"]');
  const why = await page.textContent("#settings-error");
  log("refused:", why);
  assert(/kitty/.test(why), "the refusal names the kitty: " + why);
  await shoot(page, dir, "friends-settings-refused");
  await checkA11y(page, "home page, a refused setting");
  await page.fill("#set-kitty", "");
  await page.fill("#set-players", "6");
  await page.waitForFunction(() => document.getElementById("settings-error").textContent === "" && /6 players, 3 packs \(162 cards\): 26 cards each and a kitty of 6/.test(document.getElementById("rules-summary").textContent));
  await page.waitForFunction(() => document.querySelectorAll("#seats select").length === 5);
  await page.selectOption("#set-start_level", "3");
  await page.fill("#name", "Ann");
  for (let i = 1; i <= 5; i++) await page.selectOption(`#seat-${i}`, "random");
  await page.click("#create-button");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log(`table ${page.url()}`);
}

// bankOnce plays a new friends-6 table (page: a new player's) until the
// person has banked a hand and seen its end, and returns true; false when
// another seat banks the first hand (who banks follows the deal and the
// declarations: the caller tries a new table).
async function bankOnce(page, attempt) {
  if (attempt === 1) await createFriendsTable(page);
  else await quickFriendsTable(page);
  assert((await page.getAttribute("main#table", "data-players")) === "6", "six seats");

  let last = "";
  let declared = 0;
  let buried = false;
  let called = false;
  let plays = 0;
  let shotPlay = false;
  let target = 1;
  let bankerHand = 0;
  let lastBid = "";
  const deadline = Date.now() + T(420000);
  for (;;) {
    assert(Date.now() < deadline, "the hands did not end in time");
    const st = await waitTurnOrEnd(page, last, { hands: target, bidUnlessHand: -1 }, T(120000));
    if (st.handsEnded >= target || st.over) {
      await page.waitForSelector("#result-dialog[open] .result-line");
      const hand = st.handsEnded;
      log(`hand ${hand} over:`, await page.textContent("#result-dialog .result-line"));
      if (bankerHand && hand >= bankerHand) {
        // The end of the hand we banked: the side that won, the friends,
        // each seat's level before and after.
        await page.waitForSelector("#result-dialog #winning-side");
        await page.waitForSelector("#result-dialog #level-changes tbody tr");
        const rows = await page.$$eval("#level-changes tbody tr", (rs) => rs.map((r) => r.textContent));
        assert(rows.length === 6, "a level row for each of the six seats: " + rows.length);
        const calls = await page.textContent("#showdown-calls");
        log("winning side:", await page.textContent("#winning-side"), "· calls:", calls);
        assert(/1st|2nd|3rd/.test(calls), "the showdown says the calls");
        await shoot(page, dir, "friends-over");
        await checkA11y(page, "the end of the hand");
        break;
      }
      if (hand >= 3 || st.over) return false;
      // The result is over the table until we move on.
      await closeResult(page);
      target = hand + 1;
      continue;
    }
    if (st.phase === "deal" && !st.myTurn) {
      // A declaration is offered while the cards are dealt: the strongest,
      // once each.
      const bid = page.locator("button.bid").last();
      const cards = (await bid.count()) > 0 ? await bid.getAttribute("data-cards", { timeout: T(2000) }).catch(() => null) : null;
      const key = `${await page.getAttribute("main#table", "data-hand")}:${cards}`;
      if (cards && key !== lastBid && (await bid.click({ timeout: T(3000) }).then(() => true, () => false))) {
        lastBid = key;
        declared++;
        log("declared", cards);
        if (declared === 1) await shoot(page, dir, "friends-deal");
      }
      // Wait for the next card (or the end of the deal).
      await page.waitForTimeout(T(50));
      last = "";
      continue;
    }
    if (st.phase === "bid") {
      const bids = await page.$$("button.bid");
      if (bids.length) await bids[bids.length - 1].click();
      else await page.click("#act-pass");
    } else if (st.phase === "bury") {
      bankerHand = Number(await page.getAttribute("main#table", "data-hand"));
      const text = await page.textContent("#turn-line");
      assert(/choose 6 cards/.test(text), "the banker buries the kitty's six: " + text);
      await page.keyboard.press("h");
      const got = await page
        .waitForFunction(() => document.querySelectorAll("#hand button.card.selected").length === 6, null, { timeout: T(20000) })
        .then(() => true, () => false);
      if (!got) {
        if (await page.$("#act-clear")) await page.click("#act-clear");
        const keys = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
        await clickCards(page, keys.slice(0, 6));
      }
      assert((await page.textContent("#act-bury")).includes("6/6"), "Bury 6/6");
      await shoot(page, dir, "friends-bury");
      await page.click("#act-bury");
      buried = true;
      log(`hand ${bankerHand}: banker; buried six cards`);
    } else if (st.phase === "call") {
      // The engine's default calls are filled in.
      await page.waitForSelector("#call-form");
      const offered = st.legal.find((m) => m.kind === "call");
      assert(offered && offered.calls.length === 2, "the engine offers two calls: " + JSON.stringify(st.legal));
      for (let i = 0; i < 2; i++) {
        assert((await page.inputValue(`#call-${i}-card`)) === offered.calls[i].card, `call ${i + 1}'s card is the default's`);
        assert(Number(await page.inputValue(`#call-${i}-ordinal`)) === offered.calls[i].ordinal, `call ${i + 1}'s copy is the default's`);
      }
      // Change the second call: the 3rd copy of K♥; the server checks it.
      await page.selectOption("#call-1-card", "KH");
      await page.selectOption("#call-1-ordinal", "3");
      await page.waitForSelector('#check-note[data-legal="true"]', { timeout: T(20000) });
      await shoot(page, dir, "friends-call");
      await checkA11y(page, "the banker's call");
      // A call the engine refuses: a card of the level rank, which the
      // form does not offer (put in as a stale or hostile page might):
      // the server's check and the refusal give the engine's reason, and
      // the decision stays ours.
      const lv = /level (\w+)/.exec(await page.textContent(".hand-line"))[1];
      const bad = (lv === "10" ? "T" : lv) + "S";
      await page.evaluate((code) => {
        const sel = document.getElementById("call-1-card");
        const o = document.createElement("option");
        o.value = code;
        o.textContent = code;
        sel.append(o);
        sel.value = code;
        sel.dispatchEvent(new Event("change"));
      }, bad);
      const note = await page.waitForSelector('#check-note[data-legal="false"]', { timeout: T(20000) });
      const reason = await note.textContent();
      log("checked:", bad, "→", reason);
      assert(/level/.test(reason), "the check gives the engine's reason: " + reason);
      await page.click("#act-call");
      await page.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
      const why = await page.textContent("#message");
      log("refused:", why);
      assert(why.includes(reason), `the refusal "${why}" gives the check's reason "${reason}"`);
      await waitTurnOrEnd(page, "", {});
      await page.waitForSelector("#call-form");
      await page.selectOption("#call-1-card", "KH");
      await page.waitForSelector('#check-note[data-legal="true"]', { timeout: T(20000) });
      called = true;
      await page.click("#act-call");
      log("called: the default first call, the 3rd K♥");
    } else if (st.phase === "play" && !bankerHand) {
      return false; // another seat banks the first hand: a new table is quicker
    } else if (st.phase === "play") {
      const legal = st.legal.filter((m) => m.kind === "play");
      assert(legal.length > 0, "plays are offered: " + JSON.stringify(st.legal).slice(0, 300));
      if (await page.$("#act-clear")) await page.click("#act-clear");
      await clickCards(page, legal[0].cards.split(" "));
      await page.click("#act-play");
      plays++;
      if (bankerHand && !shotPlay && plays >= 3) {
        await page.waitForSelector("#friends .call");
        log("friends:", await page.textContent("#friends"));
        await shoot(page, dir, "friends-play");
        await checkA11y(page, "the play, friends called");
        shotPlay = true;
      }
    } else {
      throw new Error("unexpected decision in phase " + st.phase);
    }
    last = st.seq;
  }
  assert(buried && called, "buried and called as the banker");
  return true;
}

// quickFriendsTable makes another friends-6 table of random computers.
async function quickFriendsTable(page) {
  await page.goto(base + "/");
  await page.selectOption("#game", "shengji");
  await page.selectOption("#preset", "friends-6");
  await page.waitForFunction(() => document.querySelectorAll("#seats select").length === 5);
  await page.fill("#name", "Ann");
  for (let i = 1; i <= 5; i++) await page.selectOption(`#seat-${i}`, "random");
  await page.click("#create-button");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  log(`another table ${page.url()}`);
}

try {
  let page;
  for (let attempt = 1; ; attempt++) {
    // Each table a new player's (its own browser context), within the
    // limit of live tables a player may have.
    page = await newPage(browser, undefined, "friends" + attempt);
    if (await bankOnce(page, attempt)) break;
    log(`table ${attempt}: another seat banks; a new table`);
    assert(attempt < 16, "never the banker of a first hand in 16 tables");
    await page.context().close();
  }

  // A table of ten (five packs, four calls), computers only, watched: the
  // ten seats legible at 360 px and on a desktop, the calls and the
  // friends followed from the events alone.
  await page.goto(base + "/");
  await page.selectOption("#game", "shengji");
  await page.click("#settings summary");
  await page.fill("#set-players", "10");
  await page.waitForFunction(() => document.querySelectorAll("#seats select").length === 9);
  assert(/10 players, 5 packs \(270 cards\): 26 cards each and a kitty of 10; the banker calls 4 friends/.test(await page.textContent("#rules-summary")), "ten players' table said");
  await page.check("#watch");
  await page.click("#create-button");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  assert((await page.getAttribute("main#table", "data-seat")) === "-1", "watching");
  await page.waitForFunction(() => document.querySelectorAll("#board .sj-seat").length === 10);
  await page.waitForSelector("#friends .call", { timeout: T(90000) });
  await page.waitForFunction(() => document.querySelectorAll("#board .trick-play .card").length >= 3, null, { timeout: T(90000) });
  log("ten players, watched:", await page.textContent("#friends"));
  await shoot(page, dir, "friends-ten-watched");
  await checkA11y(page, "a table of ten, watched");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
