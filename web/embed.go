package web

import "embed"

// Static holds the page's files under static/: the HTML pages, the style
// sheet and the JavaScript modules, served as they are (no build step).
//
//go:embed static
var Static embed.FS
