package gin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync/atomic"

	"felt/card"
	"felt/games"
	"felt/gin"
	"felt/gin/ginbot"
	"felt/internal/strictjson"
	"felt/table"
)

// Spec is Gin Rummy at a table: format 1 of its moves and deals in the
// table log. Its options are gin.Rules as JSON, over the standard rules.
var Spec = table.Spec[gin.Action, gin.Observation, gin.Event]{Kind: "gin", Format: 1, New: New}

// Engine is Gin Rummy as a table.Engine: its game and seed, and Game,
// Over and the deals' streams, are games.Dealt's.
type Engine struct {
	games.Dealt[*gin.Game]
	// layOut is the table option defender_lays_out: after a knock the
	// defender lays out its own melds (a lay_out move); its other cards
	// are laid off as well as they may be.
	layOut bool
	// oldDeals is the table option deals_before_table_logs: the deals
	// are drawn as a game saved before table logs drew them.
	oldDeals bool
	pending  *ginKnock // a knock awaiting the defender's layout
	// drawn is the deal Advance drew last, drawnRec a copy of its record:
	// a Redeal of those very bytes deals it without reading them again
	// (they read as drawn: TestGinDealLine_AsJSON). haveDrawn says they
	// are set, until that Redeal.
	drawn     ginDeal
	drawnRec  []byte
	haveDrawn bool
	// unseen are the views of a move nobody is shown (the table passes
	// nil views): the game fills them and they are dropped.
	unseen table.Views[gin.Event]
}

// views returns v, or with v nil (nobody is shown the views) the
// engine's own, zeroed, for the game to fill.
func (e *Engine) views(v *table.Views[gin.Event]) *table.Views[gin.Event] {
	if v == nil {
		e.unseen = table.Views[gin.Event]{}
		return &e.unseen
	}
	return v
}

// ginKnock is a knock awaiting the defender's layout.
type ginKnock struct {
	knocker gin.Seat
	knock   gin.Action
	sd      gin.Showdown // with the engine's choice for the defender
	laid    []gin.Layoff // the defender's lay-offs so far, one lay_off move each
}

// LayOutOption is the key of Gin Rummy's table option (beside the
// rules) that lets the defender lay out its own melds after a knock.
const LayOutOption = "defender_lays_out"

// LayOut is the defender's move that ends the hand at a table whose
// defender lays out: its own melds (at most three). Its lay-offs are those
// of its GinLayOff moves before it, or, when it made none, its other cards
// laid off on the knocker's melds as well as they may be (gin.Layoffs),
// none on a gin.
func LayOut(melds gin.Arrangement) gin.Action {
	return gin.Action{Kind: gin.NoAction, Show: melds}
}

// LayOff is the defender's move, at a table whose defender lays out,
// that lays one card off onto one of the knocker's melds as the knocker
// showed it (before any lay-off), before its GinLayOut. The card must be
// the defender's and not laid off yet, and the meld with the cards laid
// on it so far and this one must still be a meld.
func LayOff(c card.Card, onto gin.Meld) gin.Action {
	a := gin.Action{Kind: gin.LayOff, Card: c}
	a.Show, _ = gin.NewArrangement(onto)
	return a
}

// isLayOff reports whether a is a lay_off move (GinLayOff).
func isLayOff(a gin.Action) bool { return a.Kind == gin.LayOff }

// layoff reads a lay_off move.
func layoff(a gin.Action) (gin.Layoff, error) {
	if a.Show.Len() != 1 {
		return gin.Layoff{}, fmt.Errorf("gin: lay-off %s onto %d melds: %w", a.Card, a.Show.Len(), gin.ErrBadLayout)
	}
	return gin.Layoff{Card: a.Card, Onto: a.Show.Meld(0)}, nil
}

// layout is the defender's layout of a lay_out move.
func (p *ginKnock) layout(melds gin.Arrangement) gin.Layout {
	l := gin.Layout{Melds: melds}
	switch {
	case len(p.laid) > 0:
		l.Layoffs = slices.Clone(p.laid)
	case p.sd.Result != gin.GinResult && p.sd.Result != gin.BigGinResult:
		l.Layoffs = gin.Layoffs(p.sd.Knocker, p.sd.DefenderCards&^melds.Melded())
	}
	return l
}

