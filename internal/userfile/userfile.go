package userfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is a path that names something other than a regular file;
// a *NotRegularError wraps it.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is a path that names something other than a regular
// file: Kind says what ("a named pipe").
type NotRegularError struct {
	Path, Kind string
}

// Error says which path and what it is.
func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: %v (%s)", e.Path, ErrNotRegular, e.Kind)
}

// Unwrap returns ErrNotRegular.
func (e *NotRegularError) Unwrap() error { return ErrNotRegular }

// ErrTooLarge is a file longer than the caller reads.
var ErrTooLarge = errors.New("file too large")

// Open opens the regular file at path for reading.
func Open(path string) (*os.File, error) { return OpenFile(path, os.O_RDONLY) }

// OpenFile opens the regular file at path with flag (os.O_RDONLY,
// os.O_RDWR: never O_CREATE). The open does not block (O_NONBLOCK, which
// does nothing to a regular file's reads and writes) and takes no
// controlling terminal; what it opened is checked (fstat, so a symbolic
// link is followed and the file checked is the file opened) and refused
// with ErrNotRegular, saying what it is, unless it is a regular file.
func OpenFile(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, &NotRegularError{Path: path, Kind: kind(fi.Mode())}
	}
	return f, nil
}

// kind says what a file that is not a regular one is.
func kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a file"
}

// ReadFile reads the regular file at path whole, refusing one longer than
// max bytes (ErrTooLarge) after reading at most max+1.
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w: longer than %d bytes", path, ErrTooLarge, max)
	}
	return data, nil
}
