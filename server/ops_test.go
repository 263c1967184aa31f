package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"gaslamp/game"
	"gaslamp/store"
)

func get(t *testing.T, e *env, path string) (*http.Response, string) {
	t.Helper()
	resp, err := http.Get(e.url + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, string(body)
}

func TestSecurityHeadersAndHealth(t *testing.T) {
	e := newEnv(t, nil)
	resp, body := get(t, e, "/healthz")
	if resp.StatusCode != 200 || !strings.Contains(body, "ok") {
		t.Fatalf("healthz %d %s", resp.StatusCode, body)
	}
	for _, p := range []string{"/", "/api/games", "/healthz", "/nope"} {
		resp, _ := get(t, e, p)
		h := resp.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") ||
			!strings.Contains(h.Get("Content-Security-Policy"), "frame-ancestors 'none'") ||
			h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") == "" {
			t.Fatalf("%s: headers %v", p, h)
		}
	}
}

func TestMetricsExposition(t *testing.T) {
	e := newEnv(t, nil)
	_, _, _, ca, _ := twoPlayers(e, "6")
	ca.move(0, 0, `{"kind":"pick","n":1}`)
	ca.next("ack")
	resp, body := get(t, e, "/metrics")
	if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/plain") {
		t.Fatalf("content type %s", resp.Header.Get("Content-Type"))
	}
	for _, want := range []string{
		`gaslamp_tables{status="running"} 1`, "gaslamp_connections 2", "gaslamp_moves_total 1",
		"gaslamp_move_latency_seconds_count 1", `gaslamp_move_latency_seconds_bucket{le="+Inf"} 1`,
		`gaslamp_move_latency_seconds_bucket{le="30"} 1`, // the histogram reaches 30 s
		"gaslamp_store_append_seconds_count 1", `gaslamp_store_append_seconds_bucket{le="+Inf"} 1`,
		"gaslamp_moves_per_second", "go_memstats_heap_alloc_bytes",
		`go_cpu_classes_seconds_total{class="gc"}`, `go_cpu_classes_seconds_total{class="gc_mark_idle"}`,
		`go_cpu_classes_seconds_total{class="user"}`, `go_cpu_classes_seconds_total{class="idle"}`,
		`go_gc_scan_bytes{kind="heap"}`, `go_gc_scan_bytes{kind="stack"}`, `go_gc_scan_bytes{kind="globals"}`,
		"gaslamp_mail_sent_total 0", "gaslamp_mail_dropped_total 0", "gaslamp_push_sent_total 0", "gaslamp_push_dropped_total 0",
		fmt.Sprintf(`gaslamp_build_info{version="unknown",schema="%d"} 1`, store.LatestSchemaVersion()),
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if runtime.GOOS == "linux" {
		// The process's files: the two players' WebSockets among them.
		open := regexp.MustCompile(`(?m)^process_open_fds (\d+)$`).FindStringSubmatch(body)
		limit := regexp.MustCompile(`(?m)^process_max_fds (\d+)$`).FindStringSubmatch(body)
		if open == nil || limit == nil {
			t.Errorf("metrics lack the process's open files or their limit")
		} else if o, _ := strconv.Atoi(open[1]); o < 2 {
			t.Errorf("process_open_fds %d with two WebSockets open", o)
		} else if l, _ := strconv.Atoi(limit[1]); l < o {
			t.Errorf("process_max_fds %d below process_open_fds %d", l, o)
		}
	}
	line := regexp.MustCompile(`^([a-z_]+(\{[a-z]+="[^"]*"(,[a-z]+="[^"]*")*\})? [-+0-9.eInf]+|# (HELP|TYPE) .*)$`)
	for _, l := range strings.Split(strings.TrimSpace(body), "\n") {
		if !line.MatchString(l) {
			t.Errorf("bad exposition line %q", l)
		}
	}
}

