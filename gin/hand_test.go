package gin

import (
	"errors"
	"reflect"
	"testing"

	"felt/card"
)

// deckFor builds a deck that deals non and dealer (10 cards each written as
// text), turns up upcard and puts stock on top of the stock in order; the
// rest of the pack follows.
func deckFor(t testing.TB, non, dealer, upcard, stock string) []card.Card {
	t.Helper()
	n := card.MustParseSet(non)
	d := card.MustParseSet(dealer)
	if n.Len() != 10 || d.Len() != 10 {
		t.Fatalf("deckFor: %d and %d cards", n.Len(), d.Len())
	}
	nc, dc := n.Cards(), d.Cards()
	deck := make([]card.Card, 0, 52)
	for i := 0; i < 10; i++ {
		deck = append(deck, nc[i], dc[i])
	}
	up := card.MustParse(upcard)
	deck = append(deck, up)
	used := n | d | card.Bit(up)
	if stock != "" {
		for _, c := range mustList(t, stock) {
			deck = append(deck, c)
			used = used.Add(c)
		}
	}
	for _, c := range card.Pack() {
		if !used.Has(c) {
			deck = append(deck, c)
		}
	}
	if card.SetOf(deck...) != card.FullSet || len(deck) != 52 {
		t.Fatalf("deckFor: not a permutation")
	}
	return deck
}

func mustList(t testing.TB, s string) []card.Card {
	t.Helper()
	cs, err := card.ParseList(s)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func newHand(t testing.TB, r Rules, non, dealer, upcard, stock string) *Hand {
	t.Helper()
	h, err := NewHand(r, deckFor(t, non, dealer, upcard, stock), 1)
	if err != nil {
		t.Fatal(err)
	}
	return &h
}

func mustApply(t testing.TB, h *Hand, seat Seat, a Action) {
	t.Helper()
	if err := h.Apply(seat, a); err != nil {
		t.Fatalf("%s by seat %d: %v", a, seat, err)
	}
}

// refuse applies a and asserts it is refused with want and leaves h as it
// was.
func refuse(t testing.TB, h *Hand, seat Seat, a Action, want error) error {
	t.Helper()
	before := *h
	err := h.Apply(seat, a)
	if !errors.Is(err, want) {
		t.Fatalf("%s by seat %d: got %v, want %v", a, seat, err, want)
	}
	if !reflect.DeepEqual(before, *h) {
		t.Fatalf("%s by seat %d was refused but changed the hand", a, seat)
	}
	return err
}

const (
	// seat 0 (non-dealer) and seat 1 (dealer) in these tests.
	nonHand    = "AS 2S 3S 7H 7D 7C 9C TC JC KD" // deadwood 10 (KD)
	dealerHand = "4H 5H 6H 8S 9S TS 2D 3D QC QH" // deadwood 25
	dealerB    = "4H 5H 6H JS QS KS 2C 3C QD 8H" // deadwood 23
)

func TestDeal_TenEachNonDealerFirstUpcardAndStock(t *testing.T) {
	deck := card.Pack()
	h, err := NewHand(Standard(), deck, 1)
	if err != nil {
		t.Fatal(err)
	}
	if h.Cards(0).Len() != 10 || h.Cards(1).Len() != 10 {
		t.Fatalf("hand sizes %d %d", h.Cards(0).Len(), h.Cards(1).Len())
	}
	if !h.Cards(0).Has(deck[0]) || !h.Cards(1).Has(deck[1]) || !h.Cards(0).Has(deck[18]) {
		t.Fatal("cards not dealt one at a time, non-dealer first")
	}
	if h.Upcard() != deck[20] || h.Pile().Top() != deck[20] || h.StockLen() != 31 {
		t.Fatalf("upcard %s stock %d", h.Upcard(), h.StockLen())
	}
	if h.Turn() != 0 || h.Phase() != UpcardPhase {
		t.Fatalf("turn %d phase %s, want the non-dealer in the upcard phase", h.Turn(), h.Phase())
	}
}

func TestDeal_RefusesBadDeck(t *testing.T) {
	deck := card.Pack()
	deck[5] = deck[6]
	if _, err := NewHand(Standard(), deck, 0); !errors.Is(err, card.ErrDuplicate) {
		t.Fatalf("duplicate card: %v", err)
	}
	if _, err := NewHand(Standard(), card.Pack()[:51], 0); err == nil {
		t.Fatal("51-card deck accepted")
	}
	if _, err := NewHand(Standard(), card.Pack(), 2); !errors.Is(err, ErrInvalidSeat) {
		t.Fatalf("dealer 2: %v", err)
	}
}

func TestUpcard_NonDealerTakesThenDiscards(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "8C", "")
	refuse(t, h, 1, TakeDiscardAction(), ErrNotYourTurn)
	refuse(t, h, 0, DrawStockAction(), ErrWrongPhase)
	mustApply(t, h, 0, TakeDiscardAction())
	if !h.Cards(0).Has(card.MustParse("8C")) || h.Pile().Len() != 0 {
		t.Fatal("upcard not taken")
	}
	err := refuse(t, h, 0, DiscardAction(card.MustParse("8C")), ErrJustTaken)
	if want := "gin: you can't discard 8C: you just took it from the discard pile"; err.Error() != want {
		t.Fatalf("message %q", err)
	}
	mustApply(t, h, 0, DiscardAction(card.MustParse("KD")))
	if h.Turn() != 1 || h.Phase() != DrawPhase {
		t.Fatalf("turn %d phase %s", h.Turn(), h.Phase())
	}
}

