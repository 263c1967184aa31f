package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"

	"gaslamp/bus"
	"gaslamp/bus/natsbus"
	"gaslamp/store"
	"gaslamp/store/pgstore"
)

// backends are the store and bus a server runs on: the embedded SQLite and
// the in-process bus by default, PostgreSQL and NATS for several nodes.
type backends struct {
	store    store.Store
	bus      bus.Bus // nil: the server makes its own in-process bus
	describe []any   // log attributes naming them, without secrets
}

// checkBackendFlags checks the --database, --nats and --nats-prefix values
// before anything is opened.
func checkBackendFlags(database, natsURL, prefix string) error {
	if database != "" && !strings.HasPrefix(database, "postgres://") && !strings.HasPrefix(database, "postgresql://") {
		return errors.New("--database wants a PostgreSQL URL, postgres://user:password@host:5432/dbname (leave it out for the embedded SQLite in --data)")
	}
	if natsURL != "" {
		for _, u := range strings.Split(natsURL, ",") {
			scheme, _, ok := strings.Cut(strings.TrimSpace(u), "://")
			if !ok || (scheme != "nats" && scheme != "tls" && scheme != "ws" && scheme != "wss") {
				return fmt.Errorf("--nats wants NATS URLs, nats://host:4222 (comma separated), not %q", u)
			}
		}
	}
	if err := natsbus.ValidPrefix(prefix); err != nil {
		return fmt.Errorf("--nats-prefix: %v", err)
	}
	return nil
}

// openBackends opens the store (PostgreSQL when database is given, else
// SQLite in dataDir) and, when natsURL is given, the NATS bus.
func openBackends(ctx context.Context, log *slog.Logger, dataDir, database, natsURL, prefix string) (*backends, error) {
	be := &backends{}
	var err error
	if database != "" {
		be.store, err = pgstore.Open(ctx, database)
		be.describe = append(be.describe, "store", "postgres", "database", redactURL(database))
	} else {
		be.store, err = store.OpenSQLite(ctx, dataDir)
		be.describe = append(be.describe, "store", "sqlite", "data", dataDir)
	}
	if err != nil {
		return nil, err
	}
	if natsURL == "" {
		be.describe = append(be.describe, "bus", "local")
		return be, nil
	}
	nb, err := natsbus.Connect(natsURL, prefix,
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			log.Warn("nats disconnected: table notices from other nodes are lost until it is back", "err", err)
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			log.Info("nats reconnected", "server", nc.ConnectedUrlRedacted())
		}))
	if err != nil {
		be.store.Close()
		return nil, err
	}
	be.bus = nb
	be.describe = append(be.describe, "bus", "nats", "subject", nb.Subject())
	return be, nil
}

// close closes the bus, then the store; it reports whether all went well.
func (be *backends) close(log *slog.Logger) bool {
	ok := true
	if be.bus != nil {
		if err := be.bus.Close(); err != nil {
			log.Error("bus close", "err", err)
			ok = false
		}
	}
	if err := be.store.Close(); err != nil {
		log.Error("store close", "err", err)
		ok = false
	}
	return ok
}

// redactURL returns u with its password hidden.
func redactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(unparsable URL)"
	}
	return p.Redacted()
}

// nodeID names this node among those sharing a database: its host name and
// a random suffix, so that a restarted node is a new one.
func nodeID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "node"
	}
	var b [4]byte
	rand.Read(b[:])
	return host + "-" + hex.EncodeToString(b[:])
}
