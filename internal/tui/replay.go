package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/gin"
)

// step is one position of a replayed game: after a deal or after an
// action.
type step struct {
	hand    gin.Hand // the position (a copy)
	handNo  int
	scores  [2]int
	history []gin.HandSummary
	game    *gin.GameResult
	move    int    // the action's number in the game, 0 for a deal
	text    string // what happened, in words
}

// Replay is the replay viewer: it steps through a saved or finished game,
// forwards and back. It implements tea.Model.
type Replay struct {
	th      theme
	title   string
	rules   gin.Rules
	names   [2]string
	hidden  [2]bool // seats whose cards stay face down
	steps   []step
	at      int
	width   int
	height  int
	quit    bool
	message string
}

// add records the game's position as a step.
func (v *Replay) add(g *gin.Game, move int, text string) {
	s := step{hand: *g.Hand(), handNo: g.HandNumber(), scores: g.Scores(), history: g.History(), move: move, text: text}
	if g.Over() {
		r := g.Result()
		s.game = &r
	}
	v.steps = append(v.steps, s)
}

// describe says an action just applied in words. top is the discard
// pile's top before it.
func (v *Replay) describe(seat gin.Seat, a gin.Action, top card.Card, h *gin.Hand) string {
	t := v.th
	who := v.names[seat]
	switch a.Kind {
	case gin.Pass:
		return fmt.Sprintf("%s passed on %s.", who, t.ink(top))
	case gin.TakeDiscard:
		return fmt.Sprintf("%s took %s from the discard pile.", who, t.ink(top))
	case gin.DrawStock:
		if v.hidden[seat] {
			return fmt.Sprintf("%s drew from the stock.", who)
		}
		return fmt.Sprintf("%s drew %s from the stock.", who, t.ink(h.Drawn()))
	case gin.Discard:
		return fmt.Sprintf("%s discarded %s.", who, t.ink(a.Card))
	}
	res := h.Result()
	sd := res.Showdown
	var s string
	switch sd.Result {
	case gin.GinResult:
		s = fmt.Sprintf("%s went gin", who)
	case gin.BigGinResult:
		s = fmt.Sprintf("%s went big gin", who)
	default:
		s = fmt.Sprintf("%s knocked with %d", who, sd.KnockerDeadwood)
	}
	other := v.names[seat.Other()]
	if other == "You" {
		other = "you"
	}
	s += fmt.Sprintf("; %s had %d", other, sd.DefenderDeadwood)
	if lo := sd.LaidOff(); lo != 0 {
		cs := lo.Cards()
		gin.SortByRank(cs)
		s += " after laying off " + t.inks(cs)
	}
	return s + fmt.Sprintf(". %s scores %d (%s).", v.names[res.Winner], res.Points, resultName(sd.Result))
}

// Init does nothing.
func (v Replay) Init() tea.Cmd { return nil }

// Update steps through the game.
func (v Replay) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		v.width, v.height = msg.Width, msg.Height
	case tea.KeyPressMsg:
		return v.press(msg.String())
	case tea.MouseClickMsg:
		if msg.Button == tea.MouseLeft {
			if k := v.frame().hit(msg.X, msg.Y); k != "" {
				return v.press(k)
			}
		}
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelDown:
			return v.press("right")
		case tea.MouseWheelUp:
			return v.press("left")
		}
	case tea.InterruptMsg:
		return v.press("q")
	}
	return v, nil
}

func (v Replay) press(k string) (tea.Model, tea.Cmd) {
	v.message = ""
	last := len(v.steps) - 1
	switch k {
	case "q", "Q", "esc", "ctrl+c":
		v.quit = true
		return v, tea.Quit
	case "right", "l", "n", "space", "enter":
		if v.at == last {
			v.message = "This is the end of the log."
		}
		v.at = min(v.at+1, last)
	case "left", "h", "p", "backspace":
		if v.at == 0 {
			v.message = "This is the start of the game."
		}
		v.at = max(v.at-1, 0)
	case "down", "pgdown", "J":
		n := v.steps[v.at].handNo
		for v.at < last && v.steps[v.at].handNo == n {
			v.at++
		}
	case "up", "pgup", "K":
		n := v.steps[v.at].handNo
		if v.at > 0 && v.steps[v.at-1].handNo != n {
			n--
		}
		for v.at > 0 && v.steps[v.at-1].handNo >= n {
			v.at--
		}
	case "home", "g":
		v.at = 0
	case "end", "G":
		v.at = last
	default:
		v.message = fmt.Sprintf("%q does nothing here: the keys are at the bottom.", k)
	}
	return v, nil
}

// View draws the position.
func (v Replay) View() tea.View {
	view := tea.NewView(v.Render())
	if !v.quit {
		view.AltScreen = true
		view.MouseMode = tea.MouseModeCellMotion
		view.WindowTitle = "Felt replay · " + v.title
		if v.th.ascii {
			view.WindowTitle = asciiOnly(view.WindowTitle)
		}
	}
	return view
}

