// Shengji's words on the page: the trump in one line that the board and
// the score panel agree on ("none yet (level 2)" before any declaration,
// then "♥ (level 2)"); a declaration sent while the cards are dealt is
// said to be on its way only until it is on the board; a refused play
// is said as a person would say it, never as a program's error.
//
//   node e2e/shengji-words.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { newTable, playOn, clickCards } from "./sjlib.mjs";

const { base, dir } = args();
const browser = await launch();

// trumpWords reads the trump on the board and in the score panel, and
// how many lines the board's takes.
async function trumpWords(page) {
  return page.evaluate(() => {
    const t = document.getElementById("trump");
    const lh = parseFloat(getComputedStyle(t).lineHeight) || parseFloat(getComputedStyle(t).fontSize) * 1.4;
    return { board: t.textContent, side: document.getElementById("trump-side").textContent, lines: Math.round(t.getBoundingClientRect().height / lh) };
  });
}

// personal checks a refusal's words: a person's sentence.
function personal(text, what) {
  assert(!/shengji:|\bseat \d|cannot play .* to the lead/.test(text), `${what} reads like a program's error: ${text}`);
  assert(/^[A-Z]/.test(text) && /\.$/.test(text.trim()), `${what} is a sentence: ${text}`);
}

try {
  const page = await newPage(browser, PHONE, "words");
  await newTable(page, base);

  // 1. Before any declaration: one line, the same words in both places.
  await page.waitForSelector("#trump");
  let w = await trumpWords(page);
  log("trump before any declaration:", JSON.stringify(w));
  if ((await page.getAttribute("main#table", "data-phase")) === "deal" && !(await page.$(".bids"))) {
    assert(/^none yet \(level 2\)$/.test(w.board), "no trump yet: " + w.board);
    await shoot(page, dir, "words-trump-open");
  }
  assert(w.board === w.side && w.lines === 1, "one line, the same as the score panel: " + JSON.stringify(w));

  // 2. Declare while the cards are dealt: "on its way" until it is shown.
  let declared = false;
  for (let hand = 1; hand <= 6 && !declared; hand++) {
    await playOn(page, async (p, st) => st.phase === "deal" && (await p.$("button.bid")) !== null, { timeout: 300000 });
    const bid = page.locator("button.bid").last();
    if (!(await bid.click({ timeout: T(3000) }).then(() => true, () => false))) continue;
    const note = await page.waitForSelector("#queued-note", { timeout: T(2000) }).then((e) => e.textContent(), () => "");
    log("after declaring:", note || "(already on the board)");
    if (note) assert(/on its way/.test(note), "the declaration is said to be on its way: " + note);
    const shown = await page
      .waitForFunction(() => /\bYou\b/.test((document.querySelector(".bids") || {}).textContent || ""), null, { timeout: T(20000) })
      .then(() => true, () => false);
    if (!shown) {
      log("our declaration was not shown (outbid, or the deal ended): next hand");
      await playOn(page, async (p, st) => st.phase !== "deal");
      continue;
    }
    declared = true;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const after = await page.evaluate(() => ({
      note: !!document.getElementById("queued-note"),
      message: document.getElementById("message").hidden ? "" : document.getElementById("message").textContent,
    }));
    assert(!after.note && !/on its way/.test(after.message), "once on the board the declaration is no longer 'on its way': " + JSON.stringify(after));
    w = await trumpWords(page);
    log("trump once declared:", JSON.stringify(w));
    assert(/^[♠♥♦♣] \(level \w+\)$|^no trump \(level \w+\)$/.test(w.board) && w.board === w.side && w.lines === 1, "the declared trump, one line, both places: " + JSON.stringify(w));
    await shoot(page, dir, "words-declared");
  }
  assert(declared, "a declaration of ours reached the board in six hands");

  // 3. Refusals in a person's words: a follow of the wrong size, and (if
  // the hand allows one) a follow that breaks a rule of following.
  let sized = false;
  let ruled = false;
  let follows = 0;
  await playOn(page, async (p, st) => {
    if (sized && (ruled || follows >= 6)) return true;
    if (!(st.phase === "play" && st.myTurn)) return false;
    const following = await p.evaluate(() => /follow/.test(document.getElementById("turn-line").textContent));
    if (!following) return false;
    follows++;
    const choice = st.legal.filter((m) => m.kind === "play")[0].cards.split(" ");
    const hand = await p.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
    if (!ruled) {
      for (const other of [...new Set(hand.filter((c) => !choice.includes(c)))].slice(0, 10)) {
        if (await p.$("#act-clear")) await p.click("#act-clear");
        await p.keyboard.press("Escape");
        await clickCards(p, [other, ...choice.slice(1)]);
        const note = await p.waitForSelector("#check-note", { timeout: T(20000) });
        if ((await note.getAttribute("data-legal")) === "true") continue;
        const reason = (await note.textContent()).trim();
        personal(reason, "the check's reason");
        await p.click("#act-play");
        await p.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
        const why = (await p.textContent("#message")).trim();
        log("refused (a rule of following):", why);
        personal(why, "the refusal");
        assert(why === reason, `the refusal says what the check said: "${why}" / "${reason}"`);
        ruled = true;
        await shoot(p, dir, "words-refused-rule");
        await checkA11y(p, "a refusal");
        break;
      }
      if (await p.$("#act-clear")) await p.click("#act-clear");
    }
    if (!sized && hand.length > choice.length) {
      const extra = hand.find((c) => !choice.includes(c));
      await p.keyboard.press("Escape");
      await clickCards(p, [...choice, extra]);
      await p.click("#act-play");
      await p.waitForSelector('#message[data-kind="refused"]:not([hidden])', { timeout: T(30000) });
      const why = (await p.textContent("#message")).trim();
      log("refused (too many cards):", why);
      personal(why, "the refusal");
      assert(/^Play \d+ cards?, as many as the lead \(you chose \d+\)\.$/.test(why), "says how many to play: " + why);
      sized = true;
      if (await p.$("#act-clear")) await p.click("#act-clear");
      if (!ruled) await shoot(p, dir, "words-refused-size");
    }
    return false;
  }, { timeout: 400000 });
  if (!ruled) log("NOTE: no swapped card broke a rule of following this run");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