func TestUpcard_BothPassNonDealerMustDrawStock(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "KC", "5C")
	mustApply(t, h, 0, PassAction())
	if h.Turn() != 1 || h.Phase() != DealerUpcardPhase {
		t.Fatalf("after a pass: turn %d phase %s", h.Turn(), h.Phase())
	}
	mustApply(t, h, 1, PassAction())
	if h.Turn() != 0 || h.Phase() != DrawPhase {
		t.Fatalf("after two passes: turn %d phase %s", h.Turn(), h.Phase())
	}
	refuse(t, h, 0, TakeDiscardAction(), ErrMustDrawStock)
	refuse(t, h, 0, PassAction(), ErrWrongPhase)
	mustApply(t, h, 0, DrawStockAction())
	if !h.Cards(0).Has(card.MustParse("5C")) {
		t.Fatal("stock top not drawn")
	}
	if h.Passed(0) != card.MustParseSet("KC") || h.Passed(1) != card.MustParseSet("KC") {
		t.Fatalf("passed %s / %s", h.Passed(0), h.Passed(1))
	}
}

func TestUpcard_DealerTakesAfterPass(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "7S", "")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, TakeDiscardAction())
	mustApply(t, h, 1, DiscardAction(card.MustParse("QC")))
	if h.Turn() != 0 || h.Phase() != DrawPhase || h.MustDrawStock() {
		t.Fatalf("turn %d phase %s", h.Turn(), h.Phase())
	}
	mustApply(t, h, 0, TakeDiscardAction()) // the dealer's discard may be taken
}

func TestNoUpcard_NonDealerBeginsFromStock(t *testing.T) {
	r := Standard()
	r.Upcard = NoUpcard
	h := newHand(t, r, nonHand, dealerHand, "7S", "")
	if h.Phase() != DrawPhase || h.Turn() != 0 {
		t.Fatalf("phase %s turn %d", h.Phase(), h.Turn())
	}
	refuse(t, h, 0, PassAction(), ErrWrongPhase)
	refuse(t, h, 0, TakeDiscardAction(), ErrMustDrawStock)
	mustApply(t, h, 0, DrawStockAction())
}

func TestDiscard_CardDrawnFromStockMayBeDiscarded(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "KC", "5C")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	mustApply(t, h, 0, DiscardAction(card.MustParse("5C")))
}

func TestDiscard_CardNotInHand(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "KC", "5C")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	err := refuse(t, h, 0, DiscardAction(card.MustParse("4H")), ErrNotInHand)
	if err.Error() != "gin: you can't discard 4H: card not in hand" {
		t.Fatalf("message %q", err)
	}
	refuse(t, h, 0, DiscardAction(0), ErrMalformedAction)
	refuse(t, h, 0, DrawStockAction(), ErrWrongPhase)
	refuse(t, h, 0, Action{Kind: 99}, ErrUnknownAction)
}

