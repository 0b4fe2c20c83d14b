package table

import (
	"fmt"
	"io"
	"os"

	"felt/internal/userfile"
)

// OpenLog opens the table log at path for the table to go on after a
// crash: it refuses what is not a regular file (userfile.OpenFile: a
// named pipe never blocks it), recovers the table, cuts a torn last line
// back, and returns the file open at its end, for Resume's Options.Log
// (an *os.File is synced after every line). The caller closes the file.
func OpenLog[M, O, E any](path string, spec Spec[M, O, E]) (*Recovered[M, O, E], *os.File, error) {
	f, err := userfile.OpenFile(path, os.O_RDWR)
	if err != nil {
		return nil, nil, err
	}
	rec, err := Recover(f, spec)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	if rec.Torn > 0 {
		if err := f.Truncate(rec.Offset); err != nil {
			f.Close()
			return nil, nil, fmt.Errorf("%s: cutting the torn line: %w", path, err)
		}
	}
	if _, err := f.Seek(rec.Offset, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	return rec, f, nil
}
