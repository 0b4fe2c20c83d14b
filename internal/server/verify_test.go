package server

import (
	"bytes"
	"testing"

	"felt/games"
)

// verifyLog replays a stored table log with the games' verifier: every
// line must replay.
func verifyLog(t *testing.T, game string, log []byte) games.Verified {
	t.Helper()
	v, err := games.Verify(bytes.NewReader(log))
	if err != nil {
		t.Fatalf("the stored %s log does not replay: %v", game, err)
	}
	if v.Header.Game != game || v.Torn != 0 {
		t.Fatalf("verified %+v", v)
	}
	return v
}
