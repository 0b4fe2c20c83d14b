// Shared by the browser tests of the table's extras (sound, four-colour
// suits, rules, statistics, undo).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { log } from "./lib.mjs";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// checkA11yOf runs axe-core (WCAG 2.1 A and AA) on the part of the page
// that sel selects, and fails on any serious or critical violation in
// it. (A whole page's own violations are checkA11y's, in lib.mjs; this
// checks what an extra adds to a page drawn by another module.)
export async function checkA11yOf(page, sel, label) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  const res = await page.evaluate(
    (sel) => window.axe.run({ include: [[sel]] }, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }, resultTypes: ["violations"] }),
    sel,
  );
  const bad = res.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n` + v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary.replace(/\n/g, " ")}`).join("\n"));
  if (bad.length) throw new Error(`accessibility (${label}, ${sel}): ${bad.length} axe-core violations:\n  ` + bad.join("\n  "));
  log(`axe-core: ${label} (${sel}): no serious or critical violations`);
}

// shootView saves a screenshot of what the window shows (not the whole
// page: a long document's full page is too tall to take) at the phone
// and the desktop size.
export async function shootView(page, dir, name) {
  const { PHONE, DESKTOP } = await import("./lib.mjs");
  const { join } = await import("node:path");
  const before = page.viewportSize();
  for (const [tag, vp] of [["phone", PHONE], ["desktop", DESKTOP]]) {
    await page.setViewportSize(vp);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(dir, `${name}-${tag}-${vp.width}x${vp.height}.png`) });
  }
  if (before) await page.setViewportSize(before);
}
