// The table page: joins with an invite link's token, keeps the connection
// to the server (net.js) and hands each message to the game's view
// (gin.js or shengji.js). The server is the authority: a move is only an
// intent until an event or a refusal comes back.

import { api, focusKey, getToken, h, invitesOf, linkRow, playerID, playerName, seatName, serverGames, setPlayerName, setToken, gameTitle } from "./app.js";
import { Connection } from "./net.js";
import { pretty } from "./cards.js";
import { newView } from "./views.js";
import { mountUndo } from "./undo.js";

export async function init() {
  const main = document.getElementById("table");
  const id = decodeURIComponent(location.pathname.replace(/^\/t\//, "").replace(/\/$/, ""));
  const els = {
    main,
    board: document.getElementById("board"),
    hand: document.getElementById("hand"),
    actions: document.getElementById("actions"),
    result: document.getElementById("result-dialog"),
    scores: document.getElementById("scores"),
    log: document.getElementById("log"),
    notices: document.getElementById("notices"),
    message: document.getElementById("message"),
    conn: document.getElementById("conn"),
    title: document.getElementById("game-title"),
    keys: document.getElementById("keys-help"),
    room: document.getElementById("room"),
    host: document.getElementById("host"),
  };

  // What the page knows of the table before it connects: the invite page
  // and the table's link say whose table it is and which game.
  let first = null;
  try {
    first = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
  } catch (e) {
    first = null;
  }

  // An invite link carries the seat and its token in the fragment (never
  // sent to the server by the browser): keep them, join, clear the address.
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token")) {
    const seat = Number(frag.get("seat"));
    const token = frag.get("token");
    history.replaceState(null, "", location.pathname + location.search);
    let name = playerName();
    if (!name && !getToken(id)) name = await askName(els, await invitation(first, Number(frag.get("seat"))));
    const join = (s) => api("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat: s, token, player: playerID(), name: name || "Friend" });
    try {
      // The host may have moved the invited seat: the token still opens it.
      await join(seat).catch((e) => (/does not open that seat/.test(e.message) ? join(-1) : Promise.reject(e)));
      setToken(id, token, seat);
    } catch (e) {
      // A link used again by its own holder (a reload before the fragment
      // was cleared) may be refused; the token still plays if it is ours.
      if (!getToken(id)) setToken(id, token, seat);
      showMessage(els, "Joining the table: " + e.message, "refused");
    }
  }

  // The table's link from the lobby (#sit) takes a free seat at once.
  if (location.hash === "#sit") {
    history.replaceState(null, "", location.pathname + location.search);
    if (!getToken(id) && first && first.status === "waiting") await sit(-1);
  }

  // sit takes a free seat (or the one asked) through the table's link.
  async function sit(want) {
    let name = playerName();
    if (!name) name = await askName(els, await invitation(first, want));
    const body = { player: playerID(), name: name || "Friend" };
    if (want >= 0) body.seat = want;
    try {
      const r = await api("POST", `/api/tables/${encodeURIComponent(id)}/sit`, body);
      setToken(id, r.token, r.seat);
      return true;
    } catch (e) {
      showMessage(els, "Taking a seat: " + e.message, "refused");
      return false;
    }
  }

  let summary = null;
  let seat = -1;
  let view = null;
  let messageTimer = null;

  function names(s) {
    return seatName(((summary && summary.seats) || [])[s], s);
  }

  const ctx = {
    get seat() {
      return seat;
    },
    // seats is the number of seats at the table (0 until it is known).
    get seats() {
      return ((summary && summary.seats) || []).length;
    },
    // rules are the table's options, as its game writes them (null until
    // the table is known).
    get rules() {
      return (summary && summary.rules) || null;
    },
    els,
    names,
    send(move, seq) {
      els.message.hidden = true;
      if (!conn.send({ type: "move", seq, move })) showMessage(els, "Not connected: the move was not sent. Reconnecting…", "refused");
    },
    bid(move) {
      if (!conn.send({ type: "bid", move })) showMessage(els, "Not connected: the bid was not sent.", "refused");
    },
    hint() {
      conn.send({ type: "hint" });
    },
    // check asks the server whether a move is legal for decision seq; the
    // answer comes as a "checked" message.
    check(move, seq) {
      return conn.send({ type: "check", seq, move });
    },
    // undo asks to take back the person's last move of the hand, at
    // decision seq (a table made to allow it).
    undo(seq) {
      if (!conn.send({ type: "undo", seq })) showMessage(els, "Not connected: the undo was not sent.", "refused");
    },
    // statusBadge shows a seat's presence: away, or played by a computer
    // standing in for its person.
    statusBadge(s) {
      const info = ((summary && summary.seats) || [])[s] || {};
      if (info.status === "replaced") return h("span.badge.warn", { title: "A computer plays this seat until its person is back" }, `computer${info.level ? " (" + info.level + ")" : ""} standing in`);
      if (info.status === "away") return h("span.badge", "away");
      if (info.status === "open") return h("span.badge", "not joined yet");
      return null;
    },
    // showResult shows a hand's result over the table, as a modal dialog,
    // until the person moves on (its button, Enter or Escape); the focus
    // goes into it and, when it closes, back where it was. r: {hand,
    // title, body (nodes), button (its words), onClose (called as it
    // closes, before the focus goes back: the view draws the table it
    // held)}. Shown again while open, its words are replaced.
    showResult(r) {
      showResult(els, { onward: (hand) => ctx.onward(hand), ...r });
    },
    // onward tells the server the person moved on from hand's result: the
    // computers waiting for it play on (the hello says results are shown).
    onward(hand) {
      if (seat >= 0 && hand > 0) conn.send({ type: "onward", hand });
    },
    log(text, kind) {
      const li = h("li." + (kind || "info"), text);
      els.log.append(li);
      while (els.log.children.length > 300) els.log.firstChild.remove();
      els.log.scrollTop = els.log.scrollHeight;
    },
    message(text, kind) {
      showMessage(els, text, kind);
      clearTimeout(messageTimer);
      if (kind !== "refused") messageTimer = setTimeout(() => (els.message.hidden = true), 8000);
    },
  };

  // makeView shows the table as game's view; false (and the reason said)
  // when this page has no view of that game.
  function makeView(game) {
    if (view && view.game === game) return true;
    let v;
    try {
      v = newView(game, ctx);
    } catch (err) {
      view = null;
      ctx.message(err.message, "refused");
      main.dataset.state = "error";
      return false;
    }
    els.log.replaceChildren();
    view = v;
    view.game = game;
    const rules = document.getElementById("rules-link");
    if (rules) rules.href = "/rules/" + encodeURIComponent(game);
    gameTitle(game).then((title) => {
      els.title.textContent = title;
      document.title = `Felt — ${title}`;
    });
    els.keys.textContent = view.keysHelp();
    return true;
  }

  function onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        summary = msg.table || summary;
        seat = typeof msg.seat === "number" ? msg.seat : -1;
        if (!makeView(msg.game || (summary && summary.game))) return;
        main.dataset.seat = String(seat);
        main.dataset.state = "playing";
        mountUndo(ctx, summary);
        renderSeats();
        view.render();
        chat.reset();
        break;
      case "chat":
        chat.add(msg.lines || []);
        break;
      case "history":
        if (!view) return;
        els.log.replaceChildren();
        view.resetHistory && view.resetHistory();
        for (const e of msg.events || []) view.event(e.event, false);
        view.render();
        // A table still waiting for its people has no hand before this one.
        if (!summary || summary.status !== "waiting") loadPast();
        break;
      case "state":
        if (view) view.state(msg.obs);
        break;
      case "event":
        // Events may come by the hundred (a Shengji deal, a table of
        // computers): each is taken at once, the table drawn once a frame.
        if (!view) return;
        view.event(msg.event, true);
        if (msg.obs) view.setObs(msg.obs);
        schedule();
        break;
      case "decide":
        if (view) view.decide(msg);
        break;
      case "refused":
        msg.error = pretty(msg.error || "");
        if (view) view.refused(msg);
        else ctx.message(msg.error, "refused");
        break;
      case "hint":
        if (view) view.hint(msg);
        break;
      case "checked":
        if (msg.reason) msg.reason = pretty(msg.reason);
        if (view && view.checked) view.checked(msg);
        break;
      case "notice":
        notice(msg);
        break;
      case "seats":
        if (summary) summary.seats = msg.seats;
        else summary = { seats: msg.seats };
        // Every seat taken: the game begins.
        if (summary.status === "waiting" && !msg.seats.some((x) => x.open)) summary.status = "playing";
        renderSeats();
        if (view) view.render();
        break;
      case "over":
        if (summary) summary.status = "over";
        renderSeats();
        main.dataset.over = "true";
        if (view) view.gameOver(msg.outcome);
        ctx.log("The game is over.", "end");
        break;
      case "error":
        if (/^the table stopped/.test(msg.error || "") && summary) {
          summary.status = "abandoned";
          renderSeats();
        }
        ctx.message(msg.error, "refused");
        break;
    }
  }

  // The history holds the current hand's events; the results of the hands
  // before it (for the score sheet) come from the table's replay, once.
  let pastLoaded = false;
  async function loadPast() {
    if (pastLoaded || !view || !view.pastResult) return;
    pastLoaded = true;
    try {
      const r = await api("GET", `/api/tables/${encodeURIComponent(id)}/replay`, undefined, getToken(id));
      for (const st of (r && r.steps) || []) if (st.event) view.pastResult(st.event);
      view.render();
    } catch (e) {
      // The score sheet then starts with this hand.
    }
  }

  let frame = 0;
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (view) view.render();
    });
  }

  function notice(msg) {
    const text = msg.text || `${names(msg.seat)}: ${msg.kind}`;
    // A notice of the teams replaces the one before it: only the teams
    // as they are now matter.
    if (msg.kind === "teams") for (const old of els.notices.querySelectorAll('.notice[data-kind="teams"]')) old.remove();
    const n = h("div.notice." + (msg.kind || "info"), { role: "status", "data-kind": msg.kind || "" }, h("span.notice-text", text), h("button.close", { type: "button", "aria-label": "Dismiss", onclick: () => n.remove() }, "×"));
    els.notices.append(n);
    while (els.notices.children.length > 4) els.notices.firstChild.remove();
    ctx.log(text, "notice");
  }

  function renderSeats() {
    const seats = (summary && summary.seats) || [];
    main.dataset.seats = String(seats.length);
    renderRoom();
    renderHost();
    els.main.classList.toggle("spectator", seat < 0);
    // While a computer stands in for us, offer to take the seat back.
    const mine = seat >= 0 ? seats[seat] : null;
    const old = document.getElementById("take-back");
    if (old) old.remove();
    if (mine && mine.status === "replaced") {
      els.notices.append(
        h("div.notice.takeover", { id: "take-back", role: "status" }, "A computer is playing your seat; it is yours again at your next turn. ", h("button.secondary", { type: "button", onclick: () => conn.send({ type: "back" }) }, "Take it back")),
      );
    }
  }

  function onStatus(s) {
    els.conn.dataset.state = s;
    els.conn.textContent = s === "open" ? "connected" : s === "connecting" ? "connecting…" : "reconnecting…";
    main.dataset.conn = s;
  }

  document.addEventListener("keydown", (e) => {
    if (!view || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA")) return;
    // While a result is shown, the keys are the dialog's.
    if (els.result.open) return;
    if (e.key === "Escape") {
      els.message.hidden = true;
      return;
    }
    if (view.key(e)) e.preventDefault();
  });

  // ---- the room: who the table waits for, its links, the host's tools ----

  // A seats message comes whenever anyone connects or leaves. showPanel
  // draws a panel again (build's children) only when what it shows, its
  // key, changes, keeping the focus on the element of the same id: a
  // friend's page coming and going undoes nothing a person is doing.
  // build runs before the old children go, so it may read them.
  function showPanel(el, key, build) {
    if (!el.hidden && el.dataset.key === key) return;
    const focus = el.contains(document.activeElement) ? document.activeElement.id : "";
    el.replaceChildren(...build());
    el.dataset.key = key;
    el.hidden = false;
    if (focus) document.getElementById(focus)?.focus();
  }

  // hidePanel hides a panel of showPanel's and forgets what it showed.
  function hidePanel(el) {
    el.hidden = true;
    el.replaceChildren();
    delete el.dataset.key;
  }

  // renderRoom shows, while the table waits for people, whom it waits for,
  // the invite links (kept by the browser that made the table), the
  // table's link, and to a visitor a button to take a free seat.
  function renderRoom() {
    const seats = (summary && summary.seats) || [];
    const open = seats.filter((x) => x.open);
    const waiting = summary && summary.status === "waiting" && open.length > 0;
    main.dataset.room = waiting ? "waiting" : "";
    if (!waiting) {
      hidePanel(els.room);
      return;
    }
    const who = open.map((x) => `seat ${x.seat + 1}` + (x.name && x.name !== `Seat ${x.seat + 1}` ? ` (${x.name})` : ""));
    const list = who.length === 1 ? who[0] : who.slice(0, -1).join(", ") + " and " + who[who.length - 1];
    const friends = open.length === 1 ? "your friend" : `${open.length} friends`;
    const text = seat >= 0 ? `Waiting for ${friends} to join ${list}…` : `This table waits for players at ${list}.`;
    const kept = invitesOf(id);
    const invites = kept.invites.filter((inv) => open.some((x) => x.seat === inv.seat));
    const tableLink = new URL("/t/" + encodeURIComponent(id), location.href).href;
    const key = JSON.stringify([text, invites.map((inv) => inv.url), seat, !!getToken(id)]);
    showPanel(els.room, key, () => {
      const kids = [h("h2#room-title", { "data-waiting": open.map((x) => x.seat).join(" ") }, text)];
      if (invites.length) {
        kids.push(h("p", "Send each friend their seat's link (only to them: it plays that seat)."));
        kids.push(h("ul.invites", ...invites.map((inv) => h("li", h("span.seat-label", `Seat ${inv.seat + 1}`), ...linkRow(inv.url, `Invite link for seat ${inv.seat + 1}`, { "data-seat": inv.seat })))));
      }
      if (seat >= 0) {
        kids.push(h("p", "Or the table's link: whoever opens it takes a free seat."));
        kids.push(h("div.invites.table-link", ...linkRow(tableLink, "The table's link", { id: "table-link" })));
      } else if (!getToken(id)) {
        kids.push(h("p", h("button#sit-button", { type: "button", onclick: async () => (await sit(-1)) && location.reload() }, "Take a free seat")));
      }
      return kids;
    });
  }

  // hostAct sends a host's action; the server checks it and answers with
  // the seats, a notice, or an error saying why not.
  function hostAct(action, extra) {
    if (!conn.send({ type: "host", action, ...extra })) ctx.message("Not connected: try again in a moment.", "refused");
  }

  // renderHost shows the host (who made the table) its tools: move seats
  // before the game begins, a computer for an absent person's seat, end
  // the table.
  function renderHost() {
    const seats = (summary && summary.seats) || [];
    const live = summary && (summary.status === "waiting" || summary.status === "playing");
    const isHost = summary && seat >= 0 && summary.host === seat;
    if (!isHost || !live) {
      hidePanel(els.host);
      return;
    }
    const label = (x) => `Seat ${x.seat + 1}: ${seatName(x, x.seat)}`;
    const absent = seats.filter((x) => x.kind === "person" && x.seat !== seat && (x.status === "open" || x.status === "away"));
    // Drawn again, it keeps the host's half-made choices: the seats
    // picked and the end asked once.
    const key = JSON.stringify([summary.status, seats.map(label), absent.map((x) => [x.seat, x.status])]);
    showPanel(els.host, key, () => {
      const old = {
        from: els.host.querySelector("#host-move-from")?.value,
        to: els.host.querySelector("#host-move-to")?.value,
        confirm: els.host.querySelector("#host-end")?.dataset.confirm === "yes",
      };
      const kids = [h("h2#host-title", "Host")];
      if (summary.status === "waiting") {
        const from = h("select#host-move-from", { "aria-label": "Seat to move" }, ...seats.map((x) => h("option", { value: x.seat }, label(x))));
        const to = h("select#host-move-to", { "aria-label": "Move it to" }, ...seats.map((x) => h("option", { value: x.seat, selected: x.seat === 1 }, `Seat ${x.seat + 1}`)));
        if (old.from !== undefined && seats.some((x) => String(x.seat) === old.from)) from.value = old.from;
        if (old.to !== undefined && seats.some((x) => String(x.seat) === old.to)) to.value = old.to;
        kids.push(
          h(
            "form.host-move",
            { onsubmit: (e) => {
              e.preventDefault();
              hostAct("move", { seat: Number(from.value), to: Number(to.value) });
            } },
            h("span", "Move "),
            from,
            h("span", " to "),
            to,
            h("button.secondary#host-move", { type: "submit" }, "Move"),
          ),
        );
      }
      for (const x of absent) {
        kids.push(
          h(
            "p.host-computer",
            h("button.secondary", { type: "button", "data-seat": x.seat, id: `host-computer-${x.seat}`, onclick: () => hostAct("computer", { seat: x.seat }) }, `Computer plays seat ${x.seat + 1}`),
            h("span.hint-text", x.status === "open" ? " (nobody joined it yet)" : ` (${seatName(x, x.seat)} is away)`),
          ),
        );
      }
      const end = h("button.danger#host-end", { type: "button", onclick: () => {
        if (end.dataset.confirm === "yes") hostAct("end");
        else ask();
      } }, "End the table");
      const ask = () => {
        end.dataset.confirm = "yes";
        end.textContent = "Really end the table?";
      };
      if (old.confirm) ask();
      kids.push(h("p", end));
      return kids;
    });
  }

  // ---- chat ----

  const chat = initChat(
    (text) => conn.send({ type: "chat", text }),
    () => seat,
    (s) => (s >= 0 ? seatName(((summary && summary.seats) || [])[s], s) : ""),
  );

  // Without a token the page watches as a spectator.
  // results: the page shows each hand's result over the table until the
  // person moves on (ctx.onward), and the computers wait for that.
  const hello = { type: "hello", table: id, player: playerID(), results: true };
  if (getToken(id)) hello.token = getToken(id);
  const conn = new Connection(hello, onMessage, onStatus);
  summary = first;
  if (summary && summary.game) makeView(summary.game);
  else if (!first) showMessage(els, "This table could not be read: it may not exist.", "refused");
  conn.start();
}

