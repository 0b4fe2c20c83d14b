package seed

import (
	"crypto/sha256"
	"encoding/binary"
)

// Derive returns a seed derived one way from parent, label and xs: the
// first eight bytes of the SHA-256 digest of a domain tag, the label (its
// length first, so that no two labels run together), parent and each of
// xs (eight bytes each, big-endian). The same arguments always give the
// same seed, and a different label or number an unrelated one.
//
// Unlike Mix, whose every step can be undone, Derive cannot be inverted:
// a derived seed says nothing about its parent (short of trying every
// parent), so it is the seed to hand to anyone who must not learn the
// parent, such as an outside program whose parent seed also decides the
// deal.
func Derive(parent uint64, label string, xs ...uint64) uint64 {
	h := sha256.New()
	var b [8]byte
	h.Write([]byte("felt/seed.Derive\x00"))
	binary.BigEndian.PutUint64(b[:], uint64(len(label)))
	h.Write(b[:])
	h.Write([]byte(label))
	binary.BigEndian.PutUint64(b[:], parent)
	h.Write(b[:])
	for _, x := range xs {
		binary.BigEndian.PutUint64(b[:], x)
		h.Write(b[:])
	}
	var sum [sha256.Size]byte
	return binary.BigEndian.Uint64(h.Sum(sum[:0]))
}
