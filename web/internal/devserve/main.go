// Command devserve serves the browser client without the real server, to look
// at the pages while developing: the static files of web.Static, the site
// catalogue as /i18n/{lang}.json, and /t/{id} as the table page.
//
//	go run ./web/internal/devserve -addr 127.0.0.1:8099
//	open http://127.0.0.1:8099/board.html
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net/http"
	"strings"

	"gaslamp/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address (loopback)")
	flag.Parse()
	log.Fatal(http.ListenAndServe(*addr, handler()))
}

func handler() http.Handler {
	mux := http.NewServeMux()
	files := http.FileServerFS(web.Static())
	mux.HandleFunc("GET /i18n/{file}", func(w http.ResponseWriter, r *http.Request) {
		lang := strings.TrimSuffix(r.PathValue("file"), ".json")
		m, ok := web.Messages()[lang]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(m)
	})
	mux.HandleFunc("GET /t/{id}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, web.Static(), "table.html")
	})
	mux.Handle("/", files)
	return securityHeaders(mux)
}

// securityHeaders sets the CSP the real server uses, so that a page breaking
// it shows here too.
func securityHeaders(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self'; script-src 'self'")
		h.ServeHTTP(w, r)
	})
}
