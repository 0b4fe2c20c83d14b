package sjbot

import (
	"fmt"
	"strings"

	"felt/card"
	"felt/shengji"
)

// Why is the kind of reason Explain gives for a play or a burial.
type Why uint8

// The reasons. The zero value, NoReason, is a move Explain has nothing to
// say about (a declaration, a pass, a move out of turn).
const (
	NoReason Why = iota
	// LeadMaster leads units none of the unseen cards can beat, in a plain
	// suit no opponent has shown void in.
	LeadMaster
	// LeadMasterRuffable is LeadMaster in a suit an opponent has shown
	// void in: it may be trumped.
	LeadMasterRuffable
	// LeadTopTrump leads trumps none of the unseen cards can beat.
	LeadTopTrump
	// LeadTrump leads trumps to draw the others'.
	LeadTrump
	// LeadForRuff leads a suit a partner (an ally) has shown void in (and
	// no seat that may be against it has), for the partner to trump.
	LeadForRuff
	// LeadLow leads low: nothing of the seat's is sure to win.
	LeadLow
	// FeedPartner gives points to a trick a partner (an ally) is winning.
	FeedPartner
	// FollowLowPartner plays low under a partner (an ally) who is winning.
	FollowLowPartner
	// Ruff trumps a plain lead the seat is void in, to win the trick.
	Ruff
	// OverRuff trumps higher than a trump already played.
	OverRuff
	// Win takes the trick in the led suit-group.
	Win
	// Discard plays other cards, being void (or short) in the led group,
	// without taking the trick.
	Discard
	// FollowLow plays low: the trick is an opponent's and the seat cannot
	// (or need not) take it.
	FollowLow
	// Bury buries cheap cards.
	Bury
	// Forced is the seat's only legal follow.
	Forced
)

var whyNames = [...]string{"none", "lead-master", "lead-master-ruffable", "lead-top-trump", "lead-trump", "lead-for-ruff",
	"lead-low", "feed-partner", "follow-low-partner", "ruff", "over-ruff", "win", "discard", "follow-low", "bury", "forced"}

// String returns the reason's name ("ruff", "follow-low-partner").
func (w Why) String() string {
	if int(w) < len(whyNames) {
		return whyNames[w]
	}
	return fmt.Sprintf("Why(%d)", uint8(w))
}

// Reason is why a move is a sound one, worked out from what the seat can
// see: who is winning the trick and with what, the points in it, the
// suit-groups each seat has shown itself void in, the seat's trumps and
// the cards not yet seen.
type Reason struct {
	Why   Why
	Cards card.Multi // the move's cards
	// Group is the suit-group the reason is about: the lead's, or the led
	// group the seat is void or short in.
	Group shengji.Group
	// Kind is the lead's unit kind, Units how many units it has (more
	// than one: a throw).
	Kind  shengji.Kind
	Units int
	// Winner is who holds the trick before the move (following), and
	// WinnerCards what it played.
	Winner      shengji.Seat
	WinnerCards card.Multi
	// Points are the trick's points with the move (following), or the
	// points buried.
	Points int
	// Void: the seat holds none of Group (following), Short: fewer of it
	// than the lead has; VoidSeat, for
	// LeadMasterRuffable and LeadForRuff, the seat shown void in it.
	Void, Short bool
	VoidSeat    shengji.Seat
	// Trumps is how many trumps the seat holds before the move, Unseen how
	// many trumps it has not seen (in others' hands or the kitty).
	Trumps, Unseen int
	// Sure says the play, winning now (or the partner's, fed points),
	// cannot be beaten by a seat after.
	// CanWin says some legal follow of the seat would take the trick now.
	Sure, CanWin bool
	// Voids are the plain suit-groups a burial empties from the hand;
	// BuriedTrumps how many trumps it buries, BrokenPairs how many of the
	// hand's pairs it buries a card (or both) of.
	Voids                     []shengji.Group
	BuriedTrumps, BrokenPairs int
}

