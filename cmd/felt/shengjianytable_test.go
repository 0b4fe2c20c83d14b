package main

import "testing"

// sjAnyTable are contract lines of the section "Any table": packs, rules,
// any number of plays and the friends kind, with their exact answers.
var sjAnyTable = []sjLine{
	{"packs: two packs is the default", `{"kind":"units",` + sjTrump + `,"packs":2,"cards":"QS QS KS KS AS"}`,
		`{"group":"trump","is_tractor":false,"units":["QS QS KS KS","AS"]}`},
	{"level: three packs step 60", `{"kind":"level","attacker_points":115,"packs":3}`, `{"bankers_keep":true,"levels_up":1}`},
	{"level: three packs attackers take the bank at 120", `{"kind":"level","attacker_points":120,"packs":3}`, `{"bankers_keep":false,"levels_up":0}`},
	{"level: three packs 300 is up 3", `{"kind":"level","attacker_points":300,"packs":3}`, `{"bankers_keep":false,"levels_up":3}`},
	{"level: three packs 360 is up 4", `{"kind":"level","attacker_points":360,"packs":3}`, `{"bankers_keep":false,"levels_up":4}`},
	{"level: five packs 5 is up 2", `{"kind":"level","attacker_points":5,"packs":5}`, `{"bankers_keep":true,"levels_up":2}`},
	{"level: four packs 95", `{"kind":"level","attacker_points":95,"packs":4}`, `{"bankers_keep":true,"levels_up":1}`},
	{"level: the rules' step", `{"kind":"level","attacker_points":100,"rules":{"level_step":50}}`, `{"bankers_keep":false,"levels_up":0}`},
	{"level: the rules' players set the packs", `{"kind":"level","attacker_points":100,"rules":{"players":6}}`, `{"bankers_keep":true,"levels_up":1}`},
	{"trick: six plays", `{"kind":"trick",` + sjTrump + `,"packs":3,"plays":[[4,"3H"],[5,"KH"],[0,"AH"],[1,"AH"],[2,"2C"],[3,"5H"]]}`,
		`{"winner":2,"points":15,"kitty_multiplier":2}`},
	{"trick: six plays, a level card over a trump-suit card", `{"kind":"trick",` + sjTrump + `,"packs":3,"plays":[[4,"3H"],[5,"KH"],[0,"AH"],[1,"3S"],[2,"2C"],[3,"5H"]]}`,
		`{"winner":2,"points":15,"kitty_multiplier":2}`},
	{"trick: a fixed kitty multiplier", `{"kind":"trick",` + sjTrump + `,"rules":{"kitty_multiplier":"fixed"},"plays":[[0,"QH QH KH KH"],[1,"3H 3H 4H 4H"],[2,"5C 6C 7C 8C"],[3,"AH 9H 9H 6H"]]}`,
		`{"winner":0,"points":25,"kitty_multiplier":2}`},
	{"friends: the second ace joins when its trick ends", `{"kind":"friends","banker":0,"players":6,"packs":3,"calls":[{"card":"AS","ordinal":2},{"card":"KH","ordinal":1}],` +
		`"plays":[[0,"3S"],[1,"AS"],[2,"4S"],[3,"5S"],[4,"6S"],[5,"7S"],[1,"KH"],[2,"QH"],[3,"AS"]]}`,
		`{"friends":[],"pending":2}`},
	{"friends: after the trick", `{"kind":"friends","banker":0,"players":6,"packs":3,"calls":[{"card":"AS","ordinal":2},{"card":"KH","ordinal":1}],` +
		`"plays":[[0,"3S"],[1,"AS"],[2,"4S"],[3,"5S"],[4,"6S"],[5,"7S"],[1,"KH"],[2,"QH"],[3,"AS"],[4,"2H"],[5,"3H"],[0,"4H"]]}`,
		`{"friends":[1,3],"pending":0}`},
	{"friends: the banker is its own friend", `{"kind":"friends","banker":2,"players":4,"calls":[{"card":"KD","ordinal":1}],` +
		`"plays":[[2,"KD"],[3,"3D"],[0,"4D"],[1,"5D"]]}`,
		`{"friends":[],"pending":0}`},
}

