// The lobby: a table made with "List this table in the lobby" is listed on
// the start page (game, rules, host, free seats) and joined with its Join
// button; a table made without it is not listed.
//
//   node e2e/rooms-lobby.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { tableID, waitText } from "./rooms-lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  // An unlisted table first.
  const bo = await newPage(browser, undefined, "bo");
  await createGame(bo, base, "gin", ["friend"], "Bo");
  await bo.waitForSelector("#go-table");
  await bo.click("#go-table");
  await waitTable(bo);
  const hidden = tableID(bo);

  const ann = await newPage(browser, undefined, "ann");
  await ann.goto(base + "/");
  await ann.selectOption("#game", "shengji");
  await ann.selectOption("#preset", "simple");
  await ann.fill("#name", "Ann");
  for (const [i, v] of ["friend", "greedy", "greedy"].entries()) await ann.selectOption(`#seat-${i + 1}`, v);
  await ann.check("#lobby-opt");
  await ann.click("#create-button");
  await ann.click("#go-table");
  await waitTable(ann);
  const listed = tableID(ann);

  const cy = await newPage(browser, PHONE, "cy");
  await cy.goto(base + "/");
  await cy.waitForSelector(`li.lobby-table[data-table="${listed}"]`, { timeout: T(30000) });
  const row = await cy.textContent(`li.lobby-table[data-table="${listed}"]`);
  assert(/Shengji/.test(row) && /host Ann/.test(row) && /1 free seat of 4/.test(row), "the lobby row: " + row);
  assert((await cy.$(`li.lobby-table[data-table="${hidden}"]`)) === null, "an unlisted table is not in the lobby");
  await checkA11y(cy, "the start page with the lobby");
  await cy.locator("#lobby").scrollIntoViewIfNeeded();
  await shoot(cy, dir, "lobby");
  log("the lobby lists the table:", row.replace(/\s+/g, " "));

  await cy.click(`li.lobby-table[data-table="${listed}"] a.lobby-join`);
  await cy.fill("#join-name", "Cy");
  await cy.click("#join-button");
  await cy.waitForSelector('main#table[data-state="playing"][data-seat="1"]', { timeout: T(30000) });
  await ann.waitForSelector("#room", { state: "hidden", timeout: T(30000) });
  log("Cy joined from the lobby; the game began");
  // A table being played leaves the lobby.
  await cy.goto(base + "/");
  await waitText(cy, "#lobby-list", "No open tables");
  await shoot(cy, dir, "lobby-empty");
  checkErrors(ann, bo, cy);
} finally {
  await browser.close();
}