// Explain says why move is a sound choice for o's seat, in the terms of
// what the seat can see (it does not replay the chooser's search: it
// reads the situation the move is made in). It is meant for a hint.
func Explain(o *shengji.Observation, move shengji.Action) Reason {
	r := Reason{Cards: move.Cards, Winner: shengji.NoSeat, VoidSeat: shengji.NoSeat, Group: shengji.NoGroup}
	if !o.Trump.IsValid() {
		return r
	}
	v := newView(o)
	ord := v.ord
	r.Trumps = o.Hand.Within(ord.Faces(shengji.Trumps)).Len()
	r.Unseen = v.unknown.Within(ord.Faces(shengji.Trumps)).Len()
	switch {
	case move.Kind == shengji.Bury && o.Phase == shengji.BuryPhase:
		r.Why, r.Points = Bury, shengji.Points(move.Cards)
		r.BuriedTrumps = move.Cards.Within(ord.Faces(shengji.Trumps)).Len()
		r.BrokenPairs = (o.Hand.Two & move.Cards.One).Len()
		for g := range shengji.Group(shengji.Trumps) {
			if held := o.Hand.Within(ord.Faces(g)); !held.IsEmpty() && move.Cards.Contains(held) {
				r.Voids = append(r.Voids, g)
			}
		}
		return r
	case move.Kind != shengji.Play || o.Phase != shengji.PlayPhase || o.Turn != o.Seat || move.Cards.IsEmpty():
		return r
	case o.Leading():
		return explainLead(&v, r)
	}
	return explainFollow(&v, r)
}

func explainLead(v *view, r Reason) Reason {
	ord, play := v.ord, r.Cards
	us := ord.Split(play)
	r.Units = len(us)
	r.Kind = us[0].Kind()
	for _, u := range us {
		r.Kind = max(r.Kind, u.Kind())
	}
	g, _ := ord.GroupOf(play)
	r.Group = g
	master := allMaster(ord, play, v.unknown)
	switch {
	case g == shengji.Trumps && master:
		r.Why = LeadTopTrump
	case g == shengji.Trumps:
		r.Why = LeadTrump
	case master:
		r.Why = LeadMaster
		for i := 1; i < v.n; i++ {
			if s := v.me.Plus(i, v.n); !v.ally(s) && v.void[s][g] {
				r.Why, r.VoidSeat = LeadMasterRuffable, s
				break
			}
		}
	default:
		r.Why = LeadLow
		if s, ok := v.allyVoid(g); ok && !v.opponentVoid(g) {
			r.Why, r.VoidSeat = LeadForRuff, s
		}
	}
	return r
}

// maxExplained bounds the follows Explain tries to see whether the seat
// could take the trick.
const maxExplained = 500

func explainFollow(v *view, r Reason) Reason {
	ord, play, hand := v.ord, r.Cards, v.o.Hand
	pos := v.nplays
	var plays [shengji.MaxSeats]card.Multi
	copy(plays[:], v.plays[:pos])
	cur := v.winner(plays[:pos])
	r.Winner = v.trick.Leader.Plus(cur, v.n)
	r.WinnerCards = plays[cur]
	for _, m := range plays[:pos] {
		r.Points += shengji.Points(m)
	}
	r.Points += shengji.Points(play)
	lg, _ := ord.GroupOf(plays[0])
	r.Group = lg
	held := hand.Within(ord.Faces(lg))
	r.Void = held.IsEmpty()
	r.Short = held.Len() < plays[0].Len()
	plays[pos] = play
	win := v.winner(plays[:pos+1]) == pos
	r.Sure = win && (pos == v.n-1 || v.holds(play, pos))
	r.CanWin = win
	for k := 0; !r.CanWin && k < maxExplained; k++ {
		m, ok := v.o.NthPlay(k)
		if !ok {
			break
		}
		plays[pos] = m
		r.CanWin = v.winner(plays[:pos+1]) == pos
	}
	pg, pok := ord.GroupOf(play)
	switch {
	case v.o.CountPlays() == 1:
		r.Why = Forced
	case v.ally(r.Winner) && !win && shengji.Points(play) > 0:
		r.Why = FeedPartner
		r.Sure = pos == v.n-1 || v.holds(r.WinnerCards, pos)
	case v.ally(r.Winner) && !win:
		r.Why = FollowLowPartner
	case win && pok && pg == shengji.Trumps && lg != shengji.Trumps:
		r.Why = Ruff
		if wg, _ := ord.GroupOf(r.WinnerCards); wg == shengji.Trumps {
			r.Why = OverRuff
		}
	case win:
		r.Why = Win
	case r.Short:
		r.Why = Discard
	default:
		r.Why = FollowLow
	}
	return r
}

