// Package docs holds Felt's documents for people. Its Go side only embeds
// the games' rules (rules/*.md), which felt serve shows as its rules pages.
package docs

import "embed"

// Rules holds rules/*.md: each game's rules, named by games.Info.Doc.
//
//go:embed rules/*.md
var Rules embed.FS
