// Package pgstore is the PostgreSQL implementation of [store.Store], for
// gaslamp served by several nodes that share one database.
//
// It applies the same versioned migrations as the SQLite store
// ([store.Migrations], written in the SQL both dialects share), each in its
// own transaction under an advisory lock, so that several nodes starting at
// once migrate the schema exactly once. Its tables live in the first schema
// of the connection's search_path: give "?search_path=NAME" in the URL to
// keep gaslamp in a schema of its own (the schema must exist).
//
// It is held to the same behaviour as the SQLite store by the shared suite,
// gaslamp/store/storetest. Moves are plain INSERTs under the primary key
// (table_id, seq): a taken sequence number fails with [store.ErrConflict],
// and an acknowledged move is committed with synchronous_commit on (forced
// for gaslamp's sessions unless the URL sets it), so it survives a crash of
// the database server.
//
// It uses pgx's native interface (pgxpool), not database/sql. The pool is
// sized by pgx's defaults (at least 4 connections, or one per CPU) unless
// the URL says otherwise (pool_max_conns=N).
package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"gaslamp/store"
)

// Store is a store.Store on a PostgreSQL database. Create it with Open.
type Store struct {
	pool    *pgxpool.Pool
	retries atomic.Int64 // moves retried on a fresh connection
}

// Retries returns how many moves were retried on a fresh connection after
// their connection broke.
func (s *Store) Retries() int64 { return s.retries.Load() }

var _ store.Store = (*Store)(nil)

// writeTimeout bounds a write once it has been sent: past it, the
// connection is given up and the outcome checked (see AppendMove).
const writeTimeout = 30 * time.Second

// verifyTimeout bounds the reading back of a move whose write failed with an
// unknown outcome.
const verifyTimeout = 5 * time.Second

