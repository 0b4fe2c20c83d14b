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