// checkLayOff checks a lay_off move against the lay-offs made so far.
func (p *ginKnock) checkLayOff(r gin.Rules, a gin.Action) (gin.Layoff, error) {
	x, err := layoff(a)
	if err != nil {
		return x, err
	}
	_, err = gin.SettleLayout(r, p.sd, gin.Layout{Layoffs: append(slices.Clone(p.laid), x)})
	return x, err
}

// choice is the showdown the engine would settle now for the defender:
// the lay-offs made, and the best melds of the cards not laid off (the
// engine's choice when none was made).
func (p *ginKnock) choice(r gin.Rules) gin.Showdown {
	if len(p.laid) == 0 {
		return p.sd
	}
	var off card.Set
	for _, x := range p.laid {
		off = off.Add(x.Card)
	}
	own, _ := gin.Melds(p.sd.DefenderCards &^ off)
	sd, err := gin.SettleLayout(r, p.sd, gin.Layout{Melds: own, Layoffs: slices.Clone(p.laid)})
	if err != nil {
		return p.sd // cannot happen: each lay-off was checked
	}
	return sd
}

// New returns a Gin Rummy engine for a table with this seed and rules
// (gin.Rules as JSON over the standard rules; empty for the standard).
func New(seed uint64, options json.RawMessage) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
	r, o, err := ginOptions(options)
	if err != nil {
		return nil, err
	}
	g, err := gin.NewGameUndealt(r)
	if err != nil {
		return nil, err
	}
	return &Engine{Dealt: games.NewDealt(g, seed), layOut: o.layOut, oldDeals: o.oldDeals}, nil
}

// SpecWith returns Gin Rummy's table spec with each engine it makes
// passed through wrap: for a reader that watches the engine while a log
// is walked (the terminal's replay and resume, the old format's converter).
func SpecWith(wrap func(*Engine) (table.Engine[gin.Action, gin.Observation, gin.Event], error)) table.Spec[gin.Action, gin.Observation, gin.Event] {
	spec := Spec
	spec.New = func(seed uint64, opts json.RawMessage) (table.Engine[gin.Action, gin.Observation, gin.Event], error) {
		e, err := New(seed, opts)
		if err != nil {
			return nil, err
		}
		return wrap(e.(*Engine))
	}
	return spec
}

// OldDealsOption is the key of Gin Rummy's table option (beside the
// rules) that draws the deals from the seed as a game saved before table
// logs drew them (gin.NewGame seeded by gin.NewRand(seed), each hand from
// the same stream): such a game, written as a table log (felt replay
// convert, internal/ginv1), goes on as one whose deals still all come from
// its seed, which replay checks.
const OldDealsOption = "deals_before_table_logs"

// ginTableOptions are Gin Rummy's table options beside the rules.
type ginTableOptions struct {
	layOut, oldDeals bool
}

// ginParsed is a table's options as read: the bytes and what they say.
type ginParsed struct {
	options string
	rules   gin.Rules
	ginTableOptions
}

// lastGinOptions are the options read last. A match starts every game's
// table with the same options; reading them is most of a new table's
// cost, so the last ones are kept (options that fail are read anew).
var lastGinOptions atomic.Pointer[ginParsed]

// ginOptions reads a table's options: the rules, whether the defender
// lays out, and how the deals are drawn.
func ginOptions(options json.RawMessage) (gin.Rules, ginTableOptions, error) {
	if p := lastGinOptions.Load(); p != nil && p.options == string(options) {
		return p.rules, p.ginTableOptions, nil
	}
	r, o, err := parseGinOptions(options)
	if err == nil {
		lastGinOptions.Store(&ginParsed{options: string(options), rules: r, ginTableOptions: o})
	}
	return r, o, err
}

func parseGinOptions(options json.RawMessage) (gin.Rules, ginTableOptions, error) {
	r := gin.Standard()
	var o ginTableOptions
	if len(options) > 0 {
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(options, &fields); err != nil {
			return r, o, fmt.Errorf("gin: options: %w", err)
		}
		changed := false
		for key, v := range map[string]*bool{LayOutOption: &o.layOut, OldDealsOption: &o.oldDeals} {
			raw, ok := fields[key]
			if !ok {
				continue
			}
			if err := json.Unmarshal(raw, v); err != nil {
				return r, o, fmt.Errorf("gin: options: %s: %w", key, err)
			}
			delete(fields, key)
			changed = true
		}
		if changed {
			var err error
			if options, err = json.Marshal(fields); err != nil {
				return r, o, err
			}
		}
	}
	if len(options) > 0 {
		var err error
		if r, err = gin.ParseRules(r, options); err != nil {
			return r, o, err
		}
	}
	return r, o, nil
}

