package server

import (
	"context"
	"fmt"
	"time"

	"felt/internal/store"
)

// Chat at a table: a seated person says a line of plain text (at most
// store.MaxChat characters, control characters left out, shown by the page
// as text, never as HTML); every connection of the table, seats and
// spectators, gets it. Each line is stored before anyone is told of it, and
// a connection is sent the last chatKept lines after its hello, so a reload
// or a restart shows them. A chat line is a person's words: the server adds
// to it only the seat and its name, nothing of the game.

// chatKept is how many recent lines a connection is sent after its hello.
const chatKept = 50

// The chat's rate, each connection's, on top of every message's: a token
// bucket of chatBurst lines, chatRate more a second.
const (
	chatRate  = 1
	chatBurst = 5
)

// chatState is a room's chat (guarded by the room's lock, but for say,
// which chatWrite serialises).
type chatState struct {
	loaded bool
	next   int // the number of the next line
	lines  []store.ChatLine
}

// loadChat reads the table's recent chat from the store, once: a table
// made here has none; a recovered or ended one has its stored lines.
func (r *room[M, O, E]) loadChat(ctx context.Context) error {
	r.mu.Lock()
	loaded := r.chat.loaded
	r.mu.Unlock()
	if loaded {
		return nil
	}
	r.chatWrite.Lock()
	defer r.chatWrite.Unlock()
	sctx, cancel := context.WithTimeout(ctx, r.srv.cfg.StoreTimeout)
	lines, err := r.srv.cfg.Store.Chat(sctx, r.id, chatKept)
	cancel()
	if err != nil {
		return fmt.Errorf("the table's chat could not be read")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.chat.loaded {
		r.chat.loaded, r.chat.lines = true, lines
		if n := len(lines); n > 0 {
			r.chat.next = lines[n-1].N + 1
		}
	}
	return nil
}

// chatMsgOf is lines as the server sends them.
func chatMsgOf(lines []store.ChatLine) []byte {
	out := chatOut{Type: "chat", Lines: make([]chatWire, len(lines))}
	for i, l := range lines {
		out.Lines[i] = chatWire{N: l.N, Seat: l.Seat, Name: l.Name, Text: l.Text, At: l.At}
	}
	return encode(out)
}

// say stores a seated person's chat line and tells everyone at the table;
// it returns why it is refused ("" when said).
func (r *room[M, O, E]) say(ctx context.Context, c *conn, text string) string {
	if c.chat == nil {
		c.chat = &bucket{rate: chatRate, burst: chatBurst}
	}
	if !c.chat.take(time.Now()) {
		return fmt.Sprintf("too many chat lines: at most %d at once, then %d a second", chatBurst, chatRate)
	}
	if err := r.loadChat(ctx); err != nil {
		return err.Error()
	}
	r.chatWrite.Lock()
	defer r.chatWrite.Unlock()
	r.mu.Lock()
	if r.readOnly {
		r.mu.Unlock()
		return "the table has ended: its chat is closed"
	}
	l := store.ChatLine{N: r.chat.next, At: time.Now().UTC().Truncate(time.Microsecond), Seat: c.seat,
		Name: r.st.Seats[c.seat].Name, Text: text}
	r.mu.Unlock()
	sctx, cancel := context.WithTimeout(ctx, r.srv.cfg.StoreTimeout)
	err := r.srv.cfg.Store.AppendChat(sctx, r.id, l)
	cancel()
	if err != nil {
		r.log.Error("storing a chat line", "err", err)
		return "the line could not be stored: try again"
	}
	r.mu.Lock()
	r.chat.next++
	r.chat.lines = append(r.chat.lines, l)
	if n := len(r.chat.lines); n > chatKept {
		r.chat.lines = append(r.chat.lines[:0:0], r.chat.lines[n-chatKept:]...)
	}
	r.broadcast(chatMsgOf([]store.ChatLine{l}))
	r.mu.Unlock()
	return ""
}
