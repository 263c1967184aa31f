package main

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestScanFrameAgreesWithDecoding checks the load generator's frame scanner
// against encoding/json on frames shaped like the server's, with strings that
// hold brackets, quotes and escapes.
func TestScanFrameAgreesWithDecoding(t *testing.T) {
	frames := []any{
		map[string]any{"t": "update", "v": 17, "events": []any{map[string]any{"type": "moved", "text": map[string]any{"key": `a "}{][" \\ b`, "args": []any{1, "x,y"}}}},
			"views": map[string]any{"1": map[string]any{"rounds": [][]int{{1, 2}, {3}}, "prompt": "}"}}, "legal": map[string]any{"1": []any{map[string]any{"kind": "walk", "to": 42}}},
			"outcome": map[string]any{"over": false, "reason": map[string]any{"key": ""}}},
		map[string]any{"t": "ack", "id": "m3", "v": 4},
		map[string]any{"t": "update", "v": 5, "events": []any{}},
		map[string]any{"t": "error", "id": "c1", "code": "stale-move", "text": map[string]any{"key": "err.stale-move"}, "v": 9},
		map[string]any{"t": "state", "v": -1, "views": nil, "legal": map[string]any{}, "outcome": map[string]any{"over": true, "winner": "jack"}},
	}
	for _, fr := range frames {
		data, err := json.Marshal(fr)
		if err != nil {
			t.Fatal(err)
		}
		var want struct {
			T       string          `json:"t"`
			V       int64           `json:"v"`
			ID      string          `json:"id"`
			Views   json.RawMessage `json:"views"`
			Legal   json.RawMessage `json:"legal"`
			Outcome json.RawMessage `json:"outcome"`
		}
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		for _, d := range [][]byte{data, []byte(" \n" + strings.ReplaceAll(string(data), ",", " ,\t") + " ")} {
			got, err := scanFrame(d)
			if err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			views := want.Views != nil && string(want.Views) != "null"
			if got.T != want.T || got.V != want.V || got.ID != want.ID || got.Views != views ||
				!jsonEqual(got.Legal, want.Legal) || !jsonEqual(got.Outcome, want.Outcome) {
				t.Fatalf("%s:\ngot  %+v", d, got)
			}
		}
	}
}

func jsonEqual(a, b json.RawMessage) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && asJSON(x) == asJSON(y)
}

