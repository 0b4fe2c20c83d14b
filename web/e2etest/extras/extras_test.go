package extras_test

import (
	"testing"

	"felt/internal/browsertest"
)

// TestSoundToggleOnTurn checks the sound on one's turn: off by default, a
// choice in the page's display settings kept over a reload, one tone when
// a decision becomes the person's and none on a redraw.
func TestSoundToggleOnTurn(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "sound", About: "the turn's sound: off by default, toggled, remembered, once a decision"})
}

// TestFourColourSuits checks the four-colour suits: off by default, kept,
// ♦ blue and ♣ green in both games' cards, every ink at 4.5:1 or more on
// the card's face in the light and the dark scheme.
func TestFourColourSuits(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "fourcolour", About: "four-colour suits in both games, contrast in both schemes", Flags: []string{"--deal-pace", "40ms"}})
}

// TestRulesPageFromTable checks the rules pages: reached from the start
// page and each table's "Rules" link, docs/rules rendered as HTML,
// without sideways scrolling at 360 px, and no axe-core violation.
func TestRulesPageFromTable(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "rules", About: "the rules pages from the start page and the tables", Flags: []string{"--deal-pace", "40ms"}})
}

// TestStatsPageCountsGames checks the statistics page: empty at first,
// then one Gin Rummy and one Shengji game finished in the browser's name
// counted as the outcomes say (played, won, levels gained).
func TestStatsPageCountsGames(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "stats", About: "the statistics page before and after two finished games",
		Flags: []string{"--away", "1s", "--computer-pace", "0", "--deal-pace", "1ms"}})
}

// TestUndoTakesBackAMove checks undo against a computer: a Gin Rummy
// table made with "Allow undo", a move and the computer's reply taken
// back (the hand and the decision as they were), the reason when there
// is nothing to take back, and a table with a friend refused.
func TestUndoTakesBackAMove(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "undo", About: "undo against the computer: taken back, nothing to take back, refused with a friend"})
}