// Every move has one form: a card only on a discard or a knock, melds only
// on a knock or big gin. Any other form is refused, naming the problem, in
// the phase where the move itself would be legal, and changes nothing.
func TestApply_RefusesMalformedActions(t *testing.T) {
	run := MeldOf(card.MustParse("AS"), card.MustParse("2S"), card.MustParse("3S"))
	show, err := NewArrangement(run)
	if err != nil {
		t.Fatal(err)
	}
	kc, fiveC := card.MustParse("KC"), card.MustParse("5C")
	upcard := func() *Hand { return newHand(t, Standard(), nonHand, dealerHand, "KC", "5C") }
	draw := func() *Hand {
		h := upcard()
		mustApply(t, h, 0, PassAction())
		mustApply(t, h, 1, PassAction())
		return h
	}
	discard := func() *Hand {
		h := draw()
		mustApply(t, h, 0, DrawStockAction())
		return h
	}
	// seat 1 to draw, from the stock or the 5C on the pile
	drawEither := func() *Hand {
		h := discard()
		mustApply(t, h, 0, DiscardAction(fiveC))
		return h
	}
	for _, c := range []struct {
		name string
		h    func() *Hand
		a    Action
		want error
		msg  string
	}{
		{"take the upcard with a card", upcard, Action{Kind: TakeDiscard, Card: kc}, ErrMalformedAction,
			"gin: take_discard takes no card, got KC: malformed action"},
		{"pass with a card", upcard, Action{Kind: Pass, Card: kc}, ErrMalformedAction,
			"gin: pass takes no card, got KC: malformed action"},
		{"take the upcard with melds", upcard, Action{Kind: TakeDiscard, Show: show}, ErrMalformedAction,
			"gin: take_discard takes no melds, got [AS 2S 3S]: malformed action"},
		{"draw from the stock with a card", draw, Action{Kind: DrawStock, Card: fiveC}, ErrMalformedAction,
			"gin: draw_stock takes no card, got 5C: malformed action"},
		{"take a discard with a card", drawEither, Action{Kind: TakeDiscard, Card: fiveC}, ErrMalformedAction,
			"gin: take_discard takes no card, got 5C: malformed action"},
		{"take a discard with a value that is no card", drawEither, Action{Kind: TakeDiscard, Card: card.Card(0xFF)}, ErrMalformedAction,
			"gin: take_discard takes no card, got ??: malformed action"},
		{"draw from the stock with the pile's card", drawEither, Action{Kind: DrawStock, Card: fiveC}, ErrMalformedAction,
			"gin: draw_stock takes no card, got 5C: malformed action"},
		{"discard with melds", discard, Action{Kind: Discard, Card: fiveC, Show: show}, ErrMalformedAction,
			"gin: discard takes no melds, got [AS 2S 3S]: malformed action"},
		{"discard without a card", discard, Action{Kind: Discard}, ErrMalformedAction,
			"gin: discard needs one of the 52 cards: malformed action"},
		{"knock with no card", discard, Action{Kind: Knock}, ErrMalformedAction,
			"gin: knock needs one of the 52 cards: malformed action"},
		{"big gin with a card", discard, Action{Kind: BigGin, Card: fiveC}, ErrMalformedAction,
			"gin: big_gin takes no card, got 5C: malformed action"},
		{"no action", discard, Action{}, ErrUnknownAction,
			"gin: action kind none: unknown action"},
		{"unknown kind", discard, Action{Kind: 99}, ErrUnknownAction,
			"gin: action kind ActionKind(99): unknown action"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := c.h()
			err := refuse(t, h, h.Turn(), c.a, c.want)
			if err.Error() != c.msg {
				t.Errorf("message %q, want %q", err, c.msg)
			}
			if err := c.a.Validate(); err == nil || err.Error() != c.msg {
				t.Errorf("Validate: %v, want %q", err, c.msg)
			}
		})
	}
	// The one form of each of these moves is accepted where the malformed
	// ones were refused.
	h := upcard()
	mustApply(t, h, 0, PassAction())
	h = drawEither()
	mustApply(t, h, 1, TakeDiscardAction())
}

func TestKnock_AtExactlyTheLimitAllowed(t *testing.T) {
	// Seat 0 holds AS 2S 3S 7H 7D 7C 9C TC JC KD and draws 4S: discarding KD
	// leaves deadwood 4 (4S is in the run: AS-4S); discarding 4S leaves 10.
	h := newHand(t, Standard(), nonHand, dealerHand, "KC", "4S")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	mustApply(t, h, 0, KnockAction(card.MustParse("4S"))) // deadwood exactly 10: KD
	res := h.Result()
	if res.Kind != KnockResult && res.Kind != UndercutResult {
		t.Fatalf("result %s", res.Kind)
	}
	if res.Showdown.KnockerDeadwood != 10 {
		t.Fatalf("knocker deadwood %d", res.Showdown.KnockerDeadwood)
	}
}

