// Package shengji holds browser tests only: the Shengji page: the finished and last trick, the phone layout, the result, the kitty, its words, a restart during the deal, each an e2e/ script run
// by internal/browsertest (a package of its own, so that no package of
// browser tests runs past go test's timeout).
package shengji
