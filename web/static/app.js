// The pages' entry: shared helpers (the player's id, seat tokens, the API,
// a small element builder) and the home page (create a game) and the games
// page. The table and the replay have modules of their own, loaded here by
// the page's data-page attribute.

// serverGames returns the games the server plays (GET /api/games, asked
// once), by name: each with its title, seat counts, levels and presets.
let gamesOnce = null;
export function serverGames() {
  if (!gamesOnce) {
    gamesOnce = api("GET", "/api/games").then((list) => Object.fromEntries(list.map((g) => [g.name, g])));
    gamesOnce.catch(() => (gamesOnce = null));
  }
  return gamesOnce;
}

// gameTitle returns a game's title for people, or its name when the
// server does not say.
export async function gameTitle(name) {
  try {
    const g = (await serverGames())[name];
    return g ? g.title : String(name);
  } catch (e) {
    return String(name);
  }
}

// seatLabels names the seats other than the creator's (seat 0) on the
// home page, in turn order.
export function seatLabels(n) {
  if (n === 2) return ["Opponent"];
  return Array.from({ length: n - 1 }, (_, i) => `Seat ${i + 1}` + (i === 0 ? " (plays after you)" : i === n - 2 ? " (plays before you)" : ""));
}

// seatRange says a game's seat counts: "2 players", "4–10 players".
export function seatRange(seats) {
  const lo = Math.min(...seats);
  const hi = Math.max(...seats);
  return lo === hi ? `${lo} players` : `${lo}\u2013${hi} players`;
}

