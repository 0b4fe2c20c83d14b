package gin

import (
	"fmt"

	"felt/card"
)

// ResultKind is how a hand ended. The zero value NoResult means it has not.
type ResultKind uint8

// The ways a hand ends.
const (
	NoResult       ResultKind = iota // the hand is still being played
	KnockResult                      // the knocker won on points
	GinResult                        // the knocker went gin
	BigGinResult                     // the knocker went big gin
	UndercutResult                   // the defender's deadwood was at most the knocker's
	DrawResult                       // the stock ran down to two cards; nobody scores
)

var resultNames = [...]string{"none", "knock", "gin", "big_gin", "undercut", "draw"}

// String returns the result's name as in the command-line contract:
// "knock", "gin", "big_gin", "undercut", "draw" (or "none").
func (k ResultKind) String() string {
	if int(k) < len(resultNames) {
		return resultNames[k]
	}
	return fmt.Sprintf("ResultKind(%d)", uint8(k))
}

// ParseResultKind is the inverse of String.
func ParseResultKind(s string) (ResultKind, bool) {
	for i, n := range resultNames {
		if n == s {
			return ResultKind(i), true
		}
	}
	return 0, false
}

// Layoff is one card the defender laid off on one of the knocker's melds.
type Layoff struct {
	Card card.Card // the defender's card
	Onto Meld      // the knocker's meld as shown, before any lay-off
}

// Showdown is the settled end of a hand that a player knocked.
type Showdown struct {
	Result           ResultKind
	KnockerWins      bool        // false on an undercut
	Points           int         // points to the winner, doubling included
	Doubled          bool        // Oklahoma spade upcard
	KnockerDeadwood  int         // deadwood of the knocker's shown arrangement
	DefenderDeadwood int         // the defender's deadwood after lay-offs
	Knocker          Arrangement // the knocker's melds as shown
	KnockerCards     card.Set    // the ten (or eleven) cards laid out
	Defender         Arrangement // the defender's own melds
	DefenderCards    card.Set    // the defender's ten cards
	Layoffs          []Layoff    // the defender's lay-offs, in the order made
}

// KnockerDeadwoodCards returns the knocker's cards in no meld.
func (s *Showdown) KnockerDeadwoodCards() card.Set { return s.KnockerCards &^ s.Knocker.Melded() }

// LaidOff returns the defender's cards laid off.
func (s *Showdown) LaidOff() card.Set {
	var l card.Set
	for _, x := range s.Layoffs {
		l = l.Add(x.Card)
	}
	return l
}

// DefenderDeadwoodCards returns the defender's cards neither melded nor
// laid off.
func (s *Showdown) DefenderDeadwoodCards() card.Set {
	return s.DefenderCards &^ s.Defender.Melded() &^ s.LaidOff()
}

// chain is a run of cards that may be laid off one after another on a meld:
// the missing card of a three-card set, or the cards extending a run
// outwards from one end.
type chain struct {
	onto  Meld
	cards [card.NumRanks]card.Card
	n     int
}

// eachLayoff calls visit with every way of laying off: pick[i] cards of
// chain i, taken in the chain's order, used the cards laid off and n their
// number. pick is reused between calls.
func eachLayoff(chains []chain, visit func(used card.Set, n int, pick []int)) {
	pick := make([]int, len(chains))
	var walk func(i int, used card.Set, n int)
	walk = func(i int, used card.Set, n int) {
		if i == len(chains) {
			visit(used, n, pick)
			return
		}
		pick[i] = 0
		walk(i+1, used, n)
		u := used
		for k := 0; k < chains[i].n; k++ {
			c := chains[i].cards[k]
			if u.Has(c) {
				break
			}
			u = u.Add(c)
			pick[i] = k + 1
			walk(i+1, u, n+k+1)
		}
		pick[i] = 0
	}
	walk(0, 0, 0)
}

// picked lists the lay-offs that pick chooses from chains.
func picked(chains []chain, pick []int) []Layoff {
	var out []Layoff
	for i, k := range pick {
		for j := 0; j < k; j++ {
			out = append(out, Layoff{Card: chains[i].cards[j], Onto: chains[i].onto})
		}
	}
	return out
}

func layoffChains(knocker Arrangement, defender card.Set) []chain {
	var out []chain
	for _, m := range knocker.melds[:knocker.n] {
		cs := m.Set()
		switch m.Kind() {
		case SetMeld:
			if cs.Len() != 3 {
				continue
			}
			r := lowestByRank(cs).Rank()
			for su := card.Suit(0); su < card.NumSuits; su++ {
				c := card.New(r, su)
				if !cs.Has(c) && defender.Has(c) {
					ch := chain{onto: m, n: 1}
					ch.cards[0] = c
					out = append(out, ch)
				}
			}
		case RunMeld:
			lo := lowestByRank(cs)
			su := lo.Suit()
			hi := lo.Rank() + card.Rank(cs.Len()) - 1
			down := chain{onto: m}
			for r := lo.Rank() - 1; r >= card.Ace && defender.Has(card.New(r, su)); r-- {
				down.cards[down.n] = card.New(r, su)
				down.n++
			}
			up := chain{onto: m}
			for r := hi + 1; r <= card.King && defender.Has(card.New(r, su)); r++ {
				up.cards[up.n] = card.New(r, su)
				up.n++
			}
			for _, ch := range []chain{down, up} {
				if ch.n > 0 {
					out = append(out, ch)
				}
			}
		}
	}
	return out
}