// Text says the reason in plain words, naming seats with name and writing
// cards with cards (highest first): "lead the pair K♠ K♠: the highest
// pair left in spades, and nobody has shown void in spades".
func (r Reason) Text(name func(shengji.Seat) string, cards func(card.Multi) string) string {
	group := r.Group.Name()
	pts := func(n int) string {
		if n == 1 {
			return "1 point"
		}
		return fmt.Sprintf("%d points", n)
	}
	holds := func(n int) string {
		if n == 0 {
			return "no points in it"
		}
		return "it holds " + pts(n)
	}
	what := func() string {
		switch {
		case r.Units > 1:
			return "throw " + cards(r.Cards)
		case r.Kind == shengji.Tractor:
			return "lead the tractor " + cards(r.Cards)
		case r.Kind == shengji.Tuple:
			return "lead the " + tupleWord(r.Cards.Len()) + " " + cards(r.Cards)
		}
		return "lead " + cards(r.Cards)
	}
	best := func() string {
		switch {
		case r.Units > 1:
			return "no unseen card can beat any part of it"
		case r.Kind == shengji.Tractor:
			return "no unseen pairs can make a higher tractor in " + group
		case r.Kind == shengji.Tuple:
			return "the highest " + tupleWord(r.Cards.Len()) + " left in " + group
		}
		return "the highest card left in " + group
	}
	trumps := fmt.Sprintf("you hold %d trumps, %d are still out", r.Trumps, r.Unseen)
	sure := ""
	if !r.Sure {
		sure = ", if nobody after you beats it"
	}
	switch r.Why {
	case LeadMaster:
		return fmt.Sprintf("%s: %s, and nobody has shown void in %s", what(), best(), group)
	case LeadMasterRuffable:
		return fmt.Sprintf("%s: %s, though %s has shown void in %s and may trump it", what(), best(), name(r.VoidSeat), group)
	case LeadTopTrump:
		return fmt.Sprintf("%s: the top of the trumps, drawing the others' (%s)", what(), trumps)
	case LeadTrump:
		return fmt.Sprintf("%s to draw the others' trumps (%s)", what(), trumps)
	case LeadForRuff:
		return fmt.Sprintf("%s: %s has shown void in %s and can trump it", what(), name(r.VoidSeat), group)
	case LeadLow:
		give := "it gives away no points"
		if p := shengji.Points(r.Cards); p > 0 {
			give = "it gives away only " + pts(p)
		}
		return fmt.Sprintf("lead low with %s: nothing you hold is sure to win, and %s", cards(r.Cards), give)
	case FeedPartner:
		if !r.Sure {
			return fmt.Sprintf("give points with %s: %s is winning the trick with %s (%s with yours), though a seat after you may still beat it", cards(r.Cards), name(r.Winner), cards(r.WinnerCards), pts(r.Points))
		}
		return fmt.Sprintf("give points with %s: %s is winning the trick with %s and nobody after you can beat it; the trick holds %s with yours", cards(r.Cards), name(r.Winner), cards(r.WinnerCards), pts(r.Points))
	case FollowLowPartner:
		verb := "follow low with "
		if r.Short {
			verb = "discard "
		}
		return fmt.Sprintf("%s%s: %s is winning the trick with %s", verb, cards(r.Cards), name(r.Winner), cards(r.WinnerCards))
	case Ruff:
		return fmt.Sprintf("trump with %s: you are void in %s and the trick holds %s%s", cards(r.Cards), group, pts(r.Points), sure)
	case OverRuff:
		return fmt.Sprintf("trump higher with %s: %s trumped with %s and the trick holds %s%s", cards(r.Cards), name(r.Winner), cards(r.WinnerCards), pts(r.Points), sure)
	case Win:
		if r.Points == 0 && r.Sure {
			return fmt.Sprintf("take the trick with %s: it beats %s's %s and you lead next", cards(r.Cards), name(r.Winner), cards(r.WinnerCards))
		}
		return fmt.Sprintf("take the trick with %s: it beats %s's %s and the trick holds %s%s", cards(r.Cards), name(r.Winner), cards(r.WinnerCards), pts(r.Points), sure)
	case Discard:
		why := "you are void in " + group
		if !r.Void {
			why = "you hold too few " + group
		}
		if r.CanWin {
			return fmt.Sprintf("discard %s: %s, and taking the trick from %s is not worth your trumps (%s)", cards(r.Cards), why, name(r.Winner), holds(r.Points))
		}
		return fmt.Sprintf("discard %s: %s and cannot take the trick from %s", cards(r.Cards), why, name(r.Winner))
	case FollowLow:
		if r.CanWin {
			return fmt.Sprintf("follow low with %s: %s is winning the trick with %s, not worth your high cards (%s)", cards(r.Cards), name(r.Winner), cards(r.WinnerCards), holds(r.Points))
		}
		return fmt.Sprintf("follow low with %s: %s is winning the trick with %s and you cannot beat it", cards(r.Cards), name(r.Winner), cards(r.WinnerCards))
	case Forced:
		if r.Sure {
			return fmt.Sprintf("play %s, your only legal follow: it takes the trick, which holds %s", cards(r.Cards), pts(r.Points))
		}
		return fmt.Sprintf("play %s, your only legal follow (%s is winning the trick with %s)", cards(r.Cards), name(r.Winner), cards(r.WinnerCards))
	case Bury:
		var kept []string
		switch {
		case r.Points == 0:
			kept = append(kept, "no points")
		default:
			kept = append(kept, "only "+pts(r.Points))
		}
		if r.BuriedTrumps == 0 {
			kept = append(kept, "no trump")
		}
		if r.BrokenPairs == 0 {
			kept = append(kept, "no pair")
		}
		s := fmt.Sprintf("bury %s, giving up %s", cards(r.Cards), list(kept))
		if len(r.Voids) > 0 {
			names := make([]string, len(r.Voids))
			for i, g := range r.Voids {
				names[i] = g.Name()
			}
			s += ", leaving you void in " + list(names) + " to trump them"
		}
		return s
	}
	return ""
}

