package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

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
}

// checkKeys are checkRequest's JSON field names, spelled exactly.
var checkKeys = []string{"kind", "trump", "cards", "lead", "hand", "play", "plays", "leader", "throw", "others", "attacker_points"}

// checkFields lists, for each kind, the fields its line must have.
var checkFields = map[string][]string{
	"units":  {"trump", "cards"},
	"follow": {"trump", "lead", "hand", "play"},
	"trick":  {"trump", "plays"},
	"throw":  {"trump", "leader", "throw", "others"},
	"level":  {"attacker_points"},
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
		return errors.New(`a play is [seat, "cards"]: the seat is a whole number 0 to 3`)
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
		return nil, fmt.Errorf("kind %q: want units, follow, trick, throw or level", req.Kind)
	}
	got := req.present()
	for _, f := range want {
		if !slices.Contains(got, f) {
			return nil, fmt.Errorf("kind %s needs %q", req.Kind, f)
		}
	}
	for _, f := range got {
		if !slices.Contains(want, f) {
			return nil, fmt.Errorf("kind %s takes no %q", req.Kind, f)
		}
	}
	var o *shengji.Order
	if req.Trump != nil {
		o = req.Trump.Order()
	}
	switch req.Kind {
	case "units":
		return checkUnits(o, *req.Cards)
	case "follow":
		return checkFollow(o, *req.Lead, *req.Hand, *req.Play)
	case "trick":
		return checkTrick(o, *req.Plays)
	case "throw":
		return checkThrow(o, *req.Leader, *req.Throw, *req.Others)
	}
	r := shengji.LevelUp(*req.AttackerPoints, shengji.LevelStep(2))
	return levelAnswer{r.BankersKeep, r.LevelsUp}, nil
}

// cardsField parses one field's cards, naming the field in an error.
func cardsField(name, s string) (card.Multi, error) {
	m, err := card.ParseMulti(s)
	if err == nil {
		err = twoPacks(m)
	}
	if err != nil {
		return card.Multi{}, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// twoPacks refuses cards that hold some card more than twice, as no deal
// from two packs does (card.Multi itself holds up to five copies), naming
// the first such card.
func twoPacks(m card.Multi) error {
	for c := range m.AtLeast(3).All {
		return fmt.Errorf("card: more than two copies: a third %s", c)
	}
	return nil
}

// together refuses a line whose cards hold some card more than twice.
func together(ms ...card.Multi) error {
	var all card.Multi
	for _, m := range ms {
		var err error
		if all, err = all.Sum(m); err != nil {
			return fmt.Errorf("the line's cards together: %w", err)
		}
	}
	if err := twoPacks(all); err != nil {
		return fmt.Errorf("the line's cards together: %w", err)
	}
	return nil
}

func checkUnits(o *shengji.Order, cards string) (any, error) {
	m, err := cardsField("cards", cards)
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

func checkFollow(o *shengji.Order, lead, hand, play string) (any, error) {
	l, err := cardsField("lead", lead)
	if err != nil {
		return nil, err
	}
	h, err := cardsField("hand", hand)
	if err != nil {
		return nil, err
	}
	p, err := cardsField("play", play)
	if err != nil {
		return nil, err
	}
	if err := together(l, h); err != nil {
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

func checkTrick(o *shengji.Order, plays []seatPlay) (any, error) {
	if len(plays) != 4 {
		return nil, fmt.Errorf("plays: %d, want 4 in turn order", len(plays))
	}
	ms := make([]card.Multi, len(plays))
	for i, p := range plays {
		if p.Seat < 0 || p.Seat > 3 {
			return nil, fmt.Errorf("plays: seat %d, want 0 to 3", p.Seat)
		}
		if i > 0 && p.Seat != (plays[i-1].Seat+1)%4 {
			return nil, fmt.Errorf("plays: seat %d after seat %d, want turn order (%d)", p.Seat, plays[i-1].Seat, (plays[i-1].Seat+1)%4)
		}
		m, err := cardsField(fmt.Sprintf("seat %d", p.Seat), p.Cards)
		if err != nil {
			return nil, err
		}
		ms[i] = m
	}
	if err := together(ms...); err != nil {
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
	return trickAnswer{Winner: plays[w].Seat, Points: pts, KittyMultiplier: o.KittyMultiplier(ms[w])}, nil
}

func checkThrow(o *shengji.Order, leader int, throw string, others map[string]string) (any, error) {
	if leader < 0 || leader > 3 {
		return nil, fmt.Errorf("leader: seat %d, want 0 to 3", leader)
	}
	t, err := cardsField("throw", throw)
	if err != nil {
		return nil, err
	}
	all := []card.Multi{t}
	hands := make([]card.Multi, 0, 3)
	// Sorted, so that the first bad seat named is always the same one.
	keys := make([]string, 0, len(others))
	for k := range others {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		seat, err := strconv.Atoi(k)
		if err != nil || seat < 0 || seat > 3 || k != strconv.Itoa(seat) {
			return nil, fmt.Errorf("others: seat %q, want \"0\" to \"3\"", k)
		}
		if seat == leader {
			return nil, fmt.Errorf("others: seat %d is the leader", seat)
		}
		m, err := cardsField("others "+k, others[k])
		if err != nil {
			return nil, err
		}
		hands = append(hands, m)
		all = append(all, m)
	}
	if err := together(all...); err != nil {
		return nil, err
	}
	play, stands, err := o.Throw(t, hands)
	if err != nil {
		return nil, fmt.Errorf("throw: %w", err)
	}
	return throwAnswer{Stands: stands, Play: o.Format(play)}, nil
}
