// Package gin holds browser tests only: the Gin Rummy page and the page-wide accessibility checks (axe-core, tap widths, reduced motion, keyboard focus), each an e2e/ script run
// by internal/browsertest (a package of its own, so that no package of
// browser tests runs past go test's timeout).
package gin