func TestKnock_OverTheLimitRefused(t *testing.T) {
	// Seat 0 holds AS 2S 3S 7H 7D 7C 9C TC 6D KD and draws 5C.
	h := newHand(t, Standard(), "AS 2S 3S 7H 7D 7C 9C TC 6D KD", dealerHand, "KC", "5C")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	// Discarding KD leaves 5C 6D 9C TC unmelded: 30. The knock is refused
	// with the numbers.
	err := refuse(t, h, 0, KnockAction(card.MustParse("KD")), ErrOverKnockLimit)
	var kle *KnockLimitError
	if !errors.As(err, &kle) || kle.Limit != 10 || kle.Deadwood != Deadwood(h.Cards(0).Remove(card.MustParse("KD"))) {
		t.Fatalf("got %v", err)
	}
	if err.Error() != "gin: deadwood 30 is over the knock limit 10" {
		t.Fatalf("message %q", err)
	}
}

func TestKnock_ElevenDeadwoodRefusedTenAllowed(t *testing.T) {
	r := Standard()
	h := newHand(t, r, "2S 3S 4S 7H 7D 7C 9H 9D 9S AD", dealerB, "KC", "TH")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	// Hand: 2S3S4S 7H7D7C 9H9D9S AD TH. Discarding AD leaves deadwood 10
	// (TH): a knock at exactly the limit.
	if d := Deadwood(h.Cards(0).Remove(card.MustParse("AD"))); d != 10 {
		t.Fatalf("deadwood after AD %d", d)
	}
	h2 := *h
	mustApply(t, &h2, 0, KnockAction(card.MustParse("AD")))
	if h2.Result().Showdown.KnockerDeadwood != 10 {
		t.Fatal("knock at 10 not taken")
	}
	// With a knock limit of 9 the same knock is refused: 10 over 9.
	r.KnockLimit = 9
	h3 := newHand(t, r, "2S 3S 4S 7H 7D 7C 9H 9D 9S AD", dealerB, "KC", "TH")
	mustApply(t, h3, 0, PassAction())
	mustApply(t, h3, 1, PassAction())
	mustApply(t, h3, 0, DrawStockAction())
	err := refuse(t, h3, 0, KnockAction(card.MustParse("AD")), ErrOverKnockLimit)
	if err.Error() != "gin: deadwood 10 is over the knock limit 9" {
		t.Fatalf("message %q", err)
	}
}

func TestKnock_JustTakenCardCannotBeKnockDiscard(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "KH", "")
	mustApply(t, h, 0, TakeDiscardAction())
	refuse(t, h, 0, KnockAction(card.MustParse("KH")), ErrJustTaken)
}

func TestBigGin_ScoredWithBonus(t *testing.T) {
	h := newHand(t, Standard(), "AS 2S 3S 4S 7H 7D 7C 9C TC JC", dealerHand, "KC", "8C")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	mustApply(t, h, 0, BigGinAction())
	res := h.Result()
	// Dealer 4H 5H 6H 8S 9S TS 2D 3D QC QH: melds 4-6H, 8-TS: deadwood 2+3+10+10 = 25.
	if res.Kind != BigGinResult || res.Points != 31+25 || res.Winner != 0 {
		t.Fatalf("got %s %d to %d", res.Kind, res.Points, res.Winner)
	}
}

func TestBigGin_OffInEAAIAndRefusedWithDeadwood(t *testing.T) {
	h := newHand(t, EAAI(), "AS 2S 3S 4S 7H 7D 7C 9C TC JC", dealerHand, "KC", "8C")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	refuse(t, h, 0, BigGinAction(), ErrBigGinOff)
	h2 := newHand(t, Standard(), nonHand, dealerHand, "KC", "QD")
	mustApply(t, h2, 0, PassAction())
	mustApply(t, h2, 1, PassAction())
	mustApply(t, h2, 0, DrawStockAction())
	refuse(t, h2, 0, BigGinAction(), ErrNotBigGin)
}

