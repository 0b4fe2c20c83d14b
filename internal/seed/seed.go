package seed

// golden is 2^64 divided by the golden ratio, the SplitMix64 increment.
const golden = 0x9E3779B97F4A7C15

// Mix returns a seed derived from xs: the same xs always give the same
// seed, and changing any of them, or their order, gives an unrelated one.
// Each number is folded into the running value and the result is passed
// through the SplitMix64 finalizer, a bijection whose every output bit
// depends on every input bit.
func Mix(xs ...uint64) uint64 {
	var h uint64 = golden
	for _, x := range xs {
		h ^= x + golden + h<<6 + h>>2
		h = finalize(h)
	}
	return h
}

// finalize is the SplitMix64 output function.
func finalize(z uint64) uint64 {
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}