func TestLobbyAPI(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	var me meOut
	if code := alice.do("GET", "/api/me", nil, &me); code != 200 || me.Name != "Alice" || me.CSRF != alice.csrf {
		t.Fatalf("me %d %+v", code, me)
	}
	if code := (&user{e: e}).do("GET", "/api/me", nil, nil); code != 401 {
		t.Fatalf("anonymous me %d", code)
	}
	for _, bad := range []string{"", strings.Repeat("x", 25), "a\x00b"} {
		req, _ := http.NewRequest("POST", e.url+"/api/session", strings.NewReader(`{"name":`+jsonString(bad)+`}`))
		req.Header.Set("Content-Type", "application/json")
		resp, _ := http.DefaultClient.Do(req)
		if resp.StatusCode != 400 {
			t.Fatalf("name %q: %d", bad, resp.StatusCode)
		}
		resp.Body.Close()
	}
	var games []gameOut
	alice.do("GET", "/api/games", nil, &games)
	found := false
	for _, g := range games {
		if g.ID == "srvtest" {
			found = len(g.Seats) == 2 && len(g.Options) == 2 && len(g.Bots) > 0
		}
	}
	if !found {
		t.Fatalf("games %+v", games)
	}
	open := alice.table("6", 0, "human", "human")
	running := alice.table("6", 0, "human", "bot")
	alice.sit(running.ID, 0)
	var list []tableSummary
	alice.do("GET", "/api/tables?status=open", nil, &list)
	if len(list) != 1 || list[0].ID != open.ID || list[0].Seats[0].Player != nil || list[0].Seats[0].ID != "north" {
		t.Fatalf("open %+v", list)
	}
	alice.do("GET", "/api/tables?status=running", nil, &list)
	if len(list) != 1 || list[0].ID != running.ID || list[0].Seats[1].Player == nil || !list[0].Seats[1].Player.Bot {
		t.Fatalf("running %+v", list)
	}
	alice.do("GET", "/api/tables", nil, &list)
	if len(list) != 2 {
		t.Fatalf("all %d", len(list))
	}
	if code := alice.do("GET", "/api/tables?status=weird", nil, nil); code != 400 {
		t.Fatalf("bad status %d", code)
	}
	// Leaving a seat frees it.
	if code := alice.do("DELETE", "/api/tables/"+open.ID+"/seats/0", nil, nil); code != 403 {
		t.Fatalf("leave unheld %d", code)
	}
	alice.sit(open.ID, 0)
	if code := alice.do("DELETE", "/api/tables/"+open.ID+"/seats/0", nil, nil); code != 200 {
		t.Fatalf("leave %d", code)
	}
	// Nothing in the listing names a user id or an invite.
	raw, _ := json.Marshal(list)
	if strings.Contains(string(raw), alice.id) || strings.Contains(string(raw), strings.TrimPrefix(open.Invites["0"], "/join/")) {
		t.Fatalf("listing leaks ids: %s", raw)
	}
}

func jsonString(s string) string { b, _ := json.Marshal(s); return string(b) }

func TestStaticAndCatalog(t *testing.T) {
	files := fstest.MapFS{
		"index.html":   {Data: []byte("<p>lobby</p>")},
		"table.html":   {Data: []byte("<p>table</p>")},
		"js/app.js":    {Data: []byte("export {}")},
		"css/site.css": {Data: []byte("body{}")},
	}
	e := newEnv(t, func(c *Config) {
		c.Static = files
		c.Messages = game.Catalog{"en": {"web.hello": "Hello"}, "fr": {"web.hello": "Bonjour"}, "nl": {}}
	})
	tbl := e.guest("Ada").table("2", 0, "human", "human")
	for path, want := range map[string]string{"/": "lobby", "/t/" + tbl.ID: "table", "/static/js/app.js": "export", "/static/css/site.css": "body"} {
		resp, body := get(t, e, path)
		if resp.StatusCode != 200 || !strings.Contains(body, want) {
			t.Errorf("%s: %d %q", path, resp.StatusCode, body)
		}
	}
	if resp, _ := get(t, e, "/static/js/app.js"); !strings.Contains(resp.Header.Get("Content-Type"), "javascript") {
		t.Errorf("js type %s", resp.Header.Get("Content-Type"))
	}
	// No table has the id t_x: its page would be an empty shell.
	for _, p := range []string{"/t/t_x", "/static/", "/static/js", "/static/../server.go", "/static/nope.js", "/i18n/xx.json"} {
		if resp, _ := get(t, e, p); resp.StatusCode != 404 {
			t.Errorf("%s: %d", p, resp.StatusCode)
		}
	}
	_, body := get(t, e, "/i18n/fr.json")
	var m map[string]string
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatal(err)
	}
	if m["web.hello"] != "Bonjour" || m["srvtest.north"] != "North" || m["err.stale-move"] == "" {
		t.Fatalf("catalogue lacks merged keys: %v", len(m))
	}
	_, body = get(t, e, "/i18n/nl.json")
	json.Unmarshal([]byte(body), &m)
	if m["web.hello"] != "Hello" {
		t.Fatal("no English fallback")
	}
}

