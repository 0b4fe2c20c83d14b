// The view of each game the page can show, by the name the server gives
// the game. A game with no view here is an error said plainly, never shown
// as another game.

import { GinView } from "./gin.js";
import { ShengjiView } from "./shengji.js";

export const VIEWS = { gin: GinView, shengji: ShengjiView };

// noView says why this page cannot show game, or "" when it can.
export function noView(game) {
  if (Object.hasOwn(VIEWS, game)) return "";
  return `this page cannot show the game ${JSON.stringify(String(game))}: it shows ${Object.keys(VIEWS).join(" and ")}`;
}

// newView returns the view of game on ctx, or throws an Error naming the
// game when this page has no view of it.
export function newView(game, ctx) {
  const why = noView(game);
  if (why) throw new Error(why);
  return new VIEWS[game](ctx);
}
