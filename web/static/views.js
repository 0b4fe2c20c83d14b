// The view of each game the page can show, by the name the server gives
// the game. A game with no view here is an error said plainly, never shown
// as another game.

import { GinView } from "./gin.js";
import { ShengjiView } from "./shengji.js";

export const VIEWS = { gin: GinView, shengji: ShengjiView };

// newView returns the view of game on ctx, or throws an Error naming the
// game when this page has no view of it.
export function newView(game, ctx) {
  const View = Object.hasOwn(VIEWS, game) ? VIEWS[game] : null;
  if (!View) {
    throw new Error(`this page cannot show the game ${JSON.stringify(String(game))}: it shows ${Object.keys(VIEWS).join(" and ")}`);
  }
  return new View(ctx);
}
