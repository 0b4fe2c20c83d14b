package visible

import (
	"strings"

	"felt/card"
	"felt/gin"
	"felt/shengji"
	"felt/table"
)

// JSONFaces returns every card named anywhere in a JSON message: each
// string that reads as cards ("QS", "9H 9H BJ"). It scans the text rather
// than decoding it: it runs on every message of many games.
func JSONFaces(raw []byte) card.Set {
	var s card.Set
	for i := 0; i < len(raw); i++ {
		if raw[i] != '"' {
			continue
		}
		j := i + 1
		plain := true
		for j < len(raw) && raw[j] != '"' {
			if raw[j] == '\\' {
				j++
				plain = false
			} else if !strings.ContainsRune("23456789TJQKASHDCB ,", rune(raw[j])) {
				plain = false
			}
			j++
		}
		if plain && j > i+1 {
			if m, err := card.ParseMulti(string(raw[i+1 : j])); err == nil {
				s |= m.Faces()
			}
		}
		i = j
	}
	return s
}

// Gin is what seat s of a Gin Rummy game may see (s beyond the seats: a
// spectator): its own hand, every card on the
// discard pile or taken from it, and once the hand is over everything but
// the stock.
func Gin(g *gin.Game, s table.Seat) card.Set {
	if g.HandNumber() == 0 {
		return 0
	}
	h := g.Hand()
	deck := h.Deck()
	if h.Over() {
		return card.FullSet &^ card.SetOf(deck[len(deck)-h.StockLen():]...)
	}
	allowed := h.Took(0) | h.Took(1)
	for i := range h.Pile().Len() {
		allowed = allowed.Add(h.Pile().At(i))
	}
	if s < 2 {
		allowed |= h.Cards(gin.Seat(s))
	}
	return allowed
}

// Shengji is what seat s of a Shengji game may see (s beyond the seats: a
// spectator): its own hand, every declaration,
// card played and failed throw, the kitty cards turned up, the kitty for
// the banker once it took it, and the buried kitty once the hand is over.
func Shengji(g *shengji.Game, s table.Seat) card.Set {
	if g.HandNumber() == 0 {
		return 0
	}
	h := g.Hand()
	var allowed card.Set
	for _, b := range h.Bids() {
		allowed |= b.Cards.Faces()
	}
	for _, t := range h.Tricks() {
		allowed |= t.Attempt.Faces()
		for _, p := range t.Plays {
			allowed |= p.Faces()
		}
	}
	allowed |= card.SetOf(h.TurnedUp()...)
	if h.Over() {
		allowed |= h.Kitty().Faces()
	}
	if s < shengji.NumSeats {
		allowed |= h.Cards(shengji.Seat(s)).Faces()
		if shengji.Seat(s) == h.Banker() && h.Phase() >= shengji.BuryPhase {
			allowed |= h.DealtKitty().Faces() | h.Kitty().Faces()
		}
	}
	return allowed
}
