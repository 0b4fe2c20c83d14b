package gin

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"

	"felt/card"
	"felt/games"
	"felt/gin"
	"felt/table"
)

// Gin Rummy as a learning environment (games.Env): an episode is one hand,
// dealt from the seed as a table of the same options deals its first hand,
// played by both seats through action ids compatible with RLCard's Gin
// Rummy, observed as RLCard's five planes of 52 cards and a few scalars.
// docs/env-gin.md describes the encoding in full.

// The action ids. Ids 0 to 109 are RLCard's Gin Rummy ids; 110 and 111
// are Felt's. A card's index c is card.Card.Index (suit*13 + rank-1, suits
// S H D C, ranks A to K), which is RLCard's card id.
const (
	// EnvScorePlayer0 is RLCard's score_player_0, never legal: the engine
	// scores the hand itself when it ends.
	EnvScorePlayer0 = 0
	// EnvScorePlayer1 is RLCard's score_player_1, never legal.
	EnvScorePlayer1 = 1
	// EnvDraw draws the top card of the stock (RLCard's draw_card).
	EnvDraw = 2
	// EnvPickUp takes the top of the discard pile, or in the upcard offer
	// the upcard (RLCard's pick_up_discard).
	EnvPickUp = 3
	// EnvDeclareDeadHand is RLCard's declare_dead_hand, never legal: a
	// discard that leaves two cards in the stock ends the hand as a draw.
	EnvDeclareDeadHand = 4
	// EnvGin knocks with deadwood 0 (RLCard's gin): it discards, face
	// down, a card whose discard leaves no deadwood (the engine's choice,
	// gin.BestDiscard's when it may be discarded).
	EnvGin = 5
	// EnvDiscard + c discards card c face up (RLCard's discard).
	EnvDiscard = 6
	// EnvKnock + c knocks discarding card c face down (RLCard's knock); the
	// melds laid out are the engine's (the least deadwood, then the most
	// deadwood left to the defender), and the defender's are the engine's
	// optimal lay-offs and melds.
	EnvKnock = 58
	// EnvPass passes the upcard offered at the hand's start (Felt's).
	EnvPass = 110
	// EnvBigGin lays out all eleven cards as melds (Felt's; legal only when
	// the rules have big gin).
	EnvBigGin = 111
	// EnvActions is the size of the action space.
	EnvActions = 112
)

// The observation's layout: five planes of 52 cards (a card's slot is its
// index), then scalars.
const (
	// EnvPlaneHand is the offset of the observing seat's own cards.
	EnvPlaneHand = 0
	// EnvPlaneTop is the offset of the top card of the discard pile.
	EnvPlaneTop = 52
	// EnvPlanePile is the offset of the rest of the discard pile.
	EnvPlanePile = 104
	// EnvPlaneKnown is the offset of the opponent's known cards: those it
	// took from the discard pile and still holds.
	EnvPlaneKnown = 156
	// EnvPlaneUnknown is the offset of the cards the seat cannot see: the
	// stock and the opponent's other cards (and a knock's face-down
	// discard).
	EnvPlaneUnknown = 208
	// EnvScalars is the offset of the scalars (see docs/env-gin.md):
	// the phase one-hot (5), dealer, to act, stock size/31, knock
	// limit/10, doubled, must draw from the stock, big gin allowed.
	EnvScalars = 260
	// EnvObs is the length of an observation.
	EnvObs = EnvScalars + 12
)

// EnvMaxSteps is the most actions an episode takes: a hand still going
// after that many ends there as a dead hand (both rewards 0). A hand
// where both players keep taking the discard may go on for ever; no hand
// of random play comes near the cap.
const EnvMaxSteps = 1000

// EnvRewardScale is what a hand's points are multiplied by for the
// rewards: the winner gets points*EnvRewardScale, the loser the opposite.
const EnvRewardScale = 1.0 / 100

// envSpec is the environment's shape, whatever the rules.
var envSpec = games.EnvSpec{Seats: 2, Obs: EnvObs, Actions: EnvActions}

