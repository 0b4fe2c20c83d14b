package gin

import "felt/card"

// Pile is the discard pile, bottom to top. It is a fixed-size value: copying
// it does not allocate.
type Pile struct {
	cards [card.PackSize]card.Card
	n     uint8
}

// Len returns the number of cards in the pile.
func (p *Pile) Len() int { return int(p.n) }

// Top returns the top card, or the zero Card for an empty pile.
func (p *Pile) Top() card.Card {
	if p.n == 0 {
		return 0
	}
	return p.cards[p.n-1]
}

// At returns the i-th card from the bottom.
func (p *Pile) At(i int) card.Card { return p.cards[i] }

// Cards returns the pile's cards, bottom to top.
func (p *Pile) Cards() []card.Card { return append([]card.Card(nil), p.cards[:p.n]...) }

func (p *Pile) push(c card.Card) { p.cards[p.n] = c; p.n++ }

func (p *Pile) pop() card.Card {
	p.n--
	c := p.cards[p.n]
	p.cards[p.n] = 0
	return c
}
