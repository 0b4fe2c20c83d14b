// The statistics page: this browser's player's figures at each game
// (GET /api/stats?player=P): games played, won and, in a game whose scores
// are levels (Shengji), the levels gained.

import { api, h, playerID } from "./app.js";

// percent says wins of played as a whole percentage, "–" for none played.
export function percent(won, played) {
  return played > 0 ? `${Math.round((100 * won) / played)}%` : "\u2013";
}

export async function init() {
  const box = document.getElementById("stats");
  try {
    const s = await api("GET", "/api/stats?player=" + encodeURIComponent(playerID()));
    const games = (s && s.games) || [];
    box.dataset.games = String(games.length);
    if (!games.length) {
      box.replaceChildren(h("p", "No finished games yet. ", h("a", { href: "/" }, "Start one.")));
      return;
    }
    const rows = games.map((g) =>
      h(
        "tr",
        { "data-game": g.game },
        h("th", { scope: "row" }, g.title || g.game),
        h("td.num", { "data-stat": "played" }, String(g.played)),
        h("td.num", { "data-stat": "won" }, String(g.won)),
        h("td.num", percent(g.won, g.played)),
        h("td.num", { "data-stat": "levels" }, g.count_levels ? (g.levels > 0 ? "+" : "") + String(g.levels) : "\u2013"),
      ),
    );
    box.replaceChildren(
      h(
        "div.sheet-wrap",
        h(
          "table.sheet.stats",
          h("caption.sr-only", "My statistics by game"),
          h("thead", h("tr", h("th", { scope: "col" }, "Game"), h("th.num", { scope: "col" }, "Played"), h("th.num", { scope: "col" }, "Won"), h("th.num", { scope: "col" }, "Win rate"), h("th.num", { scope: "col" }, "Levels gained"))),
          h("tbody", rows),
        ),
      ),
    );
  } catch (e) {
    box.replaceChildren(h("p.error", "Could not load the statistics: " + e.message));
  }
}
