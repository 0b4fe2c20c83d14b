package shengji

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"

	"felt/card"
	"felt/games"
	"felt/shengji"
	"felt/table"
)

// Shengji as a learning environment (games.Env): an episode is one hand,
// dealt card by card with declarations, the kitty buried, friends called
// (Finding Friends), the tricks played and the hand scored. Every play is
// built one card at a time from a fixed action space; docs/env-shengji.md
// gives the encoding and the reasons.

// The action ids: a fixed space of EnvActions at every table.
const (
	// ActCard is the first of the 54 card actions: ActCard+f adds one
	// copy of face f (EnvFace) to the play or burial being built.
	ActCard = 0
	// ActCommit plays the cards picked so far as a lead (a single, a
	// pair, a tractor or a throw of one suit-group).
	ActCommit = card.NumFaces
	// ActPass declines to declare: while dealing, until this seat is
	// dealt another card or someone declares; after the deal (Rules.
	// BidAfterDeal), the engine's pass.
	ActPass = ActCommit + 1
	// ActDeclare is the first of the declarations: ActDeclare+5*k+n-1
	// shows n copies of the level card of suit k (0 to 3: ♠♥♦♣), k 4
	// the small joker, k 5 the big joker.
	ActDeclare = ActPass + 1
	// ActCall is the first of the friend calls: ActCall+54*(o-1)+f calls
	// the o-th copy (1 to 5) of face f.
	ActCall = ActDeclare + 6*card.MaxCopies
	// EnvActions is the size of the action space.
	EnvActions = ActCall + card.MaxCopies*card.NumFaces
)

// EnvFace returns face f's card (0 to 53): suit*13 + rank-1 for the 52
// cards (suits ♠♥♦♣, ranks A, 2 … K), 52 the small joker, 53 the big.
func EnvFace(f int) card.Card { return envCards[f] }

// envCards is each face's card; envFaces each card's face (-1: none).
var envCards, envFaces = func() (cs [card.NumFaces]card.Card, fs [64]int8) {
	for i := range fs {
		fs[i] = -1
	}
	for i := range card.PackSize {
		cs[i] = card.FromIndex(i)
	}
	cs[52], cs[53] = card.SmallJoker, card.BigJoker
	for f, c := range cs {
		fs[c] = int8(f)
	}
	return cs, fs
}()

// Env is a Shengji hand as a games.Env (see the package's env notes and
// docs/env-shengji.md).
type Env struct {
	rec     *table.Recorder[shengji.Action, shengji.Observation, shengji.Event]
	e       *Engine
	rules   shengji.Rules
	spec    games.EnvSpec
	n       int // players
	packs   int
	kitty   int // cards in the kitty
	held    int // cards a seat holds at most (its hand and the kitty)
	dealt   int // cards dealt to the seats
	ncall   int // friend calls the banker makes
	lay     envLayout
	toAct   int
	started bool

	ask    shengji.Seats // seats to be asked whether to declare, while dealing
	sel    card.Multi    // the cards picked so far of a play or burial
	calls  [shengji.MaxCalls]shengji.Call
	ncalls int // calls picked so far

	played [shengji.MaxSeats]card.Multi // the cards each seat played to tricks
	shown  [shengji.MaxSeats]card.Multi // the cards each seat showed (declared, in a failed throw) and still holds
	voids  [shengji.MaxSeats]uint8      // the groups each seat showed it is out of

	decl  []shengji.Action // scratch: the declarations of the seat to act
	legal []uint8          // the mask of the seat to act, when legalOK
	// legalOK says legal is the mask of the position as it stands (made
	// once a position, by Observe or Step).
	legalOK bool
}

// envLayout is where each part of an observation begins.
type envLayout struct {
	hand, sel, phase, decision, trump, level, standing, dealer, banker, side,
	levels, counts, leader, trick, played, shown, voids, points, kitty, calls, dealt, size int
}