// Open connects to the PostgreSQL database at url (a postgres:// URL or a
// "key=value ..." string, as pgx accepts), checks that it answers, and
// applies the pending migrations. ctx bounds the connection and the
// migrations.
func Open(ctx context.Context, url string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	rp := cfg.ConnConfig.RuntimeParams
	if _, ok := rp["synchronous_commit"]; !ok {
		rp["synchronous_commit"] = "on" // AppendMove returns once the move is durable
	}
	if _, ok := rp["application_name"]; !ok {
		rp["application_name"] = "gaslamp"
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgstore: connect to %s: %w", describe(cfg), oneLine(err))
	}
	s := &Store{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

// describe names the server and database of cfg without the password.
func describe(cfg *pgxpool.Config) string {
	c := cfg.ConnConfig
	return fmt.Sprintf("%s@%s:%d/%s", c.User, c.Host, c.Port, c.Database)
}

// migrate applies the migrations that schema_migrations does not list yet.
// Each step runs in a transaction that first takes an advisory lock proper
// to the schema, so concurrent nodes apply each migration once, in order.
func (s *Store) migrate(ctx context.Context) error {
	var schema *string
	if err := s.pool.QueryRow(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return fmt.Errorf("pgstore: %w", err)
	}
	if schema == nil {
		var path string
		s.pool.QueryRow(ctx, `SHOW search_path`).Scan(&path)
		return fmt.Errorf("pgstore: no schema to create tables in: the search_path (%s) names no existing schema", path)
	}
	h := fnv.New64a()
	h.Write([]byte("gaslamp migrations " + *schema))
	lock := int64(h.Sum64())
	step := func(fn func(tx pgx.Tx) error) error {
		return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, lock); err != nil {
				return err
			}
			return fn(tx)
		})
	}
	err := step(func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version INTEGER PRIMARY KEY,
			name TEXT NOT NULL,
			applied BIGINT NOT NULL)`)
		return err
	})
	if err != nil {
		return fmt.Errorf("pgstore: migrations table: %w", err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil {
		return fmt.Errorf("pgstore: migrations table: %w", err)
	} else if err := store.CheckSchemaVersion(v); err != nil {
		return err
	}
	for _, m := range store.Migrations {
		err := step(func(tx pgx.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations WHERE version = $1`, m.Version).Scan(&n); err != nil || n > 0 {
				return err
			}
			applied := time.Now().UnixMilli()
			for _, st := range m.Statements {
				var args []any
				if strings.Contains(st, "?") { // the time of the migration (see store.Migration)
					st, args = strings.ReplaceAll(st, "?", "$1"), []any{applied}
				}
				if _, err := tx.Exec(ctx, st, args...); err != nil {
					return err
				}
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)`,
				m.Version, m.Name, applied)
			return err
		})
		if err != nil {
			return fmt.Errorf("pgstore: migration %d (%s): %w", m.Version, m.Name, err)
		}
	}
	return nil
}

// ErrNoSchema is returned by SchemaVersionAt when the database holds no
// gaslamp tables.
var ErrNoSchema = errors.New("pgstore: no gaslamp tables in the database")

// SchemaVersionAt reads the schema version of the PostgreSQL database at
// url without opening it as a store, which would migrate it: a tool run
// beside the nodes (gaslamp admin) must not upgrade their database under
// them. It returns ErrNoSchema when the database holds no gaslamp tables.
func SchemaVersionAt(ctx context.Context, url string) (int, error) {
	pcfg, err := pgxpool.ParseConfig(url) // the pool's own settings (pool_max_conns) are not the server's
	if err != nil {
		return 0, fmt.Errorf("pgstore: %w", err)
	}
	conn, err := pgx.ConnectConfig(ctx, pcfg.ConnConfig)
	if err != nil {
		return 0, fmt.Errorf("pgstore: connect to %s: %w", describe(pcfg), oneLine(err))
	}
	defer conn.Close(ctx)
	var table *string
	if err := conn.QueryRow(ctx, `SELECT to_regclass('schema_migrations')::text`).Scan(&table); err != nil {
		return 0, fmt.Errorf("pgstore: %w", err)
	}
	if table == nil {
		return 0, ErrNoSchema
	}
	var v *int
	if err := conn.QueryRow(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("pgstore: %w", err)
	}
	if v == nil {
		return 0, ErrNoSchema
	}
	return *v, nil
}

// SchemaVersion implements store.Store.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	var v *int
	err := s.pool.QueryRow(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v)
	if v == nil {
		return 0, err
	}
	return *v, err
}

// Close implements store.Store: it waits for the queries in progress, then
// closes every connection. Calls after Close fail.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}

// mapErr turns driver errors into the store package's errors.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" { // unique_violation
		return fmt.Errorf("%w: %w", store.ErrConflict, err) // one line, unlike errors.Join
	}
	return err
}

func (s *Store) exec(ctx context.Context, q string, args ...any) error {
	_, err := s.pool.Exec(ctx, q, args...)
	return mapErr(err)
}

func ms(t time.Time) int64 { return t.UnixMilli() }

func fromMS(v int64) time.Time { return time.UnixMilli(v).UTC() }

// CreateUser implements store.Store.
func (s *Store) CreateUser(ctx context.Context, u store.User) error {
	return s.exec(ctx, `INSERT INTO users (id, name, created) VALUES ($1, $2, $3)`, u.ID, u.Name, ms(u.Created))
}

// User implements store.Store.
func (s *Store) User(ctx context.Context, id string) (store.User, error) {
	var u store.User
	var created int64
	err := s.pool.QueryRow(ctx, `SELECT id, name, created, EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = users.id) FROM users WHERE id = $1`, id).Scan(&u.ID, &u.Name, &created, &u.Registered)
	u.Created = fromMS(created)
	return u, mapErr(err)
}

// CreateSession implements store.Store.
func (s *Store) CreateSession(ctx context.Context, x store.Session) error {
	if x.LastSeen.IsZero() {
		x.LastSeen = x.Created
	}
	return s.exec(ctx, `INSERT INTO sessions (token_hash, user_id, csrf, created, last_seen) VALUES ($1, $2, $3, $4, $5)`,
		x.TokenHash, x.UserID, x.CSRF, ms(x.Created), ms(x.LastSeen))
}

// SessionByHash implements store.Store.
func (s *Store) SessionByHash(ctx context.Context, hash string) (store.Session, store.User, error) {
	var x store.Session
	var u store.User
	var sc, seen, uc int64
	err := s.pool.QueryRow(ctx, `SELECT s.token_hash, s.user_id, s.csrf, s.created, s.last_seen, u.id, u.name, u.created,
		EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id)
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1`, hash).
		Scan(&x.TokenHash, &x.UserID, &x.CSRF, &sc, &seen, &u.ID, &u.Name, &uc, &u.Registered)
	x.Created, x.LastSeen, u.Created = fromMS(sc), fromMS(seen), fromMS(uc)
	return x, u, mapErr(err)
}

// SessionsSeen implements store.Store.
func (s *Store) SessionsSeen(ctx context.Context, hashes []string) (map[string]time.Time, error) {
	seen := make(map[string]time.Time, len(hashes))
	if len(hashes) == 0 {
		return seen, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT token_hash, last_seen FROM sessions WHERE token_hash = ANY($1)`, hashes)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var h string
		var at int64
		if err := rows.Scan(&h, &at); err != nil {
			return nil, mapErr(err)
		}
		seen[h] = fromMS(at)
	}
	return seen, mapErr(rows.Err())
}