// BestLayoffs chooses the defender's own melds and lay-offs on the knocker's
// melds together, for the least deadwood. A card may be laid off on a set
// (its fourth card) or at either end of a run, and further cards on what it
// extended. The defender may break a meld of its own to lay off. Among
// equally good choices it lays off the fewest cards. It returns the
// defender's arrangement of the cards it keeps, the lay-offs and the
// deadwood left.
func BestLayoffs(knocker Arrangement, defender card.Set) (Arrangement, []Layoff, int) {
	chains := layoffChains(knocker, defender)
	bestDead, bestN := Deadwood(defender), 0
	var bestL card.Set
	bestPick := make([]int, len(chains))
	eachLayoff(chains, func(used card.Set, n int, pick []int) {
		if n == 0 {
			return
		}
		d := Deadwood(defender &^ used)
		if d < bestDead || (d == bestDead && (n < bestN || (n == bestN && used < bestL))) {
			bestDead, bestN, bestL = d, n, used
			copy(bestPick, pick)
		}
	})
	layoffs := picked(chains, bestPick)
	own, _ := Melds(defender &^ bestL)
	return own, layoffs, bestDead
}

// Settle scores a knock. knocker is the knocker's hand after the face-down
// discard (ten cards), or all eleven cards for big gin; show is the
// arrangement the knocker lays out, or the zero Arrangement for the
// automatic choice: a minimum-deadwood arrangement, and among several the one
// that leaves the defender the most deadwood. limit is the hand's knock
// limit and double the Oklahoma spade doubling.
func Settle(r Rules, knocker card.Set, show Arrangement, defender card.Set, limit int, double bool) (Showdown, error) {
	kn, dn := knocker.Len(), defender.Len()
	if knocker&defender != 0 {
		return Showdown{}, errorf(card.ErrDuplicate, "gin: %s in both hands", knocker&defender)
	}
	if dn != 10 {
		return Showdown{}, errorf(ErrHandSize, "gin: defender holds %d cards, want 10", dn)
	}
	s := Showdown{KnockerCards: knocker, DefenderCards: defender, Doubled: double}
	switch kn {
	case 11:
		if !r.BigGinAllowed() {
			return Showdown{}, fmt.Errorf("gin: 11 cards laid out: %w", ErrBigGinOff)
		}
		if d := Deadwood(knocker); d != 0 {
			return Showdown{}, fmt.Errorf("gin: 11 cards laid out: %w (deadwood %d)", ErrNotBigGin, d)
		}
		s.Result = BigGinResult
	case 10:
	default:
		return Showdown{}, errorf(ErrHandSize, "gin: knocker lays out %d cards, want 10 (11 for big gin)", kn)
	}
	if show.Len() > 0 {
		if !knocker.Contains(show.Melded()) {
			return Showdown{}, fmt.Errorf("gin: shown melds %s: %w", show, ErrBadArrangement)
		}
		for _, m := range show.melds[:show.n] {
			if m.Kind() == NoMeld {
				return Showdown{}, fmt.Errorf("gin: %s: %w", m, ErrInvalidMeld)
			}
		}
		if s.Result == BigGinResult && show.Melded() != knocker {
			return Showdown{}, fmt.Errorf("gin: big gin shown as %s: %w", show, ErrNotBigGin)
		}
	} else {
		all, err := AllMelds(knocker)
		if err != nil {
			return Showdown{}, err
		}
		show = all[0]
		if s.Result != BigGinResult && len(all) > 1 && Deadwood(knocker) > 0 {
			worst := -1
			for _, a := range all {
				_, _, d := BestLayoffs(a, defender)
				if d > worst {
					worst, show = d, a
				}
			}
		}
	}
	s.Knocker = show
	_, s.KnockerDeadwood = show.Deadwood(knocker)
	if s.Result != BigGinResult && s.KnockerDeadwood > limit {
		return Showdown{}, &KnockLimitError{Deadwood: s.KnockerDeadwood, Limit: limit}
	}
	if s.Result == NoResult && s.KnockerDeadwood == 0 {
		s.Result = GinResult
	}
	if s.Result == GinResult || s.Result == BigGinResult {
		s.Defender, _ = Melds(defender)
		_, s.DefenderDeadwood = s.Defender.Deadwood(defender)
	} else {
		s.Defender, s.Layoffs, s.DefenderDeadwood = BestLayoffs(show, defender)
	}
	switch {
	case s.Result == BigGinResult:
		s.KnockerWins, s.Points = true, r.BigGinBonus+s.DefenderDeadwood
	case s.Result == GinResult:
		s.KnockerWins, s.Points = true, r.GinBonus+s.DefenderDeadwood
	case s.KnockerDeadwood < s.DefenderDeadwood:
		s.Result, s.KnockerWins, s.Points = KnockResult, true, s.DefenderDeadwood-s.KnockerDeadwood
	default:
		s.Result, s.KnockerWins, s.Points = UndercutResult, false, r.UndercutBonus+s.KnockerDeadwood-s.DefenderDeadwood
	}
	if double {
		s.Points *= 2
	}
	return s, nil
}
