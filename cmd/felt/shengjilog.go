package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"felt/gin"
	"felt/internal/plain"
	"felt/internal/userfile"
	"felt/shengji"
)

// logGame returns the "game" field of the header, the first line, of the
// log in path: "gin", "shengji", or "" when the first line is no JSON
// object naming one. It reads at most one line of gin.MaxLogLine bytes.
func logGame(path string) (string, error) {
	f, err := userfile.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	line, err := bufio.NewReaderSize(io.LimitReader(f, gin.MaxLogLine), gin.MaxLogLine).ReadSlice('\n')
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return "", err
	}
	var h struct {
		Game string `json:"game"`
	}
	if json.Unmarshal(bytes.TrimSpace(line), &h) != nil {
		return "", nil
	}
	return h.Game, nil
}

// verifyShengji re-executes the Shengji log in path (shengji.ReadLog,
// bounded as Gin Rummy's logs are) and reports it.
func (e *env) verifyShengji(path string) error {
	f, err := userfile.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	rp, err := shengji.ReadLog(f)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	g := rp.Game
	status := "complete"
	if !rp.Complete() {
		status = "unfinished (can be resumed)"
	}
	fmt.Fprintf(e.stdout, "%s: ok: shengji, %d lines, %d hands, %d actions, game %s\n", path, rp.Lines, g.HandNumber(), rp.Actions, status)
	lv := g.Levels()
	fmt.Fprintf(e.stdout, "players %s, %s, %s and %s, seed %d, levels %s-%s", plain.Text(rp.Players[0]), plain.Text(rp.Players[1]), plain.Text(rp.Players[2]), plain.Text(rp.Players[3]),
		rp.Seed, shengji.LevelString(lv[0]), shengji.LevelString(lv[1]))
	if rp.Complete() {
		w := g.Winner()
		fmt.Fprintf(e.stdout, ", winners team %s (%s and %s)", w, plain.Text(rp.Players[w]), plain.Text(rp.Players[w+2]))
	}
	fmt.Fprintln(e.stdout)
	named := map[string]bool{}
	for s, p := range rp.Players {
		outsideNote(e.stdout, named, s, p, "a log of this format cannot be resumed; it never starts a program")
	}
	return nil
}