// TouchSession implements store.Store.
func (s *Store) TouchSession(ctx context.Context, hash string, at time.Time) error {
	return s.exec(ctx, `UPDATE sessions SET last_seen = $1 WHERE token_hash = $2 AND last_seen < $1`, ms(at), hash)
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, hash string) error {
	return s.exec(ctx, `DELETE FROM sessions WHERE token_hash = $1`, hash)
}

// DeleteSessionsSeenBefore implements store.Store.
func (s *Store) DeleteSessionsSeenBefore(ctx context.Context, t time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM sessions WHERE last_seen < $1`, ms(t))
	if err != nil {
		return 0, mapErr(err)
	}
	return tag.RowsAffected(), nil
}

// CreateTable implements store.Store: the table and its seats in one
// transaction.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return err
	}
	return mapErr(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO tables (id, game, options, seed, status, takeover_seconds, creator, created, hotseat, pace, rated)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
			t.ID, t.Game, string(opts), int64(t.Seed), t.Status, t.Takeover, t.Creator, ms(t.Created), boolInt(t.Hotseat), t.Pace, boolInt(t.Rated)); err != nil {
			return err
		}
		if len(t.Seats) == 0 {
			return nil
		}
		var b pgx.Batch
		for _, st := range t.Seats {
			b.Queue(`INSERT INTO seats (table_id, seat, kind, bot, level, user_id, name, invite_hash, owner)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, t.ID, st.Seat, st.Kind, st.Bot, st.Level, st.UserID, st.Name, st.InviteHash, st.Owner)
		}
		return tx.SendBatch(ctx, &b).Close()
	}))
}

const tableCols = `id, game, options, seed, status, takeover_seconds, creator, created, hotseat, pace, resigned_seat, resigned_version, rated, resigned_reason, winner, ended, finished_at`

func scanTable(row pgx.Row) (store.Table, error) {
	var t store.Table
	var opts string
	var seed, created, hotseat, resignedSeat, resignedVersion, rated, finishedAt int64
	var resignedReason, winner, ended string
	if err := row.Scan(&t.ID, &t.Game, &opts, &seed, &t.Status, &t.Takeover, &t.Creator, &created, &hotseat, &t.Pace, &resignedSeat, &resignedVersion, &rated, &resignedReason, &winner, &ended, &finishedAt); err != nil {
		return t, mapErr(err)
	}
	t.Seed, t.Created, t.Hotseat, t.Rated = uint64(seed), fromMS(created), hotseat != 0, rated != 0
	if resignedSeat >= 0 {
		t.Resigned = &store.Resignation{Seat: int(resignedSeat), Version: resignedVersion, Reason: resignedReason}
	}
	if ended != "" {
		t.Finish = &store.Finish{Winner: winner, Ended: ended, At: fromMS(finishedAt)}
	}
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return t, err
	}
	return t, nil
}

// Table implements store.Store.
func (s *Store) Table(ctx context.Context, id string) (store.Table, error) {
	t, err := scanTable(s.pool.QueryRow(ctx, `SELECT `+tableCols+` FROM tables WHERE id = $1`, id))
	if err != nil {
		return t, err
	}
	seats, err := s.seats(ctx, []string{id})
	t.Seats = seats[id]
	return t, err
}

// seats returns the seats of the given tables, by table, in seat order.
func (s *Store) seats(ctx context.Context, ids []string) (map[string][]store.Seat, error) {
	rows, err := s.pool.Query(ctx, `SELECT table_id, seat, kind, bot, level, user_id, name, invite_hash, owner
		FROM seats WHERE table_id = ANY($1) ORDER BY table_id, seat`, ids)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string][]store.Seat{}
	for rows.Next() {
		var id string
		var x store.Seat
		if err := rows.Scan(&id, &x.Seat, &x.Kind, &x.Bot, &x.Level, &x.UserID, &x.Name, &x.InviteHash, &x.Owner); err != nil {
			return nil, err
		}
		out[id] = append(out[id], x)
	}
	return out, rows.Err()
}