func TestPlaceholderPages(t *testing.T) {
	e := newEnv(t, nil)
	tbl := e.guest("Ada").table("2", 0, "human", "human")
	for _, p := range []string{"/", "/t/" + tbl.ID} {
		if resp, body := get(t, e, p); resp.StatusCode != 200 || !strings.Contains(body, "gaslamp") {
			t.Fatalf("%s: %d", p, resp.StatusCode)
		}
	}
}

// TestNotFoundPage: a browser asking for an address no page has gets the
// site's not-found page (its header, its words translated, a link to the
// lobby) with status 404; the API, the socket path, the static files and a
// client that does not ask for HTML get the plain 404 (another method on a
// known address, 405); /leaderboard, which
// names no game, leads to the first game that has ratings; an unknown
// game's rules or leaderboard, and a table no one created, are not found.
func TestNotFoundPage(t *testing.T) {
	files := fstest.MapFS{
		"index.html":       {Data: []byte("<p>lobby</p>")},
		"rules.html":       {Data: []byte("<p>rules</p>")},
		"leaderboard.html": {Data: []byte("<p>leaderboard</p>")},
		"notfound.html":    {Data: []byte(`<h1 data-i18n="web.notfound.title">Nothing here</h1>`)},
	}
	e := newEnv(t, func(c *Config) { c.Static = files })
	fetch := func(path, accept string) (*http.Response, string) {
		t.Helper()
		req, _ := newGet(e, path, nil)
		if accept != "" {
			req.Header.Set("Accept", accept)
		}
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	for _, p := range []string{"/nope", "/leaderboard/nope", "/rules/nope", "/u", "/t/", "/t/t_nosuchtable"} {
		resp, body := fetch(p, browser)
		if resp.StatusCode != http.StatusNotFound || !strings.Contains(body, "web.notfound.title") || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
			t.Errorf("%s: %d %q %q, want the not-found page with 404", p, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}
	for _, c := range []struct{ path, accept string }{{"/api/nope", browser}, {"/static/nope.js", browser}, {"/ws/nope", browser}, {"/nope", ""}, {"/nope", "application/json"}} {
		resp, body := fetch(c.path, c.accept)
		if resp.StatusCode != http.StatusNotFound || strings.Contains(body, "web.notfound") {
			t.Errorf("%s (Accept %q): %d %q, want the plain 404", c.path, c.accept, resp.StatusCode, body)
		}
	}
	for _, c := range []struct {
		method, path string
		want         int
	}{{"POST", "/api/nope", http.StatusNotFound}, {"POST", "/nope", http.StatusNotFound}, {"DELETE", "/api/games", http.StatusMethodNotAllowed}, {"GET", "/api/session", http.StatusMethodNotAllowed}} {
		req, _ := http.NewRequest(c.method, e.url+c.path, nil)
		req.Header.Set("Accept", browser)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("%s %s: %d, want %d", c.method, c.path, resp.StatusCode, c.want)
		}
	}
	resp, _ := fetch("/leaderboard", browser)
	if loc := resp.Header.Get("Location"); resp.StatusCode != http.StatusFound || !strings.HasPrefix(loc, "/leaderboard/") || loc == "/leaderboard/" {
		t.Errorf("/leaderboard: %d to %q, want a game's leaderboard", resp.StatusCode, loc)
	}
	// Jekyll & Hyde, first by its id, is co-operative: no ratings, so
	// /leaderboard passes it over for a game with sides.
	if g, err := game.Lookup(strings.TrimPrefix(resp.Header.Get("Location"), "/leaderboard/")); err != nil || !hasSides(g) {
		t.Errorf("/leaderboard leads to %q, a game without ratings (%v)", resp.Header.Get("Location"), err)
	}
	if g, err := game.Lookup("jekyll"); err != nil || hasSides(g) {
		t.Errorf("jekyll: %v, or it has sides: the check above proves nothing", err)
	}
	if resp, body := fetch("/leaderboard/srvtest", browser); resp.StatusCode != 200 || !strings.Contains(body, "leaderboard") {
		t.Errorf("a game's leaderboard: %d %q", resp.StatusCode, body)
	}
	if resp, _ := fetch("/", browser); resp.StatusCode != 200 {
		t.Errorf("the lobby: %d", resp.StatusCode)
	}
}
