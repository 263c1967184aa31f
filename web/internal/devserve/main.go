// Command devserve runs the real gaslamp server (package server) with this
// client built in, the Whitehall, Pocket, Letters from Whitechapel and Jekyll
// & Hyde games and the generic bots, on a throwaway SQLite directory: for looking at the pages while developing and
// for the headless-browser checks, until cmd/gaslamp serve builds the client in
// itself. It also serves the board demo at /static/board.html.
//
//	go run ./web/internal/devserve -addr 127.0.0.1:8099
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"time"

	_ "gaslamp/bot"
	_ "gaslamp/games/jekyll"
	_ "gaslamp/games/pocket"
	_ "gaslamp/games/whitechapel"
	_ "gaslamp/games/whitechapel/whitechapelbot"
	_ "gaslamp/games/whitehall"
	"gaslamp/server"
	"gaslamp/store"
	"gaslamp/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8099", "listen address (loopback)")
	data := flag.String("data", "", "database directory (default: a new temporary one)")
	delay := flag.Duration("bot-delay", 200*time.Millisecond, "least time before a bot's move shows")
	budget := flag.Duration("bot-budget", 300*time.Millisecond, "time a bot may think per move")
	flag.Parse()
	dir := *data
	if dir == "" {
		d, err := os.MkdirTemp("", "gaslamp-devserve-")
		if err != nil {
			log.Fatal(err)
		}
		defer os.RemoveAll(d)
		dir = d
	}
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		log.Fatal(err)
	}
	defer st.Close()
	srv, err := server.New(ctx, server.Config{
		Store: st, Static: web.Static(), Messages: web.Messages(),
		BotDelay: *delay, BotBudget: *budget, Limits: server.DefaultLimits().ScaleIP(0),
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("listening on %s\n", *addr)
	log.Fatal(http.ListenAndServe(*addr, srv.Handler()))
}
