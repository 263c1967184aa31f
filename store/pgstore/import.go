package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/store"
)

// ErrNotEmpty is returned by ImportSQLite when the PostgreSQL database
// already holds data: an import never mixes two sites' rows.
var ErrNotEmpty = errors.New("pgstore: the PostgreSQL database already holds gaslamp data")

// ImportInfo describes what ImportSQLite copied.
type ImportInfo struct {
	Schema int              // the schema version of both databases
	Rows   map[string]int64 // rows copied, by table
	Total  int64            // all rows copied
	Took   time.Duration
}

// ImportSQLite copies every row of the embedded SQLite database of data
// directory dir into the PostgreSQL database of s, which must hold no
// gaslamp data yet (ErrNotEmpty otherwise): a single node's site moves to
// the shared database of several nodes with its accounts, tables, moves,
// ratings and settings (the keys of its push notifications among them). No
// server may run on dir meanwhile (the caller holds its lock). The SQLite
// database is first brought to this binary's schema (its migrations, as
// serve would apply them) and checked (quick_check); both databases then
// have the same tables and columns. The rows are copied in one transaction,
// table after table in the order the migrations made them (a table after
// those it refers to), and the counts are compared before the commit:
// either everything is copied or nothing is.
func ImportSQLite(ctx context.Context, s *Store, dir string) (ImportInfo, error) {
	start := time.Now()
	info := ImportInfo{Rows: map[string]int64{}}
	path := filepath.Join(dir, "gaslamp.db")
	if _, err := os.Stat(path); err != nil {
		return info, fmt.Errorf("pgstore: import: no database in %s: %w", dir, err)
	}
	// Migrate and check the SQLite database as serve would.
	ss, err := store.OpenSQLite(ctx, dir)
	if err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	if err := ss.Integrity(); err != nil {
		ss.Close()
		return info, fmt.Errorf("pgstore: import: the SQLite database is damaged: %w", err)
	}
	v, err := ss.SchemaVersion(ctx)
	ss.Close()
	if err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	pv, err := s.SchemaVersion(ctx)
	if err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	if v != pv {
		return info, fmt.Errorf("pgstore: import: the SQLite database is at schema %d, PostgreSQL at %d", v, pv)
	}
	info.Schema = v

	src, err := sql.Open("sqlite", "file:"+path+"?_pragma=query_only(1)&_pragma=busy_timeout(10000)")
	if err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	defer src.Close()
	src.SetMaxOpenConns(1)
	tables, err := sqliteTables(ctx, src)
	if err != nil {
		return info, err
	}

	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	defer tx.Rollback(ctx)
	for _, t := range tables {
		var held bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+pgx.Identifier{t}.Sanitize()+`)`).Scan(&held); err != nil {
			return info, fmt.Errorf("pgstore: import: table %s: %w", t, err)
		}
		if held {
			return info, fmt.Errorf("%w (table %s has rows): import into an empty database", ErrNotEmpty, t)
		}
	}
	for _, t := range tables {
		n, err := copyTable(ctx, src, tx, t)
		if err != nil {
			return info, err
		}
		var got int64
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM `+pgx.Identifier{t}.Sanitize()).Scan(&got); err != nil {
			return info, fmt.Errorf("pgstore: import: table %s: %w", t, err)
		}
		if got != n {
			return info, fmt.Errorf("pgstore: import: table %s: %d rows read, %d in PostgreSQL", t, n, got)
		}
		info.Rows[t] = n
		info.Total += n
	}
	if err := tx.Commit(ctx); err != nil {
		return info, fmt.Errorf("pgstore: import: %w", err)
	}
	info.Took = time.Since(start)
	return info, nil
}

// sqliteTables lists the SQLite database's tables in the order they were
// made, without SQLite's own and schema_migrations (which PostgreSQL keeps
// for itself).
func sqliteTables(ctx context.Context, db *sql.DB) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name <> 'schema_migrations' ORDER BY rowid`)
	if err != nil {
		return nil, fmt.Errorf("pgstore: import: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, fmt.Errorf("pgstore: import: %w", err)
		}
		out = append(out, name)
	}
	return out, rows.Err()
}

// copyTable copies every row of SQLite table t into the PostgreSQL table of
// the same name and columns (COPY), and returns how many it read.
func copyTable(ctx context.Context, src *sql.DB, tx pgx.Tx, t string) (int64, error) {
	rows, err := src.QueryContext(ctx, `SELECT * FROM "`+t+`"`)
	if err != nil {
		return 0, fmt.Errorf("pgstore: import: table %s: %w", t, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return 0, fmt.Errorf("pgstore: import: table %s: %w", t, err)
	}
	var read int64
	n, err := tx.CopyFrom(ctx, pgx.Identifier{t}, cols, &sqlRows{rows: rows, n: len(cols), read: &read})
	if err != nil {
		return 0, fmt.Errorf("pgstore: import: table %s: %w", t, err)
	}
	if n != read {
		return 0, fmt.Errorf("pgstore: import: table %s: %d rows read, %d copied", t, read, n)
	}
	return read, nil
}

// sqlRows feeds database/sql rows to pgx's COPY.
type sqlRows struct {
	rows *sql.Rows
	n    int
	vals []any
	read *int64
	err  error
}

func (r *sqlRows) Next() bool {
	if !r.rows.Next() {
		r.err = r.rows.Err()
		return false
	}
	r.vals = make([]any, r.n)
	ptrs := make([]any, r.n)
	for i := range r.vals {
		ptrs[i] = &r.vals[i]
	}
	if r.err = r.rows.Scan(ptrs...); r.err != nil {
		return false
	}
	*r.read++
	return true
}

func (r *sqlRows) Values() ([]any, error) { return r.vals, nil }

func (r *sqlRows) Err() error { return r.err }