func asJSON(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestScanFrameRefusesBrokenFrames checks that truncated and malformed frames
// give an error, never a panic.
func TestScanFrameRefusesBrokenFrames(t *testing.T) {
	full := `{"t":"update","v":3,"views":{"0":{"a":"}\"{"}},"legal":{"0":[{"k":1}]},"outcome":{"over":false}}`
	for n := 0; n < len(full); n++ {
		if _, err := scanFrame([]byte(full[:n])); err == nil {
			t.Errorf("truncated frame %q accepted", full[:n])
		}
	}
	for _, bad := range []string{`[]`, `"x"`, `{"t" "x"}`, `{t:"x"}`, `{"v":"x"}`, `{"v":1 "t":"x"}`, `{"t":1}`} {
		if _, err := scanFrame([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestSeatLegalAgreesWithDecoding checks the generator's reading of a seat's
// legal intents against encoding/json, on lists with nested values, strings
// holding brackets and commas, spaces, an empty list and a missing seat; and
// that broken lists give an error.
func TestSeatLegalAgreesWithDecoding(t *testing.T) {
	legal := `{"0":[{"kind":"walk","to":42},{"kind":"coach","via":[1,{"a":"],["}],"to":"x,y"}],"1":[],"12":[1, "a" ,{}]}`
	for _, data := range []string{legal, strings.NewReplacer(":[", ": [\n ", "},{", "} ,\t{", "]}", " ] }").Replace(legal)} {
		var want map[string][]json.RawMessage
		if err := json.Unmarshal([]byte(data), &want); err != nil {
			t.Fatal(err)
		}
		for _, seat := range []string{"0", "1", "12", "2"} {
			got, err := seatLegal([]byte(data), seat, nil)
			if err != nil {
				t.Fatalf("seat %s of %s: %v", seat, data, err)
			}
			if len(got) != len(want[seat]) {
				t.Fatalf("seat %s of %s: %d intents, encoding/json reads %d", seat, data, len(got), len(want[seat]))
			}
			for i := range got {
				if !jsonEqual(got[i], want[seat][i]) {
					t.Fatalf("seat %s of %s: intent %d is %s, encoding/json reads %s", seat, data, i, got[i], want[seat][i])
				}
			}
		}
	}
	for _, bad := range []string{`{"0":[1,2}`, `{"0":[1 2]}`, `{"0":{}}`, `{"0":[1,]}`, `{"0":[`, `[]`} {
		if _, err := seatLegal([]byte(bad), "0", nil); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}

// TestServerLatencyFromBuckets checks the quantiles read from the server's
// histogram between two scrapes.
func TestServerLatencyFromBuckets(t *testing.T) {
	b := func(le string) string { return latencyBucket + le + `"}` }
	before := map[string]float64{b("0.001"): 10, b("0.01"): 10, b("0.1"): 10, b("+Inf"): 10}
	after := map[string]float64{b("0.001"): 60, b("0.01"): 108, b("0.1"): 110, b("+Inf"): 110}
	p50, p99, ok := serverLatency(before, after)
	if !ok {
		t.Fatal("no quantiles")
	}
	if p50 != time.Millisecond {
		t.Errorf("p50 %v, want 1ms", p50)
	}
	// 100 samples: 50 up to 1 ms, 48 in (1, 10] ms, 2 in (10, 100] ms. Rank
	// 99 is halfway through the last bucket's two.
	if p99 != 55*time.Millisecond {
		t.Errorf("p99 %v, want 55ms", p99)
	}
	if _, _, ok := serverLatency(before, before); ok {
		t.Error("quantiles from an empty interval")
	}
}

// TestGCShareFromCPUClasses: the GC's share is read against the runtime's
// own busy time (gc + user + scavenge), never the idle processors', and the
// compulsory share leaves out the mark work done on idle processors.
func TestGCShareFromCPUClasses(t *testing.T) {
	c := func(class string) string { return `go_cpu_classes_seconds_total{class="` + class + `"}` }
	before := map[string]float64{c("gc"): 1, c("gc_mark_idle"): 0.5, c("user"): 10, c("scavenge"): 0, c("idle"): 100}
	after := map[string]float64{c("gc"): 3, c("gc_mark_idle"): 1.5, c("user"): 17, c("scavenge"): 1, c("idle"): 500}
	share, compulsory, ok := gcShare(before, after)
	if !ok {
		t.Fatal("no share")
	}
	// gc 2 of busy 2+7+1 = 10; without the idle marking, 1 of 9.
	if math.Abs(share-0.2) > 1e-9 || math.Abs(compulsory-1.0/9) > 1e-9 {
		t.Errorf("share %v, compulsory %v; want 0.2 and 1/9", share, compulsory)
	}
	if _, _, ok := gcShare(before, before); ok {
		t.Error("a share from an empty interval")
	}
}

// TestGameOverAndStrings checks the outcome reader and the string decoder.
func TestGameOverAndStrings(t *testing.T) {
	for _, c := range []struct {
		outcome string
		over    bool
	}{
		{`{"over":false,"reason":{"key":""}}`, false},
		{`{"reason":{"key":"x","args":["\"over\":true"]},"over":false}`, false},
		{`{"over":true,"winner":"jack","reason":{"key":"w"}}`, true},
		{` { "winner" : "x" , "over" : true } `, true},
	} {
		over, err := gameOver([]byte(c.outcome))
		if err != nil || over != c.over {
			t.Errorf("%s: over %v, %v", c.outcome, over, err)
		}
	}
	if _, err := gameOver([]byte(`{"over":`)); err == nil {
		t.Error("a broken outcome was read")
	}
	for in, want := range map[string]string{`"update"`: "update", `"a\"b\u00e9"`: `a"bé`, `""`: ""} {
		if got, ok := jsonString([]byte(in)); !ok || got != want {
			t.Errorf("%s: %q %v", in, got, ok)
		}
	}
	if _, ok := jsonString([]byte(`"x`)); ok {
		t.Error("an unterminated string was read")
	}
}

// TestFaultFlag checks the --fault forms and refuses the broken ones.
func TestFaultFlag(t *testing.T) {
	var l faultList
	for _, v := range []string{"kill:2@10s", "start:2@18s", "exec@25s:pkill -STOP nats-server"} {
		if err := l.Set(v); err != nil {
			t.Fatalf("%s: %v", v, err)
		}
	}
	want := []fault{{kind: "kill", node: 1, at: 10 * time.Second}, {kind: "start", node: 1, at: 18 * time.Second},
		{kind: "exec", at: 25 * time.Second, cmd: "pkill -STOP nats-server"}}
	if len(l) != len(want) {
		t.Fatalf("%v", l)
	}
	for i := range want {
		if l[i] != want[i] {
			t.Errorf("fault %d: %+v, want %+v", i, l[i], want[i])
		}
	}
	if got := l.String(); got != "kill:2@10s start:2@18s exec@25s:pkill -STOP nats-server" {
		t.Errorf("String: %q", got)
	}
	for _, bad := range []string{"kill:0@1s", "kill:x@1s", "kill:1", "stop:1@1s", "kill:1@-1s", "exec@1s:", "exec@1s", "exec@x:ls", ""} {
		if err := l.Set(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestCheckAckedCountsLostMoves checks the end-of-run audit: a table whose
// stored version is behind the highest version a player was acknowledged
// counts as lost, read from whichever node answers.
func TestCheckAckedCountsLostMoves(t *testing.T) {
	stored := map[string]int64{"a": 10, "b": 4, "c": 7}
	live := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := strings.TrimPrefix(r.URL.Path, "/api/tables/")
		v, ok := stored[id]
		if !ok {
			http.NotFound(w, r)
			return
		}
		json.NewEncoder(w).Encode(map[string]int64{"version": v})
	}))
	defer live.Close()
	dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer dead.Close()
	stats := &loadStats{}
	stats.ack("a", 9)
	stats.ack("a", 10)
	stats.ack("b", 5) // stored 4: lost
	stats.ack("b", 3)
	stats.ack("c", 7)
	lost, tables, err := checkAcked(http.DefaultClient, []string{dead.URL, live.URL}, stats)
	if err != nil {
		t.Fatal(err)
	}
	if lost != 1 || tables != 3 || stats.acks.Load() != 5 {
		t.Errorf("lost %d of %d tables (%d acks), want 1 of 3 (5 acks)", lost, tables, stats.acks.Load())
	}
	stats.ack("gone", 1)
	if _, _, err := checkAcked(http.DefaultClient, []string{dead.URL}, stats); err == nil {
		t.Error("no node answered, and the audit passed")
	}
}

func TestLatencyWindows(t *testing.T) {
	var s loadStats
	s.add(time.Now(), time.Millisecond) // before play began: no window
	if len(s.windows) != 0 {
		t.Fatalf("a latency before the start went into a window: %v", s.windows)
	}
	s.start = time.Now().Add(-12 * time.Second)
	for i := range 200 {
		s.add(s.start.Add(time.Second), time.Duration(i+1)*time.Millisecond) // window 0
	}
	s.add(s.start.Add(11*time.Second), 7*time.Millisecond) // window 2; window 1 stays empty
	got := windowP99s(s.windows)
	want := []time.Duration{199 * time.Millisecond, 0, 7 * time.Millisecond}
	if !slices.Equal(got, want) {
		t.Fatalf("windowP99s = %v, want %v", got, want)
	}
	if s.moves.Load() != 202 || len(s.latencies) != 202 {
		t.Fatalf("moves %d, latencies %d, want 202", s.moves.Load(), len(s.latencies))
	}
}

// TestLoadtestOnePlayerAgainstBots: with --humans 1 each table has one
// player, on seat k mod n so that every side is played, and bots at the
// level's pick on the others; the report counts one player a table and the
// bots' moves, and every acknowledged move is in the store. Jekyll & Hyde
// too, whose partners act at once while giving cards: a player sends its
// next move only once its last one was answered, so none is refused.
func TestLoadtestOnePlayerAgainstBots(t *testing.T) {
	addr := runServer(t, "--data", t.TempDir(), "--ip-limit-scale", "0", "--bot-delay", "0")
	base := "http://" + addr
	for _, g := range []string{"pocket", "jekyll"} {
		t.Run(g, func(t *testing.T) {
			var out strings.Builder
			cfg := loadConfig{base: base, bases: []string{base}, clients: 4, tables: 4, humans: 1, game: g,
				duration: 3 * time.Second, think: 50 * time.Millisecond, bot: "", level: "easy"}
			if err := loadtest(cfg, &out); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			report := out.String()
			for _, want := range []string{"4 tables, 4 players, game " + g, "connected 4 players", "tables whose stored game is behind an ack: 0", "refused: 0, errors: 0"} {
				if !strings.Contains(report, want) {
					t.Errorf("the report lacks %q:\n%s", want, report)
				}
			}
			if !strings.Contains(report, "bot moves: ") {
				t.Errorf("no bot moves in the report:\n%s", report)
			}
		})
	}
}

// TestLoadtestFlags: loadtest's flags that once fell back silently or ran
// anyway (a negative duration, an unknown level, --tables beyond --clients,
// a fault that never happens, flags for started nodes with --addr) exit 2
// before anything starts, naming the flag.
func TestLoadtestFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--duration", "-1s"}, "--duration"},
		{[]string{"--duration", "0s"}, "--duration"},
		{[]string{"--think", "-1s"}, "--think"},
		{[]string{"--bot-level", "extreme"}, "easy, normal, hard"},
		{[]string{"--game", "chess"}, "--game"},
		{[]string{"--humans", "3"}, "--humans"},
		{[]string{"--clients", "100", "--tables", "80"}, "--clients"},
		{[]string{"--clients", "101"}, "--clients"},
		{[]string{"--nodes", "0"}, "--nodes"},
		{[]string{"--nodes", "2"}, "--nodes"},
		{[]string{"--addr", "http://127.0.0.1:1", "--nodes", "3"}, "--nodes"},
		{[]string{"--addr", "http://127.0.0.1:1", "--database", "postgres://x@h/db"}, "--database"},
		{[]string{"--addr", "http://127.0.0.1:1", "--server-debug-addr", "127.0.0.1:6060"}, "--server-debug-addr"},
		{[]string{"--addr", "http://127.0.0.1:1", "--serve-flag=--gc-percent=400"}, "--serve-flag"},
		{[]string{"--addr", "http://127.0.0.1:1", "--fault", "kill:1@1s"}, "--fault"},
		{[]string{"--server-debug-addr", "0.0.0.0:6060"}, "--server-debug-addr"},
		{[]string{"--fault", "kill:2@1s"}, "--fault"},
		{[]string{"--duration", "10s", "--fault", "exec@20s:true"}, "--fault"},
	} {
		code, out, errOut := runCaptured(t, "", append([]string{"loadtest"}, c.args...)...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("loadtest %v: exit %d, stdout %q, stderr %q (want exit 2 naming %s)", c.args, code, out, errOut, c.want)
		}
	}
	// One of --clients and --tables follows from the other.
	for _, c := range []struct {
		args                  []string
		humans, clients, tabs int
	}{
		{nil, 2, 2000, 1000}, {nil, 1, 2000, 2000}, {[]string{"tables"}, 1, 30, 30}, {[]string{"clients"}, 2, 200, 100},
	} {
		set := map[string]bool{}
		clients, tables := 2000, 1000
		for _, a := range c.args {
			set[a] = true
		}
		if set["tables"] {
			tables = c.tabs
		}
		if set["clients"] {
			clients = c.clients
		}
		if msg := checkLoadtestFlags(set, "", 1, "", "", "", c.humans, &clients, &tables, "whitehall", time.Second, 0, "easy", nil); msg != "" || clients != c.clients || tables != c.tabs {
			t.Errorf("%v, humans %d: %d clients, %d tables, %q; want %d, %d", c.args, c.humans, clients, tables, msg, c.clients, c.tabs)
		}
	}
}

// TestLoadtestIPLimitNote: the note about --ip-limit-scale 0 is for a
// target given with --addr; the nodes loadtest starts get that flag and
// no note.
func TestLoadtestIPLimitNote(t *testing.T) {
	const note = "--ip-limit-scale 0"
	code, out, errOut := runCaptured(t, "", "loadtest", "--addr", "http://127.0.0.1:1", "--clients", "2", "--duration", "1s")
	if code != 1 || !strings.Contains(out, note) {
		t.Errorf("loadtest --addr (no server there): exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, errOut = runCaptured(t, "", "loadtest", "--game", "pocket", "--humans", "1", "--clients", "2", "--duration", "1s", "--think", "10ms", "--bot", "", "--bot-level", "easy")
	if code != 0 || strings.Contains(out, note) || !strings.Contains(out, "2 tables, 2 players") {
		t.Errorf("loadtest starting its node: exit %d, stdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestLoadtestStopsAtTheIPLimits: a target run with its per-IP limits refuses
// a load test's players with 429; loadtest stops setting up at the first
// refusal (no retries into the limits, no more tables made) and says which
// flag of the target lifts them.
func TestLoadtestStopsAtTheIPLimits(t *testing.T) {
	addr := runServer(t, "--data", t.TempDir())
	base := "http://" + addr
	var out strings.Builder
	cfg := loadConfig{base: base, bases: []string{base}, clients: 400, tables: 200, humans: 2, game: "whitehall",
		duration: time.Second, think: 50 * time.Millisecond, bot: "random", level: "easy"}
	err := loadtest(cfg, &out)
	if err == nil || !errors.Is(err, errRateLimited) || !strings.Contains(err.Error(), "--ip-limit-scale 0") {
		t.Fatalf("loadtest against per-IP limits: %v, want the 429 refusal naming --ip-limit-scale 0\n%s", err, out.String())
	}
	if strings.Contains(out.String(), "connected") {
		t.Errorf("it went on to play:\n%s", out.String())
	}
}
