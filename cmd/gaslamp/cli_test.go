package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gaslamp/bot/testgame"
	"gaslamp/game"
)

// runCaptured runs the command line in-process with stdin set to stdin and
// returns its exit code, standard output and standard error.
func runCaptured(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	oldOut, oldErr, oldIn := os.Stdout, os.Stderr, os.Stdin
	defer func() { os.Stdout, os.Stderr, os.Stdin = oldOut, oldErr, oldIn }()
	capture := func(dst *string) (*os.File, chan struct{}) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			data, _ := io.ReadAll(r)
			*dst = string(data)
			r.Close()
			close(done)
		}()
		return w, done
	}
	wOut, outDone := capture(&stdout)
	wErr, errDone := capture(&stderr)
	in := filepath.Join(t.TempDir(), "stdin")
	if err := os.WriteFile(in, []byte(stdin), 0o600); err != nil {
		t.Fatal(err)
	}
	fin, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer fin.Close()
	os.Stdout, os.Stderr, os.Stdin = wOut, wErr, fin
	code = run(args)
	wOut.Close()
	wErr.Close()
	<-outDone
	<-errDone
	return code, stdout, stderr
}

func TestHelpAndWrongFlags(t *testing.T) {
	for _, cmd := range []string{"arena", "bench", "replay"} {
		code, _, errOut := runCaptured(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(errOut, "Usage: gaslamp "+cmd) {
			t.Errorf("%s --help: exit %d, stderr %q", cmd, code, errOut)
		}
		code, _, errOut = runCaptured(t, "", cmd, "--no-such-flag")
		if code != 2 || !strings.Contains(errOut, "no-such-flag") {
			t.Errorf("%s --no-such-flag: exit %d, stderr %q", cmd, code, errOut)
		}
	}
	bad := [][]string{
		{"arena", "--game", "nope"},
		{"arena", "--game", "testgame", "--games", "0"},
		{"arena", "--game", "testgame", "--bot", "north=random"},
		{"arena", "--game", "testgame", "--bot", "west"},
		{"arena", "--game", "testgame", "--west", "no-such-bot"},
		{"arena", "--game", "testgame", "--options", "hand=9"},
		{"arena", "--game", "testgame", "stray"},
		{"bench", "--game", "nope"},
		{"bench", "--game", "testgame", "--seconds", "-1"},
		{"bench", "--game", "testgame", "--seconds", "NaN"},
		{"bench", "--game", "testgame", "--seconds", "1e300"},
		{"replay"},
		{"replay", "a.json", "b.json"},
	}
	for _, args := range bad {
		code, _, errOut := runCaptured(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "gaslamp "+args[0]+":") {
			t.Errorf("%v: exit %d (want 2), stderr %q", args, code, errOut)
		}
	}
}

func arenaJSON(t *testing.T, args ...string) arenaReport {
	t.Helper()
	code, out, errOut := runCaptured(t, "", append([]string{"arena", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("arena %v: exit %d: %s", args, code, errOut)
	}
	var rep arenaReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("arena --json output does not parse: %v\n%s", err, out)
	}
	var fields map[string]any
	json.Unmarshal([]byte(out), &fields)
	for _, k := range []string{"games", "wins", "ci", "avg_moves", "games_per_second"} {
		if _, ok := fields[k]; !ok {
			t.Fatalf("arena --json lacks %q:\n%s", k, out)
		}
	}
	return rep
}

func TestArenaJSONAndDeterminism(t *testing.T) {
	a := arenaJSON(t, "--game", "testgame", "--games", "60", "--seed", "7", "--workers", "1")
	b := arenaJSON(t, "--game", "testgame", "--games", "60", "--seed", "7", "--workers", "3")
	if a.Games != 60 || a.Wins["west"]+a.Wins["east"]+a.Draws != 60 {
		t.Fatalf("counts do not add up: %+v", a)
	}
	if a.Wins["west"] != b.Wins["west"] || a.AvgMoves != b.AvgMoves || a.AvgRounds == nil || *a.AvgRounds != 5 {
		t.Fatalf("results depend on workers: %+v vs %+v", a, b)
	}
	if a.Bots["west"] != "random" || a.Bots["east"] != "random" {
		t.Fatalf("default bots %v", a.Bots)
	}
	ci := a.CI["west"]
	if rate := a.WinRate["west"]; !(ci[0] < rate && rate < ci[1]) {
		t.Fatalf("win rate %v outside its interval %v", rate, ci)
	}
}

func TestArenaSideFlags(t *testing.T) {
	rep := arenaJSON(t, "--game", "testgame", "--games", "40", "--west", "ismcts", "--bot", "east=random", "--level", "easy", "--budget", "-1s")
	if rep.Bots["west"] != "ismcts" || rep.Bots["east"] != "random" {
		t.Fatalf("bots %v", rep.Bots)
	}
	if rep.Wins["west"] < 25 {
		t.Fatalf("ismcts won only %d of 40 against random", rep.Wins["west"])
	}
	code, out, _ := runCaptured(t, "", "arena", "--game", "testgame", "--games", "10")
	if code != 0 || !strings.Contains(out, "95% CI") || !strings.Contains(out, "games/s") || !strings.Contains(out, "average rounds") {
		t.Fatalf("arena text output: exit %d\n%s", code, out)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := wilson(50, 100)
	if lo < 0.40 || lo > 0.41 || hi < 0.59 || hi > 0.60 {
		t.Fatalf("wilson(50,100) = %v, %v", lo, hi)
	}
	if lo, hi := wilson(0, 10); lo != 0 || hi < 0.27 || hi > 0.29 {
		t.Fatalf("wilson(0,10) = %v, %v", lo, hi)
	}
}

func TestBenchJSON(t *testing.T) {
	code, out, errOut := runCaptured(t, "", "bench", "--game", "testgame", "--seconds", "0.1", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res map[string]any
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err, out)
	}
	if v, ok := res["games_per_second"].(float64); !ok || v <= 0 {
		t.Fatalf("games_per_second: %s", out)
	}
}

// recordGame plays a random game of the test game and returns its record.
func recordGame(t *testing.T, seed uint64) game.Record {
	r := testgame.Rules{}
	st, err := r.New(nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rec := game.Record{Game: r.ID(), Seed: seed}
	rng := game.NewRand(seed)
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		legal := st.Legal(seat, nil)
		m := legal[rng.IntN(len(legal))]
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: r.EncodeMove(m)})
	}
	return rec
}

