package arena

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// hardV1Golden is the digest of every deal and move of the games in
// TestShengjiHardV1_PlaysAsPinned. It is the digest Shengji's hard had
// when it was frozen as hard-v1, and must never change.
const hardV1Golden = "4 719a56b7c46e9090"

// pinnedLevel is the level the pinned games seat against greedy.
var pinnedLevel = "hard-v1"

// TestShengjiHardV1_PlaysAsPinned: hard-v1 plays exactly as Shengji's
// hard did when it was frozen (a match of four games against greedy,
// every deal and every move of their table logs hashed), whatever has
// changed in hard since.
func TestShengjiHardV1_PlaysAsPinned(t *testing.T) {
	dir := t.TempDir()
	match(t, "shengji", "standard", Config{A: pinnedLevel, B: "greedy", Games: 4, Seed: 22, Parallel: 2, SaveDir: dir, MaxHands: 1000})
	if d := movesDigest(t, dir); d != hardV1Golden {
		t.Errorf("hard-v1's moves digest %s, want %s: hard-v1 plays differently", d, hardV1Golden)
	}
}

// movesDigest is a hash of the deal and move lines of every table log a
// match saved, in game order (the headers, which name the players, left
// out).
func movesDigest(t *testing.T, dir string) string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	sort.Strings(names)
	h := sha256.New()
	for _, n := range names {
		f, err := os.Open(n)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if l := sc.Text(); strings.HasPrefix(l, `{"type":"deal"`) || strings.HasPrefix(l, `{"type":"move"`) {
				h.Write([]byte(l))
				h.Write([]byte{'\n'})
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("%d %x", len(names), h.Sum(nil)[:8])
}
