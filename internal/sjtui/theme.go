package sjtui

import (
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"felt/card"
	"felt/shengji"
)

// Look chooses how the screen is drawn.
type Look struct {
	// ASCII draws only ASCII characters (suit letters S H D C) and no
	// escape codes at all.
	ASCII bool
	// NoColor draws without colour (NO_COLOR): suit symbols, bold and
	// reverse video, but no colour escape codes.
	NoColor bool
}

// theme holds the styles of one Look.
type theme struct {
	ascii, color, attrs bool

	red, black, selected, cursor lipgloss.Style
	title, heading, dim, strong  lipgloss.Style
	bad, key, turn               lipgloss.Style
}

func newTheme(l Look) theme {
	t := theme{ascii: l.ASCII, color: !l.ASCII && !l.NoColor, attrs: !l.ASCII}
	s := lipgloss.NewStyle
	switch {
	case t.color:
		t.red = s().Foreground(lipgloss.BrightRed).Bold(true)
		t.black = s().Bold(true)
		t.selected = s().Reverse(true).Bold(true)
		t.cursor = s().Underline(true).Bold(true)
		t.title = s().Bold(true).Foreground(lipgloss.BrightWhite).Background(lipgloss.Green)
		t.heading = s().Bold(true).Foreground(lipgloss.BrightGreen)
		t.dim = s().Foreground(lipgloss.BrightBlack)
		t.strong = s().Bold(true)
		t.bad = s().Bold(true).Foreground(lipgloss.BrightRed)
		t.key = s().Bold(true).Foreground(lipgloss.Black).Background(lipgloss.White)
		t.turn = s().Bold(true).Foreground(lipgloss.BrightYellow)
	case t.attrs:
		t.selected = s().Reverse(true).Bold(true)
		t.cursor = s().Underline(true)
		t.title = s().Bold(true).Reverse(true)
		t.heading = s().Bold(true)
		t.strong = s().Bold(true)
		t.bad = s().Bold(true)
		t.key = s().Bold(true)
		t.turn = s().Bold(true)
	}
	return t
}

// paint renders s in style st, or leaves it bare without escape codes.
func (t theme) paint(st lipgloss.Style, s string) string {
	if !t.attrs || s == "" {
		return s
	}
	return st.Render(s)
}

// face is a card in two cells: "T♥", "SJ"; "TH" in ASCII.
func (t theme) face(c card.Card) string {
	if t.ascii || c.IsJoker() {
		return c.String()
	}
	return c.Pretty()
}

// cardText is a card painted in its colour.
func (t theme) cardText(c card.Card) string {
	f := t.face(c)
	if !t.color {
		return f
	}
	if c == card.BigJoker || c.Suit() == card.Hearts || c.Suit() == card.Diamonds {
		return t.red.Render(f)
	}
	return t.black.Render(f)
}

// shown puts cards in the order the hand is drawn in: trumps first, then
// ♠ ♥ ♦ ♣, each group from the highest, pairs side by side.
func shown(ord *shengji.Order, m card.Multi) []card.Card {
	cs := ord.Sorted(m)
	slices.Reverse(cs)
	rank := func(c card.Card) int {
		if g := ord.Group(c); g != shengji.Trumps {
			return int(g) + 1
		}
		return 0
	}
	slices.SortStableFunc(cs, func(a, b card.Card) int { return rank(a) - rank(b) })
	return cs
}

// multi writes cards in the order the hand is drawn in, in colour.
func (t theme) multi(ord *shengji.Order, m card.Multi) string {
	cs := shown(ord, m)
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = t.cardText(c)
	}
	return strings.Join(parts, " ")
}

// plain writes cards as multi does, without colour.
func (t theme) plain(ord *shengji.Order, m card.Multi) string {
	cs := shown(ord, m)
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = t.face(c)
	}
	return strings.Join(parts, " ")
}

// suitSym is a suit's symbol, or its letter in ASCII.
func (t theme) suitSym(s card.Suit) string {
	if t.ascii {
		return s.String()
	}
	return s.Symbol()
}

// suitName is a suit's name with its symbol: "hearts ♥".
func (t theme) suitName(s card.Suit) string {
	names := map[card.Suit]string{card.Spades: "spades", card.Hearts: "hearts", card.Diamonds: "diamonds", card.Clubs: "clubs"}
	return names[s] + " " + t.suitSym(s)
}