// h builds an element: h("div#id.a.b", {attr: v, onclick: f}, children…).
export function h(spec, attrs, ...kids) {
  let id = "";
  spec = spec.replace(/#([\w-]+)/, (_, x) => ((id = x), ""));
  const [tag, ...classes] = spec.split(".");
  const e = document.createElement(tag || "div");
  if (id) e.id = id;
  if (classes.length) e.className = classes.join(" ");
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    kids.unshift(attrs);
    attrs = null;
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

// patch replaces el's children with nodes unless they would look the same:
// a button is not swapped under the pointer by a re-render that changes
// nothing (Shengji's deal re-renders at every card), so clicks are not lost.
// The focus survives the redraw (keepFocus).
export function patch(el, nodes) {
  const sig = nodes.map((n) => (n instanceof Element ? n.outerHTML : String(n && n.textContent))).join("");
  if (el.feltSig === sig && el.childNodes.length === nodes.length) return;
  el.feltSig = sig;
  keepFocus(el, () => el.replaceChildren(...nodes));
}

// focusKey names an element so that its redrawn copy can be found: its
// id, else its data-key (a Shengji card's copy), else its data-card; ""
// when it has none of them.
export function focusKey(e) {
  if (!e || !e.getAttribute) return "";
  if (e.id) return "#" + e.id;
  if (e.dataset.key) return `[data-key="${e.dataset.key}"]`;
  if (e.dataset.card) return `[data-card="${e.dataset.card}"]`;
  return "";
}

// focusable is the kind of control the focus falls back to in a redrawn
// container when its own control is gone: a card, else a button.
function focusKind(e) {
  return e.classList.contains("card") ? "button.card" : e.tagName === "BUTTON" ? "button" : "";
}

// keepFocus runs draw, which redraws container's children. If the focus
// was in container, it goes back to the redrawn control with the same
// focusKey, or, when that one is gone (a card discarded), to the control
// of the same kind nearest the old one's place, so that the keyboard goes
// on where it was.
export function keepFocus(container, draw) {
  const a = document.activeElement;
  if (!a || a === document.body || !container.contains(a) || a === container) {
    draw();
    return;
  }
  const key = focusKey(a);
  const kind = focusKind(a);
  const index = kind ? Array.from(container.querySelectorAll(kind)).indexOf(a) : -1;
  draw();
  if (container.contains(document.activeElement) && document.activeElement !== document.body) return;
  let to = null;
  if (key) {
    try {
      to = container.querySelector(key);
    } catch (e) {
      to = null;
    }
  }
  if (to && to.disabled) to = null;
  if (!to && kind) {
    const all = Array.from(container.querySelectorAll(kind)).filter((b) => !b.disabled);
    if (all.length) to = all[Math.min(Math.max(index, 0), all.length - 1)];
  }
  if (to) to.focus({ preventScroll: true });
}

function randomID() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

// playerID is this browser's random player id, made once and kept.
export function playerID() {
  let p = localStorage.getItem("felt.player");
  if (!p) {
    p = randomID();
    localStorage.setItem("felt.player", p);
  }
  return p;
}

export function playerName() {
  return localStorage.getItem("felt.name") || "";
}

export function setPlayerName(n) {
  localStorage.setItem("felt.name", n);
}

export function getToken(table) {
  return localStorage.getItem("felt.token." + table) || "";
}

export function setToken(table, token, seat) {
  localStorage.setItem("felt.token." + table, token);
  if (seat !== undefined) localStorage.setItem("felt.seat." + table, String(seat));
}

// invitesOf returns the invite links of a table this browser made ({seat,
// url} each) and its table link, kept when it was made so that the
// waiting table shows them.
export function invitesOf(table) {
  try {
    const v = JSON.parse(localStorage.getItem("felt.invites." + table) || "null");
    return v && Array.isArray(v.invites) ? v : { invites: [], link: "" };
  } catch (e) {
    return { invites: [], link: "" };
  }
}

export function setInvites(table, invites, link) {
  localStorage.setItem("felt.invites." + table, JSON.stringify({ invites, link: link || "" }));
}

// shareLink offers a link: the phone's share sheet when there is one, else
// the clipboard; it says what it did on the button.
export async function shareLink(button, url, title) {
  if (navigator.share && matchMedia("(pointer: coarse)").matches) {
    try {
      await navigator.share({ title, url });
      return;
    } catch (e) {
      // dismissed: fall back to copying
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = "Copied";
  } catch (e) {
    button.textContent = "Select and copy";
  }
}

// linkRow is a read-only link with a copy button and, on a phone that has
// one, a share button.
export function linkRow(url, label, attrs = {}) {
  const input = h("input.invite-url", { type: "text", readonly: true, value: url, "aria-label": label, ...attrs });
  const copy = h("button.secondary.copy", { type: "button", onclick: () => {
    input.select();
    shareLinkCopy(copy, url);
  } }, "Copy");
  const kids = [input, copy];
  if (typeof navigator !== "undefined" && navigator.share) {
    const share = h("button.secondary.share", { type: "button", onclick: () => shareLink(share, url, label) }, "Share");
    kids.push(share);
  }
  return kids;
}

async function shareLinkCopy(button, url) {
  try {
    await navigator.clipboard.writeText(url);
    button.textContent = "Copied";
  } catch (e) {
    button.textContent = "Select and copy";
  }
}

export function getSeat(table) {
  const s = localStorage.getItem("felt.seat." + table);
  return s === null ? null : Number(s);
}

// api calls the server's JSON API and throws an Error with the server's
// reason on a failure.
export async function api(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = "Bearer " + token;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  const text = await res.text();
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    data = null;
  }
  if (!res.ok) {
    const why = (data && data.error) || text || res.statusText;
    throw new Error(`${why} (${res.status})`);
  }
  return data;
}

// seatName is how the page names a seat from the table's summary: the
// person's name, or "Computer (level)".
export function seatName(info, s) {
  info = info || {};
  let n = info.name || "";
  if (info.kind === "computer" && (!n || n === info.level)) n = "Computer" + (info.level ? ` (${info.level})` : "");
  if (!n) n = info.open ? "Open seat" : `Seat ${s}`;
  return n;
}

// tableURL is the table page's address.
export function tableURL(id) {
  return "/t/" + encodeURIComponent(id);
}

// ---- the home page: create a game ----

async function initIndex() {
  const form = document.getElementById("create");
  const gameSel = form.elements.game;
  const presetSel = form.elements.preset;
  const seatsBox = document.getElementById("seats");
  const settingsBox = document.getElementById("settings");
  const nameIn = form.elements.name;
  const out = document.getElementById("created");
  const err = document.getElementById("create-error");
  nameIn.value = playerName();
  let known, noView, SettingsForm;
  try {
    ({ noView } = await import("./views.js"));
    ({ SettingsForm } = await import("./settings.js"));
    known = await serverGames();
  } catch (e) {
    err.textContent = "Could not read the games this server plays: " + e.message;
    return;
  }
  // The games this page can show, in the server's order.
  const offered = Object.values(known).filter((g) => !noView(g.name));
  gameSel.replaceChildren(...offered.map((g) => h("option", { value: g.name }, `${g.title} (${seatRange(g.seats)})`)));

  // seats draws a select for each seat but the creator's, keeping the
  // choices already made.
  function seats(g, n) {
    const before = Array.from(seatsBox.querySelectorAll("select"), (s) => s.value);
    seatsBox.dataset.seats = String(n);
    seatsBox.replaceChildren(
      ...seatLabels(n).map((label, i) => {
        const id = `seat-${i + 1}`;
        const sel = h(
          "select",
          { id, name: id, "data-seat": i + 1 },
          ...g.levels.map((l) => h("option", { value: l.name, selected: l.name === (before[i] || g.default_level) }, `Computer: ${l.title}`)),
          h("option", { value: "friend", selected: before[i] === "friend" }, "A friend (invite link)"),
        );
        return h("div.field", h("label", { for: id }, label), sel);
      }),
    );
  }

  let settings = null;
  function fill() {
    const g = known[gameSel.value];
    presetSel.replaceChildren(...g.presets.map((p) => h("option", { value: p.name }, p.title)));
    seats(g, g.seats[0]);
    // The game's settings, from what the server says of them; the seats
    // follow the rules.
    const form = new SettingsForm(
      settingsBox,
      g,
      api,
      ({ mixed }) => {
        if (settings === form && mixed && mixed.seats && mixed.seats !== seatsBox.querySelectorAll("select").length + 1) seats(g, mixed.seats);
      },
      document.getElementById("rules-summary"),
      document.getElementById("settings-error"),
    );
    settings = form;
    form.setPreset(presetSel.value);
  }
  initLobby(known);
  gameSel.addEventListener("change", fill);
  presetSel.addEventListener("change", () => settings && settings.setPreset(presetSel.value));
  fill();

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    err.textContent = "";
    const name = nameIn.value.trim() || "Player";
    setPlayerName(name);
    const game = gameSel.value;
    const watch = form.elements.watch.checked;
    // The seats follow the settings as the server last said them: ask
    // once more, so a change just made counts.
    if (settings) await settings.ask(true);
    const seats = [watch ? { kind: "computer", level: known[game].default_level } : { kind: "me" }];
    for (const sel of seatsBox.querySelectorAll("select")) {
      seats.push(sel.value === "friend" ? { kind: "open" } : { kind: "computer", level: sel.value });
    }
    const submit = form.querySelector("button[type=submit]");
    submit.disabled = true;
    try {
      const body = { game, preset: presetSel.value, player: playerID(), name, seats };
      if (form.elements.lobby.checked) body.lobby = true;
      const set = settings ? settings.values() : {};
      if (Object.keys(set).length) body.settings = set;
      if (form.elements.undo && form.elements.undo.checked) body.undo = true;
      const r = await api("POST", "/api/tables", body);
      if (r.token) setToken(r.id, r.token, r.seat);
      const invites = r.invites || [];
      if (invites.length) setInvites(r.id, invites.map((inv) => ({ seat: inv.seat, url: new URL(inv.url, location.href).href })), r.link ? new URL(r.link, location.href).href : "");
      if (invites.length === 0) {
        location.assign(tableURL(r.id));
        return;
      }
      out.replaceChildren(
        h("h2", "Invite your friends"),
        h("p", "Send each friend their link. Anyone holding a link plays that seat, so send it only to them. The table keeps these links until they join."),
        h(
          "ul.invites",
          ...invites.map((inv) => {
            const url = new URL(inv.url, location.href).href;
            return h("li", h("span.seat-label", `Seat ${inv.seat + 1}`), ...linkRow(url, `Invite link for seat ${inv.seat + 1}`, { "data-seat": inv.seat }));
          }),
        ),
        r.link ? h("p", "Or share the table's link: whoever opens it first takes a free seat.") : null,
        r.link ? h("div.invites.table-link", ...linkRow(new URL(r.link, location.href).href, "The table's link", { id: "table-link-created" })) : null,
        h("p", h("a.button", { id: "go-table", href: tableURL(r.id) }, "Go to the table")),
      );
      out.hidden = false;
      form.hidden = true;
    } catch (e) {
      err.textContent = "Could not create the game: " + e.message;
    } finally {
      submit.disabled = false;
    }
  });
}