func writeRecord(t *testing.T, rec game.Record) (string, string) {
	data, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, string(data)
}

func TestReplay(t *testing.T) {
	rec := recordGame(t, 3)
	path, data := writeRecord(t, rec)
	code, out, errOut := runCaptured(t, "", "replay", path)
	if code != 0 {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "  10  ") || !strings.Contains(out, `{"card":`) || !strings.Contains(out, "takes the trick") || !strings.Contains(out, "won: ") {
		t.Fatalf("replay output:\n%s", out)
	}
	code, fromStdin, _ := runCaptured(t, data, "replay", "-")
	if code != 0 || fromStdin != out {
		t.Fatalf("replay - : exit %d, output differs:\n%s", code, fromStdin)
	}
	code, quiet, _ := runCaptured(t, "", "replay", path, "--quiet")
	if code != 0 || strings.Count(quiet, "\n") != 1 || !strings.HasPrefix(quiet, "over: ") {
		t.Fatalf("replay --quiet: exit %d:\n%s", code, quiet)
	}
	code, fr, _ := runCaptured(t, "", "replay", "--lang", "fr", "--as", "east", path)
	if code != 0 || !strings.Contains(fr, "prend le pli") {
		t.Fatalf("replay --lang fr: exit %d:\n%s", code, fr)
	}
}

