package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"felt/internal/store"
	"felt/internal/testenv"
	"felt/internal/visible"
	"felt/table"
)

// sit takes a seat through the table's link; it returns the status and
// the seat taken.
func (ts *tserver) sit(t *testing.T, id, body string) (int, Sat) {
	t.Helper()
	var s Sat
	code := ts.post(t, "/api/tables/"+id+"/sit", body, &s)
	return code, s
}

// storedTableT reads a table from the store.
func storedTableT(t *testing.T, ts *tserver, id string) store.Table {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	tb, err := ts.st.Table(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// welcomeTable is the table summary of a welcome.
func welcomeTable(t *testing.T, m msg) Summary {
	t.Helper()
	var s Summary
	if err := json.Unmarshal(m.F["table"], &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// expectError reads messages until an error, and returns its text.
func (c *client) expectError() string {
	c.t.Helper()
	m, _ := c.expect("error")
	return m.str("error")
}

func TestRoomLinkTakesAFreeSeat(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	cr := ts.create(t, `{"game":"shengji","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer"},{"kind":"open"}]}`)
	if cr.Link != "/t/"+cr.ID {
		t.Fatalf("link %q, want /t/%s", cr.Link, cr.ID)
	}
	spect := dial(t, ts)
	spect.hello(cr.ID, "", "")
	spect.expect("welcome")
	code, bo := ts.sit(t, cr.ID, `{"player":"bo","name":"Bo <b>"}`)
	if code != http.StatusOK || bo.Seat != 1 || bo.Token == "" {
		t.Fatalf("Bo sits: %d %+v, want seat 1 with a token", code, bo)
	}
	if code, _ := ts.sit(t, cr.ID, `{"player":"bo","name":"Bo"}`); code != http.StatusConflict {
		t.Errorf("Bo sits twice: %d, want 409", code)
	}
	if code, _ := ts.sit(t, cr.ID, `{"player":"cy","seat":2}`); code != http.StatusConflict {
		t.Errorf("a computer's seat taken: %d, want 409", code)
	}
	for _, bad := range []string{`{"player":"../x"}`, `{"player":"cy","seat":-1}`, `{"player":"cy","extra":1}`, `{"player":"cy","seat":999}`} {
		if code, _ := ts.sit(t, cr.ID, bad); code != http.StatusBadRequest {
			t.Errorf("sit %s: %d, want 400", bad, code)
		}
	}
	if code, _ := ts.sit(t, "nosuchtable", `{"player":"cy"}`); code != http.StatusNotFound {
		t.Errorf("sit at no table: %d, want 404", code)
	}
	if tb := storedTableT(t, ts, cr.ID); tb.Status != store.Waiting || tb.Seats[1].Player != "bo" || tb.Seats[1].Name != "Bo <b>" || tb.Seats[3].Player != "" {
		t.Fatalf("stored after Bo sat: %+v", tb)
	}
	// Bo's token opens seat 1.
	b := dial(t, ts)
	b.hello(cr.ID, bo.Token, "bo")
	if w, _ := b.expect("welcome"); w.int("seat") != 1 {
		t.Fatalf("Bo's welcome: %s", w.Raw)
	}
	code, cy := ts.sit(t, cr.ID, `{"player":"cy","name":"Cy"}`)
	if code != http.StatusOK || cy.Seat != 3 {
		t.Fatalf("Cy sits: %d %+v", code, cy)
	}
	// Every seat taken: the game begins; the link seats nobody now.
	if code, _ := ts.sit(t, cr.ID, `{"player":"dee"}`); code != http.StatusConflict {
		t.Errorf("sit at a table being played: %d, want 409", code)
	}
	if tb := storedTableT(t, ts, cr.ID); tb.Status != store.Playing {
		t.Errorf("status %v once every seat was taken, want playing", tb.Status)
	}
}

func TestRoomLobbyListsOpenTables(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	listed := ts.create(t, `{"game":"shengji","preset":"simple","player":"ann","name":"Ann","lobby":true,"seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer"},{"kind":"open"}]}`)
	ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`) // not listed
	full := ts.create(t, `{"game":"gin","player":"bo","name":"Bo","lobby":true,"seats":[{"kind":"me"},{"kind":"open"}]}`)
	if code := ts.post(t, "/api/tables", `{"game":"gin","player":"bo","lobby":true,"seats":[{"kind":"me"},{"kind":"computer"}]}`, nil); code != http.StatusBadRequest {
		t.Errorf("a lobby table without an open seat: %d, want 400", code)
	}
	if code, _ := ts.sit(t, full.ID, `{"player":"cy"}`); code != http.StatusOK {
		t.Fatal(code)
	}
	resp, err := http.Get(ts.hs.URL + "/api/lobby")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var raw json.RawMessage
	json.NewDecoder(resp.Body).Decode(&raw)
	var lobby []LobbyTable
	if err := json.Unmarshal(raw, &lobby); err != nil {
		t.Fatal(err)
	}
	if len(lobby) != 1 || lobby[0].ID != listed.ID || lobby[0].Game != "shengji" || lobby[0].Preset != "simple" ||
		lobby[0].Host != "Ann" || fmt.Sprint(lobby[0].Free) != "[1 3]" || len(lobby[0].Seats) != 4 {
		t.Fatalf("lobby %s, want only table %s with seats 1 and 3 free", raw, listed.ID)
	}
	// Nothing secret: no player id, no token.
	for _, secret := range []string{`"ann"`, listed.Token, "token", "player"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("the lobby holds %q: %s", secret, raw)
		}
	}
}

// hostTable is a waiting Shengji table of Ann (the host, seat 0), Bo (seat
// 1, joined by the link), a computer and an open seat, with both
// connected.
func hostTable(t *testing.T, ts *tserver) (cr Created, ann, bo *client, boTok string) {
	t.Helper()
	cr = ts.create(t, `{"game":"shengji","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"},{"kind":"computer"},{"kind":"open"}]}`)
	code, sat := ts.sit(t, cr.ID, `{"player":"bo","name":"Bo"}`)
	if code != http.StatusOK {
		t.Fatal(code)
	}
	ann, bo = dial(t, ts), dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	if w, _ := ann.expect("welcome"); welcomeTable(t, w).Host != 0 {
		t.Fatalf("Ann's welcome names host %d: %s", welcomeTable(t, w).Host, w.Raw)
	}
	bo.hello(cr.ID, sat.Token, "bo")
	bo.expect("welcome")
	return cr, ann, bo, sat.Token
}

func TestRoomHostMovesSeats(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	cr, ann, bo, boTok := hostTable(t, ts)
	before := storedTableT(t, ts, cr.ID)
	// Refused, each with a reason, changing nothing.
	for _, tc := range []struct {
		who  *client
		msg  string
		want string
	}{
		{bo, `{"type":"host","action":"move","seat":1,"to":3}`, "only the table's host"},
		{bo, `{"type":"host","action":"end"}`, "only the table's host"},
		{bo, `{"type":"host","action":"computer","seat":3}`, "only the table's host"},
		{ann, `{"type":"host","action":"move","seat":1,"to":1}`, "already there"},
		{ann, `{"type":"host","action":"move","seat":1,"to":4}`, "seats 0 to 3"},
		{ann, `{"type":"host","action":"move","seat":1}`, "needs a to"},
		{ann, `{"type":"host","action":"end","seat":1}`, "takes no field seat"},
		{ann, `{"type":"host","action":"kick","seat":1}`, "no host action"},
		{ann, `{"type":"host","action":"computer","seat":0}`, "yours"},
		{ann, `{"type":"host","action":"computer","seat":1}`, "is here"},
		{ann, `{"type":"host","action":"computer","seat":2}`, "computer's already"},
		{ann, `{"type":"host","action":"move","seat":-1,"to":2}`, "no seat"},
	} {
		tc.who.send(tc.msg)
		if e := tc.who.expectError(); !strings.Contains(e, tc.want) {
			t.Errorf("%s: %q, want %q", tc.msg, e, tc.want)
		}
	}
	spect := dial(t, ts)
	spect.hello(cr.ID, "", "")
	spect.expect("welcome")
	spect.send(`{"type":"host","action":"end"}`)
	if e := spect.expectError(); !strings.Contains(e, "spectator") {
		t.Errorf("a spectator's host action: %q", e)
	}
	noCards(t, spect)
	if after := storedTableT(t, ts, cr.ID); fmt.Sprint(after.Seats) != fmt.Sprint(before.Seats) || after.Status != store.Waiting {
		t.Fatalf("refused actions changed the table: %+v, was %+v", after.Seats, before.Seats)
	}
	// Ann moves Bo from seat 1 to seat 3: Bo's page reconnects and his
	// token opens seat 3.
	ann.send(`{"type":"host","action":"move","seat":1,"to":3}`)
	if n, _ := ann.expect("notice"); n.str("kind") != "moved" {
		t.Fatalf("notice %s", n.Raw)
	}
	bo.closed()
	after := storedTableT(t, ts, cr.ID)
	if after.Seats[3].Player != "bo" || after.Seats[1].Player != "" || after.Seats[1].Kind != kindPerson {
		t.Fatalf("seats after the move: %+v", after.Seats)
	}
	bo2 := dial(t, ts)
	bo2.hello(cr.ID, boTok, "bo")
	if w, _ := bo2.expect("welcome"); w.int("seat") != 3 {
		t.Fatalf("Bo's welcome after the move: %s", w.Raw)
	}
	// An invite of an open seat the host moved: its old seat is refused,
	// seat -1 takes the seat its token opens now.
	inv := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	ia := dial(t, ts)
	ia.hello(inv.ID, inv.Token, "ann")
	ia.expect("welcome")
	ia.send(`{"type":"host","action":"move","seat":1,"to":0}`)
	ia.closed() // Ann's own seat moved: her page reconnects
	tok := inviteToken(t, inv.Invites[0])
	if code := ts.post(t, "/api/tables/"+inv.ID+"/join", `{"seat":1,"token":"`+tok+`","player":"zed","name":"Zed"}`, nil); code != http.StatusForbidden {
		t.Errorf("join by the moved invite's old seat: %d, want 403", code)
	}
	if code := ts.post(t, "/api/tables/"+inv.ID+"/join", `{"seat":-1,"token":"`+tok+`","player":"zed","name":"Zed"}`, nil); code != http.StatusOK {
		t.Errorf("join by the moved invite with seat -1: %d, want 200", code)
	}
	if s := storedTableT(t, ts, inv.ID).Seats[0]; s.Player != "zed" || s.Name != "Zed" {
		t.Errorf("seat 0 after Zed joined: %+v", s)
	}
	// The host's own seat moves too, and Ann is still the host.
	ann.send(`{"type":"host","action":"move","seat":0,"to":1}`)
	ann.closed()
	ann2 := dial(t, ts)
	ann2.hello(cr.ID, cr.Token, "ann")
	if w, _ := ann2.expect("welcome"); w.int("seat") != 1 || welcomeTable(t, w).Host != 1 {
		t.Fatalf("Ann's welcome after moving herself: %s", w.Raw)
	}
	// Seat 0 is open now; a computer takes it, and the game begins.
	ann2.send(`{"type":"host","action":"computer","seat":0}`)
	if n, _ := ann2.expect("notice"); n.str("kind") != "computer" {
		t.Fatalf("notice %s", n.Raw)
	}
	deadline := time.Now().Add(testenv.Timeout(20 * time.Second))
	for storedTableT(t, ts, cr.ID).Status != store.Playing {
		if time.Now().After(deadline) {
			t.Fatal("the table did not begin once every seat was taken")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if s := storedTableT(t, ts, cr.ID).Seats[0]; s.Kind != kindComputer || s.TokenHash != nil {
		t.Fatalf("seat 0 given to the computer: %+v", s)
	}
	// Once the game began, seats no longer move.
	ann2.send(`{"type":"host","action":"move","seat":1,"to":3}`)
	if e := ann2.expectError(); !strings.Contains(e, "before the game begins") {
		t.Errorf("a move during the game: %q", e)
	}
}

func TestRoomHostReplacesAnAbsentPlayer(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Away: time.Hour, MoveTimeout: time.Hour, Rate: 1000})
	cr := ts.create(t, `{"game":"gin","player":"ann","name":"Ann","seats":[{"kind":"me"},{"kind":"open"}]}`)
	ann := dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	bo := dial(t, ts)
	bo.hello(cr.ID, inviteToken(t, cr.Invites[0]), "bo")
	bo.expect("welcome")
	ann.send(`{"type":"host","action":"computer","seat":1}`)
	if e := ann.expectError(); !strings.Contains(e, "is here") {
		t.Fatalf("replacing a person who is here: %q", e)
	}
	bo.close()
	// Bo is away (for an hour before the computer would play for him):
	// the host does not wait. (Bo's connection may take a moment to
	// close.)
	deadline := time.Now().Add(testenv.Timeout(20 * time.Second))
	for given := false; !given; {
		ann.send(`{"type":"host","action":"computer","seat":1}`)
		for {
			m, err := ann.next(20 * time.Second)
			if err != nil {
				t.Fatal(err)
			}
			if m.Type == "notice" && m.str("kind") == "computer" && m.int("seat") == 1 {
				given = true
				break
			}
			if m.Type == "error" {
				if !strings.Contains(m.str("error"), "is here") || time.Now().After(deadline) {
					t.Fatalf("refused: %s", m.Raw)
				}
				break
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	ann.send(`{"type":"host","action":"computer","seat":1}`)
	if e := ann.expectError(); !strings.Contains(e, "plays seat 1 already") {
		t.Fatalf("twice: %q", e)
	}
	// Ann plays to the end (on a new connection, which is sent her
	// pending decision again); the computer plays Bo's seat from its turn.
	ann.close()
	ann = dial(t, ts)
	ann.hello(cr.ID, cr.Token, "ann")
	_, err := ann.play(rand.New(rand.NewPCG(1, 2)), false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(storedLog(t, ts, cr.ID)), "the host gave the seat to the computer") {
		t.Error("the log has no control line giving seat 1 to the computer for the host")
	}
}

func TestRoomHostEndsTheTable(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	cr, ann, bo, _ := hostTable(t, ts)
	ann.send(`{"type":"host","action":"end"}`)
	for _, c := range []*client{ann, bo} {
		if e := c.expectError(); !strings.Contains(e, "the host ended the table") {
			t.Errorf("told %q", e)
		}
	}
	if st := storedTableT(t, ts, cr.ID).Status; st != store.Abandoned {
		t.Fatalf("status %v, want abandoned", st)
	}
	if code, _ := ts.sit(t, cr.ID, `{"player":"cy"}`); code == http.StatusOK {
		t.Error("a seat taken at an ended table")
	}
}

func TestChatSaidToEveryone(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{})
	cr, ann, bo, _ := hostTable(t, ts)
	spect := dial(t, ts)
	spect.hello(cr.ID, "", "")
	spect.expect("welcome")
	line := `<img src=x onerror=alert(1)> hi & "bye"` + "\u202e\x07"
	ann.send(map[string]string{"type": "chat", "text": line})
	want := `<img src=x onerror=alert(1)> hi & "bye"`
	for _, c := range []*client{ann, bo, spect} {
		m, _ := c.expect("chat")
		var out chatOut
		json.Unmarshal(m.Raw, &out)
		if len(out.Lines) != 1 || out.Lines[0].Text != want || out.Lines[0].Seat != 0 || out.Lines[0].Name != "Ann" || out.Lines[0].N != 0 {
			t.Fatalf("chat %s", m.Raw)
		}
	}
	// A reload (and a restart: the lines come from the store) shows them.
	ts2 := startServer(t, ts.st, Config{})
	again := dial(t, ts2)
	again.hello(cr.ID, "", "")
	if m, _ := again.expect("chat"); !strings.Contains(string(m.Raw), "onerror") {
		t.Fatalf("after a restart: %s", m.Raw)
	}
}

func TestChatRefusesBadLines(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000, Burst: 1000})
	cr, ann, _, _ := hostTable(t, ts)
	for _, tc := range []struct{ msg, want string }{
		{`{"type":"chat","text":""}`, "empty"},
		{`{"type":"chat","text":"  \u0007 "}`, "empty"},
		{`{"type":"chat"}`, "needs a text"},
		{`{"type":"chat","text":7}`, "bad message"},
		{`{"type":"chat","text":"a","seat":1}`, "takes no field seat"},
		{`{"type":"chat","text":"` + strings.Repeat("é", store.MaxChat+1) + `"}`, "at most 500"},
	} {
		ann.send(tc.msg)
		if e := ann.expectError(); !strings.Contains(e, tc.want) {
			t.Errorf("%.60s: %q, want %q", tc.msg, e, tc.want)
		}
	}
	spect := dial(t, ts)
	spect.hello(cr.ID, "", "")
	spect.expect("welcome")
	spect.send(`{"type":"chat","text":"hi"}`)
	if e := spect.expectError(); !strings.Contains(e, "spectator") {
		t.Errorf("a spectator's chat: %q", e)
	}
	// A flood of chat is refused past the chat's own rate; the connection
	// stays open.
	for i := range chatBurst + 3 {
		ann.send(fmt.Sprintf(`{"type":"chat","text":"line %d"}`, i))
	}
	said, refused := 0, 0
	for said+refused < chatBurst+3 {
		m, err := ann.next(20 * time.Second)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case m.Type == "chat":
			said++
		case m.Type == "error" && strings.Contains(m.str("error"), "too many chat lines"):
			refused++
		}
	}
	if said > chatBurst+1 || refused < 2 {
		t.Errorf("%d said, %d refused of %d at once", said, refused, chatBurst+3)
	}
	ctx, cancel := context.WithTimeout(context.Background(), testenv.Timeout(20*time.Second))
	defer cancel()
	stored, err := ts.st.Chat(ctx, cr.ID, 100)
	if err != nil || len(stored) != said {
		t.Errorf("%d lines stored (%v), %d said", len(stored), err, said)
	}
	ann.send(`{"type":"back"}`) // still open
	ann.send(`{"type":"chat","text":"x"}`)
	if _, err := ann.next(5 * time.Second); err == errClosed {
		t.Fatal("the chat flood closed the connection")
	}
}

// TestChatAndRoomsSendNoHiddenCard plays Gin Rummy tables whose second
// seat is taken by the table's link, its players chatting through the
// game and its host's refused and done actions in it, and checks every
// message each seat and a spectator received against what it could see.
func TestChatAndRoomsSendNoHiddenCard(t *testing.T) {
	ts := startServer(t, sqliteStore(t), Config{Rate: 1000})
	games := 3
	if raceEnabled {
		games = 1
	}
	for gi := range games {
		cr := ts.create(t, `{"game":"gin","player":"p0","name":"Ann","lobby":true,"seats":[{"kind":"me"},{"kind":"open"}]}`)
		spect := dial(t, ts)
		spect.hello(cr.ID, "", "")
		ann := dial(t, ts)
		ann.hello(cr.ID, cr.Token, "p0")
		ann.send(`{"type":"chat","text":"good luck"}`)
		code, sat := ts.sit(t, cr.ID, `{"player":"p1","name":"Bo"}`)
		if code != http.StatusOK {
			t.Fatal(code)
		}
		bo := dial(t, ts)
		bo.hello(cr.ID, sat.Token, "p1")
		var out []seen
		var mu sync.Mutex
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for _, p := range []struct {
			c    *client
			seat int
		}{{ann, 0}, {bo, 1}} {
			wg.Go(func() {
				msgs, err := p.c.play(rand.New(rand.NewPCG(uint64(gi), uint64(p.seat))), false)
				if err != nil {
					t.Errorf("seat %d: %v", p.seat, err)
				}
				mu.Lock()
				out = append(out, seen{p.seat, msgs})
				mu.Unlock()
			})
		}
		chatter := make(chan struct{})
		go func() {
			// Within the chat's rate: a refusal is an error, which
			// ends a player's play.
			defer close(chatter)
			for i := 0; ; i++ {
				d := 50 * time.Millisecond
				if i >= chatBurst-1 {
					d = 1100 * time.Millisecond
				}
				select {
				case <-stop:
					return
				case <-time.After(d):
				}
				bo.send(`{"type":"chat","text":"well played"}`)
			}
		}()
		var specMsgs []msg
		for {
			m, err := spect.next(120 * time.Second)
			if err != nil {
				t.Fatal(err)
			}
			specMsgs = append(specMsgs, m)
			if m.Type == "over" {
				break
			}
		}
		wg.Wait()
		close(stop)
		<-chatter
		out = append(out, seen{table.MaxSeats, specMsgs})
		chats := 0
		for _, m := range specMsgs {
			if m.Type == "chat" {
				chats++
			}
		}
		if chats == 0 {
			t.Error("the spectator saw no chat")
		}
		g, err := gameOf("gin")
		if err != nil {
			t.Fatal(err)
		}
		n := checkLeaks(t, cr.ID, allowedSets(t, g, storedLog(t, ts, cr.ID), g.Visible), out)
		t.Logf("table %s: %d messages checked, %d chat messages to the spectator", cr.ID, n, chats)
	}
}

// noCards reads the messages c has been sent so far (within a moment)
// and fails on any that names a card: the rooms' messages carry nothing
// of the game.
func noCards(t *testing.T, c *client) {
	t.Helper()
	for {
		m, err := c.next(200 * time.Millisecond)
		if err != nil {
			return
		}
		if f := visible.JSONFaces(m.Raw); f != 0 {
			t.Errorf("cards %s in %s", f, m.Raw)
		}
	}
}
