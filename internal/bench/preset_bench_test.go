package bench

import "testing"

// BenchmarkShengjiPresetHands: the figure felt bench reports for each
// preset, under the Go benchmark harness (one hand or a few an op).
func BenchmarkShengjiPresetHands(b *testing.B) {
	for _, p := range []string{"standard", "friends-6", "friends-8"} {
		b.Run(p, func(b *testing.B) {
			for b.Loop() {
				if _, err := ShengjiPresetHands(p, 1); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