// Seats is 2.
func (e *Engine) Seats() int { return 2 }

// Teams: each seat plays for itself.
func (e *Engine) Teams() table.Teams { return soloTeams }

// soloTeams are Gin Rummy's teams, made once.
var soloTeams = table.SoloTeams(2)

// ToAct is the seat to move, or none between hands.
func (e *Engine) ToAct() table.Seats {
	if e.pending != nil {
		return table.SeatsOf(table.Seat(e.pending.knocker.Other()))
	}
	if e.Over() || e.Game().NeedsDeal() {
		return 0
	}
	return table.SeatsOf(table.Seat(e.Game().Hand().Turn()))
}

// Optional is false: the seat to move must move.
func (e *Engine) Optional() bool { return false }

// Check tries the move on a copy.
func (e *Engine) Check(s table.Seat, a gin.Action) error {
	if s >= 2 {
		return fmt.Errorf("gin: seat %d: %w", s, gin.ErrInvalidSeat)
	}
	if e.pending != nil {
		if gin.Seat(s) != e.pending.knocker.Other() {
			return fmt.Errorf("gin: seat %d: %w (the defender lays out)", s, gin.ErrNotYourTurn)
		}
		if a.Kind != gin.NoAction && !isLayOff(a) {
			return fmt.Errorf("gin: %s: %w (the defender lays out its melds after the knock)", a.Kind, gin.ErrWrongPhase)
		}
		if a.Kind == gin.NoAction && a.Card != 0 {
			return fmt.Errorf("gin: lay_out takes no card, got %s: %w", a.Card, gin.ErrMalformedAction)
		}
		if isLayOff(a) {
			_, err := e.pending.checkLayOff(e.Game().Rules(), a)
			return err
		}
		_, err := gin.SettleLayout(e.Game().Rules(), e.pending.sd, e.pending.layout(a.Show))
		return err
	}
	if a.Kind == gin.NoAction || isLayOff(a) {
		kind := "lay_out"
		if isLayOff(a) {
			kind = "lay_off"
		}
		return fmt.Errorf("gin: %s: %w (no knock awaits the defender's layout)", kind, gin.ErrWrongPhase)
	}
	return e.Game().Check(gin.Seat(s), a)
}

// Apply makes the move and fills what each seat sees of it.
func (e *Engine) Apply(s table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	if s >= 2 {
		return fmt.Errorf("gin: seat %d: %w", s, gin.ErrInvalidSeat)
	}
	v = e.views(v)
	seen, sp := (*[2]gin.Event)(v.Seat[:2]), &v.Spectator
	if e.pending != nil {
		if err := e.Check(s, a); err != nil {
			return err
		}
		p := e.pending
		if isLayOff(a) {
			x, err := p.checkLayOff(e.Game().Rules(), a)
			if err != nil {
				return err
			}
			p.laid = append(p.laid, x)
			// A lay-off is seen by all: the card, and the meld it went onto.
			ev := gin.Event{Hand: e.Game().HandNumber(), Seat: gin.Seat(s), Kind: gin.LayOff, Card: x.Card, Melds: a.Show}
			seen[0], seen[1], *sp = ev, ev, ev
			return nil
		}
		if err := e.Game().ApplyLaidOut(p.knocker, p.knock, p.layout(a.Show), seen, sp); err != nil {
			return err
		}
		e.pending = nil
		// The hand's end is the defender's move, seen by all.
		for i := range seen {
			seen[i].Seat, seen[i].Kind, seen[i].Card = gin.Seat(s), gin.NoAction, 0
		}
		sp.Seat, sp.Kind, sp.Card = gin.Seat(s), gin.NoAction, 0
		return nil
	}
	if e.layOut && (a.Kind == gin.Knock || a.Kind == gin.BigGin) {
		sd, err := e.Game().Showdown(gin.Seat(s), a)
		if err != nil {
			return err
		}
		e.pending = &ginKnock{knocker: gin.Seat(s), knock: a, sd: sd}
		ev := gin.Event{Hand: e.Game().HandNumber(), Seat: gin.Seat(s), Kind: a.Kind, Card: a.Card, Melds: sd.Knocker}
		seen[0], seen[1], *sp = ev, ev, ev
		return nil
	}
	if a.Kind == gin.NoAction || isLayOff(a) {
		return e.Check(s, a)
	}
	return e.Game().ApplyShown(gin.Seat(s), a, seen, sp)
}

