package server

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"gaslamp/game"
	"gaslamp/store"
)

//go:embed placeholder
var placeholderFiles embed.FS

// static returns the client's files, or the placeholder pages.
func (s *Server) static() fs.FS {
	if s.cfg.Static != nil {
		return s.cfg.Static
	}
	sub, _ := fs.Sub(placeholderFiles, "placeholder")
	return sub
}

// handlePage serves one of the client's pages.
func (s *Server) handlePage(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		a, err := s.staticAsset(name)
		if err != nil {
			http.NotFound(w, r)
			return
		}
		a.serve(w, r, http.StatusOK, "no-cache")
	}
}

// handleRules serves the rules page (rules.html) of a registered game; the
// page renders the game's rules from the translation catalogues.
func (s *Server) handleRules(w http.ResponseWriter, r *http.Request) {
	if _, err := game.Lookup(r.PathValue("game")); err != nil {
		s.handleNotFound(w, r)
		return
	}
	s.handlePage("rules.html")(w, r)
}

// handleTablePage serves a table's page (table.html), or the page that
// says nothing is here when no table has that id (a mistyped or old link):
// the table page would otherwise stay an empty shell, its socket refused.
// A store that fails to answer gets the table page, which says so itself.
func (s *Server) handleTablePage(w http.ResponseWriter, r *http.Request) {
	if _, err := s.store.Table(r.Context(), r.PathValue("id")); errors.Is(err, store.ErrNotFound) {
		s.handleNotFound(w, r)
		return
	}
	s.handlePage("table.html")(w, r)
}

// handleProfilePage serves a profile's page (profile.html), with the status
// 404 when no account has that name (a mistyped link, a deleted account):
// the page says so itself, but a link checker, a search engine or a
// browser's history saw a page that exists. A store that fails to answer
// gets the page, which says so itself.
func (s *Server) handleProfilePage(w http.ResponseWriter, r *http.Request) {
	status := http.StatusOK
	if name := r.PathValue("name"); len(name) > 64 {
		status = http.StatusNotFound
	} else if _, err := s.store.AccountByKey(r.Context(), nameKey(name)); errors.Is(err, store.ErrNotFound) {
		status = http.StatusNotFound
	}
	a, err := s.staticAsset("profile.html")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	a.serve(w, r, status, "no-cache")
}

// handleLeaderboardPage serves a registered game's leaderboard page.
func (s *Server) handleLeaderboardPage(w http.ResponseWriter, r *http.Request) {
	if _, err := game.Lookup(r.PathValue("game")); err != nil {
		s.handleNotFound(w, r)
		return
	}
	s.handlePage("leaderboard.html")(w, r)
}

// handleLeaderboards sends /leaderboard, which names no game, to the first
// game that has ratings (the page links to the others). A co-operative
// game, whose seats are all on one side, has none, so it is passed over.
func (s *Server) handleLeaderboards(w http.ResponseWriter, r *http.Request) {
	games := game.Games()
	if len(games) == 0 {
		s.handleNotFound(w, r)
		return
	}
	to := games[0]
	for _, g := range games {
		if hasSides(g) {
			to = g
			break
		}
	}
	http.Redirect(w, r, "/leaderboard/"+url.PathEscape(to.ID()), http.StatusFound)
}

// hasSides says whether a game's seats, with its default options, are on
// at least two sides: whether its players can be rated against each other.
func hasSides(g game.Rules) bool {
	infos, err := g.Seats(nil)
	if err != nil {
		return false
	}
	sides := map[string]bool{}
	for _, in := range infos {
		sides[in.Side] = true
	}
	return len(sides) >= 2
}

// wantsPage says whether r is a browser asking for a page: a GET or HEAD
// that accepts HTML, outside the API, the socket and the static files.
func wantsPage(r *http.Request) bool {
	p := r.URL.Path
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) &&
		strings.Contains(r.Header.Get("Accept"), "text/html") &&
		!strings.HasPrefix(p, "/api/") && !strings.HasPrefix(p, "/ws/") && !strings.HasPrefix(p, "/static/")
}

// handleNotFound answers an address no route has. A browser asking for a
// page gets notfound.html (the site's header, the words in the player's
// language, a link to the lobby) with status 404; the API, the socket, the
// static files and any client that does not ask for HTML get the plain 404.
func (s *Server) handleNotFound(w http.ResponseWriter, r *http.Request) {
	if !wantsPage(r) {
		http.NotFound(w, r)
		return
	}
	a, err := s.staticAsset("notfound.html")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	a.serve(w, r, http.StatusNotFound, "no-cache")
}

// handleStatic serves /static/PATH from the client's files.
func (s *Server) handleStatic(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, "/static/")
	if name == "" || strings.HasSuffix(name, "/") || !fs.ValidPath(name) {
		http.NotFound(w, r)
		return
	}
	if st, err := fs.Stat(s.static(), name); err != nil || st.IsDir() {
		http.NotFound(w, r)
		return
	}
	a, err := s.staticAsset(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	a.serve(w, r, http.StatusOK, "no-cache")
}

// buildCatalogs merges the site's texts with every registered game's, per
// language, once.
func (s *Server) buildCatalogs() {
	merged := game.Catalog{}
	merged.Merge(serverMessages)
	merged.Merge(s.cfg.Messages)
	for _, g := range game.Games() {
		merged.Merge(g.Messages())
	}
	s.texts = merged
	s.catalogs = map[string][]byte{}
	for _, lang := range game.Languages {
		m := map[string]string{}
		for k, v := range merged["en"] {
			m[k] = v
		}
		for k, v := range merged[lang] {
			m[k] = v
		}
		data, _ := json.Marshal(m)
		s.catalogs[lang] = data
	}
}

func (s *Server) handleCatalog(w http.ResponseWriter, r *http.Request) {
	lang, ok := strings.CutSuffix(r.PathValue("file"), ".json")
	data, known := s.catalogs[lang]
	if !ok || !known {
		http.NotFound(w, r)
		return
	}
	a, _ := s.assets.get("i18n:"+lang, func() ([]byte, string, error) { return data, "application/json", nil })
	a.serve(w, r, http.StatusOK, "no-cache")
}

// handleServiceWorker serves the service worker at /sw.js (its scope is the
// whole site): it shows "your move" notifications (push.go).
func (s *Server) handleServiceWorker(w http.ResponseWriter, r *http.Request) {
	a, err := s.staticAsset("js/sw.js")
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Service-Worker-Allowed", "/")
	a.serve(w, r, http.StatusOK, "no-cache")
}
