// The table page: joins with an invite link's token, keeps the connection
// to the server (net.js) and hands each message to the game's view
// (gin.js or shengji.js). The server is the authority: a move is only an
// intent until an event or a refusal comes back.

import { api, focusKey, getToken, h, playerID, playerName, seatName, setPlayerName, setToken, gameTitle } from "./app.js";
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
  };

  // An invite link carries the seat and its token in the fragment (never
  // sent to the server by the browser): keep them, join, clear the address.
  const frag = new URLSearchParams(location.hash.slice(1));
  if (frag.get("token")) {
    const seat = Number(frag.get("seat"));
    const token = frag.get("token");
    history.replaceState(null, "", location.pathname + location.search);
    let name = playerName();
    if (!name && !getToken(id)) name = await askName(els);
    try {
      await api("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, token, player: playerID(), name: name || "Friend" });
      setToken(id, token, seat);
    } catch (e) {
      // A link used again by its own holder (a reload before the fragment
      // was cleared) may be refused; the token still plays if it is ours.
      if (!getToken(id)) setToken(id, token, seat);
      showMessage(els, "Joining the table: " + e.message, "refused");
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
      showResult(els, r);
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
        break;
      case "history":
        if (!view) return;
        els.log.replaceChildren();
        view.resetHistory && view.resetHistory();
        for (const e of msg.events || []) view.event(e.event, false);
        view.render();
        loadPast();
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
        renderSeats();
        if (view) view.render();
        break;
      case "over":
        main.dataset.over = "true";
        if (view) view.gameOver(msg.outcome);
        ctx.log("The game is over.", "end");
        break;
      case "error":
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

  // Without a token the page watches as a spectator.
  const hello = { type: "hello", table: id, player: playerID() };
  if (getToken(id)) hello.token = getToken(id);
  const conn = new Connection(hello, onMessage, onStatus);
  try {
    summary = await api("GET", `/api/tables/${encodeURIComponent(id)}`);
    if (summary && summary.game) makeView(summary.game);
  } catch (e) {
    showMessage(els, "This table: " + e.message, "refused");
  }
  conn.start();
}

// resultFocus is where the focus was when a result was shown (a key to
// find its control again after the table was redrawn under the dialog).
let resultFocus = "";

function showResult(els, r) {
  const d = els.result;
  const button = h("button", { type: "button", id: "result-close", "data-key": "Enter", autofocus: true, onclick: () => d.close() }, r.button || "Continue", h("kbd", "Enter"));
  d.replaceChildren(h("h2", { id: "result-title" }, r.title), ...r.body, h("div.dialog-actions", button));
  d.dataset.hand = String(r.hand);
  d.feltOnClose = r.onClose || null;
  if (!d.open) {
    const a = document.activeElement;
    resultFocus = a && a !== document.body && !d.contains(a) ? focusKey(a) : "";
    if (!d.feltClose) {
      d.feltClose = true;
      d.addEventListener("close", () => {
        els.main.dataset.result = "";
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
function askName(els) {
  return new Promise((resolve) => {
    const input = h("input", { type: "text", id: "join-name", maxlength: "40", autocomplete: "nickname", placeholder: "Your name", "aria-label": "Your name" });
    const form = h(
      "form.panel.join-form",
      { id: "join-form" },
      h("label", { for: "join-name" }, "You are invited to play. Your name:"),
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
