package e2e

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// wireMsg is a server message (docs/protocol.md) as far as the checks read it.
type wireMsg struct {
	T       string                                `json:"t"`
	V       int                                   `json:"v"`
	You     []int                                 `json:"you"`
	Views   map[string]map[string]json.RawMessage `json:"views"`
	Outcome *struct {
		Over   bool   `json:"over"`
		Winner string `json:"winner"`
	} `json:"outcome"`
	Events  []wireEvent `json:"events"`
	History []struct {
		V      int         `json:"v"`
		Events []wireEvent `json:"events"`
	} `json:"history"`
}

// wireEvent is one game event of an update or of a state's history.
type wireEvent struct {
	Type string `json:"type"`
	Text struct {
		Key string `json:"key"`
	} `json:"text"`
	Data map[string]json.RawMessage `json:"data"`
}

func (m *wireMsg) over() bool { return m.Outcome != nil && m.Outcome.Over }

// events returns the message's events and its history's.
func (m *wireMsg) events() []wireEvent {
	out := slices.Clone(m.Events)
	for _, h := range m.History {
		out = append(out, h.Events...)
	}
	return out
}

// parseFrame decodes a frame; every frame must be one JSON object.
func parseFrame(t *testing.T, who string, f frame) wireMsg {
	t.Helper()
	var m wireMsg
	if err := json.Unmarshal(f.data, &m); err != nil {
		t.Fatalf("%s: frame %d is not a server message: %v\n%.500s", who, f.n, err, f.data)
	}
	return m
}

// secrets checks that the frames an opponent's page receives hold none of
// Jack's secrets before the game is over. The truth comes from Jack's own
// frames; game gives the game's rules of what is secret.
type secrets struct {
	t         *testing.T
	jack, opp *page
	game      secretRules

	jackNext, oppNext int  // the next frame to read
	jackOver, oppOver bool // the page received the game's end
	oppChecked        int  // opponent's frames checked before the end
	// hidden are strings that must not appear in any of the opponent's
	// frames before the end: Jack's secret values as encoded, collected
	// from his frames.
	hidden map[string]bool
	// seen counts the secret fields met in Jack's own views (the check is
	// not vacuous).
	seen map[string]int
	// early are the opponent's frames before the end, for the value checks
	// at the end.
	early []frame
}

// secretRules says what is secret in one game.
type secretRules struct {
	// keys are the view fields only Jack's view has before the end.
	keys []string
	// raw are field names (as `"name":`) that no opponent frame may hold.
	raw []string
	// event reports why an event must not reach the opponent ("" if it may).
	event func(e wireEvent) string
	// values returns the encodings of Jack's secret values in his view, to
	// look for in the opponent's frames.
	values func(view map[string]json.RawMessage) []string
	// required are the keys Jack's view must have held at some point before
	// the end (else the check proves nothing).
	required []string
}

func newSecrets(t *testing.T, jack, opp *page, game secretRules) *secrets {
	return &secrets{t: t, jack: jack, opp: opp, game: game, hidden: map[string]bool{}, seen: map[string]int{}}
}

// update reads the new frames of both pages and checks the opponent's.
func (s *secrets) update() {
	s.t.Helper()
	for _, f := range s.jack.framesFrom(s.jackNext) {
		s.jackNext = f.n + 1
		m := parseFrame(s.t, s.jack.name, f)
		if s.jackOver {
			continue
		}
		if m.over() {
			s.jackOver = true
			continue
		}
		for k, v := range m.Views {
			if k != "0" {
				s.t.Errorf("%s: frame %d carries the view of seat %s: %.300s", s.jack.name, f.n, k, f.data)
				continue
			}
			for _, key := range s.game.keys {
				if _, ok := v[key]; ok {
					s.seen[key]++
				}
			}
			for _, h := range s.game.values(v) {
				s.hidden[h] = true
			}
		}
	}
	for _, f := range s.opp.framesFrom(s.oppNext) {
		s.oppNext = f.n + 1
		if s.oppOver {
			continue
		}
		m := parseFrame(s.t, s.opp.name, f)
		if m.over() {
			s.oppOver = true
			continue
		}
		s.checkFrame(f, m)
		s.early = append(s.early, f)
		s.oppChecked++
	}
}

// checkFrame checks one of the opponent's frames from before the end.
func (s *secrets) checkFrame(f frame, m wireMsg) {
	s.t.Helper()
	if why := s.game.leak(&m, f.data); why != "" {
		s.t.Fatalf("%s: frame %d (version %d) %s:\n%.1500s", s.opp.name, f.n, m.V, why, f.data)
	}
}

// leak says how a frame an opponent of Jack received before the end gives
// away one of his secrets ("" if it does not): a Jack-only field name, Jack's
// seat or view, a secret field in any view, an event for Jack alone.
func (r secretRules) leak(m *wireMsg, raw []byte) string {
	for _, name := range r.raw {
		if strings.Contains(string(raw), `"`+name+`":`) {
			return "holds the Jack-only field " + name
		}
	}
	if slices.Contains(m.You, 0) {
		return "gives the opponent Jack's seat"
	}
	for seat, v := range m.Views {
		if seat == "0" {
			return "holds Jack's view"
		}
		for _, key := range r.keys {
			if _, ok := v[key]; ok {
				return "holds Jack's secret " + key + " in the view of " + seat
			}
		}
	}
	for _, e := range m.events() {
		if why := r.event(e); why != "" {
			return "holds the event " + e.Type + " (" + e.Text.Key + "): " + why
		}
	}
	return ""
}

// finish checks the opponent's frames from before the end against every
// secret value Jack held, and that the checks saw something.
func (s *secrets) finish() {
	s.t.Helper()
	s.update()
	if !s.jackOver || !s.oppOver {
		s.t.Errorf("the end of the game reached Jack's page: %v, %s: %v", s.jackOver, s.opp.name, s.oppOver)
	}
	if s.oppChecked == 0 {
		s.t.Fatalf("%s received no frame before the end", s.opp.name)
	}
	for _, key := range s.game.required {
		if s.seen[key] == 0 {
			s.t.Errorf("Jack's view never held %q before the end: the secrecy check of it proves nothing", key)
		}
	}
	if len(s.hidden) == 0 {
		s.t.Errorf("no secret value of Jack's was collected")
	}
	for _, f := range s.early {
		for h := range s.hidden {
			if strings.Contains(string(f.data), h) {
				s.t.Errorf("%s: frame %d holds Jack's secret value %s:\n%.1500s", s.opp.name, f.n, h, f.data)
			}
		}
	}
	s.t.Logf("secrecy: %d of %s's frames before the end checked against %d secret values; Jack's frames held %v",
		s.oppChecked, s.opp.name, len(s.hidden), s.seen)
}

// lastOver returns the last frame of a page that tells the game is over.
func lastOver(t *testing.T, p *page) wireMsg {
	t.Helper()
	var last *wireMsg
	for _, f := range p.framesFrom(0) {
		m := parseFrame(t, p.name, f)
		if m.over() && m.Views != nil {
			last = &m
		}
	}
	if last == nil {
		t.Fatalf("%s received no frame with the game's end and the views", p.name)
	}
	return *last
}
