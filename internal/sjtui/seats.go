package sjtui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"felt/card"
	"felt/shengji"
)

// This file draws any table but the standard one (see Model.compass):
// 4 to 10 players, 2 to 5 packs, Finding Friends. The seats are listed in
// rows, each with its cards held, its level, the points it has won, its
// side as far as it is known and its play to the trick.

// tricks returns the hand's tricks begun, the last possibly unfinished:
// the one place the screen reads the observation's trick log.
func tricks(o *Obs) []shengji.Trick {
	ts := make([]shengji.Trick, 0, o.Tricks.Len())
	for _, t := range o.Tricks.All() {
		ts = append(ts, t)
	}
	return ts
}

// tag names a seat in the fewest cells: "You", "S3".
func (m Model) tag(s shengji.Seat) string {
	if m.compass() {
		return m.short(s)
	}
	if s == m.seat && !m.opt.Autoplay {
		return "You"
	}
	return fmt.Sprintf("S%d", s)
}

// seatList names the seats of a set: "You, Seat 4".
func (m Model) seatList(ss shengji.Seats) string {
	var names []string
	for s := range ss.All() {
		names = append(names, m.short(s))
	}
	if len(names) == 0 {
		return "nobody"
	}
	return strings.Join(names, ", ")
}

// role is what the seat is known to be in the hand: the banker, a friend
// who has joined it, a partner of the banker (fixed partnerships), an
// attacker (once it is known), or "" while it is not known.
func (m Model) role(s shengji.Seat) string {
	o := &m.obs
	if !o.Banker.Valid() {
		return ""
	}
	switch {
	case s == o.Banker:
		return "banker"
	case o.Side.Has(s) && o.Rules.Calls() > 0:
		return "friend"
	case o.Side.Has(s):
		return "partner"
	case o.Rules.Calls() == 0 || o.Phase == shengji.OverPhase ||
		o.Friends.NCalls > 0 && o.Friends.Pending() == 0:
		// fixed partnerships, or every friend known
		return "attacker"
	}
	return ""
}

// playText writes a play in at most w cells: its cards, or, when they do
// not fit, each card once with its copies ("K♠×3"), cut short if even that
// does not fit.
func (m Model) playText(ord *shengji.Order, cards card.Multi, w int) string {
	s := m.th.multi(ord, cards)
	if ansi.StringWidth(s) <= w {
		return s
	}
	var parts []string
	var last card.Card
	n := 0
	flush := func() {
		switch {
		case n == 1:
			parts = append(parts, m.th.cardText(last))
		case n > 1:
			parts = append(parts, fmt.Sprintf("%s×%d", m.th.cardText(last), n))
		}
	}
	for _, c := range shown(ord, cards) {
		if n > 0 && c != last {
			flush()
			n = 0
		}
		last = c
		n++
	}
	flush()
	return fit(strings.Join(parts, " "), w)
}

