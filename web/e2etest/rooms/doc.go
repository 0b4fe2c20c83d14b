// Package rooms holds browser tests only: rooms: the table link, the lobby, the host, the chat and the friend-invite flow, each an e2e/ script run
// by internal/browsertest (a package of its own, so that no package of
// browser tests runs past go test's timeout).
package rooms
