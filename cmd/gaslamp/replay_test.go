package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gaslamp/game"
)

// TestReplayURL replays a finished table from its address: the command
// fetches the table's export (GET /api/tables/ID/export, as the server
// serves it) and prints the same as from a file; a game not finished, an
// unknown table and an address that is no table's are refused, saying why.
func TestReplayURL(t *testing.T) {
	rec := recordGame(t, 3)
	path, _ := writeRecord(t, rec)
	_, fromFile, _ := runCaptured(t, "", "replay", path)
	// A game that ended by a resignation after two moves.
	resigned := rec
	resigned.Moves = rec.Moves[:2]
	seat := 1
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.URL.Path)
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/api/tables/t_done/export":
			json.NewEncoder(w).Encode(rec)
		case "/api/tables/t_resigned/export":
			json.NewEncoder(w).Encode(map[string]any{"game": resigned.Game, "seed": resigned.Seed, "moves": resigned.Moves,
				"table": "t_resigned", "ended": "resigned", "resigned_seat": seat,
				"outcome": game.Outcome{Over: true, Winner: "north", Reason: game.T("web.outcome.resigned", "seat", "x")}})
		case "/api/tables/t_running/export":
			w.WriteHeader(http.StatusForbidden)
			w.Write([]byte(`{"code":"unauthorized","text":{"key":"err.not-finished"}}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"code":"not-found"}`))
		}
	}))
	defer srv.Close()
	for _, u := range []string{srv.URL + "/t/t_done", srv.URL + "/t/t_done/", srv.URL + "/api/tables/t_done/export"} {
		code, out, errOut := runCaptured(t, "", "replay", u)
		if code != 0 || out != fromFile {
			t.Fatalf("replay %s: exit %d (%s), output:\n%s\nwant:\n%s", u, code, errOut, out, fromFile)
		}
	}
	if asked[0] != "/api/tables/t_done/export" {
		t.Fatalf("asked %v", asked)
	}
	code, out, errOut := runCaptured(t, "", "replay", "--quiet", srv.URL+"/t/t_resigned")
	if code != 0 || !strings.HasPrefix(out, "over: north won: ") || !strings.Contains(out, " resigned") {
		t.Fatalf("resigned game: exit %d (%s):\n%s", code, errOut, out)
	}
	for _, tc := range []struct{ url, says string }{
		{srv.URL + "/t/t_running", "not finished"},
		{srv.URL + "/t/t_nope", "no such table"},
		{srv.URL + "/u/alice", "not a table's address"},
		{"ftp://example.com/t/x", "not an http(s) URL"},
	} {
		if code, _, errOut := runCaptured(t, "", "replay", tc.url); code != 1 || !strings.Contains(errOut, tc.says) {
			t.Errorf("replay %s: exit %d, stderr %q; want 1 and %q", tc.url, code, errOut, tc.says)
		}
	}
}

// TestReplayLangFlag: an unknown --lang (it printed English) exits 2
// naming the languages, before or after the file.
func TestReplayLangFlag(t *testing.T) {
	path, _ := writeRecord(t, recordGame(t, 3))
	for _, args := range [][]string{{"replay", "--lang", "de", path}, {"replay", path, "--lang", "EN"}, {"replay", "--lang", "", path}} {
		code, out, errOut := runCaptured(t, "", args...)
		if code != 2 || out != "" || !strings.Contains(errOut, "--lang") || !strings.Contains(errOut, "en, fr, nl") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if code, out, _ := runCaptured(t, "", "replay", "--lang", "nl", path); code != 0 || out == "" {
		t.Errorf("replay --lang nl: exit %d", code)
	}
}