// Render returns the screen's text.
func (v Replay) Render() string {
	if v.quit {
		return ""
	}
	return v.frame().String()
}

func (v Replay) frame() frame {
	t := v.th
	W, H := v.width, v.height
	if W < MinWidth || H < MinHeight {
		var b block
		for _, l := range wrap(fmt.Sprintf("The replay needs a window of at least %d×%d; this one is %d×%d. Press q to quit.", MinWidth, MinHeight, W, H), max(W, 1)) {
			b.text(l)
		}
		return place(t, b, W, H, W, H)
	}
	w, h := min(W, fullWidth), min(H, maxHeight)
	s := v.steps[v.at]
	hd := &s.hand
	var b block
	right := fmt.Sprintf("step %d of %d · hand %d · game to %d ", v.at+1, len(v.steps), s.handNo, v.rules.TargetScore)
	left := " Felt replay · " + v.title
	gap := max(1, w-width(left)-width(right))
	b.text(t.paint(t.title, t.fit(left+fmt.Sprintf("%*s", gap, "")+right, w)))
	b.blank()
	for _, seat := range []gin.Seat{1, 0} {
		cards := hd.Cards(seat)
		head := fmt.Sprintf(" %s · %d cards", v.names[seat], cards.Len())
		if !v.hidden[seat] || hd.Over() && hd.Result().Kind != gin.DrawResult {
			head += fmt.Sprintf(" · deadwood %d", gin.Deadwood(cards))
		}
		if hd.Dealer() == seat {
			head += " · dealer"
		}
		if !hd.Over() && hd.Turn() == seat {
			head += " · to move"
		}
		b.text(t.paint(t.heading, head))
		r := &row{}
		r.space(1)
		if v.hidden[seat] && !(hd.Over() && hd.Result().Kind != gin.DrawResult) {
			known := hd.Took(seat)
			for i := 0; i < cards.Len()-known.Len(); i++ {
				r.put(t.cardBack())
			}
			for _, c := range known.Cards() {
				r.put(t.card(c, plainCard))
			}
		} else {
			for gi, g := range handGroups(cards) {
				if gi > 0 {
					r.space(2)
				}
				for _, c := range g {
					r.put(t.card(c, plainCard))
				}
			}
		}
		b.row(r)
		b.blank()
	}
	r := &row{}
	r.put(fmt.Sprintf(" Stock %d · discard pile ", hd.StockLen()))
	if top := hd.Pile().Top(); top.IsValid() {
		r.put(t.card(top, plainCard))
		var under []card.Card
		for i := hd.Pile().Len() - 2; i >= 0 && len(under) < 6; i-- {
			under = append(under, hd.Pile().At(i))
		}
		if len(under) > 0 {
			r.put(t.paint(t.dim, "  under it: "+t.names(under)))
		}
	} else {
		r.put(t.paint(t.dim, "(empty)"))
	}
	b.row(r)
	b.text(t.rule(w))
	keys := keyBar(t, []keyItem{
		{t.left(), "back", "left"}, {t.right(), "forward", "right"},
		{t.updown(), "hand by hand", ""}, {"home/end", "start/end", ""}, {"q", "quit", "q"},
	}, w)
	area := h - len(b.lines) - 2 - len(keys.lines)
	// the hand's moves up to this step
	first := v.at
	for first > 0 && v.steps[first-1].handNo == s.handNo {
		first--
	}
	var lines []string
	for i := first; i <= v.at; i++ {
		st := v.steps[i]
		mark := "  "
		if i == v.at {
			mark = t.pointer() + " "
		}
		n := "    "
		if st.move > 0 {
			n = fmt.Sprintf("%3d.", st.move)
		}
		line := fmt.Sprintf(" %s%s %s", mark, n, st.text)
		for j, wl := range wrap(line, w-1) {
			if j > 0 {
				wl = "       " + wl
			}
			if i == v.at {
				wl = t.paint(t.strong, wl)
			}
			lines = append(lines, wl)
		}
	}
	if len(lines) > area {
		lines = lines[len(lines)-area:]
	}
	for _, l := range lines {
		b.text(t.cut(l, w))
	}
	for len(b.lines) < h-2-len(keys.lines) {
		b.blank()
	}
	score := fmt.Sprintf(" Score: %s %d, %s %d", v.names[0], s.scores[0], v.names[1], s.scores[1])
	if s.game != nil {
		score += fmt.Sprintf(" · game over: %s wins, %d to %d with the bonuses", v.names[s.game.Winner], s.game.Final[s.game.Winner], s.game.Final[s.game.Winner.Other()])
	} else if v.at == len(v.steps)-1 {
		score += " · the log ends here (the game can be resumed)"
	}
	b.text(t.cut(score, w))
	if v.message != "" {
		b.text(t.paint(t.bad, t.cut(" "+v.message, w)))
	} else {
		b.blank()
	}
	b.add(keys)
	return place(t, b, w, h, W, H)
}