// Tables implements store.Store. Tables created at the same millisecond
// come in the byte order of their ids, as in SQLite.
func (s *Store) Tables(ctx context.Context, limit int, statuses ...string) ([]store.Table, error) {
	return s.tables(ctx, "", limit, 0, statuses)
}

// TablesOf implements store.Store.
func (s *Store) TablesOf(ctx context.Context, user string, limit, offset int, statuses ...string) ([]store.Table, error) {
	if user == "" {
		return nil, nil
	}
	return s.tables(ctx, user, limit, offset, statuses)
}

// tables lists tables by status, those user held a seat of when user is
// not "".
func (s *Store) tables(ctx context.Context, user string, limit, offset int, statuses []string) ([]store.Table, error) {
	q := `SELECT ` + tableCols + ` FROM tables`
	var args []any
	var where []string
	if len(statuses) > 0 {
		args = append(args, statuses)
		where = append(where, fmt.Sprintf(`status = ANY($%d)`, len(args)))
	}
	if user != "" {
		args = append(args, user)
		where = append(where, fmt.Sprintf(`id IN (SELECT table_id FROM seat_holders WHERE user_id = $%d)`, len(args)))
	}
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY ` + store.TablesOrder(statuses) + `created DESC, id COLLATE "C"`
	if limit > 0 {
		args = append(args, limit)
		q += fmt.Sprintf(` LIMIT $%d`, len(args))
	}
	if offset > 0 {
		args = append(args, offset)
		q += fmt.Sprintf(` OFFSET $%d`, len(args))
	}
	return s.queryTables(ctx, q, args...)
}

// RecordFinish implements store.Store.
func (s *Store) RecordFinish(ctx context.Context, table string, f store.Finish) error {
	return s.exec(ctx, `UPDATE tables SET winner = $1, ended = $2, finished_at = $3 WHERE id = $4 AND ended = '' AND status = $5`,
		f.Winner, f.Ended, ms(f.At), table, store.StatusFinished)
}

// Archive implements store.Store. Ids compare byte by byte, as in SQLite.
func (s *Store) Archive(ctx context.Context, q store.ArchiveQuery) ([]store.Table, error) {
	where, args := store.ArchiveWhere(q, func(n int) string { return fmt.Sprintf("$%d", n) }, `id COLLATE "C"`)
	sql := `SELECT ` + tableCols + ` FROM tables WHERE ` + where + ` ORDER BY finished_at DESC, id COLLATE "C" DESC`
	if q.Limit > 0 {
		args = append(args, q.Limit)
		sql += fmt.Sprintf(` LIMIT $%d`, len(args))
	}
	return s.queryTables(ctx, sql, args...)
}

// queryTables runs a query of tableCols and reads each table with its seats.
func (s *Store) queryTables(ctx context.Context, q string, args ...any) ([]store.Table, error) {
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []store.Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(out) == 0 {
		return out, err
	}
	ids := make([]string, len(out))
	for i := range out {
		ids[i] = out[i].ID
	}
	seats, err := s.seats(ctx, ids)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Seats = seats[out[i].ID]
	}
	return out, nil
}

// CountTables implements store.Store.
func (s *Store) CountTables(ctx context.Context) (map[string]int, error) {
	rows, err := s.pool.Query(ctx, `SELECT status, COUNT(*) FROM tables GROUP BY status`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var st string
		var n int
		if err := rows.Scan(&st, &n); err != nil {
			return nil, err
		}
		out[st] = n
	}
	return out, rows.Err()
}

// Resign implements store.Store.
func (s *Store) Resign(ctx context.Context, table string, r store.Resignation) error {
	tag, err := s.pool.Exec(ctx, `UPDATE tables SET status = $1, resigned_seat = $2, resigned_version = $3, resigned_reason = $5 WHERE id = $4 AND status <> $1`,
		store.StatusFinished, r.Seat, r.Version, table, r.Reason)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() > 0 {
		return nil
	}
	var one int
	if err := s.pool.QueryRow(ctx, `SELECT 1 FROM tables WHERE id = $1`, table).Scan(&one); err != nil {
		return mapErr(err)
	}
	return store.ErrConflict
}

// SetStatus implements store.Store.
func (s *Store) SetStatus(ctx context.Context, table, status string) error {
	return s.exec(ctx, `UPDATE tables SET status = $1 WHERE id = $2`, status, table)
}

// SetSeatHolder implements store.Store.
func (s *Store) SetSeatHolder(ctx context.Context, table string, seat int, userID, name string) error {
	return s.exec(ctx, `UPDATE seats SET user_id = $1, name = $2 WHERE table_id = $3 AND seat = $4`, userID, name, table, seat)
}

// SeatByInvite implements store.Store.
func (s *Store) SeatByInvite(ctx context.Context, hash string) (string, int, error) {
	var table string
	var seat int
	err := s.pool.QueryRow(ctx, `SELECT table_id, seat FROM seats WHERE invite_hash = $1 AND invite_hash <> ''`, hash).Scan(&table, &seat)
	return table, seat, mapErr(err)
}

const insertMove = `INSERT INTO moves (table_id, seq, seat, move, at) VALUES ($1, $2, $3, $4, $5)`

// AppendMove implements store.Store. ctx bounds only the wait for a
// connection: once the move is sent, it is written and its result awaited
// (up to writeTimeout), so that a caller never believes a move lost that was
// in fact stored. When the connection fails after the move was sent, the
// outcome is read back: a stored row equal to the move means success.
//
// A connection that died before the move was committed (a pooled connection
// the database killed, a restart of PostgreSQL, a network cut) gets the move
// retried once on a fresh connection: (table, seq) makes the insert
// idempotent, and a conflict with a row equal to the move means the first
// try had committed after all. Players see a refusal only when the store is
// really down.
func (s *Store) AppendMove(ctx context.Context, m store.Move) error {
	err, retry := s.appendOnce(ctx, m)
	if err == nil || !retry {
		return err
	}
	s.retries.Add(1)
	err, _ = s.appendOnce(ctx, m)
	if errors.Is(err, store.ErrConflict) {
		vctx, vcancel := context.WithTimeout(context.WithoutCancel(ctx), verifyTimeout)
		defer vcancel()
		if s.moveStored(vctx, m) {
			return nil
		}
	}
	return err
}

// appendOnce tries to store m once; retry says whether the failure came from
// the connection rather than from the database's judgement of the move, so
// that one more try on a fresh connection is safe.
func (s *Store) appendOnce(ctx context.Context, m store.Move) (err error, retry bool) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("pgstore: %w", err), false
	}
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), writeTimeout)
	defer cancel()
	_, err = conn.Exec(wctx, insertMove, m.Table, m.Seq, m.Seat, string(m.Move), ms(m.At))
	if err != nil && connBroken(err) {
		// Never hand this connection to anyone again.
		conn.Conn().Close(context.Background())
	}
	conn.Release()
	if err == nil {
		return nil, false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		// Refused by the server: a conflict or a bad row is final; a
		// server that is shutting the connection down is worth a retry.
		return mapErr(err), connBroken(err) && ctx.Err() == nil
	}
	if pgconn.SafeToRetry(err) {
		return mapErr(err), ctx.Err() == nil // never sent
	}
	// The outcome is unknown: the commit may have happened.
	vctx, vcancel := context.WithTimeout(context.WithoutCancel(ctx), verifyTimeout)
	defer vcancel()
	if s.moveStored(vctx, m) {
		return nil, false
	}
	return fmt.Errorf("pgstore: move %s/%d: outcome unknown: %w", m.Table, m.Seq, err), ctx.Err() == nil
}

// connBroken says whether err means the connection, not the statement,
// failed: a network error, or the server terminating the session (class 57P
// admin/crash shutdown, class 08 connection exceptions).
func connBroken(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "57P") || strings.HasPrefix(pe.Code, "08")
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// moveStored reports whether the stored move (m.Table, m.Seq) is m.
func (s *Store) moveStored(ctx context.Context, m store.Move) bool {
	var seat int
	var mv string
	var at int64
	err := s.pool.QueryRow(ctx, `SELECT seat, move, at FROM moves WHERE table_id = $1 AND seq = $2`, m.Table, m.Seq).Scan(&seat, &mv, &at)
	return err == nil && seat == m.Seat && mv == string(m.Move) && at == ms(m.At)
}

// Moves implements store.Store.
func (s *Store) Moves(ctx context.Context, table string) ([]store.Move, error) {
	return s.moves(ctx, table, `SELECT seq, seat, move, at FROM moves WHERE table_id = $1 ORDER BY seq`, table)
}

// MovesAfter implements store.Store.
func (s *Store) MovesAfter(ctx context.Context, table string, after int64) ([]store.Move, error) {
	return s.moves(ctx, table, `SELECT seq, seat, move, at FROM moves WHERE table_id = $1 AND seq > $2 ORDER BY seq`, table, after)
}

func (s *Store) moves(ctx context.Context, table, q string, args ...any) ([]store.Move, error) {
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Move
	for rows.Next() {
		m := store.Move{Table: table}
		var mv string
		var at int64
		if err := rows.Scan(&m.Seq, &m.Seat, &mv, &at); err != nil {
			return nil, err
		}
		m.Move, m.At = []byte(mv), fromMS(at)
		out = append(out, m)
	}
	return out, rows.Err()
}

// AppendChat implements store.Store.
func (s *Store) AppendChat(ctx context.Context, c store.Chat) error {
	return s.exec(ctx, `INSERT INTO chat (table_id, seq, user_id, name, seat, text, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		c.Table, c.Seq, c.UserID, c.Name, c.Seat, c.Text, ms(c.At))
}

