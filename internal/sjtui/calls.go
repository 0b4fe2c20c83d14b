package sjtui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/shengji"
)

// caller is the friend calls the person chooses as the banker of a
// Finding Friends hand: as many calls as the rules have, the suggested
// ones (shengji.DefaultCalls) to start with, and the one being changed.
// It is a value: a Model's copies share nothing of it.
type caller struct {
	hand  int // the hand the calls are for (0: none chosen yet)
	calls [shengji.MaxCalls]shengji.Call
	n     int
	at    int                            // the call being changed
	level card.Rank                      // the hand's level rank, which cannot be called
	packs int                            // copies of each card
	sugg  [shengji.MaxCalls]shengji.Call // the suggested calls
}

// callSuits are the suits in the order the calls' cards are listed.
var callSuits = [card.NumSuits]card.Suit{card.Spades, card.Hearts, card.Diamonds, card.Clubs}

// callRanks are the ranks a call may name at level rank level, from the
// ace down: every rank but the level's (jokers are never called).
func callRanks(level card.Rank) []card.Rank {
	rs := make([]card.Rank, 0, card.NumRanks-1)
	for _, r := range []card.Rank{card.Ace, card.King, card.Queen, card.Jack, card.Ten, card.Nine, card.Eight, card.Seven, card.Six, card.Five, card.Four, card.Three, card.Two} {
		if r != level {
			rs = append(rs, r)
		}
	}
	return rs
}

// newCaller starts the banker's calls from the suggested ones.
func newCaller(o *Obs) caller {
	c := caller{hand: o.HandNumber, n: min(o.Rules.Calls(), shengji.MaxCalls), level: o.Level, packs: o.Rules.Packs()}
	def := shengji.DefaultCalls(o)
	top := callRanks(o.Level)[0]
	for i := range c.n {
		// DefaultCalls fills every call; a first copy of the top card
		// stands in should it not
		c.sugg[i] = shengji.Call{Card: card.New(top, callSuits[i%card.NumSuits]), Ordinal: 1}
		if i < len(def) {
			c.sugg[i] = def[i]
		}
	}
	c.calls = c.sugg
	return c
}

// list returns the calls.
func (c *caller) list() []shengji.Call { return append([]shengji.Call(nil), c.calls[:c.n]...) }

// set makes the calls these (a hint's), as far as there are calls.
func (c *caller) set(calls []shengji.Call) {
	copy(c.calls[:c.n], calls)
}

// move changes the card of the call being changed: dr ranks down the
// suit, ds suits on, both wrapping round.
func (c *caller) move(dr, ds int) {
	if c.n == 0 {
		return
	}
	cur := &c.calls[c.at]
	rs := callRanks(c.level)
	ri, si := 0, 0
	for i, r := range rs {
		if cur.Card.Rank() == r {
			ri = i
		}
	}
	for i, s := range callSuits {
		if cur.Card.Suit() == s {
			si = i
		}
	}
	ri = (ri + dr + len(rs)) % len(rs)
	si = (si + ds + len(callSuits)) % len(callSuits)
	cur.Card = card.New(rs[ri], callSuits[si])
}

// calling reports whether the person is choosing friend calls now.
func (m Model) calling() bool {
	return m.pending != nil && m.obs.Phase == shengji.CallPhase && m.obs.Banker == m.seat && !m.opt.Autoplay && m.call.n > 0
}

// ordinalWord writes 1 as "1st", 2 as "2nd", and so on.
func ordinalWord(n int) string {
	suf := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suf = "st"
	case n%10 == 2:
		suf = "nd"
	case n%10 == 3:
		suf = "rd"
	}
	return fmt.Sprintf("%d%s", n, suf)
}

// callText writes a call as "2nd A♠".
func (m Model) callText(c shengji.Call) string {
	return ordinalWord(c.Ordinal) + " " + m.th.face(c.Card)
}

// callsText writes calls as "1st A♠, 2nd K♥".
func (m Model) callsText(calls []shengji.Call) string {
	parts := make([]string, len(calls))
	for i, c := range calls {
		parts[i] = m.callText(c)
	}
	return strings.Join(parts, ", ")
}

