package visible

import (
	"strings"

	"felt/card"
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