// Chat implements store.Store. As in SQLite, a negative limit means no
// limit.
func (s *Store) Chat(ctx context.Context, table string, limit int) ([]store.Chat, error) {
	var lim any = limit
	if limit < 0 {
		lim = nil // LIMIT NULL is no limit
	}
	rows, err := s.pool.Query(ctx, `SELECT seq, user_id, name, seat, text, at FROM chat
		WHERE table_id = $1 ORDER BY seq DESC LIMIT $2`, table, lim)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Chat
	for rows.Next() {
		c := store.Chat{Table: table}
		var at int64
		if err := rows.Scan(&c.Seq, &c.UserID, &c.Name, &c.Seat, &c.Text, &at); err != nil {
			return nil, err
		}
		c.At = fromMS(at)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, nil
}

// ClaimLease implements store.Store.
func (s *Store) ClaimLease(ctx context.Context, table, owner string, now, until time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO table_leases (table_id, owner, expires) VALUES ($1, $2, $3)
		ON CONFLICT (table_id) DO NOTHING`, table, owner, ms(until))
	if err != nil {
		return false, mapErr(err)
	}
	if tag.RowsAffected() == 1 {
		return true, nil
	}
	tag, err = s.pool.Exec(ctx, `UPDATE table_leases SET owner = $1, expires = $2
		WHERE table_id = $3 AND (owner = $1 OR expires <= $4)`, owner, ms(until), table, ms(now))
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() == 1, nil
}

// SetSeatOwner implements store.Store.
func (s *Store) SetSeatOwner(ctx context.Context, table string, seat int, owner string) error {
	return s.exec(ctx, `UPDATE seats SET owner = $1 WHERE table_id = $2 AND seat = $3`, owner, table, seat)
}

// SetSeatInvite implements store.Store.
func (s *Store) SetSeatInvite(ctx context.Context, table string, seat int, hash string) error {
	return s.exec(ctx, `UPDATE seats SET invite_hash = $1 WHERE table_id = $2 AND seat = $3`, hash, table, seat)
}

// AddSeatHolder implements store.Store.
func (s *Store) AddSeatHolder(ctx context.Context, table, user, grp string) error {
	return s.exec(ctx, `INSERT INTO seat_holders (table_id, user_id, grp) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, table, user, grp)
}