// Env is Gin Rummy's learning environment: one hand an episode, played
// through a table.Recorder so that Log is a table log. Make it with
// NewEnv. It is not safe for concurrent use.
type Env struct {
	rec *table.Recorder[gin.Action, gin.Observation, gin.Event]
	// eng is the recorder's engine of the episode.
	eng *Engine
	// steps are the actions taken this episode.
	steps int
	// done: the hand is over (or cut at EnvMaxSteps: truncated).
	done, truncated bool
	rewards         [2]float32
	// legal is the mask of the seat to act, valid when legalOK; ginCard
	// is the card EnvGin discards when it is legal.
	legal   [EnvActions]uint8
	legalOK bool
	ginCard card.Card
	// views are what the moves show, which nobody reads: the engine
	// writes them whole, where nil views would be cleared every move.
	views table.Views[gin.Event]
}

// NewEnv returns a Gin Rummy environment with options (a table's options:
// gin.Rules as JSON over the standard rules, and the table options; nil
// for the standard rules). Its first episode is dealt by Reset.
func NewEnv(options json.RawMessage) (games.Env, error) {
	return newEnv(options)
}

func newEnv(options json.RawMessage) (*Env, error) {
	if _, _, err := ginOptions(options); err != nil {
		return nil, err
	}
	h := table.Header{ID: "env", Options: options,
		Seats: []table.SeatInfo{{Name: "agent 0", Kind: table.Program}, {Name: "agent 1", Kind: table.Program}}}
	return &Env{rec: table.NewRecorder(Spec, h)}, nil
}

// Spec is the environment's shape: 2 seats, EnvObs values, EnvActions
// actions, no action features.
func (e *Env) Spec() games.EnvSpec { return envSpec }

// Reset deals a new hand from seed: the first hand of a table of the
// env's options seeded with seed.
func (e *Env) Reset(seed uint64) error {
	e.eng = nil
	if err := e.rec.Reset(seed); err != nil {
		return err
	}
	if err := e.rec.Settle(nil); err != nil {
		return err
	}
	e.start()
	return nil
}

// start begins the episode of the hand the recorder's engine has dealt.
func (e *Env) start() {
	e.eng = e.rec.Engine().(*Engine)
	e.steps, e.done, e.truncated, e.rewards, e.legalOK = 0, false, false, [2]float32{}, false
	e.settle()
}

// hand is the episode's hand.
func (e *Env) hand() *gin.Hand { return e.eng.Game().Hand() }

// ToAct returns the seat to act, or -1 once the episode is over.
func (e *Env) ToAct() int {
	if e.eng == nil || e.done {
		return -1
	}
	return int(e.hand().Turn())
}

// Observe writes seat s's observation into obs and, when s is to act, its
// legal actions into mask (otherwise all 0). feats is not used (the action
// space is fixed). obs must hold EnvObs values and mask EnvActions.
func (e *Env) Observe(s int, obs []float32, mask []uint8, feats []float32) {
	obs = obs[:EnvObs]
	clear(obs)
	if mask != nil {
		mask = mask[:EnvActions]
		clear(mask)
	}
	if e.eng == nil || s < 0 || s > 1 {
		return
	}
	h := e.hand()
	seat := gin.Seat(s)
	own := h.Cards(seat)
	known := h.Took(seat.Other())
	seen := own | known
	setPlane(obs[EnvPlaneHand:EnvPlaneHand+52], own)
	p := h.Pile()
	if n := p.Len(); n > 0 {
		top := p.Top()
		obs[EnvPlaneTop+int(cardIndex[top&63])] = 1
		seen = seen.Add(top)
		var rest card.Set
		for i := range n - 1 {
			rest = rest.Add(p.At(i))
		}
		setPlane(obs[EnvPlanePile:EnvPlanePile+52], rest)
		seen |= rest
	}
	setPlane(obs[EnvPlaneKnown:EnvPlaneKnown+52], known)
	setPlane(obs[EnvPlaneUnknown:EnvPlaneUnknown+52], card.FullSet&^seen)
	x := obs[EnvScalars:EnvObs]
	phase := h.Phase()
	if e.done {
		phase = gin.OverPhase
	}
	x[phase] = 1
	if h.Dealer() == seat {
		x[5] = 1
	}
	if !e.done && h.Turn() == seat {
		x[6] = 1
	}
	x[7] = float32(h.StockLen()) / gin.StockSize
	x[8] = float32(h.KnockLimit()) / 10
	if h.Doubled() {
		x[9] = 1
	}
	if h.MustDrawStock() {
		x[10] = 1
	}
	if h.Rules().BigGinAllowed() {
		x[11] = 1
	}
	if mask != nil && !e.done && h.Turn() == seat {
		copy(mask, e.mask()[:])
	}
}

