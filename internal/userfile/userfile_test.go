package userfile

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRefusesWhatIsNotARegularFile: a named pipe with no writer (which
// would block an open or a read for ever), a directory, a device and a
// socket are refused at once, saying what they are; a regular file and a
// symbolic link to one open.
func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	file := filepath.Join(dir, "f.jsonl")
	if err := os.WriteFile(file, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	fifoLink := filepath.Join(dir, "fifolink")
	if err := os.Symlink(fifo, fifoLink); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path, what string
		flag       int
	}{
		{fifo, "a named pipe", os.O_RDONLY},
		{fifo, "a named pipe", os.O_RDWR},
		{fifoLink, "a named pipe", os.O_RDONLY},
		{"/dev/null", "a character device", os.O_RDONLY},
		{"/dev/zero", "a character device", os.O_RDWR},
		{dir, "a directory", os.O_RDONLY},
	}
	for _, c := range cases {
		done := make(chan error, 1)
		go func() {
			f, err := OpenFile(c.path, c.flag)
			if err == nil {
				f.Close()
			}
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), c.what) || !strings.Contains(err.Error(), c.path) {
				t.Errorf("OpenFile(%s, %d) = %v, want %v saying %q", c.path, c.flag, err, ErrNotRegular, c.what)
			}
		case <-time.After(time.Minute):
			t.Fatalf("OpenFile(%s) blocked", c.path)
		}
	}
	if _, err := Open(sock); err == nil {
		t.Error("opened a socket")
	}
	for _, p := range []string{file, link} {
		f, err := Open(p)
		if err != nil {
			t.Fatalf("Open(%s): %v", p, err)
		}
		f.Close()
	}
	if _, err := ReadFile(fifo, 10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("ReadFile(fifo) = %v", err)
	}
	if b, err := ReadFile(file, 3); err != nil || string(b) != "{}\n" {
		t.Errorf("ReadFile = %q, %v", b, err)
	}
	if _, err := ReadFile(file, 2); !errors.Is(err, ErrTooLarge) {
		t.Errorf("ReadFile of a file over its bound = %v", err)
	}
	if _, err := Open(filepath.Join(dir, "none")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) = %v", err)
	}
}

// TestWritesAfterTheCheck: a log opened read-write (as a resumed table's)
// is written and read as any file.
func TestWritesAfterTheCheck(t *testing.T) {
	p := filepath.Join(t.TempDir(), "log")
	if err := os.WriteFile(p, []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := OpenFile(p, os.O_RDWR)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Seek(0, 2); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("b\n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if b, _ := os.ReadFile(p); string(b) != "a\nb\n" {
		t.Fatalf("%q", b)
	}
}