// seatLines draws the table as rows of seats, a heading above them and
// the trick's line below; compact, in two columns of fewer cells.
func (m Model) seatLines(w int, compact bool) []string {
	o := &m.obs
	v := m.shownTrick()
	t := &v.t
	ord := trumpOf(o).Order()
	n := m.players()
	mark := func(s shengji.Seat) string {
		if m.turnShown(s) {
			return m.th.paint(m.th.turn, "▸")
		}
		return " "
	}
	play := func(s shengji.Seat, pw int) string {
		if !v.played(s) {
			if o.Phase == shengji.PlayPhase && o.Turn == s && !m.showLast && pw >= len("(to play)") {
				return m.th.paint(m.th.turn, "(to play)")
			}
			return ""
		}
		won := t.Done() && t.Winner == s
		if won {
			pw -= 2
		}
		p := m.playText(ord, t.Plays[s], max(pw, 4))
		if won {
			p += m.th.paint(m.th.strong, " ★")
		}
		return p
	}
	var lines []string
	if !compact {
		const fixed = 40 // the cells before the play
		lines = append(lines, m.th.paint(m.th.dim, fit(fmt.Sprintf("  %-8s %5s %5s %6s  %-8s %s", "Seat", "Cards", "Level", "Points", "Side", "Play"), w)))
		for s := range shengji.Seat(n) {
			row := fmt.Sprintf("%s %-8s %5d %5s %6d  %-8s ", mark(s), m.short(s), o.Counts[s], shengji.LevelString(o.SeatLevels[s]), o.SeatPoints[s], m.role(s))
			lines = append(lines, fit(row+play(s, w-fixed), w))
		}
		return append(lines, fit(m.tableInfo(v), w))
	}
	// two columns: the first half of the seats on the left
	half := (n + 1) / 2
	cw := (w - 2) / 2
	const fixed = 22
	cell := func(s shengji.Seat) string {
		r := m.role(s)
		if r != "" {
			r = strings.ToUpper(r[:1])
		}
		c := fmt.Sprintf("%s %-4s %3d %3s %4d %1s ", mark(s), m.tag(s), o.Counts[s], shengji.LevelString(o.SeatLevels[s]), o.SeatPoints[s], r)
		return fit(c+play(s, cw-fixed), cw)
	}
	head := fit(fmt.Sprintf("  %-4s %3s %3s %4s %1s %s", "Seat", "Crd", "Lvl", "Pts", "S", "Play"), cw)
	lines = append(lines, m.th.paint(m.th.dim, head+strings.Repeat(" ", max(1, w-cw-ansi.StringWidth(head)))+head))
	for i := range half {
		left := cell(shengji.Seat(i))
		line := left
		if j := i + half; j < n {
			line += strings.Repeat(" ", max(1, w-cw-ansi.StringWidth(left))) + cell(shengji.Seat(j))
		}
		lines = append(lines, line)
	}
	// the side column's letters, after the trick's line if they fit
	info, legend := m.tableInfo(v), " (S: B banker, F friend, A attacker)"
	if o.Rules.Calls() == 0 {
		legend = " (S: B banker, P partner, A attacker)"
	}
	if ansi.StringWidth(info+legend) <= w {
		info += legend
	}
	return append(lines, fit(info, w))
}

// friendsLine says how the friend calls stand: each call and who met it,
// or how many of its copies have been played, and how many friends are
// still unknown; "" at a table of fixed partnerships.
func (m Model) friendsLine() string {
	o := &m.obs
	k := o.Rules.Calls()
	if k == 0 {
		return ""
	}
	f := &o.Friends
	if f.NCalls == 0 {
		if o.Phase == shengji.CallPhase {
			return fmt.Sprintf("Finding Friends: the banker calls %s now.", plural(k, "friend"))
		}
		return fmt.Sprintf("Finding Friends: the banker calls %s after burying.", plural(k, "friend"))
	}
	var parts []string
	for i := range f.NCalls {
		c := m.callText(f.Calls[i])
		switch who := f.Met[i]; {
		case who == f.Banker:
			c += " → " + m.short(who) + " (banker)"
		case who != shengji.NoSeat:
			c += " → " + m.short(who)
		case f.Played[i] > 0:
			c += fmt.Sprintf(" (%d played)", f.Played[i])
		}
		parts = append(parts, c)
	}
	open := f.Pending()
	end := "every call met"
	switch {
	case open > 0 && o.Phase == shengji.OverPhase:
		end = plural(open, "call") + " never met"
	case open > 0:
		end = plural(open, "friend") + " unknown"
	}
	return "Friends: " + strings.Join(parts, " · ") + " · " + end
}

// attackersLine gives the points of the attackers as far as they are
// known, and the points that take the bank.
func (m Model) attackersLine() string {
	o := &m.obs
	if !o.Banker.Valid() {
		return "Attackers: not yet known (the declaring decides the banker)."
	}
	pts := o.Penalty
	for s := range shengji.Seat(m.players()) {
		if !o.Side.Has(s) {
			pts += o.SeatPoints[s]
		}
	}
	who := "Attackers"
	if o.Rules.Calls() > 0 && (o.Friends.NCalls == 0 || o.Friends.Pending() > 0) {
		who = "Attackers as known so far"
	}
	return fmt.Sprintf("%s: %d points; %d take the bank.", who, pts, 2*o.Rules.LevelStep())
}

