package sjtui

import (
	"fmt"

	"felt/shengji"
)

// helpParas is the help's text: the rules in brief, for the table's own
// rules (its players, packs, kitty and sides), and the keys.
func (m Model) helpParas() []string {
	r := m.obs.Rules
	if !m.haveObs {
		r = shengji.Standard()
	}
	n, packs, hand, kitty, step := r.NumPlayers(), r.Packs(), r.HandSize(), r.KittySize(), r.LevelStep()
	dealt := n * hand
	declaring := fmt.Sprintf("While the cards are dealt, one at a time, %d each, you may declare when you hold a card of the level rank: show it (keys 1 to 9) to make its suit trumps. A pair of level cards outbids a single, the two small jokers (no trump) a pair, the two big jokers everything; you may reinforce your own single into the pair. The declaration standing when the %s card is dealt names the trump suit, and in the first hand its player is the banker. w pauses the deal and goes on with it.", hand, ordinalWord(dealt))
	if r.BidAfterDeal {
		declaring = fmt.Sprintf("The cards are dealt one at a time, %d each; then each seat in turn, the dealer first, declares once or passes (p): a card of the level rank makes its suit trumps, a pair of them outbids a single, the two small jokers (no trump) a pair, the two big jokers everything. The declaration standing names the trump suit, and in the first hand its player is the banker. w pauses the deal and goes on with it.", hand)
	}
	if packs > 2 {
		declaring += fmt.Sprintf(" With %d packs more copies outbid fewer: a triple of level cards outbids two big jokers.", packs)
	}
	penalty := ""
	if r.ThrowPenalty > 0 {
		penalty = fmt.Sprintf(" A failed throw costs its side %d points.", r.ThrowPenalty)
	}
	sides := "Four players in two teams: you and your partner (across the table) against East and West. Each team has a level, from 2 up to A; a hand is played at the level of the team that holds the bank (the bankers), and the other team attacks."
	switch {
	case r.Calls() > 0:
		sides = fmt.Sprintf("%d players with %d packs, each with a level of its own, from 2 up to A: a hand is played at the banker's level. Finding Friends: the sides are made anew in every hand. After burying, the banker calls %s, each a card and which copy of it (\"the 2nd A♠\"); whoever plays that copy joins the banker's side when its trick ends, and stays on it. Nobody knows the friends before: the table shows them as they are found. The others attack.", n, packs, plural(r.Calls(), "friend"))
	case !m.compass():
		sides = fmt.Sprintf("%d players with %d packs in two sides, every other seat: the even seats against the odd. Each player has a level, from 2 up to A; a hand is played at the banker's level, and the other side attacks.", n, packs)
	}
	end := "A banker at A who keeps the bank wins the game for its side."
	if m.compass() {
		end = "A team at A that keeps the bank wins the game."
	}
	if r.NoTrumpRank {
		end = "After A comes NT, played with the jokers as the only trumps and without declaring; A must be defended to get there, and a banker at NT who keeps the bank wins the game for its side."
	}
	pts := fmt.Sprintf("Only the attackers count points: 5 for each five, 10 for each ten and king in the tricks they win, and, if they win the last trick, the buried kitty's points multiplied (a single ×2, a pair ×4, a tractor more). Under %d the bankers keep the bank and go up 1 to 3 levels (fewer points, more levels); %d or more and the attackers take it, going up a level for each %d over %d. %s", 2*step, 2*step, step, 2*step, end)
	copies := ""
	if packs > 2 {
		copies = fmt.Sprintf(" Each card is there %d times.", packs)
	}
	keys := "Keys: pick cards with ← → and space (or click them), u picks a whole pair or tractor, enter plays or buries them; h shows a hint, l the last trick."
	if r.Calls() > 0 {
		keys += fmt.Sprintf(" Calling friends as the banker: the calls start as suggested; ← → and ↑ ↓ choose the card of a call (never a level card or a joker), 1 to %d which copy, tab the next call, r the suggested calls again, h a hint, enter makes the calls.", packs)
	}
	keys += " The keys for each moment are at the bottom."
	return []string{
		sides,
		fmt.Sprintf("Trumps are the jokers, every card of the level rank and every card of the trump suit; the other suits are plain. Plain suits rank A K Q J 10 … 2 without the level rank; trumps rank big joker, small joker, the level rank in the trump suit, the level rank in the other suits, then the trump suit.%s", copies),
		declaring,
		fmt.Sprintf("The banker takes the %d cards left over (the kitty) and buries any %d in their place.", kitty, kitty),
		"The banker leads the first trick; the winner of a trick leads the next. A lead is a single, a pair, a tractor (pairs next to each other in rank) or a throw (several of these at once, all of one suit or all trumps: if another player could beat any of them, only the smallest that could be beaten is played)." + penalty + " Follow the suit led as far as you can, and its pairs and tractors as far as your hand allows; otherwise play anything. The highest play of the suit led, or of trumps, wins.",
		pts,
		keys,
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
