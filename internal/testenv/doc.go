// Package testenv holds what Felt's tests share about the machine they run
// on: one factor that scales every test timeout, and a bound on how many
// outside programs (python3, the built felt binary, tmux sessions) one test
// binary runs at once. It also holds Buffer, the buffer a program's
// goroutines write while a test reads it.
//
// Tests must pass on a slow, loaded machine with the defaults. The scale
// factor, FELT_TEST_TIMEOUT_SCALE, is for machines slower still: 3 makes
// every timeout three times as long. FELT_TEST_PROCS sets how many outside
// programs may run at once (default 2).
package testenv
