//go:build felttest

package main

import "felt/env/envtest"

// Built with -tags felttest, the library serves the test game HighCard
// too (for the Python package's tests).
func init() { envtest.Register() }
