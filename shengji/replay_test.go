package shengji

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"felt/card"
	"felt/gin"
)

// snap is the state of a recorded game when a line was written.
type snap struct {
	size   int // bytes of the log so far
	hand   Hand
	levels [2]card.Rank
	handNo int
	over   bool
}

// snapWriter keeps the log and the game's state at every line written.
type snapWriter struct {
	buf   bytes.Buffer
	g     func() *Game
	snaps []snap
}

func (w *snapWriter) Write(p []byte) (int, error) {
	n, _ := w.buf.Write(p)
	if g := w.g(); g != nil {
		w.snaps = append(w.snaps, snap{w.buf.Len(), g.hand, g.levels, g.handNo, g.over})
	}
	return n, nil
}

// recordGame plays a whole game with players, recording it to w; it stops
// after maxHands hands.
func recordGame(t testing.TB, w io.Writer, r Rules, seed uint64, players [NumSeats]Player, maxHands int) *Recorder {
	t.Helper()
	rec, err := NewRecordedGame(w, r, seed, [NumSeats]string{"north", "east", "south", "west"})
	if err != nil {
		t.Fatal(err)
	}
	for !rec.Game().Over() && rec.Game().HandNumber() <= maxHands {
		if rec.Game().Hand().Over() {
			if rec.Game().HandNumber() == maxHands {
				break
			}
			if err := rec.NextHand(); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.PlayHand(players); err != nil {
			t.Fatal(err)
		}
	}
	return rec
}

// TestReplay_EveryLineReplaysToItsState records random games and replays
// every prefix of each log that ends at a line: the replayed game is the
// recorded one as it stood when the line was written, to the last card
// dealt.
func TestReplay_EveryLineReplaysToItsState(t *testing.T) {
	games := 6
	if testing.Short() || raceOn {
		games = 2
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range games {
		var rec *Recorder
		w := &snapWriter{g: func() *Game {
			if rec == nil {
				return nil
			}
			return rec.g
		}}
		r := randomRules(rng)
		rec, _ = NewRecordedGame(nil, r, uint64(i), [NumSeats]string{"a", "b", "c", "d"})
		rec.w = w
		_ = rec.write(Header(r, uint64(i), [NumSeats]string{"a", "b", "c", "d"}))
		_ = rec.write(dealRecord(rec.g))
		ps := randomPlayers(uint64(i))
		for _, p := range ps {
			p.(*Random).DeclareChance = 0.2
		}
		for hands := 0; hands < 4 && !rec.g.Over(); hands++ {
			if rec.g.hand.Over() {
				if err := rec.NextHand(); err != nil {
					t.Fatal(err)
				}
			}
			if err := rec.PlayHand(ps); err != nil {
				t.Fatal(err)
			}
		}
		data := w.buf.Bytes()
		step := 1
		if testing.Short() || raceOn {
			step = 7
		}
		for k := 0; k < len(w.snaps); k += step {
			sn := w.snaps[k]
			rp, err := ReadLog(bytes.NewReader(data[:sn.size]))
			if err != nil {
				if strings.Contains(err.Error(), "cut off") {
					continue // a hand's last play without its result line
				}
				t.Fatalf("game %d, prefix of %d lines: %v", i, k+2, err)
			}
			g := rp.Game
			if g.hand != sn.hand || g.levels != sn.levels || g.handNo != sn.handNo || g.over != sn.over {
				t.Fatalf("game %d: the log's first %d lines replay to another state (phase %s dealt %d, want phase %s dealt %d)",
					i, rp.Lines, g.hand.phase, g.hand.dealt, sn.hand.phase, sn.hand.dealt)
			}
		}
	}
}

// TestReplay_WholeGames records whole games by random players and replays
// them to the same end.
func TestReplay_WholeGames(t *testing.T) {
	games := 8
	if testing.Short() || raceOn {
		games = 3
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range games {
		var buf bytes.Buffer
		rec := recordGame(t, &buf, randomRules(rng), uint64(100+i), randomPlayers(uint64(i)), 1000)
		if buf.Len() > MaxLogSize {
			t.Fatalf("a game of %d hands wrote %d bytes, over MaxLogSize", rec.g.handNo, buf.Len())
		}
		rp, err := ReadLog(bytes.NewReader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		g := rp.Game
		if !rp.Complete() || g.hand != rec.g.hand || g.levels != rec.g.levels || g.winner != rec.g.winner || rp.Actions != rec.Seq() {
			t.Fatalf("game %d replays to another end", i)
		}
		t.Logf("game %d: %d hands, %d lines, %d bytes", i, g.handNo, rp.Lines, buf.Len())
	}
}

// TestReplay_ResumesExactly cuts the logs of games played by a
// deterministic policy at every line (every declaration line, and every
// fifth line else), resumes from the cut and plays on with the same
// policy: the log written is the original, byte for byte. The eager
// declarer makes declarations frequent, several at one card among them.
func TestReplay_ResumesExactly(t *testing.T) {
	seeds := 40
	if testing.Short() || raceOn {
		seeds = 10
	}
	const hands = 2
	cuts, bids := 0, 0
	for seed := range uint64(seeds) {
		rules := []string{"standard", "simple"}[seed%2]
		r, _ := ResolveRules(rules)
		var full bytes.Buffer
		recordGame(t, &full, r, seed, eagerPlayers(), hands)
		data := full.Bytes()
		lines := bytes.SplitAfter(data, []byte("\n"))
		for k := 2; k < len(lines)-1; k++ { // a cut at the end would deal another hand
			if k%5 != 0 && !bytes.Contains(lines[k-1], []byte(`"type":"bid"`)) {
				continue
			}
			prefix := bytes.Join(lines[:k], nil)
			var more bytes.Buffer
			rec, _, err := Resume(bytes.NewReader(prefix), &more)
			if err != nil {
				if strings.Contains(err.Error(), "cut off") {
					continue
				}
				t.Fatalf("seed %d %s: resume after %d lines: %v", seed, rules, k, err)
			}
			for !rec.Game().Over() {
				if rec.Game().Hand().Over() {
					if rec.Game().HandNumber() == hands {
						break
					}
					if err := rec.NextHand(); err != nil {
						t.Fatal(err)
					}
				}
				if err := rec.PlayHand(eagerPlayers()); err != nil {
					t.Fatal(err)
				}
			}
			if got := append(prefix, more.Bytes()...); !bytes.Equal(got, data) {
				gl := bytes.SplitAfter(got, []byte("\n"))
				for i := range min(len(gl), len(lines)) {
					if !bytes.Equal(gl[i], lines[i]) {
						t.Fatalf("seed %d %s: resumed after %d lines, line %d differs:\n got %s\nwant %s", seed, rules, k, i+1, gl[i], lines[i])
					}
				}
				t.Fatalf("seed %d %s: resumed after %d lines, the log differs from the original", seed, rules, k)
			}
			cuts++
		}
		bids += bytes.Count(data, []byte(`"type":"bid"`))
	}
	if cuts < 10*seeds || bids < 2*seeds {
		t.Fatalf("only %d cuts resumed, %d declarations", cuts, bids)
	}
}

func TestReplay_RefusesBadLogs(t *testing.T) {
	var full bytes.Buffer
	recordGame(t, &full, Standard(), 5, fixedPlayers(), 1)
	lines := strings.SplitAfter(full.String(), "\n")
	find := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		t.Fatalf("no line %s", prefix)
		return 0
	}
	edit := func(i int, from, to string) string {
		if !strings.Contains(lines[i], from) {
			t.Fatalf("line %d has no %s: %s", i+1, from, lines[i])
		}
		ls := append([]string(nil), lines...)
		ls[i] = strings.Replace(ls[i], from, to, 1)
		return strings.Join(ls, "")
	}
	var wb bytes.Buffer
	recordGame(t, &wb, Standard(), 5, fixedPlayers(), 1000)
	whole := wb.String()
	wholeLines := strings.SplitAfter(whole, "\n")
	firstPlay := find(`{"type":"play"`)
	bury := find(`{"type":"bury"`)
	result := find(`{"type":"result"`)
	cases := []struct {
		name string
		log  string
		line int
		want error
		says string
	}{
		{"empty", "", 1, nil, "no header"},
		{"not JSON", "{nope\n", 1, nil, "not a log record"},
		{"a Gin Rummy log", edit(0, `"game":"shengji"`, `"game":"gin"`), 1, nil, `game "gin"`},
		{"another format", edit(0, `"format":1`, `"format":2`), 1, nil, "format 2"},
		{"bad rules", edit(0, `"throw_penalty":0`, `"throw_penalty":-5`), 1, ErrInvalidRules, "throw_penalty"},
		{"unknown field", edit(1, `"type":"deal"`, `"type":"deal","x":1`), 2, nil, "unknown field"},
		{"edited deck", edit(1, `"deck":["`, `"deck":["SJ","`), 2, ErrLogMismatch, "deck"},
		{"a burial of ten cards", edit(bury, `"cards":"`, `"cards":"SJ SJ `), bury + 1, ErrMalformedAction, "bury 8 cards, not 10"},
		{"an edited trick winner", editWinner(t, lines), -1, ErrLogMismatch, "winner"},
		{"an illegal play", swapPlay(t, lines, firstPlay), firstPlay + 1, nil, "cannot"},
		{"edited points", edit(result, `"attacker_points":`, `"attacker_points":1`), result + 1, ErrLogMismatch, "attacker_points"},
		{"cut before the result", strings.Join(lines[:result], ""), result + 1, nil, "result line is missing"},
		{"a line after the end", whole + wholeLines[len(wholeLines)-2], len(wholeLines), nil, "after the game's end"},
		{"a second header", lines[0] + lines[0], 2, nil, "second header"},
		{"a play before the deal", lines[0] + lines[firstPlay], 2, nil, "where a deal line belongs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ReadLog(strings.NewReader(c.log))
			var le *LogError
			if !errors.As(err, &le) {
				t.Fatalf("got %v, want a LogError", err)
			}
			if c.line >= 0 && le.Line != c.line || c.want != nil && !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("got %v (line %d), want line %d, %v, saying %q", err, le.Line, c.line, c.want, c.says)
			}
		})
	}
}

// editWinner changes the winner on the first trick's last play line.
func editWinner(t *testing.T, lines []string) string {
	ls := append([]string(nil), lines...)
	for i, l := range ls {
		if strings.Contains(l, `"winner":`) {
			for _, w := range []string{`"winner":0`, `"winner":1`, `"winner":2`, `"winner":3`} {
				if strings.Contains(l, w) {
					other := `"winner":` + string(rune('0'+(w[len(w)-1]-'0'+1)%4))
					ls[i] = strings.Replace(l, w, other, 1)
					return strings.Join(ls, "")
				}
			}
		}
	}
	t.Fatal("no winner in the log")
	return ""
}

// swapPlay replaces the play on line i with cards its player does not hold.
func swapPlay(t *testing.T, lines []string, i int) string {
	ls := append([]string(nil), lines...)
	j := strings.Index(ls[i], `"cards":"`)
	k := strings.Index(ls[i][j+9:], `"`)
	ls[i] = ls[i][:j+9] + "BJ BJ SJ SJ" + ls[i][j+9+k:]
	return strings.Join(ls, "")
}

// endless reads the same byte forever.
type endless byte

func (e endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(e)
	}
	return len(p), nil
}

