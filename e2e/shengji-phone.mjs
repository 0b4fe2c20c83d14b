// Shengji on a phone: at 360×740 upright and 740×360 on its side, the
// trick (every seat's play), the action buttons and every card of the hand
// share the first screen, with no scrolling, at each of our turns in the
// play; no horizontal scroll.
//
//   node e2e/shengji-phone.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { newTable, playOn, outOfView } from "./sjlib.mjs";
import { join } from "node:path";

const { base, dir } = args();
const browser = await launch();
const LANDSCAPE = { width: 740, height: 360 };

// firstScreen checks, at the page's top, that the board's seats and
// trick, the action buttons and the hand's cards lie within the viewport.
async function firstScreen(page, vp, what) {
  await page.setViewportSize(vp);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const bad = [];
  for (const sel of [".sj-table .sj-seat", ".sj-table .trick-play", "#actions button", "#hand button.card", "#turn-line"]) {
    const r = await outOfView(page, sel);
    if (!r.n) bad.push(`${sel}: none`);
    if (r.out.length) bad.push(`${sel}: ${r.out.length} of ${r.n} outside the ${vp.width}×${vp.height} screen, e.g. ${r.out.slice(0, 3).join("; ")}`);
  }
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  if (wide > 0) bad.push(`horizontal scroll of ${wide} px`);
  const cards = await page.$$eval("#hand button.card", (bs) => bs.length);
  assert(!bad.length, `${what} at ${vp.width}×${vp.height}: ` + bad.join("\n"));
  log(`${what} at ${vp.width}×${vp.height}: trick, buttons and ${cards} cards on the first screen`);
}

try {
  const page = await newPage(browser, PHONE, "phone");
  await newTable(page, base);
  let turns = 0;
  let followed = false;
  await playOn(page, async (p, st) => {
    if (!(st.phase === "play" && st.myTurn)) return false;
    const following = await p.evaluate(() => /follow/.test(document.getElementById("turn-line").textContent));
    await firstScreen(p, PHONE, following ? "following" : "leading");
    await firstScreen(p, LANDSCAPE, following ? "following" : "leading");
    await p.setViewportSize(PHONE);
    if (following && !followed) {
      followed = true;
      await p.screenshot({ path: join(dir, "phone-follow-portrait-360x740.png") });
      await p.setViewportSize(LANDSCAPE);
      await p.screenshot({ path: join(dir, "phone-follow-landscape-740x360.png") });
      await p.setViewportSize(PHONE);
      await shoot(p, dir, "phone-follow");
      await checkA11y(p, "a phone, following");
    }
    turns++;
    return turns >= 4 && followed;
  });
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
