// A game's settings on the home page, built from what the server says of
// the game (GET /api/games: each setting's field, kind, bounds, choices),
// naming no game: numbers, yes/no, choices and sets of ranks, grouped,
// each filled with the value the chosen preset gives it. As people change
// them the server says what the table comes to (POST
// /api/games/NAME/rules), or why it refuses them, and how many seats it
// has.

import { h } from "./app.js";

// settingValue reads a setting's field as the JSON value it writes, or
// undefined when it is left to its default (an empty number, a yes/no
// "default").
export function settingValue(s, raw) {
  switch (s.kind) {
    case "number": {
      const t = String(raw ?? "").trim();
      if (t === "") return undefined;
      const n = Number(t);
      return Number.isFinite(n) ? n : t; // the server names a bad value
    }
    case "bool":
      if (raw === "" || raw === undefined || raw === null) return undefined;
      return raw === true || raw === "true";
    case "ranks":
      return Array.isArray(raw) ? raw : [];
    default:
      return raw === "" || raw === undefined ? undefined : String(raw);
  }
}

// fieldAtFault returns the setting an error message names first (the
// server names the field at fault first), or null.
export function fieldAtFault(settings, message) {
  let best = null;
  let at = Infinity;
  for (const s of settings || []) {
    const m = new RegExp(`(^|[^A-Za-z0-9_])${s.name}([^A-Za-z0-9_]|$)`).exec(String(message));
    if (m && m.index < at) {
      at = m.index;
      best = s.name;
    }
  }
  return best;
}

// SettingsForm draws a game's settings into box (a <details>) and keeps
// them: changed() is called with the server's answer after each change
// (and at each preset), {mixed} or {error}; the line saying the table
// goes to summary, a refusal to error.
export class SettingsForm {
  constructor(box, game, api, changed, summary, error) {
    this.box = box;
    this.summary = summary;
    this.error = error;
    this.game = game;
    this.api = api;
    this.changed = changed;
    this.settings = game.settings || [];
    this.inputs = new Map(); // name → element(s)
    this.dirty = new Set(); // the settings people changed since the preset was chosen
    this.preset = "";
    this.effective = {};
    this.asked = 0;
    this.timer = 0;
    this.build();
  }

  // values are the settings people set, as the request's settings object.
  values() {
    const out = {};
    for (const name of this.dirty) {
      const s = this.settings.find((x) => x.name === name);
      const v = settingValue(s, this.read(s));
      if (v !== undefined) out[name] = v;
    }
    return out;
  }

  read(s) {
    const el = this.inputs.get(s.name);
    if (s.kind === "bool" && !s.auto) return el.checked;
    if (s.kind === "ranks") return el.filter((c) => c.checked).map((c) => c.value);
    return el.value;
  }

  build() {
    this.summary.textContent = "";
    this.error.textContent = "";
    if (!this.settings.length) {
      this.box.hidden = true;
      this.box.replaceChildren();
      return;
    }
    this.box.hidden = false;
    const groups = new Map();
    for (const s of this.settings) {
      const g = s.group || "Rules";
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(this.field(s));
    }
    this.box.replaceChildren(
      h("summary", "Table and rules settings"),
      h("p.hint-text", "Each setting starts as the chosen rules have it. Left empty, a number follows from the others."),
      ...[...groups].map(([g, fields]) => h("fieldset.settings-group", h("legend", g), ...fields)),
    );
  }