// overLinesAny shows how a hand of any table but the standard ended: the
// banker's side, the attackers' points, who goes up, and each seat's level.
func (m Model) overLinesAny(w int) []string {
	e := m.over
	sc := e.Score
	r := m.obs.Rules
	ord := sc.Trump.Order()
	if ord == nil {
		ord = trumpOf(&m.obs).Order()
	}
	side := sc.Side(r)
	var lines []string
	lines = append(lines, m.th.paint(m.th.heading, fmt.Sprintf("Hand %d is over.", e.Hand)))
	lines = append(lines, fmt.Sprintf("Kitty buried by %s: %s (%d points)", m.short(sc.Banker), m.th.multi(ord, e.Kitty), sc.KittyPoints))
	mult := "the banker's side won the last trick: the kitty does not count"
	if sc.KittyMultiplier > 0 {
		mult = fmt.Sprintf("the attackers won the last trick: kitty × %d = %d", sc.KittyMultiplier, sc.KittyPoints*sc.KittyMultiplier)
	}
	lines = append(lines, "Multiplier: "+mult)
	lines = append(lines, m.sideText(side))
	lines = append(lines, fmt.Sprintf("Attackers (%s): %d in tricks, %d in all; %d take the bank", m.seatList(shengji.AllSeats(r.NumPlayers())&^side), sc.TrickPoints, sc.AttackerPoints, 2*r.LevelStep()))
	if sc.Penalty != 0 {
		lines = append(lines, fmt.Sprintf("Throw penalties: %d", sc.Penalty))
	}
	who, goes := "The banker's side keeps the bank", "goes"
	if !sc.BankersKeep {
		who, goes = "The attackers take the bank", "go"
	}
	if sc.LevelsUp == 0 {
		lines = append(lines, who+"; no level changes.")
	} else {
		lines = append(lines, fmt.Sprintf("%s and %s up %s.", who, goes, plural(sc.LevelsUp, "level")))
	}
	lines = append(lines, m.levelsChange())
	if e.GameOver {
		lines = append(lines, m.th.paint(m.th.strong, fmt.Sprintf("The game is over: %s won at %s.", m.seatList(e.WinnerSeats), shengji.LevelString(r.TopLevel()))))
	} else {
		lines = append(lines, fmt.Sprintf("Next banker: %s.", capital(m.seatName(sc.NextBanker(r)))))
	}
	var out []string
	for _, l := range lines {
		out = append(out, wrap(l, w, 3)...)
	}
	return out
}

// sideText names the banker's side at the hand's end: with Finding
// Friends each seat with the calls it met, and the calls never met.
func (m Model) sideText(side shengji.Seats) string {
	f := &m.obs.Friends
	if m.obs.Rules.Calls() == 0 || f.NCalls == 0 {
		return "Banker's side: " + m.seatList(side)
	}
	var parts, never []string
	// the banker first, then its friends in turn from it
	n := m.players()
	for k := range n {
		s := f.Banker.Plus(k, n)
		if !side.Has(s) {
			continue
		}
		var met []string
		for i := range f.NCalls {
			if f.Met[i] == s {
				met = append(met, m.callText(f.Calls[i]))
			}
		}
		p := m.short(s)
		switch {
		case s == f.Banker && len(met) > 0:
			p += " (banker; " + strings.Join(met, ", ") + ")"
		case s == f.Banker:
			p += " (banker)"
		case len(met) > 0:
			p += " (" + strings.Join(met, ", ") + ")"
		}
		parts = append(parts, p)
	}
	for i := range f.NCalls {
		if f.Met[i] == shengji.NoSeat {
			never = append(never, m.callText(f.Calls[i]))
		}
	}
	s := "Banker's side: " + strings.Join(parts, ", ")
	if len(never) > 0 {
		s += "; never played: " + strings.Join(never, ", ")
	}
	return s
}

// levelsChange gives each seat's level after the hand, and what it was
// when the hand was dealt if it changed.
func (m Model) levelsChange() string {
	o := &m.obs
	known := m.levelsHand == o.HandNumber
	var parts []string
	for s := range shengji.Seat(m.players()) {
		now := shengji.LevelString(o.SeatLevels[s])
		if was := m.levelsAt[s]; known && was != o.SeatLevels[s] {
			now = shengji.LevelString(was) + "→" + now
		}
		parts = append(parts, m.tag(s)+" "+now)
	}
	return "Levels: " + strings.Join(parts, " · ")
}
