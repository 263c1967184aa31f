package jekyll

import (
	"bytes"
	"encoding/json"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"gaslamp/game"
	"gaslamp/game/gametest"
)

func TestMessagesComplete(t *testing.T) {
	c := Rules{}.Messages()
	gametest.CheckCatalog(t, c, "jekyll.")
	// Every text the game produces has an English template.
	keys := map[string]bool{"jekyll.name": true, "jekyll.seat.jekyll": true, "jekyll.seat.hyde": true}
	for _, o := range optionSpecs {
		keys[o.Label.Key] = true
		if o.Own != nil {
			keys[o.Own.Key] = true
		}
	}
	for _, k := range resultKeys[1:] {
		keys["jekyll.reason."+k] = true
	}
	for _, n := range featNames {
		keys["jekyll.feat."+n] = true
	}
	for ch := 1; ch <= NumChapters; ch++ {
		keys["jekyll.chapter."+chapters[ch].Key] = true
		keys["jekyll.goal."+chapters[ch].Key] = true
	}
	for _, k := range []string{"jekyll.err.wrong-move", "jekyll.err.not-in-hand", "jekyll.err.must-give-eights",
		"jekyll.err.must-follow", "jekyll.err.must-follow-only", "jekyll.err.bad-colours", "jekyll.err.start-past-track", "jekyll.err.yard-ahead"} {
		keys[k] = true
	}
	for seed := uint64(1); seed < 200; seed++ {
		st := newGame(t, game.Options{"chapter": strconv.Itoa(1 + int(seed)%NumChapters)})
		rng := game.NewRand(seed)
		var log game.Log
		var buf [16]game.Move
		for st.phase != phaseOver {
			for s := game.Spectator; s <= Hyde; s++ {
				keys[st.view(s).Prompt.Key] = true
			}
			seat := st.ToAct().First()
			l := st.legal(int(seat), buf[:0])
			log.Reset()
			st.apply(int(seat), l[rng.IntN(len(l))], &log)
			for _, e := range log.Events {
				keys[e.Text.Key] = true
			}
		}
		keys[st.Outcome().Reason.Key] = true
	}
	for k := range keys {
		if _, ok := c["en"][k]; !ok {
			t.Errorf("no English text for %s", k)
		}
	}
}

// TestJ2SecrecyCheckCatchesLeaks checks J2: "4 set aside unseen" (and the partner's hand hidden): the check TestConformance runs refuses leaks.
func TestJ2SecrecyCheckCatchesLeaks(t *testing.T) {
	st := newGame(t, classic)
	play(t, st, "0:ready", "1:ready")
	partner := Card(trailing(st.r.Hand[1]))
	view, _ := json.Marshal(st.View(Jekyll))
	if err := checkSecrecy(st, Jekyll, view, nil); err != nil {
		t.Fatalf("honest view refused: %v", err)
	}
	leaky := append(view, []byte(`"`+partner.String()+`"`)...)
	if err := checkSecrecy(st, Jekyll, leaky, nil); err == nil {
		t.Fatal("a view naming the partner's card must be refused")
	}
	aside := Card(trailing(st.aside))
	if err := checkSecrecy(st, Spectator(), []byte(aside.String()), nil); err == nil {
		t.Fatal("a view naming a set-aside card must be refused")
	}
}

func Spectator() game.Seat { return game.Spectator }

