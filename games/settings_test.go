package games_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"felt/games"
)

// TestMix_PresetsOnly: a game without settings (Gin Rummy) mixes a preset
// with nothing over it, counts its seats, and refuses any setting, or
// settings that are not one object, by name.
func TestMix_PresetsOnly(t *testing.T) {
	g, err := games.Lookup("gin")
	if err != nil {
		t.Fatal(err)
	}
	want, err := g.Rules("")
	if err != nil {
		t.Fatal(err)
	}
	for _, none := range []string{"", "null", "{}", " { } "} {
		m, err := g.Mix("", json.RawMessage(none))
		if err != nil {
			t.Fatalf("settings %q: %v", none, err)
		}
		if string(m.Rules) != string(want) || m.Seats != 2 || m.Effective != nil {
			t.Fatalf("settings %q: %+v, want the default preset's rules and 2 seats", none, m)
		}
	}
	if _, err := g.Mix("", json.RawMessage(`{"goal":50}`)); !errors.Is(err, games.ErrNoSettings) {
		t.Fatalf("a setting for gin: %v, want ErrNoSettings", err)
	}
	for _, bad := range []string{`[1]`, `"x"`, `{"a":`, `7`} {
		if _, err := g.Mix("", json.RawMessage(bad)); !errors.Is(err, games.ErrBadSettings) {
			t.Fatalf("settings %s: %v, want ErrBadSettings", bad, err)
		}
	}
	if _, err := g.Mix("nope", nil); !errors.Is(err, games.ErrUnknownPreset) || !strings.Contains(err.Error(), "nope") {
		t.Fatalf("an unknown preset: %v", err)
	}
}

// TestSettingKindText: every kind writes its name and reads it back; an
// unknown name is refused.
func TestSettingKindText(t *testing.T) {
	for k := games.NumberSetting; k <= games.RanksSetting; k++ {
		b, err := k.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back games.SettingKind
		if err := back.UnmarshalText(b); err != nil || back != k {
			t.Fatalf("%s read back as %v (%v)", b, back, err)
		}
	}
	if _, err := games.SettingKind(9).MarshalText(); err == nil {
		t.Fatal("kind 9 marshalled")
	}
	var k games.SettingKind
	if err := k.UnmarshalText([]byte("slider")); err == nil {
		t.Fatal("slider read as a kind")
	}
}
