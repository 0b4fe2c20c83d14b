package web_test

import "testing"

// TestSoundToggleOnTurn checks the sound on one's turn: off by default, a
// choice in the page's display settings kept over a reload, one tone when
// a decision becomes the person's and none on a redraw.
func TestSoundToggleOnTurn(t *testing.T) {
	runScript(t, buildFelt(t), browserScript{name: "sound", about: "the turn's sound: off by default, toggled, remembered, once a decision"})
}

// TestFourColourSuits checks the four-colour suits: off by default, kept,
// ♦ blue and ♣ green in both games' cards, every ink at 4.5:1 or more on
// the card's face in the light and the dark scheme.
func TestFourColourSuits(t *testing.T) {
	runScript(t, buildFelt(t), browserScript{name: "fourcolour", about: "four-colour suits in both games, contrast in both schemes", flags: []string{"--deal-pace", "40ms"}})
}

// TestRulesPageFromTable checks the rules pages: reached from the start
// page and each table's "Rules" link, docs/rules rendered as HTML,
// without sideways scrolling at 360 px, and no axe-core violation.
func TestRulesPageFromTable(t *testing.T) {
	runScript(t, buildFelt(t), browserScript{name: "rules", about: "the rules pages from the start page and the tables", flags: []string{"--deal-pace", "40ms"}})
}

// TestStatsPageCountsGames checks the statistics page: empty at first,
// then one Gin Rummy and one Shengji game finished in the browser's name
// counted as the outcomes say (played, won, levels gained).
func TestStatsPageCountsGames(t *testing.T) {
	runScript(t, buildFelt(t), browserScript{name: "stats", about: "the statistics page before and after two finished games",
		flags: []string{"--away", "1s", "--computer-pace", "0", "--deal-pace", "1ms"}})
}

// TestUndoTakesBackAMove checks undo against a computer: a Gin Rummy
// table made with "Allow undo", a move and the computer's reply taken
// back (the hand and the decision as they were), the reason when there
// is nothing to take back, and a table with a friend refused.
func TestUndoTakesBackAMove(t *testing.T) {
	runScript(t, buildFelt(t), browserScript{name: "undo", about: "undo against the computer: taken back, nothing to take back, refused with a friend"})
}