// invitation says who invited the person opening a link to which game.
async function invitation(summary, seat) {
  if (!summary) return "You are invited to play.";
  const title = await gameTitle(summary.game);
  let preset = "";
  try {
    const g = (await serverGames())[summary.game];
    const p = g && (g.presets || []).find((x) => x.name === summary.preset);
    if (p) preset = ` (${p.title})`;
  } catch (e) {
    // the game's title alone
  }
  const host = summary.host >= 0 && summary.seats && summary.seats[summary.host] ? summary.seats[summary.host].name : "";
  const where = seat >= 0 ? ` at seat ${seat + 1}` : "";
  return `${host || "A friend"} invites you to play ${title}${preset}${where}.`;
}

// initChat runs the table's chat panel: lines shown as text (never as
// HTML), the form to say one (seated players), and a toggle that hides
// the chat, remembered in this browser.
function initChat(send, mySeat, nameOf) {
  const panel = document.getElementById("chat");
  const body = document.getElementById("chat-body");
  const lines = document.getElementById("chat-lines");
  const form = document.getElementById("chat-form");
  const input = document.getElementById("chat-input");
  const toggle = document.getElementById("chat-toggle");
  const seen = new Set();
  function setHidden(hidden) {
    body.hidden = hidden;
    panel.dataset.hidden = hidden ? "true" : "false";
    toggle.textContent = hidden ? "Show chat" : "Hide chat";
    toggle.setAttribute("aria-expanded", hidden ? "false" : "true");
    localStorage.setItem("felt.chat.hidden", hidden ? "1" : "0");
  }
  setHidden(localStorage.getItem("felt.chat.hidden") === "1");
  toggle.addEventListener("click", () => setHidden(!body.hidden));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    if (send(text)) input.value = "";
  });
  return {
    reset() {
      const spectator = mySeat() < 0;
      input.disabled = spectator;
      form.querySelector("button").disabled = spectator;
      input.placeholder = spectator ? "Spectators read the chat" : "Say something";
    },
    add(list) {
      for (const l of list) {
        if (seen.has(l.n)) continue;
        seen.add(l.n);
        const who = l.seat === mySeat() ? "You" : l.name || nameOf(l.seat) || `Seat ${l.seat + 1}`;
        const at = l.at ? new Date(l.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
        lines.append(h("li.chat-line", { "data-n": l.n, "data-seat": l.seat }, h("span.chat-who", who), h("span.chat-text", l.text), h("time.chat-at", { datetime: l.at || "" }, at)));
      }
      while (lines.children.length > 100) lines.firstChild.remove();
      lines.scrollTop = lines.scrollHeight;
      panel.dataset.lines = String(lines.children.length);
    },
  };
}

