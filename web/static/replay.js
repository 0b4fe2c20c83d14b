// The replay viewer: the views the server gives this browser's seat (or a
// spectator) for every line of a game's log, stepped through with the
// buttons, the slider or the arrow keys. It draws them with the table's
// own views, with no way to act.

import { api, getToken, h, seatName, gameTitle } from "./app.js";
import { newView, noView } from "./views.js";

export async function init() {
  const id = decodeURIComponent(location.pathname.replace(/^\/replay\//, "").replace(/\/$/, ""));
  const main = document.getElementById("table");
  const els = {
    main,
    board: document.getElementById("board"),
    hand: document.getElementById("hand"),
    actions: document.createElement("div"),
    showdown: document.getElementById("showdown"),
    scores: document.getElementById("scores"),
    log: document.createElement("ol"),
  };
  const slider = document.getElementById("step");
  const label = document.getElementById("step-label");
  const eventLine = document.getElementById("step-event");
  let data;
  try {
    data = await api("GET", `/api/tables/${encodeURIComponent(id)}/replay`, undefined, getToken(id));
  } catch (e) {
    eventLine.textContent = "Could not load the replay: " + e.message;
    return;
  }
  const why = noView(data.game);
  if (why) {
    eventLine.textContent = "Could not show the replay: " + why;
    return;
  }
  const steps = data.steps || [];
  const seat = typeof data.seat === "number" ? data.seat : -1;
  const title = await gameTitle(data.game);
  document.getElementById("game-title").textContent = `${title} replay`;
  let summary = null;
  try {
    summary = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
  } catch (e) {
    summary = null;
  }
  const names = (s) => seatName(summary && summary.seats && summary.seats[s], s);
  let lastText = "";
  const ctx = {
    seat,
    els,
    names,
    seats: (summary && summary.seats && summary.seats.length) || 0,
    rules: (summary && summary.rules) || null,
    send() {},
    bid() {},
    hint() {},
    statusBadge() {
      return null;
    },
    // A hand's result is shown in its place below the table: the replay
    // steps on past it (it is never closed: r.onClose is not called, and
    // the views here have no decisions to hold).
    showResult(r) {
      els.showdown.replaceChildren(h("h2", r.title), ...r.body);
      els.showdown.dataset.hand = String(r.hand);
      els.showdown.hidden = false;
    },
    log(text) {
      lastText = text;
    },
    message() {},
  };
  slider.max = String(Math.max(0, steps.length - 1));

  function show(i) {
    i = Math.max(0, Math.min(steps.length - 1, i));
    slider.value = String(i);
    const view = newView(data.game, ctx);
    els.showdown.hidden = true;
    let obs = null;
    let text = "";
    for (let k = 0; k <= i; k++) {
      const st = steps[k];
      lastText = "";
      if (st.event) view.event(st.event, true);
      if (st.obs) obs = st.obs;
      if (lastText) text = lastText;
    }
    if (obs) view.state(obs);
    else view.render();
    label.textContent = `${i + 1} / ${steps.length}`;
    eventLine.textContent = text;
    main.dataset.step = String(i);
    main.dataset.state = "replay";
  }

  document.getElementById("first").addEventListener("click", () => show(0));
  document.getElementById("prev").addEventListener("click", () => show(Number(slider.value) - 1));
  document.getElementById("next").addEventListener("click", () => show(Number(slider.value) + 1));
  document.getElementById("last").addEventListener("click", () => show(steps.length - 1));
  slider.addEventListener("input", () => show(Number(slider.value)));
  document.addEventListener("keydown", (e) => {
    if (e.target === slider) return;
    if (e.key === "ArrowRight") show(Number(slider.value) + 1);
    else if (e.key === "ArrowLeft") show(Number(slider.value) - 1);
    else if (e.key === "Home") show(0);
    else if (e.key === "End") show(steps.length - 1);
  });
  if (steps.length) show(0);
  else eventLine.textContent = "This game has no moves yet.";
}