// TestDeterminizeUsesWhatTheSeatKnows: a seat that did not follow holds none
// of the colour; no seat holds an 8 after the gifts; a card a seat gave is in
// the City deck; the card it put on top is on top.
func TestDeterminizeUsesWhatTheSeatKnows(t *testing.T) {
	rng := game.NewRand(9)
	for seed := uint64(1); seed < 300; seed++ {
		st := randomUntil(game.Options{"chapter": strconv.Itoa(1 + int(seed)%NumChapters)}, seed, func(st *State) bool {
			return st.phase == phaseNight && st.r.N >= uint8(seed%7)
		})
		if st == nil {
			continue
		}
		for s := game.Spectator; s <= Hyde; s++ {
			v := st.view(s)
			d, err := determinize(v, &rng)
			if err != nil {
				t.Fatalf("seed %d seat %d: %v", seed, s, err)
			}
			if d.r.T != st.r.T || d.r.Won != st.r.Won || d.r.CityWon != st.r.CityWon || d.r.Stack != st.r.Stack || d.r.NStack != st.r.NStack {
				t.Fatalf("seed %d: running totals differ", seed)
			}
			for j := range 2 {
				if game.Seat(j) == s {
					if d.r.Hand[j] != st.r.Hand[j] {
						t.Fatal("own hand changed")
					}
					continue
				}
				for c := range 3 {
					if st.lacks[j]&(1<<c) != 0 && d.r.Hand[j]&colourSet[c] != 0 {
						t.Fatalf("seed %d: seat %d lacks %s but was dealt some", seed, j, colourNames[c])
					}
				}
				if st.lacks[j]&lack8 != 0 && d.r.Hand[j]&eightSet != 0 {
					t.Fatalf("seed %d: seat %d was dealt an 8", seed, j)
				}
			}
			if s >= 0 {
				var deck uint32
				for i := int(d.r.Top); i < 8; i++ {
					deck |= bit(d.r.Deck[i])
				}
				if p := st.pin[s]; p != NoCard && d.r.Deck[d.r.Top] != p {
					t.Fatalf("seed %d: the known top card moved", seed)
				}
				if only := st.tDeck[s] &^ st.tHand[s]; deck&only != only {
					t.Fatalf("seed %d: a gift known to be in the deck is not", seed)
				}
			}
		}
	}
}

func TestDeterminizeDayKeepsEightsGivable(t *testing.T) {
	rng := game.NewRand(5)
	for seed := uint64(1); seed < 200; seed++ {
		st := randomUntil(classic, seed, func(st *State) bool { return st.phase == phaseGive && st.given[1] >= uint8(seed%4) })
		for s := game.Spectator; s <= Hyde; s++ {
			d, err := determinize(st.view(s), &rng)
			if err != nil {
				t.Fatal(err)
			}
			for j := range 2 {
				if count(d.r.Hand[j]&eightSet) > 4-int(d.given[j]) {
					t.Fatalf("seed %d: seat %d holds more 8s than gifts left", seed, j)
				}
			}
		}
	}
}

func TestReplayReproducesState(t *testing.T) {
	st := newGame(t, classic)
	rec := game.Record{Game: "jekyll", Seed: 7}
	rng := game.NewRand(1)
	var buf [16]game.Move
	for st.phase != phaseOver {
		seat := st.ToAct().First()
		l := st.legal(int(seat), buf[:0])
		m := l[rng.IntN(len(l))]
		st.apply(int(seat), m, nil)
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: encodeMove(m)})
	}
	back, err := game.Replay(rec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(back.Snapshot(), st.Snapshot()) {
		t.Fatal("replay differs")
	}
	if v := st.view(Jekyll); v.Reveal == nil || len(v.Reveal.Aside) != 4 {
		t.Fatal("the final view shows everything")
	}
}

func FuzzDecodeApply(f *testing.F) {
	for _, s := range []string{`{"kind":"give","card":"red-8"}`, `{"kind":"play","card":"potion-2"}`,
		`{"kind":"swap-ranks","a":"red","b":"blue"}`, `{"kind":"swap-card","card":"black-3"}`, `{"kind":"ready"}`,
		`{"kind":"play"}`, `{`, `{"kind":"swap-ranks","a":"red","b":"red"}`} {
		f.Add([]byte(s), uint8(0), uint16(5))
	}
	f.Fuzz(func(t *testing.T, data []byte, seat uint8, steps uint16) {
		st := randomUntil(classic, uint64(steps), func(st *State) bool { steps--; return steps == 0 })
		if st == nil {
			return
		}
		before := st.Snapshot()
		m, err := decodeMove(data)
		if err != nil {
			if _, ok := err.(*game.Error); !ok || game.CodeOf(err) != game.CodeMalformed {
				t.Fatalf("decode error %v", err)
			}
			return
		}
		err = st.Apply(game.Seat(int8(seat%4)-1), m, nil)
		if err != nil {
			if _, ok := err.(*game.Error); !ok {
				t.Fatalf("refusal %T %v", err, err)
			}
			if !bytes.Equal(before, st.Snapshot()) {
				t.Fatal("a refused move changed the state")
			}
		}
	})
}

func TestCodecRoundTrip(t *testing.T) {
	for _, s := range []string{`{"kind":"give","card":"red-8"}`, `{"kind":"play","card":"potion-2"}`,
		`{"kind":"swap-ranks","a":"red","b":"blue"}`, `{"kind":"swap-card","card":"black-3"}`, `{"kind":"ready"}`} {
		m, err := decodeMove([]byte(s))
		if err != nil || string(encodeMove(m)) != s {
			t.Fatalf("%s -> %v %s", s, err, encodeMove(m))
		}
	}
	if m, _ := decodeMove([]byte(`{"kind":"swap-ranks","a":"black","b":"red"}`)); m != SwapRanksMove(0, 2) {
		t.Fatal("colour pairs are unordered")
	}
}

