// The host's tools: the person who made the table moves a friend's seat
// before the game, gives a seat nobody took to the computer (the game
// begins), a hostile page's host action is refused by the server, and the
// host ends the table.
//
//   node e2e/rooms-host.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T, PHONE, received, waitReceived } from "./lib.mjs";
import { rawSend, tableID, waitMessage, waitText } from "./rooms-lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, undefined, "ann");
  await createGame(ann, base, "shengji", ["friend", "greedy", "friend"], "Ann");
  await ann.waitForSelector('#created input.invite-url[data-seat="1"]');
  const invite = await ann.inputValue('#created input.invite-url[data-seat="1"]');
  await ann.click("#go-table");
  await waitTable(ann);
  const id = tableID(ann);

  const bo = await newPage(browser, PHONE, "bo");
  await bo.goto(invite);
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await bo.waitForSelector('main#table[data-state="playing"][data-seat="1"]', { timeout: T(30000) });
  assert(await ann.isVisible("#host"), "the host sees the host's tools");
  assert(!(await bo.isVisible("#host")), "a guest does not");
  await checkA11y(ann, "the host's tools");
  await shoot(ann, dir, "host-tools");

  // Ann moves Bo from seat 2 to seat 3 (a computer's): Bo's page follows.
  await ann.selectOption("#host-move-from", "1");
  await ann.selectOption("#host-move-to", "2");

  // Meanwhile a hostile page: Bo sends the host's actions himself. Each of
  // its connections comes and goes (the seats sent to every page again),
  // and Ann's half-made choice of seats stays as she left it.
  const boToken = await bo.evaluate((id) => localStorage.getItem("felt.token." + id), id);
  const boPlayer = await bo.evaluate(() => localStorage.getItem("felt.player"));
  const seatsBefore = await received(ann, "seats");
  for (const m of [{ type: "host", action: "end" }, { type: "host", action: "move", seat: 0, to: 1 }, { type: "host", action: "computer", seat: 3 }]) {
    const e = await rawSend(bo, id, boToken, boPlayer, m);
    assert(/only the table's host/.test(e), `Bo's ${m.action} refused: ${e}`);
  }
  log("a guest's host actions are refused");
  // Each connection came and went: six seats messages reach Ann's page.
  await waitReceived(ann, "seats", seatsBefore + 6);
  const picked = await ann.evaluate(() => [document.querySelector("#host-move-from").value, document.querySelector("#host-move-to").value]);
  assert(picked[0] === "1" && picked[1] === "2", `the host's choice of seats is kept while others connect: ${picked}`);
  await ann.click("#host-move");
  await bo.waitForSelector('main#table[data-state="playing"][data-seat="2"]', { timeout: T(30000) });
  await waitText(ann, "#room-title", "Waiting for your friend to join seat 4");
  log("the host moved Bo to seat 3");

  // Nobody took seat 4: the computer plays it, and the game begins.
  await ann.click("#host-computer-3");
  for (const p of [ann, bo]) await p.waitForSelector("#room", { state: "hidden", timeout: T(30000) });
  await shoot(ann, dir, "host-game-began");
  log("seat 4 given to the computer; the game began");

  // The host ends the table (asked twice: a confirmation).
  await ann.click("#host-end");
  await waitText(ann, "#host-end", "Really end the table?");
  await ann.click("#host-end");
  for (const p of [ann, bo]) await waitMessage(p, "the host ended the table");
  await ann.waitForSelector("#host", { state: "hidden", timeout: T(30000) });
  await shoot(bo, dir, "host-ended-table");
  log("the host ended the table");
  checkErrors(ann, bo);
} finally {
  await browser.close();
}