// ---- the lobby: open tables, on the home page ----

// initLobby lists the tables waiting for players that their hosts put in
// the lobby (GET /api/lobby), each with a Join button.
function initLobby(known) {
  const list = document.getElementById("lobby-list");
  const refresh = document.getElementById("lobby-refresh");
  if (!list) return;
  async function load() {
    let tables;
    try {
      tables = await api("GET", "/api/lobby");
    } catch (e) {
      list.replaceChildren(h("p.error", "Could not read the open tables: " + e.message));
      return;
    }
    if (!tables || tables.length === 0) {
      list.replaceChildren(h("p", "No open tables now. Make one and tick “List this table in the lobby”."));
      return;
    }
    list.replaceChildren(
      h(
        "ul.lobby-tables",
        ...tables.map((t) => {
          const g = known[t.game] || { title: t.game, presets: [] };
          const preset = (g.presets || []).find((p) => p.name === t.preset);
          const free = t.free.length;
          return h(
            "li.lobby-table",
            { "data-table": t.id },
            h("span.lobby-game", g.title),
            h("span.lobby-preset", preset ? preset.title : t.preset || ""),
            h("span.lobby-host", t.host ? `host ${t.host}` : ""),
            h("span.lobby-free", `${free} free seat${free === 1 ? "" : "s"} of ${t.seats.length}`),
            h("a.button.lobby-join", { href: tableURL(t.id) + "#sit", "aria-label": `Join ${t.host ? t.host + "'s " : ""}${g.title} table` }, "Join"),
          );
        }),
      ),
    );
  }
  refresh.addEventListener("click", load);
  load();
}