// setPlane sets the slot of each card of s in plane (52 values).
func setPlane(plane []float32, s card.Set) {
	plane = plane[:card.PackSize]
	for m := uint64(s & card.FullSet); m != 0; m &= m - 1 {
		plane[cardIndex[bits.TrailingZeros64(m)]] = 1
	}
}

// cardIndex is each card's Index by its value (its bit in a Set).
var cardIndex = func() (x [64]uint8) {
	for c := range card.FullSet.All {
		x[c] = uint8(c.Index())
	}
	return x
}()

// mask returns the legal actions of the seat to act, worked out once per
// decision.
func (e *Env) mask() *[EnvActions]uint8 {
	if e.legalOK {
		return &e.legal
	}
	m := &e.legal
	clear(m[:])
	e.ginCard = 0
	e.legalOK = true
	if e.done {
		return m
	}
	h := e.hand()
	switch h.Phase() {
	case gin.UpcardPhase, gin.DealerUpcardPhase:
		m[EnvPickUp], m[EnvPass] = 1, 1
	case gin.DrawPhase:
		if h.StockLen() > 0 {
			m[EnvDraw] = 1
		}
		if !h.MustDrawStock() && h.Pile().Len() > 0 {
			m[EnvPickUp] = 1
		}
	case gin.DiscardPhase:
		hand, taken, limit := h.Cards(h.Turn()), h.JustTaken(), h.KnockLimit()
		setMask(m[EnvDiscard:EnvDiscard+52], hand.Remove(taken))
		// One search says whether any discard leaves deadwood within the
		// limit (most hands: none); only then is each card tried.
		best, dw := gin.BestDiscard(hand)
		if dw <= limit {
			for c := range hand.All {
				if c == taken {
					continue
				}
				d := dw
				if c != best {
					d = gin.Deadwood(hand.Remove(c))
				}
				if d <= limit {
					m[EnvKnock+int(cardIndex[c])] = 1
				}
				if d == 0 && (e.ginCard == 0 || c == best) {
					e.ginCard = c
				}
			}
			if e.ginCard != 0 {
				m[EnvGin] = 1
			}
		}
		if h.Rules().BigGinAllowed() && gin.Deadwood(hand) == 0 {
			m[EnvBigGin] = 1
		}
	}
	return m
}

// setMask sets the slot of each card of s in m (52 slots).
func setMask(m []uint8, s card.Set) {
	m = m[:card.PackSize]
	for x := uint64(s & card.FullSet); x != 0; x &= x - 1 {
		m[cardIndex[bits.TrailingZeros64(x)]] = 1
	}
}

// action is the engine's move of action id a, legal now (see mask).
func (e *Env) action(a int) gin.Action {
	switch {
	case a == EnvDraw:
		return gin.DrawStockAction()
	case a == EnvPickUp:
		return gin.TakeDiscardAction()
	case a == EnvPass:
		return gin.PassAction()
	case a == EnvGin:
		return gin.KnockAction(e.ginCard)
	case a == EnvBigGin:
		return gin.BigGinAction()
	case a >= EnvDiscard && a < EnvKnock:
		return gin.DiscardAction(card.FromIndex(a - EnvDiscard))
	case a >= EnvKnock && a < EnvPass:
		return gin.KnockAction(card.FromIndex(a - EnvKnock))
	}
	return gin.Action{}
}

