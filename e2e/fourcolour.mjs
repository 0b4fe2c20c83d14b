// Four-colour suits: a display choice, remembered, that draws ♦ blue and
// ♣ green (♠ black, ♥ red) in both games' cards, each ink at a contrast of
// at least 4.5:1 on the card's face in the light and the dark scheme.
//
//   node e2e/fourcolour.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, log, assert, T } from "./lib.mjs";
import { checkA11yOf } from "./extras.mjs";

// inks reads, for each suit shown, the fill of its ink and the card face's
// fill, and their contrast ratio (WCAG's formula).
async function inks(page) {
  return page.evaluate(() => {
    const rgb = (s) => s.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
    const lum = (c) => {
      const [r, g, b] = c.map((v) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const out = {};
    for (const s of ["S", "H", "D", "C"]) {
      const ink = document.querySelector(`.card .ink.suit-${s}`);
      if (!ink) continue;
      const bg = ink.closest("svg").querySelector(".card-bg");
      const a = lum(rgb(getComputedStyle(ink).fill));
      const b = lum(rgb(getComputedStyle(bg).fill));
      out[s] = { fill: getComputedStyle(ink).fill, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    }
    return out;
  });
}

const WANT = { S: "rgb(21, 21, 26)", H: "rgb(192, 22, 44)", D: "rgb(20, 70, 184)", C: "rgb(20, 107, 46)" };

async function checkInks(page, label, four) {
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    const got = await inks(page);
    log(label, scheme, JSON.stringify(got));
    assert(Object.keys(got).length >= 3, `${label}: cards of at least three suits are shown`);
    for (const [s, v] of Object.entries(got)) {
      assert(v.ratio >= 4.5, `${label} (${scheme}): the ${s} ink's contrast ${v.ratio.toFixed(2)} is at least 4.5`);
      if (four && scheme === "light") assert(v.fill === WANT[s], `${label}: ${s} is drawn ${WANT[s]}, not ${v.fill}`);
    }
    if (!four) {
      for (const s of ["D", "C"]) if (got[s]) assert(got[s].fill !== WANT[s], `${label}: two-colour by default (${s})`);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "fourcolour");
  await page.goto(base + "/");
  await page.waitForSelector("#display-settings");
  assert(!(await page.isChecked("#display-four-colour")), "four-colour suits are off by default");

  // Gin Rummy: two colours, then four.
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForSelector("#hand .card");
  await checkInks(page, "gin, two colours", false);
  await page.click("#display-settings summary");
  await page.check("#display-four-colour");
  await page.waitForSelector("html.four-colour");
  await checkInks(page, "gin, four colours", true);
  await checkA11yOf(page, "#hand", "gin with four-colour suits");
  await checkA11yOf(page, "#display-settings", "the display settings");
  await shoot(page, dir, "gin-four-colour");
  await page.emulateMedia({ colorScheme: "dark" });
  await shoot(page, dir, "gin-four-colour-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // Remembered: a Shengji table drawn in four colours from the start.
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForSelector("html.four-colour");
  assert(await page.isChecked("#display-four-colour"), "the choice is remembered");
  await page.waitForFunction(() => document.querySelectorAll("#hand .card").length >= 12, null, { timeout: T(60000) });
  await checkInks(page, "shengji, four colours", true);
  await checkA11yOf(page, "#hand", "shengji with four-colour suits");
  await shoot(page, dir, "shengji-four-colour");

  // Off again: two colours.
  await page.click("#display-settings summary");
  await page.uncheck("#display-four-colour");
  await page.waitForSelector("html:not(.four-colour)");
  await checkInks(page, "shengji, two colours", false);
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
