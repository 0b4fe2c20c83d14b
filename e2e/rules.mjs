// The rules pages: reached from the start page and from each game's table
// (its "Rules" link), the project's docs/rules rendered as HTML: headings
// with their anchors, contents, tables; readable at 360 px without
// scrolling sideways; axe-core finds nothing serious.
//
//   node e2e/rules.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, PHONE, DESKTOP, T } from "./lib.mjs";
import { shootView } from "./extras.mjs";

async function checkRules(page, title, label) {
  await page.waitForSelector("main#rules article.doc h1");
  const h1 = await page.textContent("article.doc h1");
  assert(h1.includes(title), `${label}: the page's heading names ${title}: ${h1}`);
  assert((await page.$$("article.doc h2")).length >= 5, `${label}: the rules have their sections`);
  assert((await page.$$("article.doc table")).length >= 1, `${label}: the rules' tables are tables`);
  assert((await page.$$("nav.toc a")).length >= 5, `${label}: a list of contents`);
  const text = await page.textContent("article.doc");
  assert(!/\*\*|\]\(/.test(text), `${label}: no Markdown marks left in the text`);
  for (const vp of [PHONE, DESKTOP]) {
    await page.setViewportSize(vp);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert(wide <= 0, `${label}: no sideways scroll at ${vp.width} px (${wide} px too wide)`);
  }
  await checkA11y(page, label);
  for (const scheme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: scheme });
    await checkA11y(page, `${label}, ${scheme} scheme`);
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "rules");
  // From the start page.
  await page.goto(base + "/");
  await page.click("header nav a[href='/rules']");
  await page.waitForURL(base + "/rules");
  await page.waitForSelector(".rules-list a");
  await checkA11y(page, "the rules' index");
  await shoot(page, dir, "rules-index");
  await page.click(".rules-list a[href='/rules/gin']");
  await page.waitForURL(/\/rules\/gin$/);
  await checkRules(page, "Gin Rummy", "Gin Rummy's rules");
  await shootView(page, dir, "rules-gin");

  // From a Shengji table: its own game's rules; an anchor link goes to
  // its section.
  await createGame(page, base, "shengji", ["greedy", "greedy", "greedy"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForSelector("#rules-link[href='/rules/shengji']");
  await page.click("#rules-link");
  await page.waitForURL(/\/rules\/shengji$/);
  await checkRules(page, "Shengji", "Shengji's rules");
  await page.click("nav.toc a[href='#options']");
  await page.waitForURL(/#options$/);
  const top = await page.evaluate(() => document.getElementById("options").getBoundingClientRect().top);
  assert(Math.abs(top) < 50, `the contents' link brings its section to the top (${top})`);
  await shootView(page, dir, "rules-shengji");
  await page.emulateMedia({ colorScheme: "dark" });
  await shootView(page, dir, "rules-shengji-dark");
  await page.emulateMedia({ colorScheme: "light" });

  // A Gin Rummy table's link.
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  await page.waitForSelector("#rules-link[href='/rules/gin']");
  await shoot(page, dir, "gin-table-rules-link");
  const res = await page.goto(base + "/rules/nosuchgame");
  assert(res.status() === 404, "an unknown game's rules: 404");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
