package ginbot

import (
	"reflect"
	"slices"
	"testing"
)

func TestEquity_Monotone(t *testing.T) {
	e := EquityFor(100)
	if v := e.At(0, 0); v < 0.49 || v > 0.51 {
		t.Fatalf("even start %.3f", v)
	}
	if e.At(100, 0) != 1 || e.At(0, 100) != 0 {
		t.Fatal("ends wrong")
	}
	for a := 0; a < 100; a += 7 {
		for b := 0; b < 100; b += 7 {
			if a+1 < 100 && e.At(a+1, b) < e.At(a, b) {
				t.Fatalf("equity falls with my score at %d-%d", a, b)
			}
			if b+1 < 100 && e.At(a, b+1) > e.At(a, b) {
				t.Fatalf("equity rises with their score at %d-%d", a, b)
			}
			if d := e.At(a, b) + e.At(b, a); d < 0.999 || d > 1.001 {
				t.Fatalf("not symmetric at %d-%d: %.4f", a, b, d)
			}
		}
	}
	if e.At(90, 50) < 0.8 {
		t.Fatalf("a big lead is worth only %.3f", e.At(90, 50))
	}
}

// TestHard_NoExperimentKnobs: the only setting Hard exposes is Worlds
// (speed against strength). The settings its experiments varied are fixed
// constants, measured best.
func TestHard_NoExperimentKnobs(t *testing.T) {
	var exported []string
	for f := range reflect.TypeFor[Hard]().Fields() {
		if f.IsExported() {
			exported = append(exported, f.Name)
		}
	}
	if !slices.Equal(exported, []string{"Worlds"}) {
		t.Errorf("Hard exports %v, want only [Worlds]", exported)
	}
}
