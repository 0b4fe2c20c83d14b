// Package bench measures Felt's speed for `felt bench`: the meld solver's
// Go benchmarks run in-process with testing.Benchmark on one goroutine,
// whole self-play games on every core, and the hard player's decision
// times.
package bench