// resultFocus is where the focus was when a result was shown (a key to
// find its control again after the table was redrawn under the dialog).
let resultFocus = "";

function showResult(els, r) {
  const d = els.result;
  const button = h("button", { type: "button", id: "result-close", "data-key": "Enter", autofocus: true, onclick: () => d.close() }, r.button || "Continue", h("kbd", "Enter"));
  d.replaceChildren(h("h2", { id: "result-title" }, r.title), ...r.body, h("div.dialog-actions", button));
  d.dataset.hand = String(r.hand);
  d.feltOnward = r.onward;
  d.feltOnClose = r.onClose || null;
  if (!d.open) {
    const a = document.activeElement;
    resultFocus = a && a !== document.body && !d.contains(a) ? focusKey(a) : "";
    if (!d.feltClose) {
      d.feltClose = true;
      d.addEventListener("close", () => {
        els.main.dataset.result = "";
        if (d.feltOnward) d.feltOnward(Number(d.dataset.hand));
        const done = d.feltOnClose;
        d.feltOnClose = null;
        if (done) done();
        // Back to the control the focus was on, redrawn or not; else to
        // the first move offered, else the hand.
        let to = null;
        try {
          to = resultFocus ? document.querySelector(`:is(#board, #actions, #hand) ${resultFocus}`) : null;
        } catch (e) {
          to = null;
        }
        if (!to || to.disabled) to = document.querySelector("#actions button:not(:disabled), #hand button.card");
        if (!to) {
          // Nothing to press yet (the next deal has not reached this seat,
          // the computers having waited): the hand's area, until it has.
          to = els.hand;
          if (to && !to.hasAttribute("tabindex")) to.tabIndex = -1;
        }
        if (to) to.focus();
      });
    }
    d.showModal();
    els.main.dataset.result = "open";
  }
  button.focus();
}

// askName asks a friend who opened an invite link for the name the table
// shows, once (it is kept for next time).
function askName(els, invite) {
  return new Promise((resolve) => {
    const input = h("input", { type: "text", id: "join-name", maxlength: "40", autocomplete: "nickname", placeholder: "Your name", "aria-label": "Your name" });
    const form = h(
      "form.panel.join-form",
      { id: "join-form" },
      h("p#invite-text", invite || "You are invited to play."),
      h("label", { for: "join-name" }, "Your name:"),
      input,
      h("button", { type: "submit", id: "join-button" }, "Join the table"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const n = input.value.trim() || "Friend";
      setPlayerName(n);
      form.remove();
      resolve(n);
    });
    els.notices.append(form);
    input.focus();
  });
}

function showMessage(els, text, kind) {
  els.message.textContent = text;
  els.message.className = "message " + (kind || "info");
  els.message.dataset.kind = kind || "info";
  els.message.hidden = false;
}
