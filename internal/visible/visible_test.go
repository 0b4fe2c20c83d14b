package visible

import (
	"testing"

	"felt/card"
)

// TestJSONFaces: the scan finds cards in strings, lists and escapes none.
func TestJSONFaces(t *testing.T) {
	got := JSONFaces([]byte(`{"type":"event","a":"QS","b":["9H","TD"],"c":"9H 9H BJ","kind":"draw_stock","d":"A","e":"x\"KS","f":7}`))
	want := card.SetOf(card.MustParse("QS"), card.MustParse("9H"), card.MustParse("TD"), card.MustParse("BJ"))
	if got != want {
		t.Fatalf("JSONFaces = %s, want %s", got, want)
	}
}
