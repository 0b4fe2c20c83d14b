package tui

import (
	"context"
	"errors"
	gingame "felt/games/gin"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"felt/card"
	"felt/gin"
	"felt/internal/seed"
	"felt/table"
)

// DefaultDelay is the pause before each of the computer's moves is shown.
const DefaultDelay = 750 * time.Millisecond

// Options configure a game screen.
type Options struct {
	Look
	// Delay is the pause before each computer move is shown (its thinking
	// time counts towards it). Zero shows moves at once, for tests.
	Delay time.Duration
	// SavePath is where the game's log is being written; it is shown in the
	// help and at the end. Empty when the game is not saved.
	SavePath string
	// Seed seeds the hint's hard player (with the move number), so hints
	// are the same for the same position in the same game.
	Seed uint64
	// Command is how the person runs felt, in the commands the screen
	// suggests: "felt" (the default) or "go run ./cmd/felt".
	Command string
	// Note is said when the screen opens, on the status line and among the
	// hand's moves: why a resumed game's computer seat is played by
	// another player than the one saved, say.
	Note string
}

// screen is what fills the window.
type screen uint8

const (
	tableScreen    screen = iota // the hand being played
	showdownScreen               // a hand just ended
	gameOverScreen               // the game ended
)

// knockChoice is an open knock: the card going face down and the
// arrangements the person may lay out.
type knockChoice struct {
	card     card.Card
	deadwood int
	arrs     []gin.Arrangement
	idx      int
}

// verb is what enter does with the knock: "knock", or "go gin" when no
// deadwood is left. The prompt and the key bar both say it.
func (k *knockChoice) verb() string {
	if k.deadwood == 0 {
		return "go gin"
	}
	return "knock"
}

// Model is the game screen: a game of Gin Rummy at a table between the
// person, in one seat, and a computer player in the other. It implements
// tea.Model.
type Model struct {
	b     *Bridge
	seat  gin.Seat
	opt   Options
	th    theme
	names [2]string

	seen    Seen                 // what the person's seat knows now
	pending *table.Decision[Obs] // the decision the table waits for, or nil
	acting  int                  // the decision a move is being checked and submitted for, 0 for none
	waiting bool                 // a read of the table is under way
	dealt   bool                 // a deal was seen since the screen opened

	width, height int
	screen        screen
	help          bool
	helpTop       int          // the first line of the help shown, when it scrolls
	helpLong      bool         // the help is longer than the window
	sel           card.Card    // the selected card in the discard phase
	knock         *knockChoice // an open knock, or nil
	hintOn        bool
	hint          *Hint
	log           []string // the hand's moves, in words
	status        string   // one line: what just went wrong, or a note
	statusBad     bool
	noted         bool // the status holds a takeover's note the person has not acted on
	quit          bool
	tookOver      bool // the computer's player failed and another took over
	outside       bool // the computer's player is an outside program
	done          bool // the table stopped
	doneErr       error
	result        table.Result
}

// New returns the game screen of the person's seat at the table b runs.
// The screen shows what the table's engine shows the seat: its events,
// its observation and the score sheet.
func New(b *Bridge, opt Options) Model {
	if opt.Command == "" {
		opt.Command = "felt"
	}
	seat := b.seat
	m := Model{b: b, seat: seat, opt: opt, th: newTheme(opt.Look), width: 80, height: 24, seen: b.first}
	m.names[seat] = "You"
	m.names[seat.Other()] = seatName(b.names[seat.Other()])
	_, m.outside = programName(b.names[seat.Other()])
	o := m.obs()
	switch {
	case m.seen.Game != nil:
		m.screen = gameOverScreen
	case o.HandNumber > 0 && o.Phase == gin.OverPhase:
		m.screen = showdownScreen
	default:
		if o.HandNumber > 0 {
			m.log = []string{m.dealLine()}
			for _, e := range b.earlier {
				// a resumed hand's moves, as they were shown
				if isMove(e) && e.End == nil {
					m.addLog(m.describe(e.Seat, gin.Action{Kind: e.Kind}, e.Card, nil))
				}
			}
			m.sel = m.defaultSelection()
		}
	}
	if opt.Note != "" {
		m.addLog(opt.Note)
		m.setStatus(opt.Note, true)
	}
	m.waiting = m.screen == tableScreen // Init's read
	return m
}