// Step makes action a for the seat to act. An action not legal now
// returns an error wrapping games.ErrIllegalAction (and the engine's
// reason, when it has one) and changes nothing.
func (e *Env) Step(a int) error {
	if e.eng == nil {
		return fmt.Errorf("gin env: action %d: %w (no episode: Reset first)", a, games.ErrIllegalAction)
	}
	if e.done {
		return fmt.Errorf("gin env: action %d: %w (the episode is over)", a, games.ErrIllegalAction)
	}
	if a < 0 || a >= EnvActions {
		return fmt.Errorf("gin env: action %d: %w (ids are 0 to %d)", a, games.ErrIllegalAction, EnvActions-1)
	}
	if e.mask()[a] == 0 {
		return fmt.Errorf("gin env: action %d (%s): %w: %s", a, actionName(a), games.ErrIllegalAction, e.why(a))
	}
	seat := e.hand().Turn()
	if err := e.rec.Play(table.Seat(seat), e.action(a), &e.views); err != nil {
		// Cannot happen: the mask holds the engine's legal moves.
		return fmt.Errorf("gin env: action %d (%s): %w: %w", a, actionName(a), games.ErrIllegalAction, err)
	}
	e.steps++
	e.legalOK = false
	if p := e.eng.pending; p != nil {
		// A table whose defender lays out: the defender lays out the
		// engine's choice, as the env's knock does for it.
		if err := e.rec.Play(table.Seat(p.knocker.Other()), LayOut(p.sd.Defender), &e.views); err != nil {
			return fmt.Errorf("gin env: the defender's layout: %w", err)
		}
	}
	e.settle()
	return nil
}

// settle ends the episode when the hand is over or the step cap is
// reached, with its rewards.
func (e *Env) settle() {
	h := e.hand()
	switch {
	case h.Over():
		e.done = true
		r := h.Result()
		if r.Kind != gin.DrawResult && r.Kind != gin.NoResult {
			x := float32(r.Points) * EnvRewardScale
			e.rewards[r.Winner], e.rewards[r.Winner.Other()] = x, -x
		}
	case e.steps >= EnvMaxSteps:
		e.done, e.truncated = true, true
	}
}

// why says why action a, in the action space, is not legal now.
func (e *Env) why(a int) string {
	switch a {
	case EnvScorePlayer0, EnvScorePlayer1:
		return "the engine scores the hand when it ends"
	case EnvDeclareDeadHand:
		return "a discard leaving two cards in the stock ends the hand as a dead hand"
	case EnvGin:
		if e.hand().Phase() == gin.DiscardPhase {
			return "no discard leaves deadwood 0"
		}
		return "gin comes after the draw"
	case EnvBigGin:
		if !e.hand().Rules().BigGinAllowed() {
			return "the rules have no big gin"
		}
		if e.hand().Phase() == gin.DiscardPhase {
			return "the eleven cards do not all meld"
		}
	}
	if err := e.eng.Check(table.Seat(e.hand().Turn()), e.action(a)); err != nil {
		return err.Error()
	}
	return "not now"
}

// actionName is action a's name, without its card's: RLCard's names and
// Felt's.
func actionName(a int) string {
	switch {
	case a == EnvScorePlayer0:
		return "score_player_0"
	case a == EnvScorePlayer1:
		return "score_player_1"
	case a == EnvDraw:
		return "draw_card"
	case a == EnvPickUp:
		return "pick_up_discard"
	case a == EnvDeclareDeadHand:
		return "declare_dead_hand"
	case a == EnvGin:
		return "gin"
	case a >= EnvDiscard && a < EnvKnock:
		return "discard " + card.FromIndex(a-EnvDiscard).String()
	case a >= EnvKnock && a < EnvPass:
		return "knock " + card.FromIndex(a-EnvKnock).String()
	case a == EnvPass:
		return "pass"
	case a == EnvBigGin:
		return "big_gin"
	}
	return fmt.Sprintf("action %d", a)
}

// Rewards writes each seat's reward: 0 until the episode is over, then the
// hand's points times EnvRewardScale to the winner and the opposite to the
// loser (0 each for a dead hand, or one cut at EnvMaxSteps).
func (e *Env) Rewards(r []float32) {
	r[0], r[1] = e.rewards[0], e.rewards[1]
}

