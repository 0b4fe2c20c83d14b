package tui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"felt/agent"
	"felt/card"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/seed"
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

// Model is the game screen: a game of Gin Rummy between the person, in one
// seat, and a computer player in the other. It implements tea.Model.
type Model struct {
	rec   *gin.Recorder
	seat  gin.Seat
	bot   ginbot.Player
	opt   Options
	th    theme
	names [2]string

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
	saveErr       string // set once writing the log failed
	pending       int    // rec.Seq()+1 while a computer move is on its way
	quit          bool
	tookOver      bool // the computer's player failed and another took over
	outside       bool // the computer's player is an outside program
}

// New returns the game screen for rec's game, with the person in seat and
// bot playing the other seat. Every move is applied through rec, so it is
// logged as it is played.
func New(rec *gin.Recorder, seat gin.Seat, bot ginbot.Player, opt Options) Model {
	seat &= 1
	if opt.Command == "" {
		opt.Command = "felt"
	}
	m := Model{rec: rec, seat: seat, bot: bot, opt: opt, th: newTheme(opt.Look), width: 80, height: 24}
	m.names[seat] = "You"
	m.names[seat.Other()] = seatName(bot.Name())
	_, m.outside = programName(bot.Name())
	g := rec.Game()
	switch {
	case g.Over():
		m.screen = gameOverScreen
	case g.Hand().Over():
		m.screen = showdownScreen
	default:
		m.log = []string{m.dealLine()}
		m.sel = m.defaultSelection()
		if g.Hand().Turn() != seat {
			m.pending = rec.Seq() + 1
		}
	}
	if opt.Note != "" {
		m.addLog(opt.Note)
		m.setStatus(opt.Note, true)
	}
	return m
}

// Init starts the computer's move when it is to move first.
func (m Model) Init() tea.Cmd {
	if m.pending == 0 {
		return nil
	}
	return m.think()
}

// Quitting reports whether the person asked to quit.
func (m Model) Quitting() bool { return m.quit }

// GameOver reports whether the game has ended.
func (m Model) GameOver() bool { return m.rec.Game().Over() }

// SaveError returns why the log could not be written, or "".
func (m Model) SaveError() string { return m.saveErr }

// computerMsg brings the computer's chosen action for the position after
// seq actions, and the computer player's failure if it has failed.
type computerMsg struct {
	seq    int
	action gin.Action
	failed error
}

// failedMsg brings the computer player's failure, found when it was told a
// hand or the game had ended.
type failedMsg struct{ err error }

// failure returns the error that made the computer player hand its seat
// to its stand-in (an outside program that failed, through agent.Seated),
// or nil.
func failure(bot ginbot.Player) error {
	if s, ok := bot.(*agent.Seated); ok {
		return s.Problem()
	}
	return nil
}

// standIn names the player that takes the computer's seat if it fails.
func standIn(bot ginbot.Player) string {
	if s, ok := bot.(*agent.Seated); ok && s.Fallback != nil {
		return s.Fallback.Name()
	}
	return "normal"
}

// takeOver handles the computer player's failure, once: from now on its
// stand-in is named in its place, the hand's moves and the log say who
// took over and why. It returns the note to show, or "".
func (m *Model) takeOver(err error) string {
	if err == nil || m.tookOver {
		return ""
	}
	m.tookOver = true
	seat := m.seat.Other()
	failed, by := m.names[seat], standIn(m.bot)
	why := err.Error()
	if i := strings.IndexByte(why, '\n'); i >= 0 {
		why = why[:i]
	}
	m.names[seat], m.outside = seatName(by), false
	note := fmt.Sprintf("%s took over: %s failed (%s).", m.names[seat], failed, why)
	m.addLog(note)
	if !m.rec.Game().Over() {
		m.noteSaveError(m.rec.Takeover(seat, by, err.Error()))
	}
	return note
}

// hintMsg brings a hint for the position after seq actions.
type hintMsg struct {
	seq  int
	hint Hint
}

