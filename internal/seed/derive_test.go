package seed

import (
	"math/rand/v2"
	"testing"
)

// TestDeriveKnownValues pins Derive's outputs, computed apart from this
// code (Python's hashlib: the first eight bytes of SHA-256 of the domain
// tag, the label's length and bytes, the parent and each number, all
// big-endian): they decide the seeds outside programs are given.
func TestDeriveKnownValues(t *testing.T) {
	for _, c := range []struct {
		parent uint64
		label  string
		xs     []uint64
		want   uint64
	}{
		{0, "", nil, 0xa6828d5f7ef2043b},
		{3, "program", nil, 0x86090bba22279bf4},
		{2026, "program", []uint64{7, 1}, 0x57b295c849b8702a},
		{^uint64(0), "x", []uint64{0}, 0x05deefbaef9b9ddd},
	} {
		if got := Derive(c.parent, c.label, c.xs...); got != c.want {
			t.Errorf("Derive(%d, %q, %v) = %#x, want %#x", c.parent, c.label, c.xs, got, c.want)
		}
	}
}

// TestDeriveProperties: the same arguments give the same seed; another
// parent, label or number gives another; a label does not run into the
// numbers after it.
func TestDeriveProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	labels := []string{"", "program", "programs", "page", "a", "ab", "\x00", "\x00\x00"}
	for range 2000 {
		p, x := r.Uint64(), r.Uint64()
		l := labels[r.IntN(len(labels))]
		d := Derive(p, l, x)
		if Derive(p, l, x) != d {
			t.Fatalf("Derive(%d, %q, %d) is not deterministic", p, l, x)
		}
		if Derive(p^1<<r.IntN(64), l, x) == d || Derive(p, l, x^1<<r.IntN(64)) == d || Derive(p, l) == d || Derive(p, l, x, 0) == d {
			t.Fatalf("Derive(%d, %q, %d) ignores a change of parent or numbers", p, l, x)
		}
		for _, o := range labels {
			if o != l && Derive(p, o, x) == d {
				t.Fatalf("labels %q and %q give the same seed of %d, %d", l, o, p, x)
			}
		}
		if Derive(p, l, x) == Mix(p, x) {
			t.Fatalf("Derive(%d, %q, %d) is Mix", p, l, x)
		}
	}
}

// FuzzDerive: for any parent, label and number, Derive is deterministic
// and a one-byte change of the label changes the seed.
func FuzzDerive(f *testing.F) {
	f.Add(uint64(0), "", uint64(0))
	f.Add(uint64(3), "program", uint64(1))
	f.Fuzz(func(t *testing.T, p uint64, label string, x uint64) {
		d := Derive(p, label, x)
		if Derive(p, label, x) != d {
			t.Fatal("not deterministic")
		}
		if Derive(p, label+"\x00", x) == d || Derive(p, "", x) == d && label != "" {
			t.Fatalf("label %q: a change of label gives the same seed", label)
		}
	})
}

// BenchmarkDerive: what a seed handed to a program costs (once a game).
func BenchmarkDerive(b *testing.B) {
	var s uint64
	for b.Loop() {
		s = Derive(s, "program", 1)
	}
}