// Init starts reading the table, unless a finished hand is shown first.
func (m Model) Init() tea.Cmd {
	if m.screen != tableScreen {
		return nil
	}
	return m.read()
}

// Quitting reports whether the person asked to quit.
func (m Model) Quitting() bool { return m.quit }

// GameOver reports whether the game has ended.
func (m Model) GameOver() bool { return m.seen.Game != nil }

// Seen returns what the person's seat knows now.
func (m Model) Seen() Seen { return m.seen }

// SaveError returns why the log could not be written, or "".
func (m Model) SaveError() string {
	if err := m.b.SaveError(); err != nil {
		return "the game could not be saved: " + err.Error()
	}
	return ""
}

// Stopped returns the error the table stopped with, if it stopped on one
// (other than the person quitting).
func (m Model) Stopped() error { return m.doneErr }

// read is the command that waits for the table's next message. A move of
// the computer is shown Delay after the read began (its thinking time
// counts towards the pause).
func (m Model) read() tea.Cmd {
	b, delay, other := m.b, m.opt.Delay, m.seat.Other()
	return func() tea.Msg {
		start := time.Now()
		msg := b.Next()
		if e, ok := msg.(EventMsg); ok && e.Event.Seat == other && isMove(e.Event) {
			if rest := delay - time.Since(start); rest > 0 {
				t := time.NewTimer(rest)
				defer t.Stop()
				select {
				case <-t.C:
				case <-b.ctx.Done():
				}
			}
		}
		return msg
	}
}

// isMove reports whether an event is a move (not a deal).
func isMove(e gin.Event) bool { return e.Kind != gin.NoAction || e.End != nil }

// next reads the table's next message, unless a read is under way.
func (m Model) next() (Model, tea.Cmd) {
	if m.waiting || m.done || m.quit {
		return m, nil
	}
	m.waiting = true
	return m, m.read()
}

// takeOver tells of a notice of the table. A takeover of the computer's
// seat names its new player from then on and says who failed and why.
func (m *Model) takeOver(n table.Notice) string {
	if n.Kind != table.Takeover {
		return n.String()
	}
	seat := gin.Seat(n.Seat)
	if seat != m.seat.Other() {
		return n.String()
	}
	m.tookOver = true
	failed := m.names[seat]
	why, _, _ := strings.Cut(n.Reason, "\n")
	m.names[seat] = seatName(n.To)
	_, m.outside = programName(n.To)
	note := fmt.Sprintf("%s took over: %s failed (%s).", m.names[seat], failed, why)
	m.addLog(note)
	return note
}

// actedMsg says what came of a move for the decision numbered seq, which
// a command checked and submitted: nil err, the table has it.
type actedMsg struct {
	seq int
	err error
}

// knockMsg is the engine's answer to a knock the person began for the
// decision numbered seq, discarding c (0: knocking without a discard):
// nil err, the knock may be made.
type knockMsg struct {
	seq int
	c   card.Card
	err error
}

// hintMsg brings a hint for the decision numbered seq.
type hintMsg struct {
	seq  int
	hint Hint
}

// obs is what the person's seat may know now.
func (m Model) obs() gin.Observation { return m.seen.Obs }

// myDecision reports whether the person is to move in a hand being played.
func (m Model) myDecision() bool {
	return m.screen == tableScreen && m.pending != nil
}

// seq is the number of the decision pending, or -1.
func (m Model) seq() int {
	if m.pending == nil {
		return -1
	}
	return m.pending.Seq
}