  field(s) {
    const id = `set-${s.name}`;
    const help = s.help ? h("span.help-text", { id: `${id}-help` }, s.help) : null;
    const described = s.help ? `${id}-help` : undefined;
    const mark = () => {
      this.dirty.add(s.name);
      this.ask();
    };
    let input;
    switch (s.kind) {
      case "number":
        input = h("input", { id, name: id, type: "number", inputmode: "numeric", min: s.min, max: s.max, step: s.step || 1, "aria-describedby": described, "data-setting": s.name });
        input.addEventListener("input", mark);
        this.inputs.set(s.name, input);
        return h("div.field", h("label", { for: id }, s.title), input, help);
      case "bool":
        if (s.auto) {
          input = h("select", { id, name: id, "aria-describedby": described, "data-setting": s.name }, h("option", { value: "" }, "Default"), h("option", { value: "true" }, "Yes"), h("option", { value: "false" }, "No"));
          input.addEventListener("change", mark);
          this.inputs.set(s.name, input);
          return h("div.field", h("label", { for: id }, s.title), input, help);
        }
        input = h("input", { id, name: id, type: "checkbox", "aria-describedby": described, "data-setting": s.name });
        input.addEventListener("change", mark);
        this.inputs.set(s.name, input);
        return h("div.field.checkbox", h("label", input, " ", s.title), help);
      case "ranks": {
        const boxes = (s.choices || []).map((c) => h("input", { type: "checkbox", value: c.name, name: id, id: `${id}-${c.name}`, "data-setting": s.name }));
        for (const b of boxes) b.addEventListener("change", mark);
        this.inputs.set(s.name, boxes);
        return h(
          "fieldset.field.ranks",
          { id, "aria-describedby": described },
          h("legend", s.title),
          h("div.rank-boxes", ...boxes.map((b, i) => h("label.rank-box", { for: b.id }, b, s.choices[i].title))),
          help,
        );
      }
      default:
        input = h("select", { id, name: id, "aria-describedby": described, "data-setting": s.name }, ...(s.choices || []).map((c) => h("option", { value: c.name }, c.title)));
        input.addEventListener("change", mark);
        this.inputs.set(s.name, input);
        return h("div.field", h("label", { for: id }, s.title), input, help);
    }
  }

  // setPreset starts the settings again from a preset: each shows what
  // the preset gives it.
  async setPreset(name) {
    this.preset = name;
    this.dirty.clear();
    await this.ask(true);
  }

  // fill shows each setting's value: people's own, or what the preset
  // and the others give (a number left to its default stays empty and
  // says what it comes to).
  fill(mixed) {
    const eff = mixed.effective || {};
    const rules = mixed.rules || {};
    this.effective = eff;
    for (const s of this.settings) {
      if (this.dirty.has(s.name) && s.kind !== "ranks") {
        if (s.auto && s.kind === "number") this.inputs.get(s.name).placeholder = `default: ${eff[s.name]}`;
        continue;
      }
      const el = this.inputs.get(s.name);
      const v = s.name in rules ? rules[s.name] : eff[s.name];
      switch (s.kind) {
        case "number":
          el.placeholder = s.auto ? `default: ${eff[s.name]}` : "";
          el.value = s.auto && !(s.name in rules) ? "" : String(v ?? "");
          break;
        case "bool":
          if (s.auto) {
            el.value = s.name in rules ? String(!!v) : "";
            el.options[0].textContent = `Default (${eff[s.name] ? "yes" : "no"})`;
          } else el.checked = !!v;
          break;
        case "ranks": {
          // What is in effect (a rank the game always holds stays ticked).
          const set = new Set(Array.isArray(eff[s.name]) ? eff[s.name] : Array.isArray(v) ? v : []);
          for (const b of el) b.checked = set.has(b.value);
          break;
        }
        default:
          el.value = String(v ?? "");
      }
    }
  }

  // ask asks the server what the settings come to, a moment after the
  // last change (at once for a preset).
  ask(now) {
    clearTimeout(this.timer);
    if (!this.settings.length) {
      this.changed({ mixed: null });
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.timer = setTimeout(async () => {
        const n = ++this.asked;
        try {
          const m = await this.api("POST", `/api/games/${encodeURIComponent(this.game.name)}/rules`, { preset: this.preset, settings: this.values() });
          if (n !== this.asked) return resolve();
          this.showError("");
          this.fill(m);
          this.summary.textContent = m.summary || "";
          this.changed({ mixed: m });
        } catch (e) {
          if (n !== this.asked) return resolve();
          this.showError(e.message);
          this.changed({ error: e.message });
        }
        resolve();
      }, now ? 0 : 250);
    });
  }

  // showError says why the server refused the settings, at the setting it
  // names.
  showError(message) {
    this.error.textContent = message ? "These settings are refused: " + message : "";
    for (const el of this.box.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    if (!message) return;
    this.summary.textContent = "";
    const bad = fieldAtFault(this.settings, message);
    const el = bad && this.inputs.get(bad);
    if (!el) return;
    const target = Array.isArray(el) ? el[0] : el;
    target.setAttribute("aria-invalid", "true");
    this.box.open = true;
  }
}

