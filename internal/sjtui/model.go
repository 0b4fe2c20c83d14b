package sjtui

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/shengji"
	"felt/shengji/sjbot"
	"felt/table"
)

// Options are a screen's settings.
type Options struct {
	Look Look
	// Delay is the pause after a play or a bid is shown; DealDelay the
	// pause after each card dealt. Zero is no pause (tests).
	Delay, DealDelay time.Duration
	// Autoplay says a computer plays the seat too: the screen only
	// watches, and goes on to the next hand by itself.
	Autoplay bool
	// Seed seeds the hints.
	Seed uint64
	// HintLevel is the computer player whose play a hint names ("hard").
	HintLevel string
	// Note, if set, is said on the screen when it opens.
	Note string
	// Watch, if set, is what the title says is watched instead of
	// autoplay (a replay).
	Watch string
	// Spectator says the screen is a spectator's: no seat's hand (with
	// Autoplay; the seat given to New is only who sits at the bottom).
	Spectator bool
}

// DefaultDelay is the pause after a play is shown.
const DefaultDelay = 450 * time.Millisecond

// DefaultDealDelay is the pause after each card dealt: as felt serve's
// --deal-pace, slow enough for a person to declare as the cards arrive.
const DefaultDealDelay = 150 * time.Millisecond

// row is one hand on the score sheet.
type row struct {
	hand     int
	banker   shengji.Seat
	friends  shengji.Seats // Finding Friends: the friends who had joined at the end
	trump    shengji.Trump
	points   int
	keep     bool
	up       int
	levels   [2]card.Rank // after the hand, once the next one starts
	haveLvls bool
}

// Model is the screen of one seat at a Shengji table.
type Model struct {
	b    *Bridge
	seat shengji.Seat
	opt  Options
	th   theme

	obs     Obs
	haveObs bool
	pending *table.Decision[Obs]

	order  []card.Card // the hand as shown, in display order
	sel    []bool      // selected cards, by index in order
	cursor int

	status    string
	statusBad bool
	events    []string // recent happenings, newest last
	showLast  bool
	hint      string

	bid      *shengji.Action // a bid pressed during the deal, not yet shown
	over     *shengji.Event  // the finished hand, shown until a key
	sheet    []row
	sheetOff int // hands the score sheet is scrolled up by
	done     bool
	doneErr  error
	result   table.Result
	quit     bool
	w, h     int
	lastKind shengji.EventKind
	keys     []keyPart // the keys, when a replay sets them

	// levelsAt are each seat's levels when the hand numbered levelsHand
	// was dealt (the end of the hand shows how they changed).
	levelsAt   [shengji.MaxSeats]card.Rank
	levelsHand int
	call       caller // the friend calls the person is choosing as banker

	help     bool   // the rules' help is shown
	helpTop  int    // the help's first line shown, when it scrolls
	helpNote string // a note under the help
	paused   bool   // the person paused the deal (w)
	held     bool   // a card event came while paused: the next read waits for w
}

// New returns the screen of seat, fed by b.
func New(b *Bridge, seat shengji.Seat, opt Options) Model {
	if opt.HintLevel == "" {
		opt.HintLevel = "hard"
	}
	m := Model{b: b, seat: seat, opt: opt, th: newTheme(opt.Look), w: 80, h: 24}
	if opt.Note != "" {
		m.events = []string{opt.Note}
	}
	return m
}

// Init starts reading the table.
func (m Model) Init() tea.Cmd { return m.b.Next }

// Quitting reports whether the person asked to quit.
func (m Model) Quitting() bool { return m.quit }

// Done reports whether the table stopped, and how.
func (m Model) Done() (table.Result, error, bool) { return m.result, m.doneErr, m.done }

// Observation returns the seat's latest observation.
func (m Model) Observation() Obs { return m.obs }

