package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"felt/card"
	"felt/internal/strictjson"
	"felt/shengji"
)

func (e *env) shengjiCmd() *cobra.Command {
	c := &cobra.Command{
		Use:  "shengji",
		Args: cobra.ArbitraryArgs,
	}
	e.addShengjiPlay(c) // felt shengji alone plays
	check := &cobra.Command{
		Use:   "check",
		Short: "Read Shengji rules questions as JSON lines from stdin; write one answer a line",
		Long: `Reads one JSON object a line and answers each with one JSON object, by "kind":

  units   {"kind":"units","trump":{"suit":"H","level":"2"},"cards":"QS QS KS KS AS"}
          -> {"group":"S","is_tractor":false,"units":["QS QS KS KS","AS"]}
  follow  {"kind":"follow","trump":…,"lead":"…","hand":"…","play":"…"}
          -> {"legal":true} or {"legal":false,"reason":"…"}
  trick   {"kind":"trick","trump":…,"plays":[[0,"…"],[1,"…"],[2,"…"],[3,"…"]]}
          -> {"winner":2,"points":25,"kitty_multiplier":4}
  throw   {"kind":"throw","trump":…,"leader":0,"throw":"…","others":{"1":"…","2":"…","3":"…"}}
          -> {"stands":false,"play":"4S 4S"}
  level   {"kind":"level","attacker_points":85}
          -> {"bankers_keep":false,"levels_up":0}

A trump's suit is S, H, D, C or none and its level 2 to A (ten as 10 or T).
Cards are written as AS, TS or 10S, SJ and BJ for the jokers, separated by
spaces; no card may appear more than twice among a line's cards. A bad line
gets {"error": "…"} and the run goes on.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return eachLine(e.stdin, e.stdout, func(line string) (any, error) {
				return shengjiCheck([]byte(line))
			})
		},
	}
	c.AddCommand(check)
	return c
}

// checkRequest is one input line of `felt shengji check`; which fields a
// line must have depends on its kind.
type checkRequest struct {
	Kind           string             `json:"kind"`
	Trump          *shengji.Trump     `json:"trump"`
	Cards          *string            `json:"cards"`
	Lead           *string            `json:"lead"`
	Hand           *string            `json:"hand"`
	Play           *string            `json:"play"`
	Plays          *[]seatPlay        `json:"plays"`
	Leader         *int               `json:"leader"`
	Throw          *string            `json:"throw"`
	Others         *map[string]string `json:"others"`
	AttackerPoints *int               `json:"attacker_points"`
	Packs          *int               `json:"packs"`
	Rules          *json.RawMessage   `json:"rules"`
	Players        *int               `json:"players"`
	Banker         *int               `json:"banker"`
	Calls          *[]callWire        `json:"calls"`
}

// callWire is one friend call of a friends line: {"card": "AS", "ordinal": 2}.
type callWire struct {
	Card    string `json:"card"`
	Ordinal int    `json:"ordinal"`
}

// checkKeys are checkRequest's JSON field names, spelled exactly.
var checkKeys = []string{"kind", "trump", "cards", "lead", "hand", "play", "plays", "leader", "throw", "others", "attacker_points",
	"packs", "rules", "players", "banker", "calls"}

// checkFields lists, for each kind, the fields its line must have.
var checkFields = map[string][]string{
	"units":   {"trump", "cards"},
	"follow":  {"trump", "lead", "hand", "play"},
	"trick":   {"trump", "plays"},
	"throw":   {"trump", "leader", "throw", "others"},
	"level":   {"attacker_points"},
	"friends": {"banker", "players", "calls", "plays"},
}

// checkOptional lists, for each kind, the fields its line may have.
var checkOptional = map[string][]string{
	"units":   {"packs", "rules"},
	"follow":  {"packs", "rules"},
	"trick":   {"packs", "rules", "players"},
	"throw":   {"packs", "rules", "players"},
	"level":   {"packs", "rules"},
	"friends": {"packs", "rules", "trump"},
}

// present lists the fields the line gave, other than kind.
func (r *checkRequest) present() []string {
	var out []string
	add := func(name string, ok bool) {
		if ok {
			out = append(out, name)
		}
	}
	add("trump", r.Trump != nil)
	add("cards", r.Cards != nil)
	add("lead", r.Lead != nil)
	add("hand", r.Hand != nil)
	add("play", r.Play != nil)
	add("plays", r.Plays != nil)
	add("leader", r.Leader != nil)
	add("throw", r.Throw != nil)
	add("others", r.Others != nil)
	add("attacker_points", r.AttackerPoints != nil)
	add("packs", r.Packs != nil)
	add("rules", r.Rules != nil)
	add("players", r.Players != nil)
	add("banker", r.Banker != nil)
	add("calls", r.Calls != nil)
	return out
}

// seatPlay is one [seat, "cards"] entry of a trick.
type seatPlay struct {
	Seat  int
	Cards string
}

// UnmarshalJSON reads [seat, "cards"].
func (p *seatPlay) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 2 {
		return errors.New(`a play is [seat, "cards"]`)
	}
	if err := json.Unmarshal(raw[0], &p.Seat); err != nil {
		return errors.New(`a play is [seat, "cards"]: the seat is a whole number from 0`)
	}
	if err := json.Unmarshal(raw[1], &p.Cards); err != nil {
		return errors.New(`a play is [seat, "cards"]: the cards are a string`)
	}
	return nil
}

type unitsAnswer struct {
	Group     string   `json:"group"`
	IsTractor bool     `json:"is_tractor"`
	Units     []string `json:"units"`
}

type followAnswer struct {
	Legal  bool   `json:"legal"`
	Reason string `json:"reason,omitempty"`
}

type trickAnswer struct {
	Winner          int `json:"winner"`
	Points          int `json:"points"`
	KittyMultiplier int `json:"kitty_multiplier"`
}

type throwAnswer struct {
	Stands bool   `json:"stands"`
	Play   string `json:"play"`
}

type friendsAnswer struct {
	Friends []int `json:"friends"`
	Pending int   `json:"pending"`
}

type levelAnswer struct {
	BankersKeep bool `json:"bankers_keep"`
	LevelsUp    int  `json:"levels_up"`
}

// shengjiCheck answers one line of `felt shengji check`.
func shengjiCheck(line []byte) (any, error) {
	var req checkRequest
	_, err := strictjson.Object(line, checkKeys...)
	if errors.Is(err, strictjson.ErrMoreValues) {
		return nil, errors.New("not a check request: more than one JSON value on the line")
	}
	if err != nil {
		return nil, fmt.Errorf("not a check request: %w", err)
	}
	if err := json.Unmarshal(line, &req); err != nil {
		return nil, fmt.Errorf("not a check request: %s", strictjson.Problem(err))
	}
	want, ok := checkFields[req.Kind]
	if !ok {
		return nil, fmt.Errorf("kind %q: want units, follow, trick, throw, level or friends", req.Kind)
	}
	got := req.present()
	for _, f := range want {
		if !slices.Contains(got, f) {
			return nil, fmt.Errorf("kind %s needs %q", req.Kind, f)
		}
	}
	for _, f := range got {
		if !slices.Contains(want, f) && !slices.Contains(checkOptional[req.Kind], f) {
			return nil, fmt.Errorf("kind %s takes no %q", req.Kind, f)
		}
	}
	c, err := newCheckTable(&req)
	if err != nil {
		return nil, err
	}
	if req.Trump != nil {
		c.o = c.rules.Order(*req.Trump)
	}
	switch req.Kind {
	case "units":
		return c.units(*req.Cards)
	case "follow":
		return c.follow(*req.Lead, *req.Hand, *req.Play)
	case "trick":
		return c.trick(*req.Plays)
	case "throw":
		return c.throw(*req.Leader, *req.Throw, *req.Others)
	case "friends":
		return c.friends(*req.Banker, *req.Calls, *req.Plays)
	}
	r := shengji.LevelUp(*req.AttackerPoints, c.rules.LevelStep())
	return levelAnswer{r.BankersKeep, r.LevelsUp}, nil
}

// checkTable is what a check line says of its table: the rules (from
// "rules" over the standard ones), the packs and, where it matters, the
// players; and the trump's order.
type checkTable struct {
	rules   shengji.Rules
	packs   int
	players int // 0 when the line does not say
	o       *shengji.Order
}

// newCheckTable reads a line's packs, rules and players: packs from
// "packs", else the rules' (two by default); a "packs" the rules
// contradict is refused.
func newCheckTable(req *checkRequest) (*checkTable, error) {
	c := &checkTable{rules: shengji.Standard()}
	if req.Rules != nil {
		r, err := shengji.ParseRules(shengji.Standard(), *req.Rules)
		if err != nil {
			return nil, fmt.Errorf("rules: %w", err)
		}
		c.rules = r
		if r.Players != 0 {
			c.players = r.Players
		}
	}
	if req.Packs != nil {
		k := *req.Packs
		if k < shengji.MinPacks || k > shengji.MaxPacks {
			return nil, fmt.Errorf("packs: %d, want %d to %d", k, shengji.MinPacks, shengji.MaxPacks)
		}
		if c.rules.NumPacks != 0 && c.rules.NumPacks != k {
			return nil, fmt.Errorf("packs: %d, but the rules say %d", k, c.rules.NumPacks)
		}
		c.rules.NumPacks = k
		if c.rules.Players == 0 { // the packs alone: a table of two players a pack
			c.rules.Players = min(shengji.MaxPlayers, 2*k)
		}
		if err := c.rules.Validate(); err != nil {
			return nil, fmt.Errorf("packs: %w", err)
		}
	}
	if req.Players != nil {
		n := *req.Players
		if n < shengji.MinPlayers || n > shengji.MaxPlayers {
			return nil, fmt.Errorf("players: %d, want %d to %d", n, shengji.MinPlayers, shengji.MaxPlayers)
		}
		if c.players != 0 && c.players != n {
			return nil, fmt.Errorf("players: %d, but the rules say %d", n, c.players)
		}
		c.players = n
	}
	c.packs = c.rules.Packs()
	return c, nil
}

// seats returns the number of seats a line's seats may name: the players
// it gives, else four with two packs and up to ten with more.
func (c *checkTable) seats() int {
	switch {
	case c.players != 0:
		return c.players
	case c.packs == 2:
		return 4
	}
	return shengji.MaxPlayers
}

// copiesWords names the most copies a line may hold and the copy past it.
var copiesWords = [...][2]string{2: {"two", "third"}, 3: {"three", "fourth"}, 4: {"four", "fifth"}, 5: {"five", "sixth"}}

// tooMany is the error for a card seen more often than there are packs.
func (c *checkTable) tooMany(x card.Card) error {
	w := copiesWords[c.packs]
	return fmt.Errorf("card: more than %s copies: a %s %s", w[0], w[1], x)
}

// cardsField parses one field's cards, naming the field in an error; no
// card may appear more often than there are packs.
func (c *checkTable) cardsField(name, s string) (card.Multi, error) {
	var m card.Multi
	for f := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' }) {
		x, err := card.Parse(f)
		if err != nil {
			return card.Multi{}, fmt.Errorf("%s: %w", name, err)
		}
		if m.Count(x) >= c.packs {
			return card.Multi{}, fmt.Errorf("%s: %w", name, c.tooMany(x))
		}
		_ = m.Add(x)
	}
	return m, nil
}

// together refuses a line whose cards hold some card more often than
// there are packs.
func (c *checkTable) together(ms ...card.Multi) error {
	var all card.Multi
	for _, m := range ms {
		for x := range m.All() {
			if all.Count(x) >= c.packs {
				return fmt.Errorf("the line's cards together: %w", c.tooMany(x))
			}
			_ = all.Add(x)
		}
	}
	return nil
}

func (c *checkTable) units(cards string) (any, error) {
	o := c.o
	m, err := c.cardsField("cards", cards)
	if err != nil {
		return nil, err
	}
	if m.IsEmpty() {
		return nil, errors.New("cards: none given")
	}
	units := o.Split(m)
	ans := unitsAnswer{Group: "mixed", Units: make([]string, len(units))}
	if g, ok := o.GroupOf(m); ok {
		ans.Group = g.String()
	}
	for i, u := range units {
		ans.Units[i] = o.Format(u.Cards)
	}
	ans.IsTractor = len(units) == 1 && units[0].Kind() == shengji.Tractor
	return ans, nil
}

func (c *checkTable) follow(lead, hand, play string) (any, error) {
	o := c.o
	l, err := c.cardsField("lead", lead)
	if err != nil {
		return nil, err
	}
	h, err := c.cardsField("hand", hand)
	if err != nil {
		return nil, err
	}
	p, err := c.cardsField("play", play)
	if err != nil {
		return nil, err
	}
	if err := c.together(l, h); err != nil {
		return nil, err
	}
	err = o.CheckFollow(l, h, p)
	var fe *shengji.FollowError
	switch {
	case err == nil:
		return followAnswer{Legal: true}, nil
	case errors.As(err, &fe):
		return followAnswer{Legal: false, Reason: fe.Reason}, nil
	case errors.Is(err, shengji.ErrNotHeld):
		return nil, fmt.Errorf("play: %w", err)
	}
	return nil, fmt.Errorf("lead: %w", err)
}

func (c *checkTable) trick(plays []seatPlay) (any, error) {
	o, n := c.o, len(plays)
	if n < shengji.MinPlayers || n > shengji.MaxPlayers {
		return nil, fmt.Errorf("plays: %d, want %d to %d in turn order, one a player", n, shengji.MinPlayers, shengji.MaxPlayers)
	}
	if c.players != 0 && n != c.players {
		return nil, fmt.Errorf("plays: %d, want %d in turn order, one a player", n, c.players)
	}
	ms := make([]card.Multi, n)
	for i, p := range plays {
		if p.Seat < 0 || p.Seat >= n {
			return nil, fmt.Errorf("plays: seat %d, want 0 to %d", p.Seat, n-1)
		}
		if i > 0 && p.Seat != (plays[i-1].Seat+1)%n {
			return nil, fmt.Errorf("plays: seat %d after seat %d, want turn order (%d)", p.Seat, plays[i-1].Seat, (plays[i-1].Seat+1)%n)
		}
		m, err := c.cardsField(fmt.Sprintf("seat %d", p.Seat), p.Cards)
		if err != nil {
			return nil, err
		}
		ms[i] = m
	}
	if err := c.together(ms...); err != nil {
		return nil, err
	}
	if ms[0].IsEmpty() {
		return nil, errors.New("plays: the lead has no cards")
	}
	w, err := o.Winner(ms)
	if err != nil {
		return nil, err
	}
	pts := 0
	for _, m := range ms {
		pts += shengji.Points(m)
	}
	mult := o.KittyMultiplier(ms[w])
	if c.rules.KittyMultiplier == shengji.KittyFixed {
		mult = 2
	}
	return trickAnswer{Winner: plays[w].Seat, Points: pts, KittyMultiplier: mult}, nil
}

func (c *checkTable) throw(leader int, throw string, others map[string]string) (any, error) {
	o, n := c.o, c.seats()
	if leader < 0 || leader >= n {
		return nil, fmt.Errorf("leader: seat %d, want 0 to %d", leader, n-1)
	}
	t, err := c.cardsField("throw", throw)
	if err != nil {
		return nil, err
	}
	all := []card.Multi{t}
	hands := make([]card.Multi, 0, n-1)
	// Sorted by seat, so that the first bad seat named is always the same one.
	keys := make([]string, 0, len(others))
	for k := range others {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if len(a) != len(b) {
			return len(a) - len(b)
		}
		return strings.Compare(a, b)
	})
	for _, k := range keys {
		seat, err := strconv.Atoi(k)
		if err != nil || seat < 0 || seat >= n || k != strconv.Itoa(seat) {
			return nil, fmt.Errorf("others: seat %q, want \"0\" to \"%d\"", k, n-1)
		}
		if seat == leader {
			return nil, fmt.Errorf("others: seat %d is the leader", seat)
		}
		m, err := c.cardsField("others "+k, others[k])
		if err != nil {
			return nil, err
		}
		hands = append(hands, m)
		all = append(all, m)
	}
	if err := c.together(all...); err != nil {
		return nil, err
	}
	play, stands, err := o.Throw(t, hands)
	if err != nil {
		return nil, fmt.Errorf("throw: %w", err)
	}
	return throwAnswer{Stands: stands, Play: o.Format(play)}, nil
}

// friends answers who has joined the banker's side after the plays given,
// grouped into tricks of one play a player (an unfinished last trick has
// not ended), and how many calls are still open.
func (c *checkTable) friends(banker int, calls []callWire, plays []seatPlay) (any, error) {
	n := c.players
	if banker < 0 || banker >= n {
		return nil, fmt.Errorf("banker: seat %d, want 0 to %d", banker, n-1)
	}
	if most := n/2 - 1; len(calls) < 1 || len(calls) > most {
		return nil, fmt.Errorf("calls: %d, want 1 to %d at %d players (one fewer than half the table)", len(calls), most, n)
	}
	cs := make([]shengji.Call, len(calls))
	for i, w := range calls {
		x, err := card.Parse(w.Card)
		if err != nil {
			return nil, fmt.Errorf("calls: %w", err)
		}
		cs[i] = shengji.Call{Card: x, Ordinal: w.Ordinal}
	}
	level := card.Rank(0)
	if c.o != nil {
		level = c.o.Trump().Level
	}
	if err := shengji.CheckCalls(cs, len(cs), level, c.packs); err != nil {
		return nil, fmt.Errorf("calls: %w", err)
	}
	f := shengji.NewFriendship(shengji.Seat(banker), cs)
	var all card.Multi
	trick := make([]shengji.SeatPlay, 0, n)
	for i, p := range plays {
		if p.Seat < 0 || p.Seat >= n {
			return nil, fmt.Errorf("plays: seat %d, want 0 to %d", p.Seat, n-1)
		}
		if len(trick) > 0 && p.Seat != (plays[i-1].Seat+1)%n {
			return nil, fmt.Errorf("plays: seat %d after seat %d in one trick, want turn order (%d)", p.Seat, plays[i-1].Seat, (plays[i-1].Seat+1)%n)
		}
		m, err := c.cardsField(fmt.Sprintf("play %d", i+1), p.Cards)
		if err != nil {
			return nil, err
		}
		if m.IsEmpty() {
			return nil, fmt.Errorf("plays: play %d has no cards", i+1)
		}
		if err := c.together(all, m); err != nil {
			return nil, err
		}
		all, _ = all.Sum(m)
		trick = append(trick, shengji.SeatPlay{Seat: shengji.Seat(p.Seat), Cards: m})
		if len(trick) == n {
			f.EndTrick(trick)
			trick = trick[:0]
		}
	}
	ans := friendsAnswer{Friends: []int{}, Pending: f.Pending()}
	for s := range f.Friends().All() {
		ans.Friends = append(ans.Friends, int(s))
	}
	return ans, nil
}
