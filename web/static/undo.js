// The undo button of a table made to allow it (one person against
// computers): at the person's turn it asks the server to take back their
// last move of the hand and the computers' replies. The server answers
// with the hand sent again (history, state), a notice and the decision;
// or an error saying why not.

import { h } from "./app.js";

// mountUndo puts the button after the table's actions when the table
// allows undo and this page plays a seat; it is enabled at the person's
// turn only.
export function mountUndo(ctx, summary) {
  const old = document.getElementById("undo-bar");
  if (!summary || !summary.undo || ctx.seat < 0) {
    if (old) old.remove();
    return;
  }
  if (old) return;
  const main = ctx.els.main;
  const button = h("button.secondary", { type: "button", id: "undo-button", "aria-describedby": "undo-help" }, "Undo my last move");
  const bar = h("div.undo-bar", { id: "undo-bar" }, button, h("span.help-text", { id: "undo-help" }, "Takes back your last move of this hand and the computers' replies."));
  button.addEventListener("click", () => {
    if (main.dataset.myTurn !== "true" || main.dataset.seq === "") return;
    ctx.undo(Number(main.dataset.seq));
  });
  const sync = () => {
    button.disabled = !(main.dataset.myTurn === "true" && main.dataset.seq !== "");
  };
  new MutationObserver(sync).observe(main, { attributes: true, attributeFilter: ["data-my-turn", "data-seq"] });
  sync();
  ctx.els.actions.after(bar);
}
