package games

import (
	"bytes"
	"errors"
	"testing"

	"felt/table"
)

func TestVerify(t *testing.T) {
	g, gres := runGin(t, 2, short, ginPures(), nil)
	s, sres := runSJ(t, 2, fast, sjPures(), nil)
	for _, c := range []struct {
		log []byte
		res table.Result
	}{{g, gres}, {s, sres}} {
		v, err := Verify(bytes.NewReader(c.log))
		if err != nil || v.Outcome != c.res.Outcome || v.Lines != c.res.Lines || v.Torn != 0 || !IsTableLog(c.log[:bytes.IndexByte(c.log, '\n')]) {
			t.Fatalf("%v %+v", err, v)
		}
		cut := len(c.log) - 5
		v, err = Verify(bytes.NewReader(c.log[:cut]))
		if err != nil || v.Lines != c.res.Lines-1 || int(v.Offset)+v.Torn != cut {
			t.Fatalf("cut: %v %+v", err, v)
		}
	}
	if _, err := Verify(bytes.NewReader([]byte(`{"type":"header","n":0,"table":1,"game":"chess"}` + "\n"))); !errors.Is(err, ErrUnknownGame) {
		t.Fatalf("chess: %v", err)
	}
	if IsTableLog([]byte(`{"type":"header","format":1,"game":"gin"}`)) {
		t.Fatal("a gin replay log's header taken for a table log's")
	}
}