// NewEnv returns a Shengji environment of options (shengji.Rules as JSON
// over the standard rules; nil for the standard table).
func NewEnv(options json.RawMessage) (*Env, error) {
	r := shengji.Standard()
	if len(options) > 0 {
		var err error
		if r, err = shengji.ParseRules(r, options); err != nil {
			return nil, err
		}
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	n := r.NumPlayers()
	seats := make([]table.SeatInfo, n)
	for i := range seats {
		seats[i].Name = fmt.Sprintf("agent %d", i)
	}
	env := &Env{rules: r, n: n, packs: r.Packs(), ncall: r.Calls(), toAct: -1,
		decl:  make([]shengji.Action, 0, 64),
		legal: make([]uint8, EnvActions)}
	env.kitty, env.dealt = r.KittySize(), r.DeckSize()-r.KittySize()
	env.held = r.HandSize() + env.kitty
	env.lay = layout(n, env.packs, env.ncall)
	// The recorder's engines are made from the rules parsed once, the
	// game's storage reused from hand to hand; the log names options,
	// which a replay parses to the same rules.
	spec := Spec
	spec.New = env.newEngine
	env.rec = table.NewRecorder(spec, table.Header{ID: "env", Options: options, Seats: seats})
	env.spec = games.EnvSpec{Seats: n, Obs: env.lay.size, Actions: EnvActions, ActionFeatures: EnvFeatures}
	return env, nil
}

// newEngine returns the env's engine of a new game seeded with seed: the
// one of the hand before, made new.
func (env *Env) newEngine(seed uint64, _ json.RawMessage) (table.Engine[shengji.Action, shengji.Observation, shengji.Event], error) {
	if env.e == nil {
		g, err := shengji.NewGameUndealt(env.rules)
		if err != nil {
			return nil, err
		}
		return &Engine{Dealt: games.NewDealt(g, seed)}, nil
	}
	g := env.e.Game()
	if err := g.ResetUndealt(env.rules); err != nil {
		return nil, err
	}
	*env.e = Engine{Dealt: games.NewDealt(g, seed), drawnRec: env.e.drawnRec[:0]}
	return env.e, nil
}

// layout places the parts of an observation for n players, packs packs
// and ncall friend calls.
func layout(n, packs, ncall int) envLayout {
	var l envLayout
	at := 0
	put := func(p *int, size int) { *p = at; at += size }
	cards := packs * card.NumFaces
	put(&l.hand, cards)
	put(&l.sel, cards)
	put(&l.phase, 6)
	put(&l.decision, 6)
	put(&l.trump, 5)
	put(&l.level, 14)
	put(&l.standing, 6+1+n)
	put(&l.dealer, n)
	put(&l.banker, n)
	put(&l.side, n)
	put(&l.levels, n)
	put(&l.counts, n)
	put(&l.leader, n)
	put(&l.trick, n*cards)
	put(&l.played, n*cards)
	put(&l.shown, n*cards)
	put(&l.voids, n*int(shengji.NumGroups))
	put(&l.points, n+1)
	put(&l.kitty, cards)
	put(&l.calls, ncall*(card.NumFaces+packs+1+n))
	put(&l.dealt, 1)
	l.size = at
	return l
}

// Spec returns the environment's shape: Obs depends on the players,
// packs and friend calls; Actions is EnvActions at every table.
func (env *Env) Spec() games.EnvSpec { return env.spec }

// hand returns the hand being played.
func (env *Env) hand() *shengji.Hand { return env.e.Game().Hand() }

// Reset deals a new hand from seed: the table's first hand, as a table of
// these rules seeded with seed deals it.
func (env *Env) Reset(seed uint64) error {
	if err := env.rec.Reset(seed); err != nil {
		return err
	}
	env.begin()
	return env.settle()
}

// begin clears what the env keeps of a hand, for a new one.
func (env *Env) begin() {
	env.e = env.rec.Engine().(*Engine)
	env.started, env.toAct, env.legalOK = false, -1, false
	env.ask, env.sel, env.ncalls = 0, card.Multi{}, 0
	env.played, env.shown, env.voids = [shengji.MaxSeats]card.Multi{}, [shengji.MaxSeats]card.Multi{}, [shengji.MaxSeats]uint8{}
}

// settle deals until a seat has a decision (one it has not declined
// already) or the hand is over, and sets toAct.
func (env *Env) settle() error {
	for {
		g := env.e.Game()
		if env.started && (g.NeedsDeal() || g.Hand().Over()) || g.Over() {
			env.toAct = -1
			return nil
		}
		if g.NeedsDeal() {
			if err := env.rec.Advance(nil); err != nil {
				return err
			}
			env.started = true
			continue
		}
		h := g.Hand()
		if h.Phase() != shengji.DealPhase {
			env.toAct = int(h.Turn())
			return nil
		}
		if c := h.ToAct() & env.ask; c != 0 {
			env.toAct = bits.TrailingZeros16(uint16(c))
			return nil
		}
		var before [shengji.MaxSeats]int
		for s := range env.n {
			before[s] = h.Cards(shengji.Seat(s)).Len()
		}
		if err := env.rec.Advance(nil); err != nil {
			return err
		}
		env.ask = 0
		for s := range env.n {
			if h.Cards(shengji.Seat(s)).Len() > before[s] {
				env.ask |= 1 << s
			}
		}
	}
}

// ToAct returns the seat to act, -1 once the hand is over.
func (env *Env) ToAct() int { return env.toAct }

// Observe writes seat s's observation and, if s is to act, its legal
// actions (see docs/env-shengji.md).
func (env *Env) Observe(s int, obs []float32, mask []uint8, feats []float32) {
	clear(obs[:env.lay.size])
	clear(mask[:EnvActions])
	if env.e == nil || s < 0 || s >= env.n {
		if feats != nil {
			clear(feats[:EnvActions*EnvFeatures])
		}
		return
	}
	env.observe(s, obs)
	if s == env.toAct {
		copy(mask, env.mask())
		if feats != nil {
			env.features(env.mask(), feats)
		}
	} else if feats != nil {
		clear(feats[:EnvActions*EnvFeatures])
	}
}

// put writes multiset m into the layers of obs from off: layer k (of
// packs) marks the faces held more than k times.
func (env *Env) put(obs []float32, off int, m card.Multi) {
	for k := range env.packs {
		for p := m.AtLeast(k+1) & card.AllFaces; p != 0; p &= p - 1 {
			obs[off+k*card.NumFaces+int(envFaces[bits.TrailingZeros64(uint64(p))])] = 1
		}
	}
}

// rel returns seat x relative to seat s: 0 for s, 1 for the next …
func (env *Env) rel(s int, x shengji.Seat) int { return (int(x) - s + env.n) % env.n }

func (env *Env) observe(s int, obs []float32) {
	h := env.hand()
	l := &env.lay
	seat := shengji.Seat(s)
	env.put(obs, l.hand, h.Cards(seat))
	ph := h.Phase()
	obs[l.phase+int(ph)] = 1
	if s == env.toAct {
		env.put(obs, l.sel, env.sel)
		switch ph {
		case shengji.DealPhase, shengji.BidPhase:
			obs[l.decision] = 1
		case shengji.BuryPhase:
			obs[l.decision+1] = 1
			obs[l.decision+5] = float32(env.kitty-env.sel.Len()) / float32(env.kitty)
		case shengji.CallPhase:
			obs[l.decision+2] = 1
		case shengji.PlayPhase:
			if lead, ok := env.lead(); ok {
				obs[l.decision+4] = 1
				obs[l.decision+5] = float32(lead.Len()-env.sel.Len()) / float32(env.held)
			} else {
				obs[l.decision+3] = 1
			}
		}
	}
	tr := h.Trump()
	if _, ok := h.Standing(); ok || ph > shengji.BidPhase {
		obs[l.trump+int(min(tr.Suit, card.NoSuit))] = 1
	}
	if lv := shengji.LevelNumber(h.Level()) - 2; lv >= 0 && lv < 14 {
		obs[l.level+lv] = 1
	}
	if b, ok := h.Standing(); ok {
		k := envDeclKind(b.Cards)
		obs[l.standing+k] = 1
		obs[l.standing+6] = float32(b.Count) / float32(env.packs)
		obs[l.standing+7+env.rel(s, b.Seat)] = 1
	}
	obs[l.dealer+env.rel(s, h.Dealer())] = 1
	if b := h.Banker(); b.In(env.n) {
		obs[l.banker+env.rel(s, b)] = 1
	}
	side := h.Side()
	lv := env.e.Game().SeatLevels()
	pts := h.SeatPoints()
	total := float32(env.rules.TotalPoints())
	for x := range env.n {
		r := env.rel(s, shengji.Seat(x))
		if side.Has(shengji.Seat(x)) {
			obs[l.side+r] = 1
		}
		obs[l.levels+r] = float32(shengji.LevelNumber(lv[x])) / 15
		obs[l.counts+r] = float32(h.Cards(shengji.Seat(x)).Len()) / float32(env.held)
		env.put(obs, l.played+r*env.packs*card.NumFaces, env.played[x])
		if x != s {
			env.put(obs, l.shown+r*env.packs*card.NumFaces, env.shown[x])
		}
		for v := env.voids[x]; v != 0; v &= v - 1 {
			obs[l.voids+r*int(shengji.NumGroups)+bits.TrailingZeros8(v)] = 1
		}
		obs[l.points+r] = float32(pts[x]) / total
	}
	obs[l.points+env.n] = float32(h.Penalty()) / total
	if ph == shengji.PlayPhase {
		if t := h.NumTricks(); t > 0 {
			tk := h.Trick(t - 1)
			obs[l.leader+env.rel(s, tk.Leader)] = 1
			for x := range env.n {
				if p := tk.Plays[x]; !p.IsEmpty() {
					env.put(obs, l.trick+env.rel(s, shengji.Seat(x))*env.packs*card.NumFaces, p)
				}
			}
		}
	}
	if seat == h.Banker() && ph >= shengji.CallPhase || ph == shengji.OverPhase {
		env.put(obs, l.kitty, h.Kitty())
	}
	if env.ncall > 0 {
		fr := h.Friendship()
		calls, nc := fr.Calls, fr.NCalls
		if ph == shengji.CallPhase && s == env.toAct {
			calls, nc = env.calls, env.ncalls
		}
		w := card.NumFaces + env.packs + 1 + env.n
		for i := range min(nc, env.ncall) {
			off := l.calls + i*w
			c := calls[i]
			obs[off+int(envFaces[c.Card&63])] = 1
			if c.Ordinal >= 1 && c.Ordinal <= env.packs {
				obs[off+card.NumFaces+c.Ordinal-1] = 1
			}
			if ph >= shengji.PlayPhase && fr.Met[i].In(env.n) {
				obs[off+card.NumFaces+env.packs] = 1
				obs[off+card.NumFaces+env.packs+1+env.rel(s, fr.Met[i])] = 1
			}
		}
	}
	obs[l.dealt] = float32(h.Dealt()) / float32(env.dealt)
}

// envDeclKind returns a declaration's kind: its level card's suit (0 to
// 3), 4 the small joker, 5 the big joker.
func envDeclKind(m card.Multi) int {
	switch {
	case m.Has(card.SmallJoker):
		return 4
	case m.Has(card.BigJoker):
		return 5
	}
	for c := range m.All() {
		return int(c.Suit()) % 4
	}
	return 0
}

// lead returns the lead of the trick being played, ok false when the
// seat to play leads it (or no trick is being played).
func (env *Env) lead() (card.Multi, bool) {
	lead, count, ok := env.hand().Lead()
	return lead, ok && count > 0
}

// order returns the order of the hand's trump.
func (env *Env) order() *shengji.Order { return env.rules.Order(env.hand().Trump()) }

// mask returns the legal actions of the seat to act, made once a
// position.
func (env *Env) mask() []uint8 {
	if !env.legalOK {
		env.fillMask(env.legal)
		env.legalOK = true
	}
	return env.legal
}

// fillMask writes the legal actions of the seat to act into mask.
func (env *Env) fillMask(mask []uint8) {
	clear(mask[:EnvActions])
	if env.toAct < 0 {
		return
	}
	h := env.hand()
	seat := shengji.Seat(env.toAct)
	hand := h.Cards(seat)
	setCards := func(s card.Set) {
		for p := s & card.AllFaces; p != 0; p &= p - 1 {
			mask[ActCard+int(envFaces[bits.TrailingZeros64(uint64(p))])] = 1
		}
	}
	switch h.Phase() {
	case shengji.DealPhase, shengji.BidPhase:
		mask[ActPass] = 1
		env.decl = h.AppendDeclarations(env.decl[:0], seat)
		for _, a := range env.decl {
			n := a.Cards.Len()
			if n >= 1 && n <= card.MaxCopies {
				mask[ActDeclare+5*envDeclKind(a.Cards)+n-1] = 1
			}
		}
	case shengji.BuryPhase:
		setCards(hand.Minus(env.sel).One)
	case shengji.CallPhase:
		lvl := h.Level()
		for f := range card.PackSize {
			c := envCards[f]
			if c.Rank() == lvl {
				continue
			}
		ords:
			for o := 1; o <= env.packs; o++ {
				for _, d := range env.calls[:env.ncalls] {
					if d.Card == c && d.Ordinal == o {
						continue ords
					}
				}
				mask[ActCall+card.NumFaces*(o-1)+f] = 1
			}
		}
	case shengji.PlayPhase:
		o := env.order()
		if lead, ok := env.lead(); ok {
			setCards(o.FollowExtensions(lead, hand, env.sel))
			return
		}
		rest := hand.Minus(env.sel).One
		if !env.sel.IsEmpty() {
			g, _ := o.GroupOf(env.sel)
			rest &= o.Faces(g)
			mask[ActCommit] = 1
		}
		setCards(rest)
	}
}

// declAction returns declaration id a's action at level lvl.
func declAction(a int, lvl card.Rank) shengji.Action {
	k, n := (a-ActDeclare)/5, (a-ActDeclare)%5+1
	c := card.SmallJoker
	switch {
	case k < 4:
		c = card.New(lvl, card.Suit(k))
	case k == 5:
		c = card.BigJoker
	}
	return shengji.DeclareAction(card.Times(card.Bit(c), n))
}

// Step makes action a for the seat to act: a refused action returns an
// error wrapping games.ErrIllegalAction and changes nothing.
func (env *Env) Step(a int) error {
	if env.toAct < 0 {
		return fmt.Errorf("shengji: action %d: %w: the hand is over", a, games.ErrIllegalAction)
	}
	if a < 0 || a >= EnvActions {
		return fmt.Errorf("shengji: action %d: %w: actions are 0 to %d", a, games.ErrIllegalAction, EnvActions-1)
	}
	if env.mask()[a] == 0 {
		return fmt.Errorf("shengji: action %d (%s): %w now", a, env.ActionString(a), games.ErrIllegalAction)
	}
	env.legalOK = false // whatever comes of a, the position is another
	h := env.hand()
	seat := shengji.Seat(env.toAct)
	switch {
	case a == ActPass && h.Phase() == shengji.DealPhase:
		env.ask &^= 1 << seat
		return env.settle()
	case a == ActPass:
		return env.move(shengji.PassAction())
	case a >= ActDeclare && a < ActCall:
		if err := env.move(declAction(a, h.Level())); err != nil {
			return err
		}
		return nil
	case a >= ActCall:
		env.calls[env.ncalls] = shengji.Call{Card: envCards[(a-ActCall)%card.NumFaces], Ordinal: (a-ActCall)/card.NumFaces + 1}
		env.ncalls++
		if env.ncalls < env.ncall {
			return nil
		}
		act := shengji.Action{Kind: shengji.FriendCall, Calls: env.calls, NCalls: env.ncalls}
		if err := env.move(act); err != nil {
			env.ncalls--
			return err
		}
		return nil
	case a == ActCommit:
		return env.play()
	}
	c := envCards[a-ActCard]
	_ = env.sel.Add(c)
	switch h.Phase() {
	case shengji.BuryPhase:
		if env.sel.Len() == env.kitty {
			if err := env.move(shengji.BuryAction(env.sel)); err != nil {
				_ = env.sel.Remove(c)
				return err
			}
		}
	case shengji.PlayPhase:
		if lead, ok := env.lead(); ok && env.sel.Len() == lead.Len() {
			if err := env.play(); err != nil {
				_ = env.sel.Remove(c)
				return err
			}
		}
	}
	return nil
}

// play plays the cards picked, noting what the play showed of the seat.
func (env *Env) play() error {
	h := env.hand()
	seat := shengji.Seat(env.toAct)
	i := h.NumTricks() - 1
	lead, following := env.lead()
	if err := env.move(shengji.PlayAction(env.sel)); err != nil {
		return err
	}
	t := h.Trick(i)
	p := t.Plays[seat]
	env.played[seat], _ = env.played[seat].Sum(p) // never more than the packs
	env.shown[seat] = env.shown[seat].Minus(p)
	if seat == t.Leader && !t.Attempt.IsEmpty() { // a failed throw showed cards it keeps
		env.shown[seat] = env.shown[seat].Union(t.Attempt.Minus(p))
	}
	if following {
		o := env.order()
		if g, ok := o.GroupOf(lead); ok && p.One&^o.Faces(g)&card.AllFaces != 0 {
			env.voids[seat] |= 1 << g
		}
	}
	return nil
}

// move makes a for the seat to act through the recorder, then clears what
// was being built and settles.
func (env *Env) move(a shengji.Action) error {
	seat := env.toAct
	if err := env.rec.Play(table.Seat(seat), a, nil); err != nil {
		return fmt.Errorf("shengji: %s: %w: %w", a, games.ErrIllegalAction, err)
	}
	if a.Kind == shengji.Declare {
		env.ask = shengji.AllSeats(env.n)
		env.shown[seat] = env.shown[seat].Union(a.Cards)
	}
	env.sel, env.ncalls = card.Multi{}, 0
	return env.settle()
}

// Rewards writes each seat's result once the hand is over (zero before):
// the levels its side went up, less the levels the other side went up (0
// for every seat of a hand redealt).
func (env *Env) Rewards(r []float32) {
	clear(r[:env.n])
	if env.e == nil || env.toAct >= 0 {
		return
	}
	h := env.hand()
	if !h.Over() {
		return
	}
	sc := h.Score()
	if sc.Redeal {
		return
	}
	side := h.Side()
	up := float32(sc.LevelsUp)
	if !sc.BankersKeep {
		up = -up
	}
	for s := range env.n {
		if side.Has(shengji.Seat(s)) {
			r[s] = up
		} else {
			r[s] = -up
		}
	}
}

// ActionString says action a of the seat to act in words: "play 7♠ 7♠",
// "pick 7♠ (7♠ so far)", "bury …", "declare 2♥ 2♥", "pass", "call 1st A♠".
func (env *Env) ActionString(a int) string {
	if env.e == nil || env.toAct < 0 {
		return fmt.Sprintf("action %d: the hand is over", a)
	}
	if a < 0 || a >= EnvActions {
		return fmt.Sprintf("action %d: no such action (0 to %d)", a, EnvActions-1)
	}
	h := env.hand()
	pretty := func(m card.Multi) string {
		if o := env.order(); o != nil {
			return o.Pretty(m)
		}
		var b strings.Builder
		for c := range m.All() {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(c.Pretty())
		}
		return b.String()
	}
	switch {
	case a == ActPass:
		return "pass"
	case a == ActCommit:
		if env.sel.IsEmpty() {
			return "play (no card picked)"
		}
		return "play " + pretty(env.sel)
	case a >= ActDeclare && a < ActCall:
		return "declare " + pretty(declAction(a, h.Level()).Cards)
	case a >= ActCall:
		c := shengji.Call{Card: envCards[(a-ActCall)%card.NumFaces], Ordinal: (a-ActCall)/card.NumFaces + 1}
		return "call " + c.String()
	}
	c := envCards[a-ActCard]
	sel := env.sel
	_ = sel.Add(c)
	switch h.Phase() {
	case shengji.BuryPhase:
		if sel.Len() == env.kitty {
			return "bury " + pretty(sel)
		}
		return fmt.Sprintf("bury %s (%d of %d picked: %s)", c.Pretty(), sel.Len(), env.kitty, pretty(sel))
	case shengji.PlayPhase:
		if lead, ok := env.lead(); ok && sel.Len() == lead.Len() {
			return "play " + pretty(sel)
		}
		return fmt.Sprintf("pick %s (%s so far)", c.Pretty(), pretty(sel))
	}
	return "pick " + c.Pretty()
}

// envState is the whole state as State writes it.
type envState struct {
	Seed     uint64          `json:"seed"`
	Phase    shengji.Phase   `json:"phase"`
	ToAct    int             `json:"to_act"`
	Dealer   int             `json:"dealer"`
	Banker   int             `json:"banker"`
	Trump    string          `json:"trump"`
	Hands    []card.Multi    `json:"hands"`
	Kitty    card.Multi      `json:"kitty"`
	Picked   card.Multi      `json:"picked"`
	Calls    []shengji.Call  `json:"calls,omitempty"`
	Played   []card.Multi    `json:"played"`
	Points   []int           `json:"points"`
	Tricks   int             `json:"tricks"`
	Score    *shengji.Score  `json:"score,omitempty"`
	Rules    json.RawMessage `json:"rules"`
	Seats    int             `json:"seats"`
	Rewards  []float32       `json:"rewards"`
	Declared []shengji.Bid   `json:"declared"`
}

// State returns the whole state as JSON: every seat's hand, the kitty,
// the picks of the play being built, the trick points and the score.
func (env *Env) State() (json.RawMessage, error) {
	if env.e == nil {
		return nil, fmt.Errorf("shengji: env: no hand yet (Reset first)")
	}
	h := env.hand()
	st := envState{Seed: env.rec.Seed(), Phase: h.Phase(), ToAct: env.toAct, Dealer: int(h.Dealer()), Banker: int(h.Banker()),
		Trump: fmt.Sprint(h.Trump()), Kitty: h.Kitty(), Picked: env.sel, Calls: env.calls[:env.ncalls], Tricks: h.NumTricks(),
		Seats: env.n, Declared: h.Bids()}
	if st.Banker >= env.n {
		st.Banker = -1
	}
	pts := h.SeatPoints()
	for s := range env.n {
		st.Hands = append(st.Hands, h.Cards(shengji.Seat(s)))
		st.Played = append(st.Played, env.played[s])
		st.Points = append(st.Points, pts[s])
	}
	if h.Over() {
		sc := h.Score()
		st.Score = &sc
	}
	st.Rewards = make([]float32, env.n)
	env.Rewards(st.Rewards)
	rb, err := json.Marshal(env.rules)
	if err != nil {
		return nil, err
	}
	st.Rules = rb
	return json.Marshal(st)
}

// Log returns the hand so far as a table log of Shengji.
func (env *Env) Log() ([]byte, error) { return env.rec.Log() }
