// The table's link: a Shengji table with two friends' seats; whoever opens
// the table's link takes a free seat (asked their name first); once every
// seat is taken the game begins, and the link then only watches.
//
//   node e2e/rooms-link.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { tableID, waitText } from "./rooms-lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, undefined, "ann");
  await createGame(ann, base, "shengji", ["friend", "greedy", "friend"], "Ann");
  await ann.waitForSelector("#created input.invite-url");
  assert(await ann.isVisible("#table-link-created"), "the created page shows the table's link");
  await ann.click("#go-table");
  await waitTable(ann);
  const id = tableID(ann);
  await waitText(ann, "#room-title", "Waiting for 2 friends to join seat 2 and seat 4");
  const link = await ann.inputValue("#table-link");
  assert(link === `${base}/t/${id}`, "the table's link: " + link);

  const cy = await newPage(browser, PHONE, "cy");
  await cy.goto(link);
  await waitTable(cy);
  await waitText(cy, "#room-title", "This table waits for players at seat 2 and seat 4");
  await checkA11y(cy, "a visitor at the table's link");
  await shoot(cy, dir, "link-visitor");
  await cy.click("#sit-button");
  await cy.fill("#join-name", "Cy");
  await cy.click("#join-button");
  await cy.waitForSelector('main#table[data-state="playing"][data-seat="1"]', { timeout: T(30000) });
  await waitText(ann, "#room-title", "Waiting for your friend to join seat 4");
  log("Cy took seat 2 by the table's link");

  const dee = await newPage(browser, undefined, "dee");
  await dee.goto(link);
  await waitTable(dee);
  await dee.click("#sit-button");
  await dee.fill("#join-name", "Dee");
  await dee.click("#join-button");
  await dee.waitForSelector('main#table[data-state="playing"][data-seat="3"]', { timeout: T(30000) });
  for (const p of [ann, cy, dee]) await p.waitForSelector("#room", { state: "hidden", timeout: T(30000) });
  log("Dee took seat 4; the game began");

  // Now the link watches.
  const eve = await newPage(browser, PHONE, "eve");
  await eve.goto(link);
  await waitTable(eve);
  assert((await eve.getAttribute("main#table", "data-seat")) === "-1", "a later visitor watches");
  assert(!(await eve.isVisible("#sit-button")), "no seat offered once the game began");
  await shoot(eve, dir, "link-after-start-spectator");
  await shoot(cy, dir, "link-seated");
  checkErrors(ann, cy, dee, eve);
} finally {
  await browser.close();
}