func TestStockExhaustion_DrawWhenTwoCardsLeft(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "KC", "")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	for h.StockLen() > 2 {
		seat := h.Turn()
		mustApply(t, h, seat, DrawStockAction())
		// discard the card just drawn: hands never change
		mustApply(t, h, seat, DiscardAction(h.Drawn()))
	}
	if !h.Over() || h.Result().Kind != DrawResult || h.Result().Points != 0 {
		t.Fatalf("over %v result %s", h.Over(), h.Result().Kind)
	}
	refuse(t, h, h.Turn(), DrawStockAction(), ErrHandOver)
}

func TestStockExhaustion_KnockStillAllowedWithTwoLeft(t *testing.T) {
	h := newHand(t, Standard(), "AS 2S 3S 7H 7D 7C 9C TC JC 2H", dealerHand, "KC", "")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	for h.StockLen() > 3 {
		seat := h.Turn()
		mustApply(t, h, seat, DrawStockAction())
		mustApply(t, h, seat, DiscardAction(h.Drawn()))
	}
	seat := h.Turn()
	mustApply(t, h, seat, DrawStockAction())
	if h.StockLen() != 2 {
		t.Fatalf("stock %d", h.StockLen())
	}
	var acts []Action
	acts = h.LegalActions(acts)
	if seat == 0 {
		mustApply(t, h, 0, KnockAction(h.Drawn()))
		if h.Result().Kind == DrawResult {
			t.Fatal("knock with two cards left ended as a draw")
		}
	} else if len(acts) == 0 {
		t.Fatal("no legal action")
	}
}

func TestLegalActions_AllAcceptedOthersRefused(t *testing.T) {
	h := newHand(t, Standard(), nonHand, dealerHand, "8C", "")
	mustApply(t, h, 0, TakeDiscardAction())
	acts := h.LegalActions(nil)
	legal := map[Action]bool{}
	for _, a := range acts {
		legal[a] = true
		c := *h
		if err := c.Apply(0, a); err != nil {
			t.Fatalf("listed action %s refused: %v", a, err)
		}
	}
	// 10 discards (11 cards minus 8C), knocks where deadwood ≤ 10.
	discards, knocks := 0, 0
	for _, a := range acts {
		switch a.Kind {
		case Discard:
			discards++
		case Knock:
			knocks++
		}
	}
	if discards != 10 {
		t.Fatalf("%d discards listed", discards)
	}
	// AS 2S 3S 7H 7D 7C 8C 9C TC JC KD: 7C-JC run with 7H 7D? best: AS-3S,
	// 7H 7D 7C, 8C 9C TC JC, KD → discarding KD leaves 0 (gin).
	if !legal[KnockAction(card.MustParse("KD"))] || knocks == 0 {
		t.Fatalf("knock on KD not listed: %v", acts)
	}
	for c := range card.FullSet.All {
		for _, k := range []ActionKind{Discard, Knock} {
			a := Action{Kind: k, Card: c}
			if legal[a] {
				continue
			}
			cp := *h
			if err := cp.Apply(0, a); err == nil {
				t.Fatalf("unlisted %s accepted", a)
			}
		}
	}
}

// TestResult_OwnCopyOfLayoffs: the Result a hand returns is the caller's to
// keep: changing its lay-offs changes nothing in the hand.
func TestResult_OwnCopyOfLayoffs(t *testing.T) {
	// Seat 0 knocks with 8C; seat 1 lays off 4S, 8S and 9S on 5S 6S 7S.
	h := newHand(t, Standard(), "5S 6S 7S 2H 3H 4H JD QD KD 8C", "4S 8S 9S AC 2C 3D 5D 9H TH JH", "KC", "QC")
	mustApply(t, h, 0, PassAction())
	mustApply(t, h, 1, PassAction())
	mustApply(t, h, 0, DrawStockAction())
	mustApply(t, h, 0, KnockAction(card.MustParse("QC")))
	res := h.Result()
	if len(res.Showdown.Layoffs) != 3 {
		t.Fatalf("lay-offs %v, want 4S 8S 9S", res.Showdown.Layoffs)
	}
	want := h.Result()
	want.Showdown.Layoffs = append([]Layoff(nil), want.Showdown.Layoffs...)
	for i := range res.Showdown.Layoffs {
		res.Showdown.Layoffs[i] = Layoff{}
	}
	if got := h.Result(); !reflect.DeepEqual(got, want) {
		t.Fatalf("after changing a returned Result, Result() = %+v, want %+v", got.Showdown.Layoffs, want.Showdown.Layoffs)
	}
}
