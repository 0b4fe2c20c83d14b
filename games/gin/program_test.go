package gin

import (
	"encoding/json"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
)

// TestGinEventWireHandEnd: protocol version 2's hand end gives all that the
// table sees: the knock's discard, each lay-off with the meld it went onto,
// both hands, the melds and the deadwood; a drawn hand gives both hands.
func TestGinEventWireHandEnd(t *testing.T) {
	run := gin.Meld(card.MustParseSet("5S 6S 7S"))
	set := gin.Meld(card.MustParseSet("9H 9D 9C"))
	show, err := gin.NewArrangement(run, set)
	if err != nil {
		t.Fatal(err)
	}
	e := gin.Event{Hand: 2, Seat: 0, Kind: gin.Knock, Card: card.MustParse("KD"), End: &gin.HandEnd{
		Result: gin.Result{Kind: gin.KnockResult, Knocker: 0, Winner: 0, Points: 12, Showdown: gin.Showdown{
			Knocker: show, KnockerDeadwood: 3,
			Layoffs: []gin.Layoff{{Card: card.MustParse("8S"), Onto: run}, {Card: card.MustParse("9S"), Onto: run}}}},
		Hands:   [2]card.Set{card.MustParseSet("5S 6S 7S 9H 9D 9C AH 2C 3D 4D"), card.MustParseSet("8S 9S TC JC QC KC KH 2D 3H 4H")},
		Discard: card.MustParse("KD"), Scores: [2]int{12, 0}}}
	b, err := json.Marshal(EventWire(e))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"kind":"knock"`, `"discard":"KD"`, `"layoffs":[{"card":"8S","onto":["5S","6S","7S"]},{"card":"9S","onto":["5S","6S","7S"]}]`,
		`"hands":[[`, `"8S","9S"`, `"knocker_melds":[[`, `"result":"knock"`, `"knocker":0`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s lacks %s", b, want)
		}
	}
	drawn := gin.Event{Hand: 3, Seat: 1, Kind: gin.DrawStock, End: &gin.HandEnd{Result: gin.Result{Kind: gin.DrawResult},
		Hands: e.End.Hands}}
	b, err = json.Marshal(EventWire(drawn))
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); !strings.Contains(s, `"result":"draw"`) || !strings.Contains(s, `"hands":[["5S"`) || strings.Contains(s, "knocker") || strings.Contains(s, "layoffs") {
		t.Errorf("drawn hand: %s", b)
	}
}
