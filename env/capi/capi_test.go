package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The library, built as the README says (with the test game HighCard),
// passes the Python package's tests with and without NumPy, its
// header declares what felt.h declares, and the examples and the Python
// benchmark run in their quick modes. The build does not use -race (a
// c-shared library of a race-built runtime would not load in python3).
func TestPythonPackage(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Fatal("python3 is needed for the Python package's tests (.ci/run installs it)")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	lib := filepath.Join(dir, "libfelt.so")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "build", "-buildmode=c-shared", "-tags", "felttest", "-o", lib, "./env/capi")
	build.Dir = root
	build.Env = append(os.Environ(), "CGO_ENABLED=1")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the library: %v\n%s", err, out)
	}

	t.Run("header", func(t *testing.T) {
		gen, err := os.ReadFile(filepath.Join(dir, "libfelt.h"))
		if err != nil {
			t.Fatal(err)
		}
		ours, err := os.ReadFile("felt.h")
		if err != nil {
			t.Fatal(err)
		}
		if g, o := exported(gen), exported(ours); !slices.Equal(g, o) {
			t.Fatalf("the library exports %v, felt.h declares %v", g, o)
		}
	})

	run := func(t *testing.T, python string, env []string, args ...string) string {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		c := exec.CommandContext(ctx, python, args...)
		c.Dir = filepath.Join(root, "python")
		c.Env = append(os.Environ(), append([]string{"FELT_LIB=" + lib, "PYTHONDONTWRITEBYTECODE=1"}, env...)...)
		var out bytes.Buffer
		c.Stdout, c.Stderr = &out, &out
		if err := c.Run(); err != nil {
			t.Fatalf("%s %v: %v\n%s", python, args, err, out.String())
		}
		return out.String()
	}
	pythons := map[string]string{"without NumPy": py}
	for _, p := range []string{py, "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			pythons["with NumPy"] = p
			break
		}
	}
	if pythons["with NumPy"] == "" {
		t.Log("no python3 here imports numpy: the NumPy path is not tested (apt-get install python3-numpy)")
	}
	for name, p := range pythons {
		var env []string
		if name == "without NumPy" {
			env = []string{"FELT_NO_NUMPY=1"}
		}
		t.Run(name, func(t *testing.T) {
			out := run(t, p, env, "-m", "unittest", "-v")
			if !strings.Contains(out, "OK") {
				t.Fatalf("unittest: %s", out)
			}
			t.Run("examples", func(t *testing.T) {
				run(t, p, env, "examples/random_rollouts.py", "--game", "highcard", "--steps", "50", "--envs", "8",
					"--log", filepath.Join(t.TempDir(), "episode.jsonl"))
				for _, ex := range []string{"examples/train_gin.py", "examples/train_shengji.py"} {
					out := run(t, p, env, ex, "--game", "highcard", "--quick")
					if !strings.Contains(out, "95% interval") {
						t.Fatalf("%s prints no interval:\n%s", ex, out)
					}
				}
				out := run(t, p, env, "bench.py", "--quick", "--json", "--games", "highcard,nosuchgame")
				if !strings.Contains(out, `"py_highcard_steps_per_sec_b256"`) || !strings.Contains(out, `"nosuchgame": "not registered"`) {
					t.Fatalf("bench.py: %s", out)
				}
			})
		})
	}
}

// exported returns the felt_ functions a header declares, sorted.
func exported(h []byte) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^extern [^(]*\b(felt_\w+)\(`).FindAllSubmatch(h, -1) {
		out = append(out, string(m[1]))
	}
	slices.Sort(out)
	return out
}
