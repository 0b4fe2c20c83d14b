// Shared by the rooms' browser tests (invite flow, table link, lobby, host,
// chat): small waits on the page's own state.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { T, log } from "./lib.mjs";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// tableID reads the table's id from a table page's address.
export function tableID(page) {
  return new URL(page.url()).pathname.split("/").pop();
}

// waitText waits until the element at sel holds text (a substring).
export async function waitText(page, sel, text, timeout = T(30000)) {
  await page.waitForFunction(
    ([sel, text]) => {
      const e = document.querySelector(sel);
      return e && e.textContent.includes(text);
    },
    [sel, text],
    { timeout, polling: 50 },
  );
}

// waitMessage waits until the page's message line says text.
export async function waitMessage(page, text, timeout = T(30000)) {
  await waitText(page, "#message:not([hidden])", text, timeout);
}

// fakeShare gives a context a share sheet that records what it was given
// (headless chromium has none), and a coarse pointer, as a phone has.
export async function fakeShare(context) {
  await context.addInitScript(() => {
    window.__shared = [];
    Object.defineProperty(navigator, "share", { value: async (d) => void window.__shared.push(d), configurable: true });
    const mm = window.matchMedia.bind(window);
    window.matchMedia = (q) => (q === "(pointer: coarse)" ? { matches: true, media: q, addEventListener() {}, removeEventListener() {} } : mm(q));
  });
}

// rawSend opens a websocket of the page's own (same origin) and sends
// hello then msg as the seat of token, returning the server's first error.
export async function rawSend(page, id, token, player, msg) {
  return page.evaluate(
    ([id, token, player, msg]) =>
      new Promise((resolve) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        const timer = setTimeout(() => resolve("no answer"), 10000);
        ws.onopen = () => {
          ws.send(JSON.stringify({ type: "hello", table: id, token, player }));
          ws.send(JSON.stringify(msg));
        };
        ws.onmessage = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.type === "error") {
            clearTimeout(timer);
            ws.close();
            resolve(m.error);
          }
        };
      }),
    [id, token, player, msg],
  );
}

// checkA11yOf runs axe-core (WCAG 2.1 A and AA) on the part of the page at
// sel only: the rooms' panels, whatever the game's board shows (the
// boards have tests of their own).
export async function checkA11yOf(page, sels, label) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const res = await page.evaluate(
    (sels) => window.axe.run({ include: sels.map((s) => [s]) }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] }),
    sels,
  );
  const bad = res.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.replace(/\n/g, " ")}`).join("\n"));
  if (bad.length) throw new Error(`accessibility (${label}): ${bad.length} axe-core violations:\n  ` + bad.join("\n  "));
  log(`axe-core: ${label} (${sels.join(", ")}): no violations`);
}
