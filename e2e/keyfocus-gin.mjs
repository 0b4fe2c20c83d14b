// The keyboard in Gin Rummy: the focus survives every redraw. A card
// chosen with the arrows and Enter stays focused when the hand is drawn
// again (selected), so the second Enter discards it as the Keys panel
// says; then the focus stays in the hand, on the card next to the one
// that left, and on a card through the opponent's moves and a draw.
//
//   node e2e/keyfocus-gin.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, waitTurnOrEnd, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { toDiscard } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();

// focused is the hand's card the focus is on ("" for none).
const focused = (page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    return a && a.closest("#hand") && a.dataset.card ? a.dataset.card : a === document.body ? "" : `(${a.tagName}#${a.id})`;
  });

try {
  const page = await newPage(browser, undefined, "keyfocus-gin");
  const help = () => page.textContent("#keys-help");
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  assert(/Enter/.test(await help()), "the Keys panel says what Enter does: " + (await help()));

  // Play (holding the hand) until a discard is ours.
  const found = await toDiscard(page);
  const hands = found.hands;
  let st = found.st;
  const discards = st.legal.filter((m) => m.kind === "discard").map((m) => m.card);

  // Arrows to a card that may be discarded, then Enter: it is selected and
  // keeps the focus through the redraw.
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  await page.keyboard.press("ArrowRight");
  let card = await focused(page);
  for (let i = 0; i < 12 && !discards.includes(card); i++) {
    await page.keyboard.press("ArrowRight");
    card = await focused(page);
  }
  assert(discards.includes(card), "the arrows reach a card to discard: " + card);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`#hand button.card.selected[data-card="${card}"]`);
  const after = await focused(page);
  log(`Enter on ${card}: selected; the focus is on ${after || "the page's body"}`);
  assert(after === card, `the focus stays on ${card} after the hand is drawn again, not ${after || "the body"}`);
  await shoot(page, dir, "keyfocus-gin-selected");

  // The second Enter discards it; the focus stays in the hand.
  const hand = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
  await page.keyboard.press("Enter");
  await page.waitForFunction((c) => !document.querySelector(`#hand button.card[data-card="${c}"]`), card);
  const next = await focused(page);
  log(`the second Enter discarded ${card}; the focus is on ${next || "the page's body"}`);
  assert(next && !next.startsWith("(") && next !== card, "the focus stays on a card of the hand after the discard, not " + (next || "the body"));
  // The card now at the discarded one's place (the hand as drawn now: a
  // discard may regroup the melds, so not always the old neighbour).
  const at = hand.indexOf(card);
  const now = await page.$$eval("#hand button.card", (bs) => bs.map((b) => b.dataset.card));
  const want = now[Math.min(at, now.length - 1)];
  assert(next === want, `the focus goes to the card that took the discarded one's place (${want}), not ${next}`);
  await shoot(page, dir, "keyfocus-gin-discarded");

  // Through the opponent's moves (each redraws the table) and our draw
  // (a new card in the hand) the focus stays on its card.
  await page.keyboard.press("ArrowLeft");
  const keep = await focused(page);
  st = await waitTurnOrEnd(page, st.seq, { hands: hands + 1 });
  if (st.handsEnded === hands && !st.over && st.phase === "draw") {
    assert((await focused(page)) === keep, `the focus stays on ${keep} through the opponent's turn, not ${await focused(page)}`);
    await page.keyboard.press("s");
    st = await waitTurnOrEnd(page, st.seq, { hands: hands + 1 });
    const now = await focused(page);
    log(`after the opponent's turn and a draw (S) the focus is on ${now}`);
    assert(now === keep, `the focus stays on ${keep} after the draw, not ${now}`);
    // And the arrows go on from there.
    await page.keyboard.press("ArrowRight");
    assert((await focused(page)) !== keep && (await focused(page)) !== "", "the arrows go on from the focused card");
  } else log("the opponent ended the hand: the rest is not checked this time");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
