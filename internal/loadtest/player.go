package loadtest

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coder/websocket"

	"felt/games"
	"felt/internal/visible"
	"felt/table"
)

func tableSeat(s int) table.Seat { return table.Seat(s) }

// player creates one table and plays its person seat to the end of the
// game or the test's deadline.
type player struct {
	r      *run
	rng    *rand.Rand
	game   string
	g      *games.Def[any, any, any] // the game, from the registry
	id     string
	dialer *http.Client
	table  string
	seat   int
	seen   []sighting
	over   bool // the game was played to its end
	cross  bool // connected to another server than the one that created the table
	// progressed: an event came since the last reconnect.
	progressed bool
}

type created struct {
	ID    string `json:"id"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// serverMsg is the part of a server message the player reads.
type serverMsg struct {
	Type     string            `json:"type"`
	N        int               `json:"n"`
	Adv      int               `json:"adv"`
	Seq      int               `json:"seq"`
	Optional bool              `json:"optional"`
	Legal    []json.RawMessage `json:"legal"`
	Obs      json.RawMessage   `json:"obs"`
	Event    json.RawMessage   `json:"event"`
	Events   []struct {
		N     int             `json:"n"`
		Adv   int             `json:"adv"`
		Event json.RawMessage `json:"event"`
	} `json:"events"`
	Error string `json:"error"`
}

func (p *player) create(ctx context.Context, base string) (created, error) {
	info := p.g.Info
	level := p.r.cfg.Level
	if level == "" {
		level = cmp.Or(info.FastLevel, info.Default)
	}
	seats := []string{`{"kind":"me"}`}
	for range info.Seats[0] - 1 {
		seats = append(seats, fmt.Sprintf(`{"kind":"computer","level":%q}`, level))
	}
	body := fmt.Sprintf(`{"game":%q,"player":%q,"name":"Load","seats":[%s]}`, info.Name, p.id, strings.Join(seats, ","))
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/tables", strings.NewReader(body))
	if err != nil {
		return created{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.r.http.Do(req)
	if err != nil {
		return created{}, fmt.Errorf("creating a table: %w", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode != http.StatusCreated {
		return created{}, fmt.Errorf("creating a table: %s: %s", resp.Status, bytes.TrimSpace(b))
	}
	var c created
	if err := json.Unmarshal(b, &c); err != nil {
		return created{}, fmt.Errorf("creating a table: %w", err)
	}
	return c, nil
}

// errRetry is a connection that ended in a way a reconnect mends: closed,
// or refused by a server that asks to try again.
type errRetry struct{ err error }

func (e errRetry) Error() string { return e.err.Error() }
func (e errRetry) Unwrap() error { return e.err }

// play creates a table at base and plays it over a websocket to wsBase;
// with Config.Reconnect, a dropped connection is opened again, to the
// next server.
func (p *player) play(ctx context.Context, base, wsBase string) error {
	c, err := p.create(ctx, base)
	for i := 1; err != nil && p.r.cfg.Reconnect && i < len(p.r.cfg.URLs); i++ {
		// That server may be gone: create the table at another.
		base = p.r.cfg.URLs[(slices.Index(p.r.cfg.URLs, base)+1)%len(p.r.cfg.URLs)]
		c, err = p.create(ctx, base)
	}
	if err != nil {
		return err
	}
	p.table, p.seat = c.ID, c.Seat
	p.r.mu.Lock()
	p.r.rep.Tables++
	p.r.rep.IDs = append(p.r.rep.IDs, c.ID)
	p.r.mu.Unlock()
	defer func() {
		p.r.mu.Lock()
		p.r.done = append(p.r.done, finished{id: p.table, game: p.game, seat: p.seat, seen: p.seen})
		p.r.mu.Unlock()
	}()
	urls := p.r.cfg.URLs
	k := 0
	for k < len(urls) && urls[k] != wsBase {
		k++
	}
	var giveUp time.Time
	for {
		err := p.session(ctx, c, wsBase)
		var retry errRetry
		if err == nil || !p.r.cfg.Reconnect || !errors.As(err, &retry) || ctx.Err() != nil {
			return err
		}
		if giveUp.IsZero() {
			giveUp = time.Now().Add(p.r.cfg.Wait)
		} else if time.Now().After(giveUp) {
			return fmt.Errorf("no server took the table back within %s: %w", p.r.cfg.Wait, err)
		}
		p.r.mu.Lock()
		p.r.rep.Reconnects++
		p.r.mu.Unlock()
		if !sleep(ctx, 200*time.Millisecond+time.Duration(p.rng.Int64N(int64(300*time.Millisecond)))) {
			return ctx.Err()
		}
		k = (k + 1) % len(urls)
		wsBase = urls[k]
		if p.progressed {
			giveUp, p.progressed = time.Time{}, false
		}
	}
}

// session plays over one websocket until the game ends, the deadline
// comes or the connection ends.
func (p *player) session(ctx context.Context, c created, wsBase string) error {
	dctx, cancel := context.WithTimeout(ctx, p.r.cfg.Wait)
	ws, _, err := websocket.Dial(dctx, "ws"+strings.TrimPrefix(wsBase, "http")+"/ws", &websocket.DialOptions{HTTPClient: p.dialer})
	cancel()
	if err != nil {
		return errRetry{fmt.Errorf("websocket: %w", err)}
	}
	defer ws.CloseNow()
	ws.SetReadLimit(8 << 20)
	if err := p.send(ctx, ws, fmt.Sprintf(`{"type":"hello","table":%q,"token":%q,"player":%q}`, c.ID, c.Token, p.id)); err != nil {
		return errRetry{err}
	}
	pending, sent := -1, time.Time{}
	for {
		rctx, cancel := context.WithTimeout(ctx, p.r.cfg.Wait)
		_, b, err := ws.Read(rctx)
		cancel()
		if err != nil {
			if time.Now().After(p.r.deadline) && pending < 0 {
				return nil
			}
			err = fmt.Errorf("reading (move %d pending): %w", pending, err)
			if ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded) {
				return err // no message for too long
			}
			return errRetry{err} // closed, reset: the server went away
		}
		var m serverMsg
		if err := json.Unmarshal(b, &m); err != nil {
			return fmt.Errorf("a message that is not JSON: %.80q", b)
		}
		p.r.mu.Lock()
		p.r.rep.Messages++
		if m.Type == "decide" {
			p.r.rep.MaxDecision = max(p.r.rep.MaxDecision, len(b))
		}
		p.r.mu.Unlock()
		p.sight(m, b)
		switch m.Type {
		case "event":
			p.progressed = true
			if pending >= 0 && m.N >= pending && m.Adv == 0 {
				d := time.Since(sent)
				p.r.mu.Lock()
				if p.cross {
					p.r.crossLat = append(p.r.crossLat, d)
				} else {
					p.r.localLat = append(p.r.localLat, d)
				}
				p.r.lat = append(p.r.lat, d)
				p.r.rep.Moves++
				p.r.mu.Unlock()
				pending = -1
			}
		case "over":
			p.r.mu.Lock()
			p.r.rep.Games++
			p.r.mu.Unlock()
			p.over = true
			ws.Close(websocket.StatusNormalClosure, "")
			return nil
		case "error":
			err := fmt.Errorf("server said %.200s", b)
			if strings.Contains(m.Error, "try again") || strings.Contains(m.Error, "reconnect") {
				return errRetry{err}
			}
			return err
		case "refused":
			return fmt.Errorf("server said %.200s", b)
		case "decide":
			if m.Optional {
				continue
			}
			think := p.r.cfg.Think/2 + time.Duration(p.rng.Int64N(int64(p.r.cfg.Think)+1))
			if !p.r.cfg.OneGame && time.Now().Add(think).After(p.r.deadline) {
				ws.Close(websocket.StatusNormalClosure, "")
				return nil
			}
			if !sleep(ctx, think) {
				return ctx.Err()
			}
			mv, err := p.choose(m)
			if err != nil {
				return err
			}
			pending, sent = m.Seq, time.Now()
			if err := p.send(ctx, ws, fmt.Sprintf(`{"type":"move","seq":%d,"move":%s}`, m.Seq, mv)); err != nil {
				return errRetry{err}
			}
		}
	}
}

func (p *player) send(ctx context.Context, ws *websocket.Conn, s string) error {
	ctx, cancel := context.WithTimeout(ctx, p.r.cfg.Wait)
	defer cancel()
	if err := ws.Write(ctx, websocket.MessageText, []byte(s)); err != nil {
		return fmt.Errorf("sending: %w", err)
	}
	return nil
}

// sight records the cards a message names and the moment it speaks of.
func (p *player) sight(m serverMsg, raw []byte) {
	add := func(pt point, b []byte) {
		p.seen = append(p.seen, sighting{p: pt, faces: visible.JSONFaces(b), what: m.Type})
	}
	switch m.Type {
	case "event", "state":
		add(point{m.N, m.Adv}, raw)
	case "history":
		for _, e := range m.Events {
			add(point{e.N, e.Adv}, e.Event)
		}
	case "decide":
		pt := point{m.Seq - 1, 0}
		if m.Adv > 0 {
			pt = point{m.Seq, m.Adv}
		}
		add(pt, raw)
	default:
		// Nothing else may name a card.
		add(point{-1, -1}, raw)
	}
}

// choose picks the move the game's Pick chooses for a wire client.
func (p *player) choose(m serverMsg) (json.RawMessage, error) {
	return p.g.PickMove(m.Obs, m.Legal, p.rng)
}