// Update handles a message: keys, mouse clicks, the window's size, the
// table's events, decisions and notices, and hints.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		if m.help {
			m.helpLong = m.helpScrolls()
			total, shown := m.helpRows()
			m.helpTop = min(m.helpTop, max(total-shown, 0))
		}
		return m, nil
	case tea.MouseWheelMsg:
		if m.help && msg.Button == tea.MouseWheelDown {
			return m.pressHelp("down")
		}
		if m.help && msg.Button == tea.MouseWheelUp {
			return m.pressHelp("up")
		}
		return m, nil
	case tea.KeyPressMsg:
		return m.press(msg.String())
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return m, nil
		}
		if k := m.frame().hit(msg.X, msg.Y); k != "" {
			return m.press(k)
		}
		return m, nil
	case tea.InterruptMsg:
		return m.press("ctrl+c")
	case EventMsg:
		m.waiting = false
		return m.event(msg)
	case DecisionMsg:
		m.waiting = false
		return m.decision(msg.Decision)
	case RefusedMsg:
		m.waiting = false
		m.setStatus(m.explain(msg.Err), true)
		return m.next()
	case NoticeMsg:
		m.waiting = false
		if note := m.takeOver(msg.Notice); note != "" && msg.Notice.Kind != table.Abandon {
			m.setStatus(note, true)
			m.noted = true
		}
		return m.next()
	case DoneMsg:
		m.waiting = false
		m.done, m.result, m.pending, m.acting = true, msg.Result, nil, 0
		if msg.Err != nil && !errors.Is(msg.Err, context.Canceled) {
			m.doneErr = msg.Err
			m.setStatus("The game stopped: "+m.explain(msg.Err), true)
		}
		return m, nil
	case actedMsg:
		if msg.seq != m.acting {
			return m, nil
		}
		m.acting = 0
		if msg.err != nil {
			m.setStatus(m.explain(msg.err), true)
			return m, nil
		}
		m.pending, m.knock = nil, nil
		return m.next()
	case knockMsg:
		if msg.seq != m.seq() || !m.myDecision() {
			return m, nil
		}
		return m.knocked(msg)
	case hintMsg:
		if msg.seq == m.seq() && m.myDecision() {
			h := msg.hint
			m.hint = &h
		}
		return m, nil
	}
	return m, nil
}

// event shows what the seat saw of a move or a deal.
func (m Model) event(msg EventMsg) (tea.Model, tea.Cmd) {
	e := msg.Event
	m.seen = msg.Seen
	m.hintOn, m.hint, m.knock = false, nil, nil
	if !isMove(e) {
		// a deal: the new hand
		m.screen = tableScreen
		m.log = []string{m.dealLine()}
		if !m.dealt && m.opt.Note != "" {
			m.addLog(m.opt.Note)
		} else if !m.noted {
			m.setStatus("", false)
		}
		m.dealt = true
		m.sel = m.defaultSelection()
		return m.next()
	}
	var res *gin.Result
	if e.End != nil {
		r := e.End.Result
		res = &r
	}
	m.addLog(m.describe(e.Seat, gin.Action{Kind: e.Kind}, e.Card, res))
	if e.Seat == m.seat {
		m.setStatus("", false)
		m.noted = false
	}
	if e.End != nil {
		m.screen = showdownScreen
		if !m.noted {
			m.status = "" // a takeover's note stays on the showdown
		}
		return m, nil // the table waits until the person has seen the hand
	}
	m.sel = m.defaultSelection()
	return m.next()
}

// decision takes a decision the table puts to the person.
func (m Model) decision(d table.Decision[Obs]) (tea.Model, tea.Cmd) {
	if d.Obs.Result != nil && d.Obs.Phase != gin.OverPhase {
		// A knock waits for the person's layout (a table whose defender
		// lays out): the engine's choice, submitted by a command.
		return m.submit(d.Seq, gingame.LayOut(d.Obs.Result.Showdown.Defender), false)
	}
	m.pending = &d
	m.seen.Obs = d.Obs
	if !d.Obs.Hand.Has(m.sel) {
		m.sel = m.defaultSelection()
	}
	return m, nil
}

// setStatus shows a note; bad marks it as a refusal.
func (m *Model) setStatus(s string, bad bool) { m.status, m.statusBad = s, bad }

// addLog appends a line to the hand's record of moves.
func (m *Model) addLog(s string) { m.log = append(slices.Clip(m.log), s) }

// press handles one key, or the key a click stands for.
func (m Model) press(k string) (tea.Model, tea.Cmd) {
	switch k {
	case "ctrl+c", "q", "Q":
		m.quit = true
		return m, tea.Quit
	case "?", "f1":
		m.help = !m.help
		m.helpTop = 0
		m.helpLong = m.help && m.helpScrolls()
		m.setStatus("", false)
		return m, nil
	}
	if m.help {
		return m.pressHelp(k)
	}
	switch m.screen {
	case showdownScreen:
		switch k {
		case "enter", "space", "n":
			return m.nextHand()
		}
		if m.GameOver() {
			m.setStatus("Press enter to see the final score.", false)
		} else {
			m.setStatus("Press enter for the next hand.", false)
		}
		return m, nil
	case gameOverScreen:
		if k == "enter" || k == "esc" {
			m.quit = true
			return m, tea.Quit
		}
		m.setStatus("The game is over: press q or enter to leave.", false)
		return m, nil
	}
	if m.knock != nil {
		return m.pressKnock(k)
	}
	return m.pressTable(k)
}