// ---- the games page ----

async function initGames() {
  const list = document.getElementById("games-list");
  try {
    const games = await api("GET", "/api/tables?player=" + encodeURIComponent(playerID()));
    const known = await serverGames().catch(() => ({}));
    if (!games || games.length === 0) {
      list.replaceChildren(h("p", "No games yet. ", h("a", { href: "/" }, "Start one.")));
      return;
    }
    const rows = games.map((g) => {
      const seats = (g.seats || []).map((s, i) => (i === g.seat ? "you" : seatName(s, i))).join(", ");
      const title = (known[g.game] && known[g.game].title) || g.game;
      const when = g.created ? new Date(g.created).toLocaleString([], { dateStyle: "short", timeStyle: "short" }) : "";
      return h(
        "tr",
        h("td", h("a", { href: tableURL(g.id) }, title)),
        h("td", seats),
        h("td", when),
        h("td.links", g.status || "", outcomeText(g) ? ` (${outcomeText(g)})` : "", h("br"), h("a", { href: "/replay/" + encodeURIComponent(g.id) }, "Replay")),
      );
    });
    list.replaceChildren(
      h("div.sheet-wrap", h("table.sheet.games", h("thead", h("tr", h("th", "Game"), h("th", "Seats"), h("th", "Started"), h("th", "Status"))), h("tbody", rows))),
    );
  } catch (e) {
    list.replaceChildren(h("p.error", "Could not load your games: " + e.message));
  }
}

function outcomeText(g) {
  const o = g.outcome;
  if (!o) return "";
  if (typeof o === "string") return o;
  if (o.scores) return o.scores.join(" – ");
  if (o.Scores) return o.Scores.join(" – ");
  return "";
}

// The pages' modules also load in Node for the unit tests, without a
// document.
const page = typeof document !== "undefined" && document.body ? document.body.dataset.page : "";
if (page === "index") initIndex();
else if (page === "games") initGames();
else if (page === "table") import("./table.js").then((m) => m.init());
else if (page === "replay") import("./replay.js").then((m) => m.init());
else if (page === "stats") import("./stats.js").then((m) => m.init());
// Every page: the display choices (four-colour suits, the turn's sound).
if (page) import("./settings.js").then((m) => m.initDisplay(page));