// ---- display and sound: this browser's own choices, kept in its storage ----

// DISPLAY lists the page's display choices, each a yes/no kept in
// localStorage under its key: off unless the person turned it on.
export const DISPLAY = [
  { name: "sound", key: "felt.sound", title: "A sound when it is my turn", help: "A short tone, only when a decision becomes yours." },
  { name: "four-colour", key: "felt.fourColour", title: "Four-colour suits", help: "\u2660 black, \u2665 red, \u2666 blue, \u2663 green." },
];

// displayOn says whether a display choice is on in this browser.
export function displayOn(name) {
  const d = DISPLAY.find((x) => x.name === name);
  try {
    return !!d && localStorage.getItem(d.key) === "on";
  } catch (e) {
    return false;
  }
}

function setDisplay(name, on) {
  const d = DISPLAY.find((x) => x.name === name);
  try {
    if (on) localStorage.setItem(d.key, "on");
    else localStorage.removeItem(d.key);
  } catch (e) {
    // Storage refused (a private window): the choice lasts for this page.
  }
  applyDisplay();
}

// applyDisplay sets the page's classes from the choices: four-colour
// suits are a class on <html>, which style.css colours.
export function applyDisplay() {
  document.documentElement.classList.toggle("four-colour", displayOn("four-colour"));
}

let audio = null;
let tones = 0;

// tone plays a short, quiet tone (WebAudio; no sound file) and counts it
// in <html data-turn-tones>.
export function tone() {
  try {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    if (!audio) audio = new AC();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    const t = audio.currentTime;
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.setValueAtTime(660, t);
    osc.frequency.setValueAtTime(880, t + 0.09);
    gain.gain.setValueAtTime(0.0001, t);
    gain.gain.exponentialRampToValueAtTime(0.15, t + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start(t);
    osc.stop(t + 0.3);
  } catch (e) {
    return;
  }
  tones++;
  document.documentElement.dataset.turnTones = String(tones);
}

// watchTurns plays the tone when a decision becomes the person's (the
// table's data-my-turn turning true, or a new decision's data-seq), never
// on a redraw that changes neither.
function watchTurns(main) {
  let last = "";
  const look = () => {
    const mine = main.dataset.myTurn === "true" && main.dataset.seq !== "";
    // A decision's seq is its log line's number: a new decision has a
    // new one, and the same decision given again (a refused move, a
    // reconnect) does not sound twice.
    if (!mine || main.dataset.seq === last) return;
    last = main.dataset.seq;
    if (displayOn("sound")) tone();
  };
  new MutationObserver(look).observe(main, { attributes: true, attributeFilter: ["data-my-turn", "data-seq"] });
  look();
}

// initDisplay applies the choices and puts their panel on the page: in
// the table's side column, or at the end of the page's main.
export function initDisplay(page) {
  applyDisplay();
  const boxes = DISPLAY.map((d) => {
    const id = `display-${d.name}`;
    const input = h("input", { type: "checkbox", id, name: id, "aria-describedby": `${id}-help` });
    input.checked = displayOn(d.name);
    input.addEventListener("change", () => {
      setDisplay(d.name, input.checked);
      // Turning the sound on is a gesture: the browser lets it start,
      // and the person hears what it sounds like.
      if (d.name === "sound" && input.checked) tone();
    });
    return h("div.field.checkbox", h("label", { for: id }, input, " ", d.title), h("span.help-text", { id: `${id}-help` }, d.help));
  });
  const panel = h("details.panel.display-settings", { id: "display-settings" }, h("summary", "Display and sound"), ...boxes);
  const side = document.querySelector(".side");
  const main = document.querySelector("main");
  if (side) side.append(panel);
  else if (main) main.append(panel);
  const table = document.getElementById("table");
  if (page === "table" && table) watchTurns(table);
}
