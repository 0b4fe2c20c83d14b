package gin_test

import (
	"testing"

	"felt/internal/browsertest"
)

// The browser tests of issue 21's Gin page and page-wide accessibility:
// each runs one script of e2e/ the way TestBrowser runs its scripts.

// TestResultOverlayGin: a Gin hand's result is a modal dialog over the
// table, on the first screen at both sizes, until the person goes on
// (its button or Enter); the focus goes into it and back.
func TestResultOverlayGin(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "gin-result", About: "a Gin hand's result over the table until the person goes on; focus in and back; its words"})
}

// TestKeyboardFocusGin: in Gin, Enter on a card chosen with the arrows
// selects it and the focus stays on it through the redraw, so a second
// Enter discards it; the focus stays in the hand through every redraw.
func TestKeyboardFocusGin(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "keyfocus-gin", About: "Gin by the keyboard: the focus survives every redraw; Enter, Enter discards"})
}

// TestElevenCardsAndWordsGin: at 360 px, the 11 cards of a Gin hand stay
// inside their groups' borders and the page does not scroll sideways; the
// turn line offers a knock only when one is allowed.
func TestElevenCardsAndWordsGin(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "gin-small", About: "Gin at 360 px: 11 cards inside their groups; a knock offered only when allowed"})
}

// TestCardWidthPhone: at 360×740 every card of the hand takes a tap over
// at least 32 px of width, in Gin (11 cards) and Shengji (a dealt hand),
// and a raised card takes a tap anywhere on its face.
func TestCardWidthPhone(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "cardwidth", About: "cards' tap widths at 360×740 in both games; a raised card tappable whole", Flags: []string{"--deal-pace", "40ms"}})
}

// TestReducedMotion: with prefers-reduced-motion the home page and a Gin
// table (a card hovered, one selected) have no transition or animation
// that takes time; without it the cards move.
func TestReducedMotion(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "motion", About: "prefers-reduced-motion: no transition or animation takes time"})
}

// TestAxePages: axe-core finds no serious or critical violation on any
// page or state the browser tests reach (home, invites, the invite
// opened, tables of both games, the result, my games, the replay, a
// spectator's table), at 360×740 and 1280×800, light and dark.
func TestAxePages(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "axe", About: "axe-core over every page and state at both sizes in both schemes", Flags: []string{"--deal-pace", "40ms"}})
}

// TestKeyboardFocusShengji: the shared drawing code keeps the focus in
// Shengji too: a card focused while the cards are dealt keeps it as the
// hand is drawn again at every card.
func TestKeyboardFocusShengji(t *testing.T) {
	browsertest.Run(t, browsertest.Script{Name: "keyfocus-shengji", About: "Shengji by the keyboard: the focus survives the deal's redraws", Flags: []string{"--deal-pace", "150ms"}})
}