func TestPartnerBotsPlayAChapter(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow")
	}
	r := Rules{}
	g, _ := r.New(classic, 11)
	var bots [2]game.Bot
	for s := range 2 {
		b, err := game.NewBot("partner", game.BotConfig{Rules: r, Seat: game.Seat(s), Seed: 3, Level: "easy", Budget: 30 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		bots[s] = b
	}
	for !g.Outcome().Over {
		s := g.ToAct().First()
		m := bots[s].Choose(g.View(s), g.Legal(s, nil))
		if err := g.Apply(s, m, nil); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCheaterPlaysAChapter(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow")
	}
	g, _ := Rules{}.New(classic, 12)
	c := NewCheater(1)
	c.Samples, c.Top = 1, 2
	for !g.Outcome().Over {
		s := g.ToAct().First()
		if err := g.Apply(s, c.Choose(g, s), nil); err != nil {
			t.Fatal(err)
		}
	}
}

func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	moves := 0
	for i := 0; i < b.N; i++ {
		n, _ := RandomGame(uint64(i), classic)
		moves += n
	}
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

func TestRandomGameAllocatesNothingPerMove(t *testing.T) {
	if raceEnabled {
		t.Skip("race")
	}
	// A few allocations per game (options, the outcome's text), none per move.
	short := testing.AllocsPerRun(20, func() { RandomGame(5, game.Options{"chapter": "1"}) })
	for seed := uint64(1); seed < 40; seed++ {
		n, _ := RandomGame(seed, classic)
		a := testing.AllocsPerRun(5, func() { RandomGame(seed, classic) })
		if a > short+1 || a > 12 {
			t.Fatalf("%v allocations for a game of %d moves", a, n)
		}
	}
}

// TestHardPartnerChoosesLegalMoves runs the hard partner on a gift, the
// start of a night and a mid-night trick. Its decision time is measured by
// BenchmarkHardPartnerDecision, not here.
func TestHardPartnerChoosesLegalMoves(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("slow: the hard level's full budget per decision")
	}
	for i, st := range hardPartnerPositions() {
		seat := st.ToAct().First()
		b, _ := game.NewBot("partner", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: 1, Level: "hard"})
		m := b.Choose(st.View(seat), st.Legal(seat, nil))
		if !game.Contains(st.Legal(seat, nil), m) {
			t.Fatalf("position %d: illegal choice", i)
		}
	}
}

// hardPartnerPositions are a gift, the start of a night and a mid-night trick.
func hardPartnerPositions() []*State {
	var out []*State
	for i, stop := range []func(*State) bool{
		func(st *State) bool { return st.phase == phaseGive },
		nightStart(0),
		func(st *State) bool { return st.phase == phaseNight && st.r.N == 3 },
	} {
		if st := randomUntil(classic, uint64(40+i), stop); st != nil {
			out = append(out, st)
		}
	}
	return out
}

// BenchmarkHardPartnerDecision reports the median wall time of one hard
// partner decision (the issue asks for under 1 s).
func BenchmarkHardPartnerDecision(b *testing.B) {
	pos := hardPartnerPositions()
	ds := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		st := pos[i%len(pos)]
		seat := st.ToAct().First()
		bot, _ := game.NewBot("partner", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: uint64(i), Level: "hard"})
		legal := st.Legal(seat, nil)
		v := st.View(seat)
		t0 := time.Now()
		bot.Choose(v, legal)
		ds = append(ds, time.Since(t0))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	b.ReportMetric(float64(ds[len(ds)/2].Milliseconds()), "ms-median")
}

// TestOwnOptionsMarked checks that the options the product invented (J8-J10:
// the chapters, the track, the start spaces, the campaign score) carry a
// gaslamp's-own note for the lobby (J11), and the published overshoot
// variant does not.
func TestOwnOptionsMarked(t *testing.T) {
	want := map[string]bool{"chapter": true, "track-length": true, "start-jh": true, "start-yard": true,
		"campaign-score": true, "overshoot-to-yard": false}
	for _, o := range (Rules{}).OptionSpecs() {
		own, ok := want[o.Name]
		if !ok {
			t.Errorf("option %s: not known to this test; say whether it is gaslamp's own", o.Name)
			continue
		}
		if (o.Own != nil) != own {
			t.Errorf("option %s: own note %v, want own=%v", o.Name, o.Own, own)
		}
	}
}

