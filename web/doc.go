// Package web is the page of felt serve: plain HTML, CSS and JavaScript
// modules embedded in the binary (Static), with no build step.
//
// index.html creates a table (Gin Rummy or Shengji, a rules preset, each
// other seat a computer level or a friend) and shows the invite links;
// table.html plays a game over the server's websocket; games.html lists
// the player's games; replay.html steps through a finished one. The pages
// run under a strict Content-Security-Policy: no inline script or style,
// only the modules and the style sheet in static/.
//
// The browser tests (browser_test.go) build felt, start felt serve and
// drive chromium through the playwright-core scripts in e2e/.
package web