// wait reads the table's next message after a pause.
func (m Model) wait(d time.Duration) tea.Cmd {
	if d <= 0 {
		return m.b.Next
	}
	b := m.b
	return func() tea.Msg {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
		case <-b.ctx.Done():
		}
		return b.Next()
	}
}

// hintMsg is a computed hint for the decision numbered seq.
type hintMsg struct {
	seq    int
	action shengji.Action
}

// submitErrMsg says a submission failed (a stale decision).
type submitErrMsg struct{ err error }

// Update handles a message.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		return m, nil
	case EventMsg:
		return m.event(msg)
	case DecisionMsg:
		d := msg.Decision
		m.pending = &d
		m.setObs(d.Obs)
		m.hint = ""
		if d.Obs.Phase == shengji.BuryPhase {
			k := d.Obs.Rules.KittySize()
			st := fmt.Sprintf("You are the banker: pick %d cards to bury, then enter.", k)
			if up := d.Obs.PickedUp; !up.IsEmpty() {
				st = fmt.Sprintf("You are the banker and took up the kitty: %s. Pick %d cards to bury, then enter.", m.th.plain(trumpOf(&d.Obs).Order(), up), k)
			}
			m.setStatus(st, false)
		} else if d.Obs.Phase == shengji.CallPhase {
			if m.call.hand != d.Obs.HandNumber {
				m.call = newCaller(&d.Obs)
			}
			if !m.statusBad {
				m.setStatus(m.callPrompt(), false)
			}
		} else if d.Obs.Phase == shengji.BidPhase {
			m.setStatus("Your turn to declare or pass.", false)
		} else if d.Obs.Phase == shengji.PlayPhase && !m.statusBad {
			m.setStatus("Your turn to play.", false)
		}
		return m, m.b.Next
	case RefusedMsg:
		m.setStatus(refusal(msg.Err), true)
		return m, m.b.Next
	case NoticeMsg:
		m.addEvent(msg.Notice.String())
		return m, m.b.Next
	case DoneMsg:
		m.done, m.result, m.doneErr = true, msg.Result, msg.Err
		m.pending = nil
		return m, nil
	case hintMsg:
		if m.pending != nil && m.pending.Seq == msg.seq {
			m.hint = m.describeHint(msg.action)
			if msg.action.Kind == shengji.FriendCall {
				m.call.set(msg.action.CallList())
			} else {
				m.selectCards(msg.action.Cards)
			}
			m.setStatus("", false)
		}
		return m, nil
	case submitErrMsg:
		m.setStatus(msg.err.Error(), true)
		return m, nil
	case tea.KeyPressMsg:
		return m.press(msg.String())
	case tea.MouseClickMsg:
		return m.click(msg.Mouse())
	}
	return m, nil
}

// refusal is the engine's reason for a refused move, in plain words.
func refusal(err error) string {
	var fe *shengji.FollowError
	if errors.As(err, &fe) && fe.Reason != "" {
		return "Not allowed: " + fe.Reason
	}
	var ae *shengji.ActionError
	if errors.As(err, &ae) && ae.Reason != "" {
		return "Not allowed: " + ae.Reason
	}
	return "Not allowed: " + strings.TrimPrefix(err.Error(), "shengji: ")
}

func (m *Model) setStatus(s string, bad bool) { m.status, m.statusBad = s, bad }

// addEvent keeps the last few happenings.
func (m *Model) addEvent(s string) {
	m.events = append(slices.Clip(m.events), s)
	if len(m.events) > 20 {
		m.events = m.events[len(m.events)-20:]
	}
}