// pressHelp handles a key while the help is shown: the arrows, page keys
// and home/end scroll it when it is longer than the window.
func (m Model) pressHelp(k string) (tea.Model, tea.Cmd) {
	total, shown := m.helpRows()
	last := max(total-shown, 0)
	switch k {
	case "esc", "enter", "space":
		m.help = false
		return m, nil
	case "down", "j":
		m.helpTop++
	case "up":
		m.helpTop--
	case "pgdown", "pgdn":
		m.helpTop += max(shown-1, 1)
	case "pgup":
		m.helpTop -= max(shown-1, 1)
	case "home":
		m.helpTop = 0
	case "end":
		m.helpTop = last
	default:
		m.setStatus("Press ? or esc to close the help.", false)
		return m, nil
	}
	m.helpTop = min(max(m.helpTop, 0), last)
	m.setStatus("", false)
	return m, nil
}

// letters are the keys that pick cards, in the hand's display order. They
// leave out g, h and k, which are big gin, hint and knock.
const letters = "abcdefijlmn"

// cardKey returns the display index a key or click picks, or -1.
func cardKey(k string) int {
	if len(k) == 1 {
		for i := 0; i < len(letters); i++ {
			if letters[i] == k[0] {
				return i
			}
		}
	}
	if n, ok := strings.CutPrefix(k, "card:"); ok {
		if i, err := strconv.Atoi(n); err == nil {
			return i
		}
	}
	return -1
}

// isLetter reports whether k is a key (not a click).
func isLetter(k string) bool { return len(k) == 1 }

// pressTable handles a key while a hand is being played.
func (m Model) pressTable(k string) (tea.Model, tea.Cmd) {
	o := m.obs()
	discarding := m.myDecision() && o.Phase == gin.DiscardPhase
	order := displayOrder(o.Hand)
	if i := cardKey(k); i >= 0 {
		if i >= len(order) {
			m.setStatus(fmt.Sprintf("There is no card %q: your hand has %d cards.", k, len(order)), true)
			return m, nil
		}
		c := order[i]
		if !discarding {
			// Not the moment to discard: the engine says why.
			return m.act(gin.DiscardAction(c))
		}
		if m.sel == c && !isLetter(k) {
			return m.act(gin.DiscardAction(c)) // a second click on a card
		}
		// A letter only picks the card: enter discards it, k knocks with
		// it, so a slip of the finger throws nothing away.
		m.sel = c
		m.setStatus("", false)
		return m, nil
	}
	switch k {
	case "esc":
		m.hintOn = false
		m.setStatus("", false)
		return m, nil
	case "h":
		if m.hintOn {
			m.hintOn = false
			return m, nil
		}
		if !m.myDecision() {
			m.setStatus("Hints are for your turn: "+m.names[m.seat.Other()]+" is to move.", true)
			return m, nil
		}
		m.hintOn = true
		if m.hint != nil {
			return m, nil
		}
		obs, hs, seq := o, m.hintSeed(), m.seq()
		return m, func() tea.Msg { return hintMsg{seq: seq, hint: ComputeHint(obs, hs)} }
	case "t":
		return m.act(gin.TakeDiscardAction())
	case "p":
		return m.act(gin.PassAction())
	case "s":
		return m.act(gin.DrawStockAction())
	case "g":
		return m.act(gin.BigGinAction())
	case "left", "right", "home", "end", "up", "down", "shift+tab", "tab":
		if !discarding {
			if m.myDecision() {
				m.setStatus("Draw a card first: then pick the card to discard.", true)
			} else {
				m.setStatus("Wait for your turn: "+m.names[m.seat.Other()]+" is to move.", true)
			}
			return m, nil
		}
		i := slices.Index(order, m.sel)
		switch k {
		case "left", "up", "shift+tab":
			i = (i - 1 + len(order)) % len(order)
		case "right", "down", "tab":
			i = (i + 1) % len(order)
		case "home":
			i = 0
		case "end":
			i = len(order) - 1
		}
		m.sel = order[i]
		m.setStatus("", false)
		return m, nil
	case "enter", "space":
		if discarding {
			return m.act(gin.DiscardAction(m.sel))
		}
		if m.myDecision() {
			m.setStatus(m.turnPrompt(&o), true)
		} else {
			m.setStatus("Wait for your turn: "+m.names[m.seat.Other()]+" is to move.", true)
		}
		return m, nil
	case "k":
		c := m.sel
		if !discarding {
			c = 0
		}
		if !m.myDecision() {
			m.setStatus(m.notYourTurn(), true)
			return m, nil
		}
		if m.acting != 0 {
			return m, nil // a move is on its way
		}
		// A dry run, by a command: the engine says whether this knock is
		// allowed, and why not.
		b, seq := m.b, m.seq()
		return m, func() tea.Msg { return knockMsg{seq: seq, c: c, err: b.Check(seq, gin.KnockAction(c))} }
	}
	m.setStatus(fmt.Sprintf("%q does nothing here: the keys you can use are at the bottom.", k), true)
	return m, nil
}

