package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"gaslamp/store"
)

// TestConnectErrorOnOneLine: a server that cannot be reached is reported on
// one line (pgx gave a line per address and TLS mode, the same line twice),
// with the reason once and no password.
func TestConnectErrorOnOneLine(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := Open(ctx, "postgres://gaslamp:hunter2@127.0.0.1:1/games?connect_timeout=5")
	if err == nil {
		t.Fatal("opened a server that does not exist")
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") || strings.Count(msg, "connection refused") != 1 || strings.Contains(msg, "hunter2") ||
		!strings.HasPrefix(msg, "pgstore: connect to gaslamp@127.0.0.1:1/games: ") {
		t.Fatalf("connect error: %q", msg)
	}
	if _, err := SchemaVersionAt(ctx, "postgres://gaslamp:hunter2@127.0.0.1:1/games?connect_timeout=5"); err == nil ||
		strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "hunter2") {
		t.Fatalf("SchemaVersionAt's connect error: %q", err)
	}
}

func TestOneLine(t *testing.T) {
	inner := errors.New("failed to connect to `user=a database=b`:\n\t127.0.0.1:1 (127.0.0.1): dial error: refused\n\t127.0.0.1:1 (127.0.0.1): dial error: refused\n\t[::1]:1 ([::1]): dial error: refused")
	got := oneLine(inner)
	want := "failed to connect to `user=a database=b`: 127.0.0.1:1 (127.0.0.1): dial error: refused; [::1]:1 ([::1]): dial error: refused"
	if got.Error() != want {
		t.Fatalf("oneLine:\n got %q\nwant %q", got.Error(), want)
	}
	if !errors.Is(got, inner) {
		t.Fatal("oneLine lost the error it flattens")
	}
	plain := errors.New("one line")
	if oneLine(plain) != plain || oneLine(nil) != nil {
		t.Fatal("oneLine changed an error already on one line")
	}
}

// TestDiskFullSQLState: PostgreSQL's disk_full (SQLSTATE 53100), wrapped as
// the store wraps it, is a full disk for store.IsDiskFull (which /readyz
// names); other server errors are not.
func TestDiskFullSQLState(t *testing.T) {
	full := fmt.Errorf("pgstore: heartbeat: %w", &pgconn.PgError{Code: "53100", Message: "could not extend file"})
	if !store.IsDiskFull(full) {
		t.Fatalf("%v not taken for a full disk", full)
	}
	for _, code := range []string{"53200", "25006", "57P01"} {
		if err := fmt.Errorf("pgstore: %w", &pgconn.PgError{Code: code}); store.IsDiskFull(err) {
			t.Fatalf("SQLSTATE %s taken for a full disk", code)
		}
	}
	if !errors.Is(mapErr(&pgconn.PgError{Code: "23505"}), store.ErrConflict) || strings.Contains(mapErr(&pgconn.PgError{Code: "23505"}).Error(), "\n") {
		t.Fatal("a unique violation is not a one-line conflict")
	}
}