// setObs takes a new observation and keeps the selection of cards still held.
func (m *Model) setObs(o Obs) {
	var keep card.Multi
	for i, c := range m.order {
		if i < len(m.sel) && m.sel[i] {
			_ = keep.Add(c)
		}
	}
	if o.Phase != m.obs.Phase || o.HandNumber != m.obs.HandNumber {
		m.cursor = 0 // a new hand, or the burial done: start from the left
	}
	m.obs, m.haveObs = o, true
	m.order = displayOrder(o)
	m.sel = make([]bool, len(m.order))
	if keep.Len() > 0 && keep.Minus(o.Hand).IsEmpty() {
		left := keep
		for i, c := range m.order {
			if left.Has(c) {
				m.sel[i] = true
				_ = left.Remove(c)
			}
		}
	}
	if m.cursor >= len(m.order) {
		m.cursor = max(0, len(m.order)-1)
	}
}

// trumpOf is the observation's trump, or no trump at its level while none
// is known.
func trumpOf(o *Obs) shengji.Trump {
	if o.Trump.IsValid() {
		return o.Trump
	}
	t, err := shengji.NewTrump(card.NoSuit, o.Level)
	if err != nil {
		t, _ = shengji.NewTrump(card.NoSuit, card.Two)
	}
	return t
}

// units returns the hand's units by group, trumps first then ♠♥♦♣, each
// group's units from the highest, each unit's cards from the highest.
func units(o *Obs) [][]shengji.Unit {
	ord := trumpOf(o).Order()
	var out [][]shengji.Unit
	groups := []shengji.Group{shengji.Trumps, shengji.Spades, shengji.Hearts, shengji.Diamonds, shengji.Clubs}
	all := ord.Split(o.Hand)
	for _, g := range groups {
		var us []shengji.Unit
		for _, u := range all {
			if u.Group == g {
				us = append(us, u)
			}
		}
		if len(us) == 0 {
			continue
		}
		slices.SortStableFunc(us, func(a, b shengji.Unit) int {
			if a.Top != b.Top {
				return b.Top - a.Top
			}
			if a.Len() != b.Len() {
				return b.Len() - a.Len()
			}
			return b.Width - a.Width
		})
		out = append(out, us)
	}
	return out
}

// unitCards returns a unit's cards from the highest.
func unitCards(ord *shengji.Order, u shengji.Unit) []card.Card {
	cs := ord.Sorted(u.Cards)
	slices.Reverse(cs)
	return cs
}

// displayOrder is the hand's cards in the order the screen shows them.
func displayOrder(o Obs) []card.Card {
	ord := trumpOf(&o).Order()
	var cs []card.Card
	for _, g := range units(&o) {
		for _, u := range g {
			cs = append(cs, unitCards(ord, u)...)
		}
	}
	return cs
}

// selected returns the selected cards.
func (m Model) selected() card.Multi {
	var s card.Multi
	for i, c := range m.order {
		if i < len(m.sel) && m.sel[i] {
			_ = s.Add(c)
		}
	}
	return s
}

// players is the number of players at the table.
func (m Model) players() int { return m.obs.Rules.NumPlayers() }

// compass reports whether the table is the standard one, four players in
// fixed partnerships, drawn as a compass (you, East, your partner across,
// West); any other table is drawn as a list of seats.
func (m Model) compass() bool {
	r := m.obs.Rules
	return r.NumPlayers() == shengji.NumSeats && r.Calls() == 0
}

// seatName names a seat from the person's point of view.
func (m Model) seatName(s shengji.Seat) string {
	if !s.Valid() {
		return "nobody"
	}
	if !m.compass() {
		if s == m.seat && !m.opt.Autoplay {
			return fmt.Sprintf("you (seat %d)", s)
		}
		return fmt.Sprintf("seat %d", s)
	}
	switch (int(s) - int(m.seat) + shengji.NumSeats) % shengji.NumSeats {
	case 0:
		if m.opt.Autoplay {
			return fmt.Sprintf("South (seat %d)", s)
		}
		return fmt.Sprintf("you (seat %d)", s)
	case 1:
		return fmt.Sprintf("East (seat %d)", s)
	case 2:
		if m.opt.Autoplay {
			return fmt.Sprintf("North (seat %d)", s)
		}
		return fmt.Sprintf("partner (seat %d)", s)
	default:
		return fmt.Sprintf("West (seat %d)", s)
	}
}