// knocked opens the knock the engine allowed (the person then chooses the
// melds to lay out), or says why it may not be made.
func (m Model) knocked(msg knockMsg) (tea.Model, tea.Cmd) {
	o := m.obs()
	c := msg.c
	discarding := o.Phase == gin.DiscardPhase
	if msg.err != nil {
		why := m.explain(msg.err)
		if discarding && !strings.HasPrefix(why, "you can't") {
			why = fmt.Sprintf("you can't knock discarding %s: %s", m.th.name(c), why)
		}
		m.setStatus(why, true)
		return m, nil
	}
	kept := o.Hand.Remove(c)
	arrs, err := gin.AllMelds(kept)
	if err != nil || len(arrs) == 0 {
		m.setStatus(m.explain(err), true)
		return m, nil
	}
	dw := gin.Deadwood(kept)
	if dw == 0 {
		arrs = arrs[:1] // gin: nothing is laid off, any arrangement will do
	}
	m.knock = &knockChoice{card: c, deadwood: dw, arrs: arrs}
	m.hintOn = false
	m.setStatus("", false)
	return m, nil
}

// pressKnock handles a key while the person chooses the melds to lay out.
func (m Model) pressKnock(k string) (tea.Model, tea.Cmd) {
	kc := *m.knock
	switch k {
	case "esc", "backspace":
		m.knock = nil
		m.setStatus("Knock cancelled.", false)
		return m, nil
	case "up", "left", "shift+tab":
		kc.idx = (kc.idx - 1 + len(kc.arrs)) % len(kc.arrs)
	case "down", "right", "tab":
		kc.idx = (kc.idx + 1) % len(kc.arrs)
	case "enter", "space", "k":
		a := gin.Action{Kind: gin.Knock, Card: kc.card}
		if kc.deadwood > 0 {
			a.Show = kc.arrs[kc.idx]
		}
		m.knock = nil
		return m.act(a)
	default:
		if len(k) == 1 && k[0] >= '1' && k[0] <= '9' {
			if i := int(k[0] - '1'); i < len(kc.arrs) {
				kc.idx = i
				break
			}
		}
		m.setStatus("Choose the melds to lay out, then press enter to "+kc.verb()+" (esc cancels).", true)
		return m, nil
	}
	m.knock = &kc
	m.setStatus("", false)
	return m, nil
}

// act submits the person's action to the table. The engine checks it
// first: a refused action shows the engine's reason and changes nothing.
func (m Model) act(a gin.Action) (tea.Model, tea.Cmd) {
	if !m.myDecision() {
		m.setStatus(m.notYourTurn(), true)
		return m, nil
	}
	return m.submit(m.seq(), a, true)
}