// SeatHolderGroups implements store.Store.
func (s *Store) SeatHolderGroups(ctx context.Context, table, user string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT grp FROM seat_holders WHERE table_id = $1 AND user_id = $2 ORDER BY grp`, table, user)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// AddPushSubscription implements store.Store.
func (s *Store) AddPushSubscription(ctx context.Context, p store.PushSubscription) error {
	return s.exec(ctx, `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, lang, created) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang`,
		p.Endpoint, p.User, p.P256dh, p.Auth, p.Lang, ms(p.Created))
}

// PushSubscriptions implements store.Store.
func (s *Store) PushSubscriptions(ctx context.Context, user string) ([]store.PushSubscription, error) {
	rows, err := s.pool.Query(ctx, `SELECT endpoint, user_id, p256dh, auth, lang, created FROM push_subscriptions WHERE user_id = $1 ORDER BY created`, user)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []store.PushSubscription
	for rows.Next() {
		var p store.PushSubscription
		var created int64
		if err := rows.Scan(&p.Endpoint, &p.User, &p.P256dh, &p.Auth, &p.Lang, &created); err != nil {
			return nil, err
		}
		p.Created = fromMS(created)
		out = append(out, p)
	}
	return out, rows.Err()
}

// DeletePushSubscription implements store.Store.
func (s *Store) DeletePushSubscription(ctx context.Context, endpoint string) error {
	return s.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = $1`, endpoint)
}