// obs is what the person's seat may know now.
func (m Model) obs() gin.Observation { return m.rec.Game().Observe(m.seat) }

// myDecision reports whether the person is to move in a hand being played.
func (m Model) myDecision() bool {
	g := m.rec.Game()
	return m.screen == tableScreen && !g.Hand().Over() && g.Hand().Turn() == m.seat
}

// think is the command that asks the computer for its move. The observation
// is a copy, so the command shares nothing with Update but the player,
// which only one command at a time uses.
func (m Model) think() tea.Cmd {
	obs := m.rec.Game().Observe(m.seat.Other())
	bot, delay, seq, told := m.bot, m.opt.Delay, m.rec.Seq(), m.tookOver
	return func() tea.Msg {
		start := time.Now()
		a := bot.Act(&obs)
		if err := failure(bot); err != nil && !told {
			// said at once, without the pause
			return computerMsg{seq: seq, action: a, failed: err}
		}
		if rest := delay - time.Since(start); rest > 0 {
			time.Sleep(rest)
		}
		return computerMsg{seq: seq, action: a}
	}
}

// schedule asks for the computer's move when it is to move and has not
// been asked yet.
func (m Model) schedule() (Model, tea.Cmd) {
	g := m.rec.Game()
	if m.quit || g.Over() || g.Hand().Over() || g.Hand().Turn() == m.seat || m.pending == m.rec.Seq()+1 {
		return m, nil
	}
	m.pending = m.rec.Seq() + 1
	return m, m.think()
}