func TestShengjiCheck_AnyTable(t *testing.T) { checkAnswers(t, sjAnyTable) }

// TestShengjiCheck_AnyTableBadLines: the new fields are checked as
// strictly as the old ones.
func TestShengjiCheck_AnyTableBadLines(t *testing.T) {
	for _, tt := range []struct{ name, in, want string }{
		{"packs 6", `{"kind":"level","attacker_points":5,"packs":6}`, "packs: 6, want 2 to 5"},
		{"packs 1", `{"kind":"level","attacker_points":5,"packs":1}`, "packs: 1"},
		{"packs against rules", `{"kind":"level","attacker_points":5,"packs":3,"rules":{"players":8,"packs":4}}`, "the rules say 4"},
		{"bad rules", `{"kind":"level","attacker_points":5,"rules":{"players":12}}`, "rules: shengji: rules field players"},
		{"a fourth copy at three packs", `{"kind":"units",` + sjTrump + `,"packs":3,"cards":"QS QS QS QS"}`, "more than three copies: a fourth QS"},
		{"a third copy at two packs", `{"kind":"units",` + sjTrump + `,"cards":"QS QS QS"}`, "cards: card: more than two copies: a third QS"},
		{"eleven plays", `{"kind":"trick",` + sjTrump + `,"packs":5,"plays":[[0,"3H"],[1,"3H"],[2,"3H"],[3,"3H"],[4,"3H"],[5,"4H"],[6,"4H"],[7,"4H"],[8,"4H"],[9,"4H"],[10,"5H"]]}`, "plays: 11"},
		{"players against plays", `{"kind":"trick",` + sjTrump + `,"players":5,"plays":[[0,"3H"],[1,"4H"],[2,"5H"],[3,"6H"]]}`, "plays: 4, want 5"},
		{"friends: a joker", `{"kind":"friends","banker":0,"players":6,"calls":[{"card":"BJ","ordinal":1}],"plays":[]}`, "joker"},
		{"friends: a level card", `{"kind":"friends",` + sjTrump + `,"banker":0,"players":6,"calls":[{"card":"2H","ordinal":1}],"plays":[]}`, "level"},
		{"friends: too many calls", `{"kind":"friends","banker":0,"players":5,"calls":[{"card":"AS","ordinal":1},{"card":"AH","ordinal":1}],"plays":[]}`, "calls: 2, want 1 to 1"},
		{"friends: ordinal past the packs", `{"kind":"friends","banker":0,"players":6,"packs":3,"calls":[{"card":"AS","ordinal":4}],"plays":[]}`, "copy 4 of AS, want 1 to 3"},
		{"friends: banker 6", `{"kind":"friends","banker":6,"players":6,"calls":[{"card":"AS","ordinal":1}],"plays":[]}`, "banker: seat 6"},
		{"friends: out of turn", `{"kind":"friends","banker":0,"players":6,"calls":[{"card":"AS","ordinal":1}],"plays":[[0,"3S"],[2,"4S"]]}`, "seat 2 after seat 0"},
		{"friends: too many copies", `{"kind":"friends","banker":0,"players":4,"calls":[{"card":"AS","ordinal":1}],"plays":[[0,"AS"],[1,"AS"],[2,"AS"]]}`, "a third AS"},
		{"friends: no players", `{"kind":"friends","banker":0,"calls":[{"card":"AS","ordinal":1}],"plays":[]}`, `needs "players"`},
		{"players on a units line", `{"kind":"units",` + sjTrump + `,"players":6,"cards":"AS"}`, `takes no "players"`},
	} {
		t.Run(tt.name, func(t *testing.T) { checkBadLine(t, tt.in, tt.want) })
	}
}