// CountOpenTablesBy implements store.Store.
func (s *Store) CountOpenTablesBy(ctx context.Context, creator string) (int, error) {
	var n int
	err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM tables WHERE creator = $1 AND status = $2`, creator, store.StatusOpen).Scan(&n)
	return n, mapErr(err)
}

// Heartbeat implements store.Store.
func (s *Store) Heartbeat(ctx context.Context, node string) error {
	return s.exec(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
		"heartbeat:"+node, time.Now().UTC().Format(time.RFC3339Nano))
}

// Integrity implements store.Store: PostgreSQL checks its own pages.
func (s *Store) Integrity() error { return nil }

// AddTransfer implements store.Store.
func (s *Store) AddTransfer(ctx context.Context, tr store.Transfer) error {
	return s.exec(ctx, `INSERT INTO seat_transfers (token_hash, table_id, seat, user_id, expires) VALUES ($1, $2, $3, $4, $5)`,
		tr.Hash, tr.Table, tr.Seat, tr.User, ms(tr.Expires))
}

// Transfer implements store.Store.
func (s *Store) Transfer(ctx context.Context, hash string, now time.Time) (store.Transfer, error) {
	tr := store.Transfer{Hash: hash}
	var exp int64
	err := s.pool.QueryRow(ctx, `SELECT table_id, seat, user_id, expires FROM seat_transfers WHERE token_hash = $1 AND expires > $2`,
		hash, ms(now)).Scan(&tr.Table, &tr.Seat, &tr.User, &exp)
	tr.Expires = fromMS(exp)
	return tr, mapErr(err)
}

// TakeTransfer implements store.Store.
func (s *Store) TakeTransfer(ctx context.Context, hash string, now time.Time) (store.Transfer, error) {
	tr := store.Transfer{Hash: hash}
	var exp int64
	err := s.pool.QueryRow(ctx, `DELETE FROM seat_transfers WHERE token_hash = $1 AND expires > $2 RETURNING table_id, seat, user_id, expires`,
		hash, ms(now)).Scan(&tr.Table, &tr.Seat, &tr.User, &exp)
	tr.Expires = fromMS(exp)
	return tr, mapErr(err)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// EnsureSetting implements store.Store.
func (s *Store) EnsureSetting(ctx context.Context, name, value string) (string, error) {
	if err := s.exec(ctx, `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
		return "", err
	}
	var v string
	if err := s.pool.QueryRow(ctx, `SELECT value FROM settings WHERE name = $1`, name).Scan(&v); err != nil {
		return "", mapErr(err)
	}
	return v, nil
}

// ReleaseLease implements store.Store.
func (s *Store) ReleaseLease(ctx context.Context, table, owner string) error {
	return s.exec(ctx, `UPDATE table_leases SET expires = 0 WHERE table_id = $1 AND owner = $2`, table, owner)
}

// DropLease implements store.Store.
func (s *Store) DropLease(ctx context.Context, table string) error {
	return s.exec(ctx, `DELETE FROM table_leases WHERE table_id = $1`, table)
}

// ExpiredLeases implements store.Store.
func (s *Store) ExpiredLeases(ctx context.Context, now time.Time, limit int) ([]string, error) {
	if limit <= 0 {
		limit = 100
	}
	rows, err := s.pool.Query(ctx, `SELECT table_id FROM table_leases WHERE expires <= $1 ORDER BY expires, table_id LIMIT $2`, ms(now), limit)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// TableVersions implements store.Store.
func (s *Store) TableVersions(ctx context.Context, tables []string) (map[string]int64, error) {
	out := map[string]int64{}
	if len(tables) == 0 {
		return out, nil
	}
	rows, err := s.pool.Query(ctx, `SELECT table_id, MAX(seq) FROM moves WHERE table_id = ANY($1) GROUP BY table_id`, tables)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var v int64
		if err := rows.Scan(&id, &v); err != nil {
			return nil, err
		}
		out[id] = v
	}
	return out, rows.Err()
}