// Update handles a message: keys, mouse clicks, the window's size, the
// computer's moves and hints.
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
	case computerMsg:
		return m.computerMoved(msg)
	case failedMsg:
		if note := m.takeOver(msg.err); note != "" {
			m.setStatus(note, true)
		}
		return m, nil
	case hintMsg:
		if msg.seq == m.rec.Seq() && m.myDecision() {
			h := msg.hint
			m.hint = &h
		}
		return m, nil
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
		if m.rec.Game().Over() {
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
		obs, hs, seq := o, m.hintSeed(), m.rec.Seq()
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
		// A dry run on a copy of the hand: the engine says whether this
		// knock is allowed, and why not.
		h := *m.rec.Game().Hand()
		if err := h.Apply(m.seat, gin.KnockAction(c)); err != nil {
			msg := m.explain(err)
			if discarding && !strings.HasPrefix(msg, "you can't") {
				msg = fmt.Sprintf("you can't knock discarding %s: %s", m.th.name(c), msg)
			}
			m.setStatus(msg, true)
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
	m.setStatus(fmt.Sprintf("%q does nothing here: the keys you can use are at the bottom.", k), true)
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

// act applies the person's action. A refused action shows the engine's
// reason and changes nothing.
func (m Model) act(a gin.Action) (tea.Model, tea.Cmd) {
	g := m.rec.Game()
	h := g.Hand()
	seq := m.rec.Seq()
	shown := m.shownCard(a)
	err := m.rec.Apply(m.seat, a)
	if m.rec.Seq() == seq {
		m.setStatus(m.explain(err), true)
		return m, nil
	}
	m.noteSaveError(err)
	if a.Kind == gin.DrawStock {
		shown = h.Drawn() // the person's own card: theirs to see
	}
	m.afterMove(m.seat, a, shown)
	return m.schedule()
}

// shownCard is the card an action about to be applied shows to both
// players: the upcard passed, the discard taken, the card discarded.
func (m Model) shownCard(a gin.Action) card.Card {
	o := m.obs()
	switch a.Kind {
	case gin.Pass, gin.TakeDiscard:
		return o.Pile.Top()
	case gin.Discard:
		return a.Card
	}
	return 0
}

// noteSaveError keeps the first error writing the log.
func (m *Model) noteSaveError(err error) {
	if err != nil && m.saveErr == "" {
		m.saveErr = "the game could not be saved: " + err.Error()
	}
}

// afterMove records a move just made and moves on: to the showdown when
// the hand ended, to a fresh selection when the person is to discard.
func (m *Model) afterMove(seat gin.Seat, a gin.Action, shown card.Card) {
	g := m.rec.Game()
	h := g.Hand()
	var res *gin.Result
	if h.Over() {
		r := h.Result()
		res = &r
	}
	m.addLog(m.describe(seat, a, shown, res))
	m.hintOn, m.hint, m.knock = false, nil, nil
	if seat == m.seat {
		m.setStatus("", false)
	}
	if h.Over() {
		m.screen = showdownScreen
		m.status = ""
		return
	}
	m.sel = m.defaultSelection()
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

// computerMoved applies the computer's move, if it is still wanted.
func (m Model) computerMoved(msg computerMsg) (tea.Model, tea.Cmd) {
	// a failure is told even with a stale move, before the move it made
	note := m.takeOver(msg.failed)
	if note != "" {
		m.setStatus(note, true)
	}
	if msg.seq != m.rec.Seq() || m.pending != msg.seq+1 {
		return m, nil // stale: the position has moved on
	}
	m.pending = 0
	g := m.rec.Game()
	h := g.Hand()
	seat := m.seat.Other()
	if m.quit || g.Over() || h.Over() || h.Turn() != seat {
		return m, nil
	}
	a := msg.action
	shown := m.shownCard(a)
	err := m.rec.Apply(seat, a)
	if m.rec.Seq() == msg.seq {
		// The player broke a rule: play its first legal action instead
		// and say so.
		why := m.explain(err)
		obs := g.Observe(seat)
		legal := obs.LegalActions(nil)
		if len(legal) == 0 {
			m.setStatus(m.names[seat]+" has no legal move: "+why, true)
			return m, nil
		}
		a = legal[0]
		shown = m.shownCard(a)
		err = m.rec.Apply(seat, a)
		m.setStatus(fmt.Sprintf("%s's move was refused (%s); it plays %s instead.", m.names[seat], why, a.Kind), true)
	}
	m.noteSaveError(err)
	m.afterMove(seat, a, shown)
	if note != "" {
		m.setStatus(note, true) // kept on the showdown too
	}
	return m.schedule()
}

// listener is a computer player that wants to hear how hands and the game
// end (an outside program, through agent.Seated).
type listener interface {
	HandEnded(*gin.Observation)
	GameEnded(gin.GameResult)
}

// tellEnd is the command that tells a listening computer player the hand
// (and maybe the game) is over.
func (m Model) tellEnd() tea.Cmd {
	l, ok := m.bot.(listener)
	if !ok {
		return nil
	}
	g := m.rec.Game()
	obs := g.Observe(m.seat.Other())
	over, res := g.Over(), g.Result()
	bot := m.bot
	return func() tea.Msg {
		l.HandEnded(&obs)
		if over {
			l.GameEnded(res)
		}
		if err := failure(bot); err != nil {
			return failedMsg{err}
		}
		return nil
	}
}

// nextHand leaves the showdown: to the next deal, or to the final score.
func (m Model) nextHand() (tea.Model, tea.Cmd) {
	g := m.rec.Game()
	tell := m.tellEnd()
	if g.Over() {
		m.screen = gameOverScreen
		m.setStatus("", false)
		return m, tell
	}
	n := g.HandNumber()
	err := m.rec.NextHand()
	if g.HandNumber() == n {
		m.setStatus(m.explain(err), true)
		return m, nil
	}
	m.noteSaveError(err)
	m.screen = tableScreen
	m.log = []string{m.dealLine()}
	m.setStatus("", false)
	m.sel = m.defaultSelection()
	next, think := m.schedule()
	if tell == nil {
		return next, think
	}
	if think == nil {
		return next, tell
	}
	return next, tea.Sequence(tell, think)
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
	return seed.Mix(m.opt.Seed, hintStream, uint64(m.rec.Seq()))
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