// BenchmarkConventionDecision reports the median and the 95th percentile of
// the wall time of one convention-bot decision at the level in
// GASLAMP_BENCH_LEVEL (default normal), with the level's samples and no clock
// (the arena's setting; GASLAMP_BENCH_CLOCK=1: with the level's own clock),
// at nights' positions of random classic games.
func BenchmarkConventionDecision(b *testing.B) {
	level := os.Getenv("GASLAMP_BENCH_LEVEL")
	if level == "" {
		level = "normal"
	}
	budget := time.Duration(-1)
	if os.Getenv("GASLAMP_BENCH_CLOCK") == "1" {
		budget = 0
	}
	var pos []*State
	for seed := uint64(1); len(pos) < 16; seed++ {
		k := uint8(seed % 8)
		if st := randomUntil(classic, seed, func(st *State) bool {
			return st.phase == phaseNight && st.r.N == k && st.ToAct().Len() == 1
		}); st != nil {
			pos = append(pos, st)
		}
	}
	ds := make([]time.Duration, 0, b.N)
	for i := 0; i < b.N; i++ {
		st := pos[i%len(pos)]
		seat := st.ToAct().First()
		bot, _ := game.NewBot("convention", game.BotConfig{Rules: Rules{}, Seat: seat, Seed: uint64(i), Level: level, Budget: budget})
		legal := st.Legal(seat, nil)
		v := st.View(seat)
		t0 := time.Now()
		bot.Choose(v, legal)
		ds = append(ds, time.Since(t0))
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	b.ReportMetric(float64(ds[len(ds)/2].Milliseconds()), "ms-median")
	b.ReportMetric(float64(ds[len(ds)*95/100].Milliseconds()), "ms-p95")
}

// TestFrenchSeatsJoinTheirSentences: French names the seats with a title
// ("Docteur Jekyll"), which takes no bare "de" or "à" before it ("la
// réaction de Docteur Jekyll" is not French: "du docteur Jekyll"). Every
// French text that names a seat is rendered with each seat and checked.
func TestFrenchSeatsJoinTheirSentences(t *testing.T) {
	c := Rules{}.Messages()
	for key, tmpl := range c["fr"] {
		if !strings.Contains(tmpl, "{seat}") {
			continue
		}
		for s := range seatIDs {
			args := map[string]any{"seat": seatArg(s)}
			for _, a := range game.TemplateArgs(tmpl) {
				if a != "seat" {
					args[a] = 1
				}
			}
			got := c.Render("fr", game.Text{Key: key, Args: args})
			for _, bad := range []string{"de Docteur", "à Docteur"} { // "de Mister Hyde" is French, as "de Monsieur"
				if strings.Contains(got, bad) {
					t.Errorf("%s: %q", key, got)
				}
			}
		}
	}
}

// TestGivePromptNamesOnlyHeldEights: the giving prompt said "including any
// 8s you hold" to a seat holding none. It names the seat's own 8s when it
// holds some ("your 8 among them", "your 8s among them"), and nothing
// else: games reached by random legal moves, every seat still giving.
func TestGivePromptNamesOnlyHeldEights(t *testing.T) {
	c := Rules{}.Messages()
	seen := map[int]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		st := randomUntil(classic, seed, func(st *State) bool { return st.phase == phaseGive && st.given[seed%2] == uint8(seed%4) })
		for s := range 2 {
			if st.given[s] >= 4 {
				continue
			}
			n := 0
			for _, c := range []string{"red-8", "blue-8", "black-8"} {
				if st.r.Hand[s]&bit(card(t, c)) != 0 {
					n++
				}
			}
			seen[n] = true
			got := c.Render("en", st.view(game.Seat(s)).Prompt)
			want := map[int]string{0: "to the City.", 1: "to the City, your 8 among them.", 2: "to the City, your 8s among them.", 3: "to the City, your 8s among them."}[n]
			if !strings.HasSuffix(got, want) {
				t.Fatalf("seed %d seat %d holding %d 8s: %q", seed, s, n, got)
			}
		}
	}
	if !seen[0] || !seen[1] {
		t.Fatalf("the games met only these counts of 8s: %v", seen)
	}
}