// TryApply checks a move and makes it in one step (table.Trier: a table
// without a log). A move of the hand is made by gin.Game, which refuses
// exactly the moves its Check refuses, with the same error, and changes
// nothing when it refuses; so the trial on a copy that Check makes is
// spared. Other moves (a knock where the defender lays out, the
// defender's lay-offs and layout) are checked, then applied.
func (e *Engine) TryApply(s table.Seat, a gin.Action, v *table.Views[gin.Event]) error {
	if s < 2 && e.pending == nil && a.Kind != gin.NoAction && !isLayOff(a) &&
		!(e.layOut && (a.Kind == gin.Knock || a.Kind == gin.BigGin)) {
		v = e.views(v)
		return e.Game().ApplyShown(gin.Seat(s), a, (*[2]gin.Event)(v.Seat[:2]), &v.Spectator)
	}
	if err := e.Check(s, a); err != nil {
		return err
	}
	return e.Apply(s, a, v)
}

// ginDeal is a deal line's record: the hand's number, dealer and deck.
type ginDeal struct {
	Hand   int         `json:"hand"`
	Dealer gin.Seat    `json:"dealer"`
	Deck   []card.Card `json:"deck"`
}

// Advance returns the next hand's deal, from the seed's stream for that
// hand, for the table to log and then make with Redeal.
func (e *Engine) Advance(v *table.Views[gin.Event]) (json.RawMessage, error) {
	if !e.Game().NeedsDeal() {
		return nil, fmt.Errorf("gin: advance: no hand is due")
	}
	d := ginDeal{Hand: e.Game().HandNumber() + 1}
	var rng *rand.Rand
	if e.oldDeals {
		// one stream for the whole game, as gin.NewGame drew it: the
		// first dealer, then each hand's deck in turn
		rng = gin.NewRand(e.Seed())
		d.Dealer = gin.Seat(rng.IntN(2))
		for range d.Hand - 1 {
			card.Shuffled(rng)
		}
	} else {
		rng = e.HandRand(d.Hand)
		if d.Hand == 1 {
			d.Dealer = gin.Seat(rng.IntN(2))
		}
	}
	if d.Hand > 1 {
		d.Dealer = e.Game().NextDealer()
	}
	d.Deck = card.Shuffled(rng)
	// `{"hand":…,"dealer":…,"deck":[…]}`, at most 5 bytes a card.
	if rec, ok := appendDeal(make([]byte, 0, 48+5*len(d.Deck)), d); ok {
		e.drawn, e.drawnRec, e.haveDrawn = d, append(e.drawnRec[:0], rec...), true
		return rec, nil
	}
	return json.Marshal(d)
}

// A deal line is written and read back every hand; encoding/json's
// reflection took about a third of a Gin Rummy table's time, so the
// line's one form is written and read by hand. appendDeal writes exactly
// the bytes json.Marshal does; parseDeal reads exactly those bytes and
// nothing else (any other form goes to the strict JSON decoder, so what
// is accepted and refused is unchanged).

// dealText is each face's text in a deal line, as Card.MarshalText
// writes it; dealCard is its inverse, and dealPair the same for texts of
// two ASCII bytes (every face's, a and b read as a<<7|b), without a map's
// hashing.
var (
	dealText [64]string
	// dealQuoted is dealText in quotes ("" for the zero Card).
	dealQuoted [64]string
	dealCard   = map[string]card.Card{}
	dealPair   [1 << 14]card.Card
)

func init() {
	dealQuoted[0] = `""`
	for c := card.Card(1); c < 64; c++ {
		if b, err := c.MarshalText(); err == nil {
			dealText[c], dealCard[string(b)] = string(b), c
			dealQuoted[c] = `"` + string(b) + `"`
			if len(b) == 2 && b[0] < 128 && b[1] < 128 {
				dealPair[int(b[0])<<7|int(b[1])] = c
			}
		}
	}
}

// dealFace returns the face whose text is b, and false for none.
func dealFace(b []byte) (card.Card, bool) {
	if len(b) == 2 && b[0] < 128 && b[1] < 128 {
		c := dealPair[int(b[0])<<7|int(b[1])]
		return c, c != 0
	}
	c, ok := dealCard[string(b)]
	return c, ok
}