func TestReplay_ReadsBounded(t *testing.T) {
	if MaxLogLine != gin.MaxLogLine || MaxLogSize != gin.MaxLogSize {
		t.Fatalf("the Shengji log bounds %d/%d differ from Gin Rummy's %d/%d", MaxLogLine, MaxLogSize, gin.MaxLogLine, gin.MaxLogSize)
	}
	if _, err := ReadLog(endless(0)); err == nil || !strings.Contains(err.Error(), "line longer than") {
		t.Fatalf("an endless line of zeros: %v", err)
	}
	var full bytes.Buffer
	recordGame(t, &full, Standard(), 5, fixedPlayers(), 1)
	old := maxLogSize
	defer func() { maxLogSize = old }()
	maxLogSize = int64(full.Len() - 1)
	if _, err := ReadLog(bytes.NewReader(full.Bytes())); err == nil || !strings.Contains(err.Error(), "log longer than") {
		t.Fatalf("a log over the size limit: %v", err)
	}
	maxLogSize = int64(full.Len())
	if _, err := ReadLog(bytes.NewReader(full.Bytes())); err != nil {
		t.Fatalf("a log at the size limit: %v", err)
	}
	maxLogSize = 1 << 20
	if _, err := ReadLog(io.MultiReader(bytes.NewReader(full.Bytes()), endless('\n'))); err == nil {
		t.Fatal("a log followed by endless newlines replays")
	}
}
