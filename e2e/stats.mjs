// Per-player statistics: the start page links to "My statistics"; with no
// game finished the page says so; after a Gin Rummy game and a Shengji
// game (from level Q) finished in this browser's name (the person leaves
// each table at once and the computer standing in plays it to the end:
// the server runs with --away 1s --computer-pace 0), the page counts each
// game played, the wins the outcomes name, and Shengji's levels gained.
//
//   node e2e/stats.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T } from "./lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const page = await newPage(browser, undefined, "stats");
  await page.goto(base + "/");
  await page.click("header nav a[href='/stats']");
  await page.waitForURL(base + "/stats");
  await page.waitForSelector('#stats[data-games="0"]');
  assert(/No finished games yet/.test(await page.textContent("#stats")), "an empty record says so");
  await checkA11y(page, "the statistics page, empty");
  await shoot(page, dir, "stats-empty");

  // A Gin Rummy table from the form; a Shengji table from level A.
  await createGame(page, base, "gin", ["normal"], "Ann");
  await page.waitForURL(/\/t\//, { timeout: T(30000) });
  await waitTable(page);
  const player = await page.evaluate(() => localStorage.getItem("felt.player"));
  await page.goto(base + "/");
  const sj = await page.evaluate(async (player) => {
    const res = await fetch("/api/tables", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: "shengji", preset: "standard", settings: { start_level: "Q" }, player, name: "Ann", seats: [{ kind: "me" }, { kind: "computer", level: "greedy" }, { kind: "computer", level: "greedy" }, { kind: "computer", level: "greedy" }] }),
    });
    const r = await res.json();
    localStorage.setItem("felt.token." + r.id, r.token);
    localStorage.setItem("felt.seat." + r.id, String(r.seat));
    return r.id;
  }, player);
  await page.goto(base + "/t/" + sj);
  await waitTable(page);
  await page.goto(base + "/");
  log("left both tables; the computers play them out");

  // Both over, as the server lists them.
  let games = [];
  const deadline = Date.now() + T(300000);
  for (;;) {
    games = await page.evaluate(async (player) => (await fetch("/api/tables?player=" + player)).json(), player);
    if (games.length === 2 && games.every((g) => g.status === "over")) break;
    assert(Date.now() < deadline, "the games did not end in time: " + JSON.stringify(games.map((g) => g.status)));
    await page.waitForTimeout(500);
  }
  const want = {};
  for (const g of games) {
    const o = g.outcome;
    const team = o.teams.findIndex((t) => t.includes(g.seat));
    want[g.game] = { played: 1, won: o.winners.includes(g.seat) ? 1 : 0, levels: g.game === "shengji" ? o.scores[team] - 12 : null };
    log(g.game, JSON.stringify(o), "→", JSON.stringify(want[g.game]));
  }

  await page.click("header nav a[href='/stats']");
  await page.waitForSelector('#stats[data-games="2"]');
  for (const [game, w] of Object.entries(want)) {
    const cell = (stat) => page.textContent(`#stats tr[data-game="${game}"] [data-stat="${stat}"]`);
    assert(Number(await cell("played")) === w.played, `${game}: played`);
    assert(Number(await cell("won")) === w.won, `${game}: won ${await cell("won")}, want ${w.won}`);
    const lv = (await cell("levels")).trim();
    if (w.levels === null) assert(lv === "\u2013", `${game} counts no levels: ${lv}`);
    else assert(Number(lv.replace("+", "")) === w.levels, `${game}: levels ${lv}, want ${w.levels}`);
  }
  await checkA11y(page, "the statistics page");
  await page.emulateMedia({ colorScheme: "dark" });
  await checkA11y(page, "the statistics page, dark scheme");
  await page.emulateMedia({ colorScheme: "light" });
  await shoot(page, dir, "stats");
  checkErrors(page);
  log("ok");
} finally {
  await browser.close();
}