// list joins words as a sentence does: "a", "a and b", "a, b and c".
func list(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// tupleWord names a tuple of n identical cards: "pair", "triple", "four",
// "five".
func tupleWord(n int) string {
	if w := (shengji.Unit{Width: n, Steps: 1}); n >= 2 {
		return w.Name()
	}
	return "card"
}

// Text says what Hard's search found for its last play, in plain words,
// writing cards with cards: "played to the end of the hand on 12 deals of
// the cards you cannot see, it came out ahead of 8♠ by about 9 points a
// hand (a level counted as 40)". It is empty when the search compared
// nothing (a forced play).
func (s Search) Text(cards func(card.Multi) string) string {
	if s.Deals == 0 || s.Candidates < 2 || s.NextCards.IsEmpty() {
		return ""
	}
	how := fmt.Sprintf("played to the end of the hand on %d deals of the cards you cannot see", s.Deals)
	if s.Exact {
		how = fmt.Sprintf("solved exactly to the last trick on %d deals of the cards you cannot see", s.Deals)
	}
	d := s.Best - s.Next
	if d < 0.5 {
		return fmt.Sprintf("%s, it did as well as %s", how, cards(s.NextCards))
	}
	return fmt.Sprintf("%s, it came out ahead of %s by about %.0f points a hand (a level counted as %.0f)", how, cards(s.NextCards), d, s.LevelPoints)
}