// submit returns the command that checks a (if check) and submits it for
// the decision numbered seq, in its own goroutine: the check waits for
// the table, which Update must not. Its answer is an actedMsg; until it
// comes, other moves wait.
func (m Model) submit(seq int, a gin.Action, check bool) (tea.Model, tea.Cmd) {
	if m.acting != 0 {
		return m, nil // a move is on its way
	}
	m.acting = seq
	b := m.b
	return m, func() tea.Msg {
		if check {
			if err := b.Check(seq, a); err != nil {
				return actedMsg{seq: seq, err: err}
			}
		}
		return actedMsg{seq: seq, err: b.Submit(seq, a)}
	}
}

// notYourTurn says why the person cannot move now.
func (m Model) notYourTurn() string {
	switch {
	case m.done && m.doneErr != nil:
		return "The game stopped: " + m.explain(m.doneErr)
	case m.obs().Turn == m.seat:
		return "Wait a moment: the table is not ready for your move yet."
	}
	return "Wait for your turn: " + m.names[m.seat.Other()] + " is to move."
}

// defaultSelection is the card selected when the person has to discard:
// the card drawn from the stock, else the highest card that is not the
// one just taken.
func (m Model) defaultSelection() card.Card {
	o := m.obs()
	if o.Phase != gin.DiscardPhase || o.Turn != m.seat {
		return 0
	}
	if o.Drawn.IsValid() && o.Drawn != o.JustTaken {
		return o.Drawn
	}
	order := displayOrder(o.Hand)
	for i := len(order) - 1; i >= 0; i-- {
		if order[i] != o.JustTaken {
			return order[i]
		}
	}
	return 0
}

// nextHand leaves the showdown: to the final score, or to the next deal,
// which the table has made and shows now.
func (m Model) nextHand() (tea.Model, tea.Cmd) {
	if m.GameOver() {
		m.screen = gameOverScreen
		m.setStatus("", false)
		return m.next() // the table's end
	}
	if m.done {
		m.setStatus(m.notYourTurn(), true)
		return m, nil
	}
	if !m.noted {
		m.setStatus("", false)
	}
	return m.next()
}

// dealLine says who dealt the hand and what the upcard is.
func (m Model) dealLine() string {
	o := m.obs()
	s := fmt.Sprintf("Hand %d: %s dealt; the upcard is %s.", o.HandNumber, m.subject(o.Dealer), m.th.ink(o.Upcard))
	if o.Rules.Oklahoma {
		s += fmt.Sprintf(" Knock limit %d", o.KnockLimit)
		if o.Doubled {
			s += ", points doubled"
		}
		s += "."
	}
	return s
}

// The streams derived from a game's seed: the computer player's and the
// hint's.
const (
	computerStream = 0x636F6D7075746572 // "computer"
	hintStream     = 0x68696E74         // "hint"
)

// hintSeed seeds the hint's hard player: the same position of the same
// game always gets the same hint.
func (m Model) hintSeed() uint64 {
	return seed.Mix(m.opt.Seed, hintStream, uint64(max(m.seq(), 0)))
}

// ComputerSeed is the seed of the computer player of a game seeded with
// gameSeed, when it starts playing after actions actions (0 for a new game, the
// number of actions replayed for a resumed one). It makes a resumed game's
// computer as deterministic as a new one's.
func ComputerSeed(gameSeed uint64, actions int) uint64 {
	return seed.Mix(gameSeed, computerStream, uint64(actions))
}

// displayOrder is the hand as shown: the canonical optimal melds, lowest
// first, then the deadwood by rank.
func displayOrder(hand card.Set) []card.Card {
	groups := handGroups(hand)
	var out []card.Card
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// handGroups splits the hand into its canonical melds, each in order, and
// the deadwood by rank (the last group, if any).
func handGroups(hand card.Set) [][]card.Card {
	a, err := gin.Melds(hand)
	if err != nil {
		cs := hand.Cards()
		gin.SortByRank(cs)
		return [][]card.Card{cs}
	}
	return groupsOf(a, hand)
}

// groupsOf lays hand out by an arrangement: its melds, then the cards in
// none by rank.
func groupsOf(a gin.Arrangement, hand card.Set) [][]card.Card {
	var out [][]card.Card
	for _, md := range a.Melds() {
		cs := md.Cards()
		gin.SortByRank(cs)
		out = append(out, cs)
	}
	if dead, _ := a.Deadwood(hand); dead != 0 {
		cs := dead.Cards()
		gin.SortByRank(cs)
		out = append(out, cs)
	}
	return out
}