// short names a seat in a word (or two).
func (m Model) short(s shengji.Seat) string {
	if !m.compass() {
		if s == m.seat && !m.opt.Autoplay {
			return "You"
		}
		return fmt.Sprintf("Seat %d", s)
	}
	switch (int(s) - int(m.seat) + shengji.NumSeats) % shengji.NumSeats {
	case 0:
		if m.opt.Autoplay {
			return "South"
		}
		return "You"
	case 1:
		return "East"
	case 2:
		if m.opt.Autoplay {
			return "North"
		}
		return "Partner"
	default:
		return "West"
	}
}

// event takes what the seat saw of a move or a card.
func (m Model) event(msg EventMsg) (tea.Model, tea.Cmd) {
	e := msg.Event
	before := m.obs.Friends
	sameHand := m.haveObs && m.obs.HandNumber == msg.Obs.HandNumber
	m.setObs(msg.Obs)
	m.lastKind = e.Kind
	if m.obs.Phase != shengji.DealPhase {
		m.paused = false // the deal is over: nothing left to pause
	}
	delay := time.Duration(0)
	ord := trumpOf(&m.obs).Order()
	switch e.Kind {
	case shengji.HandEvent:
		m.over = nil
		m.showLast = false
		m.events = nil
		if n := len(m.sheet); n > 0 && !m.sheet[n-1].haveLvls {
			m.sheet[n-1].levels, m.sheet[n-1].haveLvls = e.Levels, true
		}
		m.levelsAt, m.levelsHand = e.SeatLevels, m.obs.HandNumber
		m.addEvent(fmt.Sprintf("Hand %d: dealt by %s at level %s.", e.Hand, m.seatName(e.Seat), shengji.LevelString(e.Level)))
	case shengji.CardEvent:
		delay = m.opt.DealDelay
		if m.paused {
			// the table waits to deal the next card until w
			m.held = true
			return m, nil
		}
	case shengji.DeclareEvent:
		r, _, _ := shengji.DeclarationRank(e.Cards, m.obs.Level)
		m.addEvent(fmt.Sprintf("%s declared %s (%s).", capital(m.seatName(e.Seat)), m.th.multi(ord, e.Cards), r))
		if e.Seat == m.seat {
			m.bid = nil
			if !m.statusBad {
				m.setStatus("", false)
			}
		}
		delay = m.opt.Delay
	case shengji.PassEvent:
		m.addEvent(fmt.Sprintf("%s passed.", capital(m.seatName(e.Seat))))
		delay = m.opt.Delay
	case shengji.BuryEvent:
		if e.Seat == m.seat && !e.Cards.IsEmpty() {
			m.addEvent(fmt.Sprintf("%s buried %s (%d points).", m.short(e.Seat), m.th.multi(ord, e.Cards), shengji.Points(e.Cards)))
		} else {
			m.addEvent(fmt.Sprintf("%s buried the kitty.", capital(m.seatName(e.Seat))))
		}
		delay = m.opt.Delay
	case shengji.CallEvent:
		who := capital(m.seatName(e.Seat))
		if e.Seat == m.seat && !m.opt.Autoplay {
			who = "You"
		}
		m.addEvent(fmt.Sprintf("%s called %s.", who, m.callsText(e.Calls[:min(e.NCalls, shengji.MaxCalls)])))
		delay = 2 * m.opt.Delay
	case shengji.PlayEvent:
		if !e.Attempt.IsEmpty() {
			m.addEvent(fmt.Sprintf("%s's throw %s failed: %s can be beaten and was played alone.",
				m.short(e.Seat), m.th.multi(ord, e.Attempt), m.th.multi(ord, e.Cards)))
		}
		delay = m.opt.Delay
		if e.TrickDone {
			m.addEvent(fmt.Sprintf("%s won the trick with %d points.", capital(m.seatName(e.Winner)), e.Points))
			if sameHand {
				for _, s := range m.metNow(before) {
					m.addEvent(s)
				}
			}
			delay = 3 * m.opt.Delay
		}
	}
	if m.bid != nil && (e.Kind == shengji.HandEvent || e.Settled || !slices.Contains(m.declarations(), *m.bid)) {
		// the bid can no longer be shown: another came first, or the
		// declaring closed
		why := "declaring closed first"
		if b, ok := m.obs.Bids.Last(); ok && e.Kind != shengji.HandEvent {
			why = fmt.Sprintf("%s's %s came first and stands", m.short(b.Seat), m.th.plain(ord, b.Cards))
		}
		m.setStatus(fmt.Sprintf("Too late for your bid %s: %s.", m.th.plain(ord, m.bid.Cards), why), true)
		m.bid = nil
	}
	if e.Settled {
		what := "no trump"
		if !e.Trump.IsNoTrump() {
			what = m.th.suitName(e.Trump.Suit) + " trumps"
		}
		who := m.seatName(e.Banker) + " is"
		if e.Banker == m.seat && !m.opt.Autoplay {
			who = "you are"
		}
		m.addEvent(fmt.Sprintf("Declaring closed: %s at level %s; %s the banker.", what, shengji.LevelString(e.Trump.Level), who))
		delay = 2 * m.opt.Delay
	}
	if e.HandOver {
		ev := e
		m.over = &ev
		m.sheet = append(m.sheet, row{hand: e.Hand, banker: e.Score.Banker, friends: e.Score.Friends, trump: e.Score.Trump, points: e.Score.AttackerPoints, keep: e.Score.BankersKeep, up: e.Score.LevelsUp})
		if m.opt.Autoplay {
			return m, m.wait(8 * m.opt.Delay)
		}
		// the table waits until the person has read the result
		return m, nil
	}
	return m, m.wait(delay)
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// declarations lists the bids the person may make now.
func (m Model) declarations() []shengji.Action {
	if !m.haveObs || m.opt.Autoplay {
		return nil
	}
	switch m.obs.Phase {
	case shengji.DealPhase:
		return fewerBids(m.obs.AppendDeclarations(nil))
	case shengji.BidPhase:
		if m.pending != nil {
			return fewerBids(m.obs.AppendDeclarations(nil))
		}
	}
	return nil
}

// bidKeys is how many declarations have keys: 1 to 9, then 0.
const bidKeys = 10

// fewerBids keeps at most bidKeys of the declarations listed (each card's
// showings, from the fewest copies): with more packs a seat may show a
// card in more ways than there are keys. Past ten, each card keeps its
// fewest and its most copies, or if those are still too many, its most.
func fewerBids(ds []shengji.Action) []shengji.Action {
	for keepFewest := true; len(ds) > bidKeys; keepFewest = false {
		var out []shengji.Action
		for i, d := range ds {
			first := i == 0 || ds[i-1].Cards.One != d.Cards.One
			last := i == len(ds)-1 || ds[i+1].Cards.One != d.Cards.One
			if last || first && keepFewest {
				out = append(out, d)
			}
		}
		if !keepFewest && len(out) > bidKeys {
			out = out[len(out)-bidKeys:] // the strongest: jokers come last
		}
		ds = out
	}
	return ds
}

// press handles a key.
func (m Model) press(k string) (tea.Model, tea.Cmd) {
	switch k {
	case "ctrl+c", "q":
		m.quit = true
		return m, tea.Quit
	case "?", "f1":
		if m.keys == nil { // not in a replay, whose keys are its own
			m.help, m.helpTop, m.helpNote = !m.help, 0, ""
			return m, nil
		}
	case "w":
		if m.dealing() || m.paused {
			return m.pause()
		}
	}
	if m.help {
		return m.pressHelp(k), nil
	}
	if m.done {
		switch k {
		case "up", "k":
			m.sheetOff = min(m.sheetOff+1, len(m.sheet))
		case "down", "j":
			m.sheetOff = max(m.sheetOff-1, 0)
		}
		return m, nil
	}
	if m.over != nil {
		if k == "enter" || k == "space" || k == "n" {
			m.over = nil
			if !m.opt.Autoplay {
				return m, m.b.Next
			}
		}
		return m, nil
	}
	switch k {
	case "l":
		m.showLast = !m.showLast
		return m, nil
	}
	if m.opt.Autoplay {
		return m, nil
	}
	if m.calling() {
		return m.pressCall(k)
	}
	if len(k) == 1 && k[0] >= '0' && k[0] <= '9' {
		// 1 to 9, then 0 for a tenth: at most ten bids are ever on offer
		ds := m.declarations()
		i := (int(k[0]-'0') + 9) % 10
		if i >= len(ds) {
			return m, nil
		}
		return m.declare(ds[i])
	}
	switch k {
	case "p":
		if m.pending != nil && m.obs.Phase == shengji.BidPhase {
			return m.submit(shengji.PassAction())
		}
	case "left", "a":
		if m.cursor > 0 {
			m.cursor--
		}
	case "right", "d":
		if m.cursor < len(m.order)-1 {
			m.cursor++
		}
	case "home":
		m.cursor = 0
	case "end":
		m.cursor = max(0, len(m.order)-1)
	case "space", "s", "up", "down":
		if m.cursor < len(m.sel) {
			m.sel[m.cursor] = !m.sel[m.cursor]
		}
	case "u":
		m.selectUnit()
	case "c", "esc":
		clear(m.sel)
	case "h":
		if m.pending != nil && (m.obs.Phase == shengji.PlayPhase || m.obs.Phase == shengji.BuryPhase) {
			m.setStatus("Thinking of a hint…", false)
			return m, m.hintCmd()
		}
	case "enter":
		return m.enter()
	}
	return m, nil
}

// dealing reports whether the deal is going on, card by card.
func (m Model) dealing() bool {
	return m.haveObs && !m.done && m.keys == nil && m.obs.Phase == shengji.DealPhase
}

// pause pauses the deal, or goes on with it: while paused the screen
// reads no more of the table, which waits to deal the next card.
func (m Model) pause() (tea.Model, tea.Cmd) {
	m.paused = !m.paused
	if m.paused {
		m.setStatus("The deal is paused: w goes on with it.", false)
		return m, nil
	}
	if m.status == "The deal is paused: w goes on with it." {
		m.setStatus("", false)
	}
	if m.held {
		m.held = false
		return m, m.wait(m.opt.DealDelay)
	}
	return m, nil
}

// selectCards makes the selection exactly cards.
func (m *Model) selectCards(cards card.Multi) {
	clear(m.sel)
	left := cards
	for i, c := range m.order {
		if left.Has(c) {
			m.sel[i] = true
			_ = left.Remove(c)
		}
	}
}

// selectUnit selects the whole unit (pair, tractor) under the cursor.
func (m *Model) selectUnit() {
	if m.cursor >= len(m.order) {
		return
	}
	i := 0
	for _, g := range units(&m.obs) {
		for _, u := range g {
			n := u.Len()
			if m.cursor >= i && m.cursor < i+n {
				on := !m.sel[m.cursor]
				for j := i; j < i+n; j++ {
					m.sel[j] = on
				}
				return
			}
			i += n
		}
	}
}

// declare queues a bid during the deal, or submits it after the deal.
func (m Model) declare(a shengji.Action) (tea.Model, tea.Cmd) {
	ord := trumpOf(&m.obs).Order()
	if m.obs.Phase == shengji.BidPhase {
		return m.submit(a)
	}
	b, hand := m.b, m.obs.HandNumber
	m.bid = &a
	m.setStatus(fmt.Sprintf("You declare %s: it is shown at your next chance, before a card is dealt.", m.th.multi(ord, a.Cards)), false)
	return m, func() tea.Msg { b.Queue(hand, a); return nil }
}

// enter submits the selection as a burial or a play.
func (m Model) enter() (tea.Model, tea.Cmd) {
	if m.pending == nil {
		m.setStatus("It is not your turn.", true)
		return m, nil
	}
	s := m.selected()
	switch m.obs.Phase {
	case shengji.BuryPhase:
		if k := m.obs.Rules.KittySize(); s.Len() != k {
			m.setStatus(fmt.Sprintf("Pick exactly %d cards to bury (%d picked).", k, s.Len()), true)
			return m, nil
		}
		return m.submit(shengji.BuryAction(s))
	case shengji.PlayPhase:
		if s.IsEmpty() {
			m.setStatus("Select the cards to play first (space selects, u a whole pair or tractor).", true)
			return m, nil
		}
		return m.submit(shengji.PlayAction(s))
	}
	return m, nil
}

// submit sends a move for the pending decision.
func (m Model) submit(a shengji.Action) (tea.Model, tea.Cmd) {
	if m.pending == nil {
		return m, nil
	}
	b, seq := m.b, m.pending.Seq
	m.pending = nil
	m.hint = ""
	m.setStatus("", false)
	clear(m.sel)
	return m, func() tea.Msg {
		if err := b.Submit(seq, a); err != nil {
			return submitErrMsg{err}
		}
		return nil
	}
}

// hintCmd asks the hint level what it would do in the pending decision.
func (m Model) hintCmd() tea.Cmd {
	o := m.pending.Obs
	seq := m.pending.Seq
	name := m.opt.HintLevel
	seed := m.opt.Seed ^ uint64(seq)*0x9e3779b97f4a7c15
	return func() tea.Msg {
		p, err := sjbot.New(name, rand.New(rand.NewPCG(seed, 0x5eed)))
		if err != nil {
			return submitErrMsg{err}
		}
		a, ok := p.Act(&o)
		if !ok {
			return nil
		}
		return hintMsg{seq: seq, action: a}
	}
}

// describeHint says a hint in plain words: what the hint level would do
// and why, read from the situation (sjbot.Explain).
func (m Model) describeHint(a shengji.Action) string {
	ord := trumpOf(&m.obs).Order()
	name := func(s shengji.Seat) string {
		switch {
		case s == m.seat:
			return "you"
		case s == m.seat.Partner() && !m.opt.Autoplay && m.compass():
			return "your partner"
		}
		return m.short(s)
	}
	o := m.obs
	if m.pending != nil {
		o = m.pending.Obs
	}
	why := sjbot.Explain(&o, a).Text(name, func(c card.Multi) string { return m.th.plain(ord, c) })
	if why == "" {
		switch a.Kind {
		case shengji.Bury:
			why = fmt.Sprintf("bury %s (%d points)", m.th.plain(ord, a.Cards), shengji.Points(a.Cards))
		case shengji.FriendCall:
			why = "call " + m.callsText(a.CallList())
		default:
			why = "play " + m.th.plain(ord, a.Cards)
		}
	}
	end := "Selected: enter plays it."
	switch a.Kind {
	case shengji.Bury:
		end = "Selected: enter buries them."
	case shengji.FriendCall:
		end = "Chosen: enter calls them."
	}
	return fmt.Sprintf("Hint: %s would %s. %s", m.opt.HintLevel, why, end)
}

// click selects the card under the mouse.
func (m Model) click(ms tea.Mouse) (tea.Model, tea.Cmd) {
	if m.opt.Autoplay || m.over != nil || m.done || ms.Button != tea.MouseLeft {
		return m, nil
	}
	for _, hit := range m.cardSpots() {
		if ms.Y == hit.y && ms.X >= hit.x && ms.X < hit.x+3 {
			m.cursor = hit.i
			m.sel[hit.i] = !m.sel[hit.i]
			break
		}
	}
	return m, nil
}
