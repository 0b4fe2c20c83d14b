// One Gin Rummy move through the page, as a person makes it: clicking the
// stock or a card, dragging a card to the pile, or the keyboard. The
// choice is simple (knock or gin when the page offers it, pass the upcard,
// discard the highest deadwood), so a hand ends by a knock or a draw.

import { assert, closeResult, waitTurnOrEnd } from "./lib.mjs";

const RANKS = "A23456789TJQK";
const value = (c) => Math.min(RANKS.indexOf(c[0]) + 1, 10);

// ginMove makes one move for the decision described by st (from
// waitTurnOrEnd); n counts the moves made so far, to vary the way. With
// opts.hold it neither knocks nor goes gin while a discard is offered, so
// that a test can be sure the hand is still on (deals are random).
export async function ginMove(page, st, n, opts = {}) {
  // The last hand's result is over the table until the person goes on.
  await moveOn(page);
  const legal = st.legal;
  const kinds = new Set(legal.map((m) => m.kind));
  if (opts.hold && kinds.has("discard")) {
    kinds.delete("big_gin");
  }
  if (kinds.has("lay_out")) {
    await page.click("#act-layout");
    return "lay_out";
  }
  if (kinds.has("big_gin")) {
    await page.click("#act-big-gin");
    return "big_gin";
  }
  const knock = legal.find((m) => m.kind === "knock");
  if (knock && !(opts.hold && kinds.has("discard"))) {
    if (await page.$("#act-gin")) {
      await page.click("#act-gin");
      return "gin";
    }
    // A click on the card already selected (the hint selects its card)
    // would discard it: select it only if it is not.
    const kc = `#hand button.card[data-card="${knock.card}"]`;
    if (!(await isSelected(page, kc))) await page.click(kc);
    await page.click("#act-knock");
    return "knock " + knock.card;
  }
  if (kinds.has("pass")) {
    await page.keyboard.press("p");
    return "pass (key P)";
  }
  if (kinds.has("draw_stock")) {
    if ((n >> 1) % 2 === 0) {
      await page.click("button.stock");
      return "draw_stock (click)";
    }
    await page.keyboard.press("s");
    return "draw_stock (key S)";
  }
  if (kinds.has("take_discard")) {
    await page.click("#act-take");
    return "take_discard";
  }
  const discards = legal.filter((m) => m.kind === "discard").map((m) => m.card);
  if (!discards.length) throw new Error("no move offered: " + JSON.stringify(legal));
  const dead = await page.$$eval("#hand .group.deadwood button.card", (bs) => bs.map((b) => b.dataset.card));
  let choice = dead.filter((c) => discards.includes(c)).sort((a, b) => value(b) - value(a))[0];
  if (!choice) choice = discards.sort((a, b) => value(b) - value(a))[0];
  const sel = `#hand button.card[data-card="${choice}"]`;
  switch ((n >> 1) % 3) {
    case 0:
      if (await isSelected(page, sel)) {
        // Selected already (by the hint): a second click discards it.
        await page.click(sel);
        return `discard ${choice} (click on the selected card)`;
      }
      await page.click(sel);
      await page.click("#act-discard");
      return `discard ${choice} (click, Discard)`;
    case 1:
      await page.dragAndDrop(sel, "#discard-pile");
      return `discard ${choice} (drag to the pile)`;
    default:
      await page.focus(sel);
      await page.keyboard.press("d");
      return `discard ${choice} (key D)`;
  }
}

// isSelected reports whether the card button sel is the selected card.
async function isSelected(page, sel) {
  return page.$eval(sel, (b) => b.classList.contains("selected"));
}

// moveOn closes the last hand's result, if it is shown over the table.
export async function moveOn(page) {
  await closeResult(page);
}

// toDiscard plays (holding the hand) until a discard is the person's. The
// computer may end a hand before that (it can knock at its first
// discard): then it goes on into the next hand, a few hands at most. It
// returns the decision and how many hands ended before it.
export async function toDiscard(page) {
  let last = "";
  let hands = 0;
  for (let n = 0; ; n++) {
    const st = await waitTurnOrEnd(page, last, { hands: hands + 1 });
    assert(!st.over, "the game ended before a discard of ours");
    if (st.handsEnded > hands) {
      hands = st.handsEnded;
      assert(hands < 5, `${hands} hands ended before a discard of ours`);
      await moveOn(page);
      continue;
    }
    if (st.phase === "discard") return { st, hands };
    await ginMove(page, st, n, { hold: true });
    last = st.seq;
  }
}
