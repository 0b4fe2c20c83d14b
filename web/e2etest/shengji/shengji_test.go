package shengji_test

import (
	"testing"

	"felt/internal/browsertest"
)

// The Shengji page's browser tests, each named after what it checks and
// run by the one helper TestBrowser uses (browsertest.Run). A quick deal
// keeps them short; it is still paced, so the page can declare as the
// cards arrive.
var sjFlags = []string{"--deal-pace", "10ms"}

// TestLastTrickShengji: a finished trick stays on the board (every seat's
// cards, the winner marked) for the chosen time, a key or a tap goes on;
// L and the Last trick button show the trick before; the time is kept in
// localStorage; reduced motion shows it without the fade.
func TestLastTrickShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "shengji-lasttrick", About: "a finished trick held, the last trick on L", Flags: sjFlags})
}

// TestPhoneLayoutShengji: at 360×740 and 740×360 the trick, the action
// buttons and the whole hand share the first screen at each turn.
func TestPhoneLayoutShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "shengji-phone", About: "a phone's first screen holds the trick, the buttons and the hand", Flags: sjFlags})
}

// TestResultOverlayShengji: a hand's result is a modal dialog over the
// table until Next hand; the next hand's decisions wait; the focus goes
// into the dialog and back.
func TestResultOverlayShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "shengji-result", About: "a hand's result over the table until Next hand", Flags: sjFlags})
}

// TestKittyHighlightShengji: burying, exactly the kitty's copies are
// marked, and raised cards leave their labels clear.
func TestKittyHighlightShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "shengji-kitty", About: "the kitty's cards marked face by face while burying", Flags: sjFlags})
}

// TestWordsShengji: the trump in one line the board and the score panel
// agree on, a declaration "on its way" only until it is shown, refusals
// in a person's words.
func TestWordsShengji(t *testing.T) {
	// Slow enough a deal to declare in before it ends.
	browsertest.Run(t, browsertest.Script{Name: "shengji-words", About: "the trump's words, a declaration on its way, refusals as a person says them", Flags: []string{"--deal-pace", "80ms"}})
}

// TestRestartKeepsDealShengji: felt serve killed (SIGKILL) during a
// Shengji deal and started again: the page reconnects and the deal goes on
// from the cards it showed, not from the last move; a reload shows it
// where it is.
func TestRestartKeepsDealShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "shengji-restart", About: "a server restart during a Shengji deal does not rewind it", Flags: []string{"--deal-pace", "150ms"}, Restart: true})
}
