package shengji

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
	"felt/program"
	"felt/shengji"
	"felt/table"
)

func example(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	return "python3 " + filepath.Join(filepath.Dir(file), "..", "..", "examples", "shengji_random.py")
}

// TestShengjiProgram: an outside program plays a seat of Shengji at the
// table (the example player); programs that fail hand their seat to a
// built-in level with a notice saying why.
func TestShengjiProgram(t *testing.T) {
	for _, c := range []struct {
		name, command string
		startup       time.Duration
		takeover      string // in the notice's reason; "" for none
	}{
		{"example", example(t), 0, ""},
		{"garbage", `echo '{"type":"ready"}'; read x; read y; echo nonsense; sleep 5`, 0, "not an answer"},
		{"exits", `echo '{"type":"ready"}'; read x`, 0, "exited"},
		{"never ready", `sleep 30`, testenv.Timeout(300 * time.Millisecond), "ready"},
		{"illegal", `echo '{"type":"ready"}'; while read l; do s=$(echo "$l" | sed -n 's/.*"seq":\([0-9]*\).*/\1/p'); [ -n "$s" ] && echo "{\"seq\":$s,\"move\":{\"kind\":\"play\",\"cards\":\"AS\"}}"; done`, 0, "illegal move"},
	} {
		t.Run(c.name, func(t *testing.T) {
			testenv.AcquireProc(t)
			if c.name == "example" {
				if _, err := exec.LookPath("python3"); err != nil {
					if os.Getenv("CI") == "true" {
						t.Fatal("no python3 (CI installs it)")
					}
					t.Skip("no python3")
				}
			}
			prog := program.New(c.command, Wire, program.Options{Game: "shengji", Seat: 1, Seed: 5, Startup: c.startup})
			defer prog.Close()
			ps := sjRandoms(5)
			ps[1] = table.Player[shengji.Action, shengji.Observation]{Name: "exec:" + c.command, Kind: table.Program, Control: prog,
				Deadline: testenv.Timeout(20 * time.Second)}
			w := &noticed{}
			tb, err := table.New(Spec, ps, table.Options[shengji.Action, shengji.Observation, shengji.Event]{Seed: 5, GameOptions: fast,
				Fallback: func(table.Seat) table.Player[shengji.Action, shengji.Observation] {
					return sjRandom(rand.New(rand.NewPCG(1, 2)))
				},
				Spectators: []table.Listener[shengji.Event]{w}})
			if err != nil {
				t.Fatal(err)
			}
			res, err := tb.Run(context.Background())
			if err != nil || !res.Over {
				t.Fatalf("%v %+v", err, res)
			}
			if c.takeover == "" {
				if res.Takeovers != 0 {
					t.Fatalf("takeovers: %v", w.notices)
				}
				return
			}
			if res.Takeovers != 1 || !strings.Contains(w.notices[0].Reason, c.takeover) {
				t.Fatalf("notices %v, want a takeover for %q", w.notices, c.takeover)
			}
		})
	}
}

type noticed struct{ notices []table.Notice }

func (n *noticed) Event(table.Seat, shengji.Event) {}
func (n *noticed) Notice(x table.Notice)           { n.notices = append(n.notices, x) }