func TestReplayCorrupted(t *testing.T) {
	rec := recordGame(t, 4)
	// Move 4 plays a card its seat does not hold (a card played before).
	rec.Moves[3].Move = rec.Moves[0].Move
	path, _ := writeRecord(t, rec)
	code, out, errOut := runCaptured(t, "", "replay", path)
	if code != 1 || !strings.Contains(errOut, "move 4 ") || !strings.Contains(errOut, "illegal-move") {
		t.Fatalf("corrupted replay: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "   3  ") || strings.Contains(out, "   4  ") {
		t.Fatalf("corrupted replay printed:\n%s", out)
	}
	// Out of turn, malformed, not JSON, unknown game.
	rec = recordGame(t, 4)
	rec.Moves[5].Seat = 1 - rec.Moves[5].Seat
	path, _ = writeRecord(t, rec)
	if code, _, errOut := runCaptured(t, "", "replay", path); code != 1 || !strings.Contains(errOut, "move 6 ") || !strings.Contains(errOut, "not-your-turn") {
		t.Fatalf("out of turn: exit %d, %q", code, errOut)
	}
	rec = recordGame(t, 4)
	rec.Moves[1].Move = json.RawMessage(`{"card":"x"}`)
	path, _ = writeRecord(t, rec)
	if code, _, errOut := runCaptured(t, "", "replay", path); code != 1 || !strings.Contains(errOut, "move 2 ") || !strings.Contains(errOut, "malformed") {
		t.Fatalf("malformed: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCaptured(t, "not json", "replay", "-"); code != 1 || errOut == "" {
		t.Fatalf("not json: exit %d", code)
	}
	if code, _, errOut := runCaptured(t, `{"game":"nope","moves":[]}`, "replay", "-"); code != 1 || !strings.Contains(errOut, "unknown game") {
		t.Fatalf("unknown game: exit %d %q", code, errOut)
	}
	if code, _, _ := runCaptured(t, "", "replay", filepath.Join(t.TempDir(), "missing.json")); code != 1 {
		t.Fatalf("missing file: exit %d", code)
	}
}

func TestArenaWhitehall(t *testing.T) {
	rep := arenaJSON(t, "--game", "whitehall", "--games", "6", "--seed", "3", "--investigators", "random")
	if rep.Bots["jack"] != "baseline" || rep.Bots["investigators"] != "random" {
		t.Fatalf("bots %v", rep.Bots)
	}
	if rep.Wins["jack"]+rep.Wins["investigators"]+rep.Draws != 6 || rep.AvgRounds == nil || *rep.AvgRounds < 1 || *rep.AvgRounds > 3 {
		t.Fatalf("report %+v", rep)
	}
	one := arenaJSON(t, "--game", "whitehall", "--games", "6", "--seed", "3", "--bot", "investigators=random", "--workers", "1")
	if one.Wins["jack"] != rep.Wins["jack"] || one.AvgMoves != rep.AvgMoves {
		t.Fatalf("results depend on workers: %v/%v vs %v/%v", one.Wins, one.AvgMoves, rep.Wins, rep.AvgMoves)
	}
	// One seat by its id.
	seat := arenaJSON(t, "--game", "whitehall", "--games", "2", "--bot", "red=random")
	if seat.Bots["red"] != "random" || seat.Bots["investigators"] != "baseline" {
		t.Fatalf("bots %v", seat.Bots)
	}
	if code, _, errOut := runCaptured(t, "", "arena", "--game", "whitehall", "--west", "random"); code != 2 || !strings.Contains(errOut, "west") {
		t.Fatalf("a side of another game: exit %d, %q", code, errOut)
	}
}

func TestBenchWhitehall(t *testing.T) {
	code, out, errOut := runCaptured(t, "", "bench", "--game", "whitehall", "--seconds", "0.05", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res map[string]float64
	var raw map[string]any
	json.Unmarshal([]byte(out), &raw)
	res = map[string]float64{}
	for k, v := range raw {
		if f, ok := v.(float64); ok {
			res[k] = f
		}
	}
	if res["games_per_second"] <= 0 || res["hunt_updates_per_second"] <= 0 || res["hunt_solves_per_second"] <= 0 {
		t.Fatalf("bench output:\n%s", out)
	}
}

// whitehallRecord plays a baseline game of Whitehall and returns its record.
func whitehallRecord(t *testing.T, seed uint64, opts game.Options) game.Record {
	r, err := game.Lookup("whitehall")
	if err != nil {
		t.Fatal(err)
	}
	st, err := r.New(opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	bots := make([]game.Bot, 4)
	for i := range bots {
		if bots[i], err = game.NewBot("baseline", game.BotConfig{Rules: r, Seat: game.Seat(i), Seed: seed + uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	rec := game.Record{Game: r.ID(), Options: opts, Seed: seed}
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		m := bots[seat].Choose(st.View(seat), st.Legal(seat, nil))
		if err := st.Apply(seat, m, nil); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, game.RecordedMove{Seat: seat, Move: r.EncodeMove(m)})
	}
	return rec
}

func TestReplayWhitehall(t *testing.T) {
	rec := whitehallRecord(t, 5, game.Options{"false-clues": "true"})
	path, _ := writeRecord(t, rec)
	code, out, errOut := runCaptured(t, "", "replay", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{`{"kind":"location","circle":`, `{"kind":"walk","to":`, "  yellow  ", "[to jack] ", "over: "} {
		if !strings.Contains(out, want) {
			t.Fatalf("replay output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "whitehall.") {
		t.Fatalf("a text was not found in the catalogue:\n%s", out)
	}
	// As a spectator: none of Jack's private events.
	code, spec, _ := runCaptured(t, "", "replay", "--as", "spectator", path)
	if code != 0 || strings.Contains(spec, "[to ") || len(spec) >= len(out) {
		t.Fatalf("replay --as spectator: exit %d\n%s", code, spec)
	}
	// Jack walks onto a circle that is not next to him.
	for i, rm := range rec.Moves {
		if strings.Contains(string(rm.Move), `"walk"`) {
			rec.Moves[i].Move = json.RawMessage(`{"kind":"walk","to":1}`)
			if strings.Contains(string(rm.Move), `"to":1}`) {
				rec.Moves[i].Move = json.RawMessage(`{"kind":"walk","to":2}`)
			}
			path, _ := writeRecord(t, rec)
			code, _, errOut := runCaptured(t, "", "replay", path)
			want := "move " + strconv.Itoa(i+1) + " (seat jack, "
			if code != 1 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "illegal-move") {
				t.Fatalf("corrupted whitehall record: exit %d, stderr %q, want %q", code, errOut, want)
			}
			break
		}
	}
}
