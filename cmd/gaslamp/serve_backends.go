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
	"slices"
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
	unlock   func()  // releases the --data lock (SQLite only)
}

// checkBackendFlags checks the --database, --nats and --nats-prefix values
// before anything is opened.
func checkBackendFlags(database, natsURL, prefix string) error {
	if database != "" && !strings.HasPrefix(database, "postgres://") && !strings.HasPrefix(database, "postgresql://") {
		return errors.New("--database wants a PostgreSQL URL, postgres://user:password@host:5432/dbname (leave it out for the embedded SQLite in --data)")
	}
	// A URL that does not parse is refused here, without quoting it: the
	// parser's own message would print its password.
	if database != "" {
		if _, err := url.Parse(database); err != nil {
			return errors.New("--database is not a valid URL (a character such as % in the password must be escaped, %25); the URL is not shown, it may hold a password")
		}
	}
	if natsURL != "" {
		for _, u := range strings.Split(natsURL, ",") {
			scheme, _, ok := strings.Cut(strings.TrimSpace(u), "://")
			if !ok || (scheme != "nats" && scheme != "tls" && scheme != "ws" && scheme != "wss") {
				return fmt.Errorf("--nats wants NATS URLs, nats://host:4222 (comma separated), not %q", redactURL(strings.TrimSpace(u)))
			}
			if _, err := url.Parse(strings.TrimSpace(u)); err != nil {
				return errors.New("--nats holds a URL that is not valid (a character such as % in the password must be escaped, %25); the URL is not shown, it may hold a password")
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
	be, err := dialBackends(ctx, log, dataDir, database, natsURL, prefix)
	return be, scrubSecrets(err, database, natsURL)
}

func dialBackends(ctx context.Context, log *slog.Logger, dataDir, database, natsURL, prefix string) (*backends, error) {
	be := &backends{}
	var err error
	if database != "" {
		be.store, err = pgstore.Open(ctx, database)
		be.describe = append(be.describe, "store", "postgres", "database", redactURL(database))
	} else {
		release, lerr := lockDataDir(dataDir)
		if lerr != nil {
			return nil, lerr
		}
		be.unlock = release
		if err := checkDatabaseAccess(dataDir, true); err != nil {
			release()
			return nil, err
		}
		// An upgrade's migrations are applied as the store opens: the log
		// says so, with the schema versions (none for a new database).
		before, verr := store.SQLiteSchemaVersion(ctx, dataDir)
		be.store, err = store.OpenSQLite(ctx, dataDir)
		if err != nil {
			release()
		} else if latest := store.LatestSchemaVersion(); verr == nil && before < latest {
			log.Info("database upgraded: migrations applied (an older gaslamp can no longer open it: keep the backup taken before)",
				"schema_from", before, "schema_to", latest)
		}
		be.describe = append(be.describe, "store", "sqlite", "data", dataDir)
	}
	if err != nil {
		return nil, err
	}
	if natsURL == "" {
		be.describe = append(be.describe, "bus", "local")
		return be, nil
	}
	if database == "" {
		log.Warn("--nats with the embedded SQLite database: the bus links nodes that share one PostgreSQL database (--database); a node on SQLite is always alone")
	}
	// A NATS that does not answer at start is retried in the background, as
	// one lost later is: the node serves meanwhile, and /readyz says the bus
	// is disconnected until it connects.
	nb, err := natsbus.Connect(natsURL, prefix,
		nats.RetryOnFailedConnect(true),
		nats.ConnectHandler(func(nc *nats.Conn) {
			log.Info("nats connected", "server", redactURL(nc.ConnectedUrl()))
		}),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			if err == nil {
				return // a clean close, at shutdown
			}
			log.Warn("nats disconnected: table notices from other nodes are lost until it is back", "err", scrubSecrets(err, natsURL).Error())
		}),
		nats.ReconnectHandler(func(nc *nats.Conn) {
			log.Info("nats reconnected", "server", redactURL(nc.ConnectedUrl()))
		}))
	if err != nil {
		be.store.Close()
		if be.unlock != nil {
			be.unlock()
		}
		return nil, err
	}
	be.bus = nb
	if !nb.Connected() {
		log.Warn("nats does not answer yet: retrying in the background; /readyz says so until it connects", "nats", redactURLs(natsURL))
	}
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
	if be.unlock != nil {
		be.unlock()
	}
	return ok
}

// secretParams are the query parameters of a database or bus URL that hold
// a secret (libpq takes password and sslpassword in the query string too).
var secretParams = []string{"password", "sslpassword", "token", "pass", "secret", "nkey", "jwt"}

// tokenSchemes are the URL schemes whose user name alone is a secret: NATS
// takes a token there (nats://TOKEN@host).
var tokenSchemes = map[string]bool{"nats": true, "tls": true, "ws": true, "wss": true}

// redactURL returns u with its secrets hidden: the password, the whole user
// part of a NATS URL (a token), and the query's password-like parameters.
func redactURL(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return "(unparsable URL)"
	}
	if p.User != nil && tokenSchemes[strings.ToLower(p.Scheme)] {
		p.User = url.User("xxxxx")
	}
	if p.RawQuery != "" {
		q := p.Query()
		for k := range q {
			if slices.Contains(secretParams, strings.ToLower(k)) {
				q[k] = []string{"xxxxx"}
			}
		}
		p.RawQuery = q.Encode()
	}
	return p.Redacted()
}

// scrubSecrets removes from err's message the passwords of the given URLs
// (comma-separated lists too), raw and unescaped: drivers' errors may quote
// the URL they were given.
func scrubSecrets(err error, urls ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, list := range urls {
		for _, u := range strings.Split(list, ",") {
			for _, pw := range urlPasswords(strings.TrimSpace(u)) {
				msg = strings.ReplaceAll(msg, pw, "xxxxx")
			}
		}
	}
	if msg == err.Error() {
		return err
	}
	return errors.New(msg)
}

// redactURLs is redactURL for a comma-separated list of URLs.
func redactURLs(list string) string {
	parts := strings.Split(list, ",")
	for i, u := range parts {
		parts[i] = redactURL(strings.TrimSpace(u))
	}
	return strings.Join(parts, ",")
}

// urlPasswords returns the secrets of u as written and unescaped (its
// password, a NATS URL's token, the query's password-like parameters), found
// by hand so that it works on URLs the parser refuses.
func urlPasswords(u string) []string {
	scheme, rest, ok := strings.Cut(u, "://")
	if !ok {
		return nil
	}
	var raw []string
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		user, pw, hasPW := strings.Cut(rest[:at], ":")
		switch {
		case hasPW && pw != "":
			raw = append(raw, pw)
		case !hasPW && user != "" && tokenSchemes[strings.ToLower(scheme)]:
			raw = append(raw, user)
		}
	}
	if _, query, ok := strings.Cut(rest, "?"); ok {
		query, _, _ = strings.Cut(query, "#")
		for _, kv := range strings.Split(query, "&") {
			k, v, _ := strings.Cut(kv, "=")
			if v != "" && slices.Contains(secretParams, strings.ToLower(k)) {
				raw = append(raw, v)
			}
		}
	}
	var out []string
	for _, r := range raw {
		out = append(out, r)
		if dec, err := url.PathUnescape(r); err == nil && dec != r {
			out = append(out, dec)
		}
		if dec, err := url.QueryUnescape(r); err == nil && dec != r {
			out = append(out, dec)
		}
	}
	return out
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