// appendDeal appends d as json.Marshal writes it; ok is false (nothing
// appended) for a deck holding a value that is no face, which
// json.Marshal refuses.
func appendDeal(b []byte, d ginDeal) (_ []byte, ok bool) {
	n := len(b)
	b = append(b, `{"hand":`...)
	b = strconv.AppendInt(b, int64(d.Hand), 10)
	b = append(b, `,"dealer":`...)
	b = strconv.AppendUint(b, uint64(d.Dealer), 10)
	b = append(b, `,"deck":`...)
	if d.Deck == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range d.Deck {
			if i > 0 {
				b = append(b, ',')
			}
			if c != 0 && (c >= 64 || dealText[c] == "") {
				return b[:n], false
			}
			b = append(b, dealQuoted[c]...)
		}
		b = append(b, ']')
	}
	return append(b, '}'), true
}

// parseDeal reads a deal line written as appendDeal writes it; ok is
// false for any other bytes.
func parseDeal(rec []byte) (d ginDeal, ok bool) {
	rest, ok := bytes.CutPrefix(rec, []byte(`{"hand":`))
	if !ok {
		return d, false
	}
	num := func() (int, bool) {
		i := 0
		for i < len(rest) && i < 9 && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || (i > 1 && rest[0] == '0') {
			return 0, false
		}
		v, err := strconv.Atoi(string(rest[:i]))
		rest = rest[i:]
		return v, err == nil
	}
	hand, ok := num()
	if !ok {
		return d, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"dealer":`)); !ok {
		return d, false
	}
	dealer, ok := num()
	if !ok || dealer > 255 {
		return d, false
	}
	if rest, ok = bytes.CutPrefix(rest, []byte(`,"deck":[`)); !ok {
		return d, false
	}
	d = ginDeal{Hand: hand, Dealer: gin.Seat(dealer), Deck: make([]card.Card, 0, 52)}
	for len(rest) > 0 && rest[0] != ']' {
		if len(d.Deck) > 0 {
			if rest[0] != ',' {
				return d, false
			}
			rest = rest[1:]
		}
		if len(rest) < 2 || rest[0] != '"' {
			return d, false
		}
		if len(rest) >= 4 && rest[1] != '"' && rest[2] != '"' && rest[3] == '"' {
			// A text of two bytes, as every face's is.
			c, known := dealFace(rest[1:3])
			if !known {
				return d, false
			}
			d.Deck, rest = append(d.Deck, c), rest[4:]
			continue
		}
		end := bytes.IndexByte(rest[1:], '"')
		if end < 0 {
			return d, false
		}
		c, known := dealFace(rest[1 : 1+end])
		if !known && end > 0 {
			return d, false
		}
		d.Deck, rest = append(d.Deck, c), rest[end+2:]
	}
	if !bytes.Equal(rest, []byte("]}")) {
		return d, false
	}
	return d, true
}

// Redeal deals a logged deal: its deck is the one dealt.
func (e *Engine) Redeal(rec json.RawMessage, v *table.Views[gin.Event]) error {
	var d ginDeal
	ok := false
	if e.haveDrawn && bytes.Equal(rec, e.drawnRec) {
		d, ok = e.drawn, true
	} else {
		d, ok = parseDeal(rec)
	}
	e.haveDrawn = false
	if !ok {
		if err := strictjson.Known(rec, &d); err != nil {
			return fmt.Errorf("gin: deal: %w", err)
		}
	}
	if err := e.Due("gin", d.Hand); err != nil {
		return err
	}
	return e.deal(d, v)
}

func (e *Engine) deal(d ginDeal, v *table.Views[gin.Event]) error {
	v = e.views(v)
	return e.Game().DealDeck(d.Deck, d.Dealer, (*[2]gin.Event)(v.Seat[:2]), &v.Spectator)
}

// Observe writes seat s's observation to o.
// While a knock awaits the defender's layout, that seat is to move and
// the defender's observation's Result holds the knock's showdown with the
// engine's choice for the defender (the hand is not over: Phase says so):
// once it has laid cards off (GinLayOff), those lay-offs and the best
// melds of its other cards.
func (e *Engine) Observe(s table.Seat, o *gin.Observation) {
	*o = e.Game().Observe(gin.Seat(s))
	if p := e.pending; p != nil {
		o.Turn = p.knocker.Other()
		if gin.Seat(s) == p.knocker {
			return // the defender's cards are not shown before its layout
		}
		sd := p.choice(e.Game().Rules())
		r := gin.Result{Kind: sd.Result, Knocker: p.knocker, Winner: p.knocker, Points: sd.Points, Showdown: sd}
		if !sd.KnockerWins {
			r.Winner = p.knocker.Other()
		}
		r.Showdown.Layoffs = slices.Clone(r.Showdown.Layoffs)
		o.Result = &r
	}
}

// Outcome is the game's standing: totals, with every bonus once over.
func (e *Engine) Outcome() table.Outcome {
	o := table.Outcome{Over: e.Over(), Hands: e.Game().HandNumber()}
	sc := e.Game().Scores()
	if o.Over {
		r := e.Game().Result()
		o.Winners, sc = table.SeatsOf(table.Seat(r.Winner)), r.Final
	}
	o.Scores[0], o.Scores[1] = sc[0], sc[1]
	return o
}

type ginMove struct {
	Kind  string        `json:"kind"`
	Card  card.Card     `json:"card,omitempty"`
	Melds [][]card.Card `json:"melds,omitempty"`
	Onto  []card.Card   `json:"onto,omitempty"` // a lay_off's meld
}

// MarshalMove encodes an action: its kind, card and shown melds; a
// lay-off, its card and the meld it goes onto.
func (e *Engine) MarshalMove(a gin.Action) ([]byte, error) {
	m := ginMove{Kind: a.Kind.String(), Card: a.Card}
	if isLayOff(a) {
		x, err := layoff(a)
		if err != nil {
			return nil, err
		}
		return json.Marshal(ginMove{Kind: "lay_off", Card: x.Card, Onto: x.Onto.Cards()})
	}
	if a.Kind == gin.NoAction {
		m.Kind = "lay_out"
	}
	if a.Show.Len() > 0 {
		m.Melds = gin.MeldLists(a.Show)
	}
	return json.Marshal(m)
}

// UnmarshalMove decodes an action, refusing malformed ones.
func (e *Engine) UnmarshalMove(b []byte) (gin.Action, error) {
	var m ginMove
	var a gin.Action
	if err := strictjson.Known(b, &m); err != nil {
		return a, fmt.Errorf("gin: move: %w", err)
	}
	if m.Kind == "lay_off" {
		if m.Card == 0 || len(m.Onto) == 0 || len(m.Melds) > 0 {
			return a, fmt.Errorf("gin: move: lay_off takes a card and the meld it goes onto, no melds: %w", gin.ErrMalformedAction)
		}
		onto := gin.MeldOf(m.Onto...)
		if onto.Len() != len(m.Onto) || onto.Kind() == gin.NoMeld {
			return a, fmt.Errorf("gin: move: lay_off onto %s: %w", card.Format(m.Onto), gin.ErrInvalidMeld)
		}
		return LayOff(m.Card, onto), nil
	}
	if m.Onto != nil {
		return a, fmt.Errorf("gin: move: %s takes no onto: %w", m.Kind, gin.ErrMalformedAction)
	}
	if m.Kind == "lay_out" {
		if m.Card != 0 {
			return a, fmt.Errorf("gin: move: lay_out takes no card: %w", gin.ErrMalformedAction)
		}
		var err error
		if len(m.Melds) > 0 {
			if a.Show, err = gin.ArrangementOf(m.Melds); err != nil {
				return gin.Action{}, err
			}
		}
		return a, nil
	}
	k, err := gin.ParseActionKind(m.Kind)
	if err != nil {
		return a, err
	}
	a = gin.Action{Kind: k, Card: m.Card}
	if len(m.Melds) > 0 {
		if a.Show, err = gin.ArrangementOf(m.Melds); err != nil {
			return gin.Action{}, err
		}
	}
	return a, a.Validate()
}

// Level returns Gin Rummy's built-in player name as a table player,
// seeded by rng.
func Level(name string, rng *rand.Rand) (table.Player[gin.Action, gin.Observation], error) {
	p, err := ginbot.New(name, rng)
	if err != nil {
		return table.Player[gin.Action, gin.Observation]{}, err
	}
	return table.Player[gin.Action, gin.Observation]{Name: p.Name(), Kind: table.Level,
		Control: games.Controller(func(o *gin.Observation) (gin.Action, bool) {
			if o.Result != nil && o.Phase != gin.OverPhase {
				// A knock awaits this defender's layout: the engine's choice.
				return LayOut(o.Result.Showdown.Defender), true
			}
			return p.Act(o), true
		})}, nil
}