// ActionString says action a of the seat to act in words with its card
// ("discard 7H", "take the upcard 7H"), and, when a is not legal now, why.
func (e *Env) ActionString(a int) string {
	if a < 0 || a >= EnvActions {
		return fmt.Sprintf("no action %d: the ids are 0 to %d", a, EnvActions-1)
	}
	name := actionName(a)
	if e.eng == nil {
		return name + " (no episode: Reset first)"
	}
	if e.done {
		return name + " (the episode is over)"
	}
	h := e.hand()
	var s string
	switch {
	case a == EnvDraw:
		s = "draw from the stock"
	case a == EnvPickUp && (h.Phase() == gin.UpcardPhase || h.Phase() == gin.DealerUpcardPhase):
		s = "take the upcard " + h.Upcard().String()
	case a == EnvPickUp:
		s = "pick up the discard " + h.Pile().Top().String()
	case a == EnvPass:
		s = "pass the upcard " + h.Upcard().String()
	case a == EnvGin && e.mask()[a] == 1:
		s = "gin, discarding " + e.ginCard.String()
	case a == EnvBigGin:
		s = "big gin"
	case a >= EnvKnock && a < EnvPass:
		s = "knock, discarding " + card.FromIndex(a-EnvKnock).String()
	default:
		s = name
	}
	if e.mask()[a] == 0 {
		return s + " (not legal now: " + e.why(a) + ")"
	}
	return s
}

// envState is State's JSON.
type envState struct {
	Seed       uint64         `json:"seed"`
	Steps      int            `json:"steps"`
	Done       bool           `json:"done"`
	Truncated  bool           `json:"truncated,omitempty"`
	ToAct      int            `json:"to_act"`
	Phase      string         `json:"phase"`
	Dealer     gin.Seat       `json:"dealer"`
	Upcard     card.Card      `json:"upcard"`
	Hands      [2][]card.Card `json:"hands"`
	Took       [2][]card.Card `json:"took"`
	Pile       []card.Card    `json:"pile"`
	Stock      []card.Card    `json:"stock"`
	KnockLimit int            `json:"knock_limit"`
	Doubled    bool           `json:"doubled,omitempty"`
	Rewards    [2]float32     `json:"rewards"`
	Result     *envResult     `json:"result,omitempty"`
	Legal      []int          `json:"legal"`
}

// envResult is how the hand ended, in State.
type envResult struct {
	Kind             string `json:"kind"`
	Knocker          int    `json:"knocker"`
	Winner           int    `json:"winner"`
	Points           int    `json:"points"`
	KnockerDeadwood  int    `json:"knocker_deadwood"`
	DefenderDeadwood int    `json:"defender_deadwood"`
}

// State returns the whole state as JSON, both hands and the stock
// included: for debugging, never an agent's observation.
func (e *Env) State() (json.RawMessage, error) {
	if e.eng == nil {
		return nil, errors.New("gin env: no episode: Reset first")
	}
	h := e.hand()
	deck := h.Deck()
	st := envState{Seed: e.rec.Seed(), Steps: e.steps, Done: e.done, Truncated: e.truncated, ToAct: e.ToAct(),
		Phase: h.Phase().String(), Dealer: h.Dealer(), Upcard: h.Upcard(),
		Pile: h.Pile().Cards(), Stock: deck[len(deck)-h.StockLen():], KnockLimit: h.KnockLimit(),
		Doubled: h.Doubled(), Rewards: e.rewards, Legal: []int{}}
	for s := range gin.Seat(2) {
		st.Hands[s] = h.Cards(s).Cards()
		st.Took[s] = h.Took(s).Cards()
	}
	if h.Over() {
		r := h.Result()
		st.Result = &envResult{Kind: r.Kind.String(), Knocker: int(r.Knocker), Winner: int(r.Winner), Points: r.Points,
			KnockerDeadwood: r.Showdown.KnockerDeadwood, DefenderDeadwood: r.Showdown.DefenderDeadwood}
	}
	for a, ok := range e.mask() {
		if ok == 1 {
			st.Legal = append(st.Legal, a)
		}
	}
	return json.Marshal(st)
}

// Log returns the episode so far as a table log of Gin Rummy (its header,
// the hand's deal and every move), which felt replay verify accepts.
func (e *Env) Log() ([]byte, error) { return e.rec.Log() }
