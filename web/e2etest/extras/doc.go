// Package extras holds browser tests only: the sound on one's turn, four-colour suits, the rules pages, per-player statistics and undo against computers, each an e2e/ script run
// by internal/browsertest (a package of its own, so that no package of
// browser tests runs past go test's timeout).
package extras
