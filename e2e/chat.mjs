// Chat at a table: two players and a spectator; a line with HTML in it
// shows as text; the spectator reads but cannot say; a flood is refused;
// the chat hidden on request stays hidden after a reload, and the lines
// said come back with it.
//
//   node e2e/chat.mjs http://127.0.0.1:PORT SCREENSHOTDIR

import { args, launch, newPage, createGame, waitTable, shoot, checkErrors, checkA11y, log, assert, T, PHONE } from "./lib.mjs";
import { checkA11yOf, tableID, waitMessage, waitText } from "./rooms-lib.mjs";

const { base, dir } = args();
const browser = await launch();
try {
  const ann = await newPage(browser, undefined, "ann");
  await createGame(ann, base, "gin", ["friend"], "Ann");
  await ann.waitForSelector("#created input.invite-url");
  const invite = await ann.inputValue("#created input.invite-url");
  await ann.click("#go-table");
  await waitTable(ann);
  const id = tableID(ann);
  const bo = await newPage(browser, PHONE, "bo");
  await bo.goto(invite);
  await bo.fill("#join-name", "Bo");
  await bo.click("#join-button");
  await waitTable(bo);
  const eve = await newPage(browser, PHONE, "eve");
  await eve.goto(`${base}/t/${id}`);
  await waitTable(eve);

  const line = `<b>bold</b> <img src=x onerror="alert(1)"> & hi`;
  await ann.fill("#chat-input", line);
  await ann.press("#chat-input", "Enter");
  for (const p of [ann, bo, eve]) {
    await waitText(p, "#chat-lines", "& hi");
    const got = await p.evaluate(() => {
      const l = document.querySelector("#chat-lines .chat-text");
      return { text: l.textContent, html: document.querySelectorAll("#chat-lines b, #chat-lines img").length };
    });
    assert(got.text === line && got.html === 0, "the line shows as text: " + JSON.stringify(got));
  }
  await waitText(bo, "#chat-lines .chat-who", "Ann");
  await bo.fill("#chat-input", "hello Ann, good luck");
  await bo.click("#chat-send");
  await waitText(eve, "#chat-lines", "good luck");
  assert(await eve.isDisabled("#chat-input"), "a spectator reads the chat but does not say");
  await checkA11yOf(bo, ["#chat", "#room", "#host"], "the chat");
  await shoot(bo, dir, "chat-player");
  await shoot(eve, dir, "chat-spectator");
  log("the chat reached both players and the spectator, as text");

  // A flood: the server refuses the lines past its rate, and says so. The
  // lines go in one go (typed one by one, a slow machine could space them
  // out within the rate); fewer than the connection's own burst.
  await ann.evaluate(() => {
    const input = document.getElementById("chat-input");
    const form = document.getElementById("chat-form");
    for (let i = 0; i < 10; i++) {
      input.value = `line ${i}`;
      form.requestSubmit();
    }
  });
  await waitMessage(ann, "too many chat lines");
  log("a flood of chat refused");

  // Hidden on request, and remembered.
  await bo.click("#chat-toggle");
  assert(await bo.isHidden("#chat-lines"), "the chat hides");
  await bo.reload();
  await waitTable(bo);
  assert(await bo.isHidden("#chat-lines"), "still hidden after a reload");
  await shoot(bo, dir, "chat-hidden");
  await bo.click("#chat-toggle");
  await waitText(bo, "#chat-lines", "good luck");
  log("hidden and shown again; the lines came back after the reload");
  checkErrors(ann, bo, eve);
} finally {
  await browser.close();
}
