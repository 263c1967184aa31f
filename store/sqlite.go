package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// OpenSQLite opens (creating when needed) the database gaslamp.db in dir, in
// WAL mode, and applies the pending migrations. Writes go through a single
// connection, reads through a small pool.
func OpenSQLite(ctx context.Context, dir string) (Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	path := dbFile(dir)
	// A new database holds password hashes, session hashes and e-mail
	// addresses: readable by its owner only (SQLite would create it 0644,
	// its WAL and shared-memory files taking the same mode), whatever the
	// data directory's own mode. SQLite makes an empty file a database.
	if f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	} else if !errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("store: %w", err)
	}
	dsn := func(extra ...string) string {
		return sqliteDSN(path, append([]string{"busy_timeout(10000)", "journal_mode(WAL)", "synchronous(FULL)", "foreign_keys(1)"}, extra...)...)
	}
	w, err := sql.Open("sqlite", dsn())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	s := &sqlStore{w: w, rebind: func(q string) string { return q }}
	s.integrity = quickCheck(ctx, w)
	if err := s.migrate(ctx); err != nil {
		w.Close()
		return nil, err
	}
	if s.appendMove, err = w.PrepareContext(ctx, s.rebind(`INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)`)); err != nil {
		w.Close()
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	r, err := sql.Open("sqlite", dsn("query_only(1)"))
	if err != nil {
		w.Close()
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	r.SetMaxOpenConns(4)
	r.SetMaxIdleConns(4)
	s.r = r
	s.startMoveWriter()
	return s, nil
}

// sqlStore implements Store on database/sql. Its queries use "?" placeholders;
// rebind turns them into a dialect's own form (PostgreSQL's $1).
type sqlStore struct {
	w, r       *sql.DB
	rebind     func(string) string
	appendMove *sql.Stmt // prepared once: the hottest write
	integrity  error     // what quick_check found at open (nil: nothing)
	mw         moveWriter
}

func (s *sqlStore) migrate(ctx context.Context) error {
	if _, err := s.w.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY,
		name TEXT NOT NULL,
		applied BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil {
		return fmt.Errorf("store: migrations table: %w", err)
	} else if err := CheckSchemaVersion(v); err != nil {
		return err
	}
	for _, m := range Migrations {
		if err := s.apply(ctx, m); err != nil {
			return fmt.Errorf("store: migration %d (%s): %w", m.Version, m.Name, err)
		}
	}
	return nil
}

func (s *sqlStore) apply(ctx context.Context, m Migration) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM schema_migrations WHERE version = ?`), m.Version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	applied := time.Now().UnixMilli()
	for _, st := range m.Statements {
		var args []any
		if strings.Contains(st, "?") {
			args = append(args, applied)
		}
		if _, err := tx.ExecContext(ctx, s.rebind(st), args...); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)`),
		m.Version, m.Name, applied); err != nil {
		return err
	}
	return tx.Commit()
}

func (s *sqlStore) SchemaVersion(ctx context.Context) (int, error) {
	var v sql.NullInt64
	err := s.w.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v)
	return int(v.Int64), err
}

func (s *sqlStore) Close() error {
	var err error
	s.stopMoveWriter()
	if s.appendMove != nil {
		s.appendMove.Close()
	}
	if s.r != nil {
		err = s.r.Close()
	}
	if e := s.w.Close(); e != nil {
		err = e
	}
	return err
}

func (s *sqlStore) exec(ctx context.Context, q string, args ...any) error {
	_, err := s.w.ExecContext(ctx, s.rebind(q), args...)
	return mapErr(err)
}

func (s *sqlStore) row(ctx context.Context, q string, args ...any) *sql.Row {
	return s.r.QueryRowContext(ctx, s.rebind(q), args...)
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// quickCheck runs SQLite's quick_check (the structure of every table and
// index, without comparing indexes to their tables: linear in the file's
// size) and returns what it found, or nil.
func quickCheck(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `PRAGMA quick_check(20)`)
	if err != nil {
		return fmt.Errorf("store: integrity check: %w", err)
	}
	defer rows.Close()
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("store: integrity check: %w", err)
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: integrity check: %w", err)
	}
	if len(found) > 0 {
		return fmt.Errorf("store: the database is damaged (%d problems, first: %s)", len(found), found[0])
	}
	return nil
}
