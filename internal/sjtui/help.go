package sjtui

import (
	"fmt"

	"felt/shengji"
)

// helpParas is the help's text: the rules in brief and the keys.
func (m Model) helpParas() []string {
	r := m.obs.Rules
	if !m.haveObs {
		r = shengji.Standard()
	}
	declaring := "While the cards are dealt, one at a time, 25 each, you may declare when you hold a card of the level rank: show it (keys 1 to 9) to make its suit trumps. A pair of level cards outbids a single, the two small jokers (no trump) a pair, the two big jokers everything; you may reinforce your own single into the pair. The declaration standing when the 100th card is dealt names the trump suit, and in the first hand its player is the banker. w pauses the deal and goes on with it."
	if r.BidAfterDeal {
		declaring = "The cards are dealt one at a time, 25 each; then each seat in turn, the dealer first, declares once or passes (p): a card of the level rank makes its suit trumps, a pair of them outbids a single, the two small jokers (no trump) a pair, the two big jokers everything. The declaration standing names the trump suit, and in the first hand its player is the banker. w pauses the deal and goes on with it."
	}
	penalty := ""
	if r.ThrowPenalty > 0 {
		penalty = fmt.Sprintf(" A failed throw costs its team %d points.", r.ThrowPenalty)
	}
	return []string{
		"Four players in two teams: you and your partner (across the table) against East and West. Each team has a level, from 2 up to A; a hand is played at the level of the team that holds the bank (the bankers), and the other team attacks.",
		"Trumps are the four jokers, every card of the level rank and every card of the trump suit; the other suits are plain. Plain suits rank A K Q J 10 … 2 without the level rank; trumps rank big joker, small joker, the level rank in the trump suit, the level rank in the other suits, then the trump suit.",
		declaring,
		"The banker takes the 8 cards left over (the kitty) and buries any 8 in their place.",
		"The banker leads the first trick; the winner of a trick leads the next. A lead is a single, a pair, a tractor (pairs next to each other in rank) or a throw (several of these at once, all of one suit or all trumps: if another player could beat any of them, only the smallest that could be beaten is played)." + penalty + " Follow the suit led as far as you can, and its pairs and tractors as far as your hand allows; otherwise play anything. The highest play of the suit led, or of trumps, wins.",
		"Only the attackers count points: 5 for each five, 10 for each ten and king in the tricks they win, and, if they win the last trick, the buried kitty's points multiplied (a single ×2, a pair ×4, a tractor more). Under 80 the bankers keep the bank and go up 1 to 3 levels (fewer points, more levels); 80 or more and the attackers take it, going up a level for each 40 over 80. A team at A that keeps the bank wins the game.",
		"Keys: pick cards with ← → and space (or click them), u picks a whole pair or tractor, enter plays or buries them; h shows a hint, l the last trick. The keys for each moment are at the bottom.",
	}
}

// helpLines is the help's text wrapped to w cells, a blank line between
// paragraphs.
func (m Model) helpLines(w int) []string {
	var lines []string
	for i, p := range m.helpParas() {
		if m.th.ascii {
			p = asciiOnly.Replace(p)
		}
		if i > 0 {
			lines = append(lines, "")
		}
		for _, l := range wrap(p, w-1, 1000) {
			lines = append(lines, " "+l)
		}
	}
	return lines
}

// helpRows is how many lines the help's text has on this window and how
// many of them show at once.
func (m Model) helpRows() (total, shown int) {
	w, h := m.size()
	total = len(m.helpLines(w))
	// the title, the heading, the "more" line, the note and the keys
	shown = h - 4 - len(m.keyLines(w))
	return total, max(shown, 1)
}

// helpScreen is the screen while the help is shown: the title, the help
// scrolled to helpTop, a line saying what is above or below, the status
// and the keys.
func (m Model) helpScreen(w, h int) []string {
	title := fit(m.th.paint(m.th.title, " "+m.titleLine()+" "), w)
	lines := []string{title, m.th.paint(m.th.heading, " How to play Shengji")}
	all := m.helpLines(w)
	total, shown := m.helpRows()
	top := min(max(m.helpTop, 0), max(total-shown, 0))
	end := min(top+shown, total)
	lines = append(lines, all[top:end]...)
	switch {
	case end < total:
		lines = append(lines, m.th.paint(m.th.dim, fmt.Sprintf(" ↓ %d more lines: ↓ or pgdn", total-end)))
	case top > 0:
		lines = append(lines, m.th.paint(m.th.dim, " (the end; ↑ or home goes back up)"))
	}
	keys := m.keyLines(w)
	for len(lines)+1+len(keys) < h {
		lines = append(lines, "")
	}
	lines = append(lines, fit(m.helpNote, w))
	return m.finish(append(lines, keys...), w)
}

// pressHelp handles a key while the help is shown: the arrows, the page
// keys and home/end scroll it; ? or esc closes it.
func (m Model) pressHelp(k string) Model {
	total, shown := m.helpRows()
	last := max(total-shown, 0)
	switch k {
	case "esc", "?", "f1":
		m.help = false
		return m
	case "down", "j":
		m.helpTop++
	case "up", "k":
		m.helpTop--
	case "pgdown", "space":
		m.helpTop += max(shown-1, 1)
	case "pgup":
		m.helpTop -= max(shown-1, 1)
	case "home":
		m.helpTop = 0
	case "end":
		m.helpTop = last
	default:
		m.helpNote = "Press ? or esc to close the help."
		return m
	}
	m.helpNote = ""
	m.helpTop = min(max(m.helpTop, 0), last)
	return m
}
