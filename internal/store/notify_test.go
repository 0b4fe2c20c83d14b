package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"felt/internal/testenv"
)

// receive returns the next message from ch, failing the test if none comes
// in time or ch is closed.
func receive(t *testing.T, ch <-chan []byte) []byte {
	t.Helper()
	select {
	case msg, ok := <-ch:
		if !ok {
			t.Fatal("listener closed")
		}
		return msg
	case <-time.After(testenv.Timeout(10 * time.Second)):
		t.Fatal("no message")
	}
	return nil
}

// quiet fails the test if ch delivers a message within a short while.
func quiet(t *testing.T, ch <-chan []byte) {
	t.Helper()
	select {
	case msg, ok := <-ch:
		t.Errorf("unexpected message %q (open %v)", msg, ok)
	case <-time.After(100 * time.Millisecond):
	}
}

// testNotify is the conformance suite of a Notifier.
func testNotify(t *testing.T, n Notifier) {
	ctx := testCtx(t)
	a1, err := n.Listen(ctx, "table.a")
	if err != nil {
		t.Fatal(err)
	}
	a2, err := n.Listen(ctx, "table.a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := n.Listen(ctx, "table.b")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 50 {
		if err := n.Notify(ctx, "table.a", fmt.Appendf(nil, `{"n":%d}`, i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := n.Notify(ctx, "table.b", []byte("für b")); err != nil {
		t.Fatal(err)
	}
	for _, ch := range []<-chan []byte{a1, a2} {
		for i := range 50 {
			if got, want := string(receive(t, ch)), fmt.Sprintf(`{"n":%d}`, i); got != want {
				t.Fatalf("message %q, want %q", got, want)
			}
		}
	}
	if got := string(receive(t, b)); got != "für b" {
		t.Errorf("b got %q", got)
	}
	quiet(t, a1)

	// An empty payload is an empty message, not the nil of lost ones.
	if err := n.Notify(ctx, "table.b", nil); err != nil {
		t.Fatal(err)
	}
	if got := receive(t, b); got == nil || len(got) != 0 {
		t.Errorf("empty payload arrived as %#v", got)
	}

	// The largest payload passes; larger or not text is refused.
	big := strings.Repeat("x", MaxPayload)
	if err := n.Notify(ctx, "table.b", []byte(big)); err != nil {
		t.Fatal(err)
	}
	if got := string(receive(t, b)); got != big {
		t.Errorf("payload of %d bytes arrived as %d", len(big), len(got))
	}
	for _, bad := range []struct{ channel, payload string }{
		{"table.b", big + "x"},
		{"table.b", "\xff\xfe"},
		{"table.b", "a\x00b"},
		{"", "x"},
		{"a\nb", "x"},
		{strings.Repeat("c", MaxChannel+1), "x"},
	} {
		if err := n.Notify(ctx, bad.channel, []byte(bad.payload)); err == nil {
			t.Errorf("notify %.20q on %.20q sent", bad.payload, bad.channel)
		}
	}
	if _, err := n.Listen(ctx, ""); err == nil {
		t.Error("listen to an empty channel")
	}
	quiet(t, b)

	// A listener's channel closes with its context.
	lctx, cancel := context.WithCancel(ctx)
	c, err := n.Listen(lctx, "table.c")
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case _, ok := <-c:
		if ok {
			t.Error("message after cancel")
		}
	case <-time.After(testenv.Timeout(10 * time.Second)):
		t.Error("listener open after its context ended")
	}
}

// TestHubSlowListener checks a listener that falls behind gets a nil in
// place of the messages it missed, and the messages before and after.
func TestHubSlowListener(t *testing.T) {
	h := newHub()
	defer h.close()
	ch, err := h.listen(testCtx(t), "x")
	if err != nil {
		t.Fatal(err)
	}
	// The listener's goroutine may have taken the first message out of
	// the queue, so between ListenBuffer and ListenBuffer+1 arrive.
	const sent = ListenBuffer + 10
	for i := range sent {
		h.publish("x", fmt.Appendf(nil, "%d", i))
	}
	h.publish("y", []byte("elsewhere"))
	var got []string
	for {
		msg := receive(t, ch)
		if msg == nil {
			break
		}
		got = append(got, string(msg))
	}
	if len(got) < ListenBuffer || len(got) > ListenBuffer+1 {
		t.Errorf("%d messages before the nil, want %d or %d", len(got), ListenBuffer, ListenBuffer+1)
	}
	for i, m := range got {
		if m != fmt.Sprint(i) {
			t.Fatalf("message %d is %q", i, m)
		}
	}
	h.publish("x", []byte("after"))
	if msg := string(receive(t, ch)); msg != "after" {
		t.Errorf("message after the nil %q", msg)
	}
	h.lost()
	if msg := receive(t, ch); msg != nil {
		t.Errorf("message after lost %q, want nil", msg)
	}
	h.close()
	if _, ok := <-ch; ok {
		t.Error("listener open after close")
	}
	if _, err := h.listen(context.Background(), "x"); err == nil {
		t.Error("listen after close")
	}
}
