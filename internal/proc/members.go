package proc

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Members lists the live processes (zombies left out) of process group
// pgid, from /proc, or "some process" from kill(-pgid, 0) where there is
// no /proc. Tests use it to show that a program left nothing behind.
func Members(pgid int) []string {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		if syscall.Kill(-pgid, 0) == nil {
			return []string{"some process"}
		}
		return nil
	}
	var alive []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		s := string(b)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:]) // state ppid pgrp ...
		if len(f) < 3 || f[0] == "Z" || f[2] != strconv.Itoa(pgid) {
			continue
		}
		alive = append(alive, fmt.Sprintf("pid %s %s state %s", e.Name(), s[strings.IndexByte(s, '('):i+1], f[0]))
	}
	return alive
}

// WaitGone polls Members(pgid) until the group is gone or wait has passed,
// and returns what is still alive then (nil: nothing).
func WaitGone(pgid int, wait time.Duration) []string {
	deadline := time.Now().Add(wait)
	for {
		alive := Members(pgid)
		if len(alive) == 0 || time.Now().After(deadline) {
			return alive
		}
		time.Sleep(20 * time.Millisecond)
	}
}