// plural writes n and a noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// callPrompt is the status while the person calls.
func (m Model) callPrompt() string {
	return fmt.Sprintf("You are the banker: call %s. Whoever plays the copy you name joins your side when its trick ends.", plural(m.call.n, "friend"))
}

// pressCall handles a key while the person chooses friend calls.
func (m Model) pressCall(k string) (tea.Model, tea.Cmd) {
	c := &m.call
	switch k {
	case "left", "a":
		c.move(-1, 0)
	case "right", "d":
		c.move(1, 0)
	case "up":
		c.move(0, -1)
	case "down":
		c.move(0, 1)
	case "tab", "n":
		c.at = (c.at + 1) % c.n
	case "shift+tab":
		c.at = (c.at + c.n - 1) % c.n
	case "r":
		c.calls = c.sugg
		m.hint = ""
		m.setStatus("The suggested calls again: "+m.callsText(c.list())+".", false)
	case "h":
		m.setStatus("Thinking of a hint…", false)
		return m, m.hintCmd()
	case "enter":
		return m.submit(shengji.CallAction(c.list()...))
	default:
		if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
			n := int(k[0] - '0')
			if n > c.packs {
				m.setStatus(fmt.Sprintf("There are %d of each card: copy 1 to %d.", c.packs, c.packs), true)
				return m, nil
			}
			c.calls[c.at].Ordinal = n
		}
	}
	if m.statusBad {
		m.setStatus(m.callPrompt(), false)
	}
	return m, nil
}

// callLines are the friend calls being chosen: the calls, the cards that
// may be called (the chosen one marked), and what the call being changed
// means.
func (m Model) callLines(w int) []string {
	c := &m.call
	var parts []string
	for i := range c.n {
		p := fmt.Sprintf("Call %d: %s", i+1, m.callText(c.calls[i]))
		if i == c.at {
			p = m.th.paint(m.th.cursor, "> "+p)
		} else {
			p = "  " + p
		}
		parts = append(parts, p)
	}
	lines := wrap(strings.Join(parts, "  "), w, 2)
	cur := c.calls[min(c.at, c.n-1)]
	for _, su := range callSuits {
		line := " " + m.th.suitSym(su) + " "
		for _, r := range callRanks(c.level) {
			cd := card.New(r, su)
			mark, face := " ", m.th.cardText(cd)
			for i := range c.n {
				if c.calls[i].Card == cd && i != c.at {
					mark = "*"
				}
			}
			if cd == cur.Card {
				mark, face = ">", m.th.paint(m.th.selected, m.th.face(cd))
			}
			line += " " + mark + face
		}
		lines = append(lines, fit(line, w))
	}
	held := fmt.Sprintf("you hold %d of the %d copies of %s", m.obs.Hand.Count(cur.Card), c.packs, m.th.face(cur.Card))
	if n := m.obs.Kitty.Count(cur.Card); n > 0 {
		held += fmt.Sprintf(" and buried %d (never played)", n)
	}
	what := fmt.Sprintf("The %s played in the hand: %s. Keys 1 to %d choose which copy.", m.callText(cur), held, c.packs)
	return append(lines, wrap(what, w, 2)...)
}

// metNow says which friend calls the last trick met, before being how the
// calls stood before it.
func (m Model) metNow(before shengji.Friendship) []string {
	f := &m.obs.Friends
	if before.NCalls != f.NCalls {
		return nil
	}
	var out []string
	for i := range f.NCalls {
		if before.Met[i] != shengji.NoSeat || f.Met[i] == shengji.NoSeat {
			continue
		}
		who := f.Met[i]
		switch {
		case who == f.Banker:
			out = append(out, fmt.Sprintf("%s played the %s: the banker's own card, no friend joins.", capital(m.seatName(who)), m.callText(f.Calls[i])))
		case who == m.seat && !m.opt.Autoplay:
			out = append(out, fmt.Sprintf("You played the %s: you join the banker's side.", m.callText(f.Calls[i])))
		default:
			out = append(out, fmt.Sprintf("%s played the %s and joins the banker's side.", capital(m.seatName(who)), m.callText(f.Calls[i])))
		}
	}
	return out
}
