// The friend flow: the creator goes to the table before the friend came;
// the waiting table says whom it waits for and keeps the invite link (copy,
// and the share sheet on a phone); the invite page names the game and who
// invited; once the friend joins, the game begins.
//
//   node e2e/invite-flow.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { fakeShare, tableID, waitText } from "./rooms-lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, PHONE, "ann");
  await fakeShare(ann.context());
  await createGame(ann, base, "gin", ["friend"], "Ann");
  await ann.waitForSelector("#created input.invite-url");
  const invite = await ann.inputValue("#created input.invite-url");
  await ann.click("#go-table");
  await waitTable(ann);
  const id = tableID(ann);
  await waitText(ann, "#room-title", "Waiting for your friend to join seat 2");
  const kept = await ann.inputValue('#room input.invite-url[data-seat="1"]');
  assert(kept === invite, `the waiting table keeps the invite link (${kept} vs ${invite})`);
  assert((await ann.inputValue("#table-link")).endsWith("/t/" + id), "the table's link is shown");
  // On a phone the share sheet offers the link.
  await ann.click('#room li:has(input[data-seat="1"]) button.share');
  const shared = await ann.evaluate(() => window.__shared);
  assert(shared.length === 1 && shared[0].url === invite, "the share sheet got the invite link: " + JSON.stringify(shared));
  await checkA11y(ann, "the waiting table");
  await shoot(ann, dir, "invite-waiting-table");
  log("the waiting table says whom it waits for and keeps the link");

  const bo = await newPage(browser, PHONE, "bo");
  await bo.goto(invite);
  await waitText(bo, "#invite-text", "Ann invites you to play Gin Rummy");
  const text = await bo.textContent("#invite-text");
  assert(/Gin Rummy \(.+\) at seat 2\./.test(text), "the invite names the rules and the seat: " + text);
  await checkA11y(bo, "the invite page");
  await shoot(bo, dir, "invite-page");
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await waitTable(bo);
  // The game begins: the room's panel goes on both pages.
  for (const p of [ann, bo]) await p.waitForSelector("#room", { state: "hidden", timeout: T(30000) });
  await shoot(ann, dir, "invite-joined");
  log("the friend joined; the game began");
  checkErrors(ann, bo);
} finally {
  await browser.close();
}
