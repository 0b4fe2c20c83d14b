package web_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"felt/internal/browsertest"
	"felt/internal/testenv"
)

// browserScripts are the end-to-end scripts in e2e/, each run against a
// fresh felt serve started with the script's flags.
var browserScripts = []browsertest.Script{
	{Name: "gin", About: "a whole Gin Rummy hand against the computer; my games; the replay"},
	{Name: "friend", About: "a Gin Rummy hand between two browser contexts, one reloading mid-hand"},
	// A quicker deal than the default keeps the Shengji test short; it is
	// still paced, so the page can declare while the cards are dealt.
	{Name: "shengji", About: "Shengji hands with three computers: declare, bury as banker, a refused play, play to the end", Flags: []string{"--deal-pace", "40ms"}},
	{Name: "shengji-friends", About: "a friends-6 table made on the home page (its settings, a refused one), five computers: declare until the banker, bury six, call two friends (a refused call), play to the end; axe-core on each screen", Flags: []string{"--deal-pace", "40ms"}},
	// A short grace period after a person's last connection closes.
	{Name: "takeover", About: "a friend leaves: the computer takes the seat, the page says so; the friend comes back", Flags: []string{"--away", "1s"}},
	{Name: "watch", About: "watching computers play both games as a spectator: the public table, no hand"},
	{Name: "restart", About: "felt serve killed mid-hand and started again: the page reconnects by itself and plays on", Restart: true},
}

// TestPageUnits runs the unit tests of the page's card logic
// (e2e/unit.test.mjs) with Node's test runner: Gin Rummy's melds against a
// brute-force reference, Shengji's trump order, pairs and tractors.
func TestPageUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	browsertest.Need(t, "node", err)
	root := browsertest.Root(t)
	testenv.AcquireProc(t)
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(2*time.Minute))
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "--test", filepath.Join("e2e", "unit.test.mjs"))
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test e2e/unit.test.mjs: %v\n%s", err, out)
	}
	if testing.Verbose() {
		t.Logf("%s", out)
	}
}

// TestBrowser builds felt and, for each script in e2e/, starts felt serve
// on a free loopback port with a new SQLite database and plays through the
// page in chromium with playwright-core. Screenshots (360×740 and 1280×800) go to
// $FELT_SCREENSHOTS, or the test's temporary directory.
func TestBrowser(t *testing.T) {
	bin := browsertest.BuildFelt(t)
	for _, s := range browserScripts {
		t.Run(s.Name, func(t *testing.T) { browsertest.RunScript(t, bin, s) })
	}
}
