// prefers-reduced-motion is honoured: with the system asking for reduced
// motion, no element of the home page or a Gin Rummy table (a card hovered
// and one selected) has a transition or an animation that takes time;
// without it the cards do move (so the check can tell).
//
//   node e2e/motion.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, createGame, waitTable, shoot, checkErrors, log, assert, T, DESKTOP } from "./lib.mjs";
import { toDiscard } from "./ginplay.mjs";

const { base, dir } = args();
const browser = await launch();

// moving lists the elements (and pseudo-elements) whose transitions or
// animations take time.
const moving = (page) =>
  page.evaluate(() => {
    const secs = (v) => String(v).split(",").map((s) => (s.trim().endsWith("ms") ? parseFloat(s) / 1000 : parseFloat(s) || 0));
    const out = [];
    for (const e of document.querySelectorAll("*")) {
      for (const pseudo of [null, "::before", "::after"]) {
        const cs = getComputedStyle(e, pseudo);
        const t = Math.max(...secs(cs.transitionDuration)) + Math.max(...secs(cs.transitionDelay));
        const a = cs.animationName !== "none" ? Math.max(...secs(cs.animationDuration)) : 0;
        if (t > 0 || a > 0) out.push(`${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}.${String(e.className.baseVal ?? e.className).split(" ").join(".")}${pseudo || ""}: transition ${cs.transitionDuration}, animation ${cs.animationName} ${cs.animationDuration}`);
      }
    }
    return out;
  });

async function page(reducedMotion) {
  const ctx = await browser.newContext({ viewport: DESKTOP, reducedMotion });
  const p = await ctx.newPage();
  p.setDefaultTimeout(T(30000));
  p.errors = [];
  p.on("pageerror", (e) => p.errors.push(e.message));
  return p;
}

try {
  const p = await page("reduce");
  await p.goto(base + "/");
  await p.waitForSelector("#seat-1 option", { state: "attached" });
  let m = await moving(p);
  assert(m.length === 0, "the home page moves with reduced motion:\n" + m.join("\n"));
  await createGame(p, base, "gin", ["normal"], "Ann");
  await p.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(p);
  await toDiscard(p);
  await p.locator("#hand button.card").first().click();
  await p.waitForSelector("#hand button.card.selected");
  await p.locator("#hand button.card").last().hover();
  m = await moving(p);
  log(`reduced motion: ${m.length} elements move`);
  assert(m.length === 0, "the table moves with reduced motion:\n" + m.join("\n"));
  // The raised card is raised at once, with no transition.
  // Found and read in one evaluation: a board drawn anew in between would
  // leave a detached element with an empty style.
  const raised = await p.evaluate(() => {
    const s = document.querySelector("#hand button.card.selected .card-svg");
    return s ? getComputedStyle(s).transform : "(no selected card)";
  });
  assert(raised !== "none" && raised !== "" && raised.startsWith("matrix"), "a selected card is still raised (at once): " + raised);
  await shoot(p, dir, "reduced-motion-gin");

  // Without the wish, the cards do move: the check above can fail.
  const q = await page("no-preference");
  await q.goto(p.url());
  await waitTable(q);
  // (A spectator here: the board's cards are enough.)
  await q.waitForSelector("#board .card");
  const moves = await moving(q);
  log(`no preference: ${moves.length} elements move, e.g. ${moves[0]}`);
  assert(moves.some((x) => x.includes("card-svg")), "without reduced motion the cards' faces move");
  checkErrors(p, q);
  log("ok");
} finally {
  await browser.close();
}
