package store_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"felt/internal/store"
)

func ExampleOpenSQLite() {
	dir, err := os.MkdirTemp("", "felt")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := store.OpenSQLite(filepath.Join(dir, "felt.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	ctx := context.Background()
	t := store.Table{ID: "t1", Game: "gin", Seats: []store.Seat{{Kind: "person", Name: "Ann"}, {Kind: "computer", Level: "hard"}}}
	if err := s.CreateTable(ctx, t); err != nil {
		log.Fatal(err)
	}
	for n, line := range []string{`{"header":1}`, `{"move":1}`} {
		if err := s.AppendLine(ctx, "t1", n, []byte(line)); err != nil {
			log.Fatal(err)
		}
	}
	// Line 1 is written: a second writer of it is refused.
	fmt.Println(s.AppendLine(ctx, "t1", 1, []byte(`{"move":2}`)))
	lines, err := s.Lines(ctx, "t1", 0)
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range lines {
		fmt.Println(string(l))
	}
	// Output:
	// store: log line already written: table t1 line 1
	// {"header":1}
	// {"move":1}
}

func ExampleNotifier() {
	s, err := store.OpenSQLite(":memory:")
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	var n store.Notifier = s // a Postgres store reaches other processes too

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	msgs, err := n.Listen(ctx, "table.t1")
	if err != nil {
		log.Fatal(err)
	}
	if err := n.Notify(ctx, "table.t1", []byte(`{"line":7}`)); err != nil {
		log.Fatal(err)
	}
	msg := <-msgs
	if msg == nil {
		fmt.Println("messages lost: read the table again")
	}
	fmt.Println(string(msg))
	// Output:
	// {"line":7}
}
