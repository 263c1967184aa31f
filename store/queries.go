package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// mapErr turns driver errors into the package's errors.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	msg := err.Error()
	if strings.Contains(msg, "UNIQUE constraint") || strings.Contains(msg, "PRIMARY KEY") ||
		strings.Contains(msg, "duplicate key") {
		return fmt.Errorf("%w: %w", ErrConflict, err) // one line, unlike errors.Join
	}
	return err
}

func (s *sqlStore) CreateUser(ctx context.Context, u User) error {
	return s.exec(ctx, `INSERT INTO users (id, name, created) VALUES (?, ?, ?)`, u.ID, u.Name, ms(u.Created))
}

func (s *sqlStore) User(ctx context.Context, id string) (User, error) {
	var u User
	var created int64
	err := s.row(ctx, `SELECT id, name, created, EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = users.id) FROM users WHERE id = ?`, id).Scan(&u.ID, &u.Name, &created, &u.Registered)
	u.Created = fromMS(created)
	return u, mapErr(err)
}

func (s *sqlStore) CreateSession(ctx context.Context, x Session) error {
	if x.LastSeen.IsZero() {
		x.LastSeen = x.Created
	}
	return s.exec(ctx, `INSERT INTO sessions (token_hash, user_id, csrf, created, last_seen) VALUES (?, ?, ?, ?, ?)`,
		x.TokenHash, x.UserID, x.CSRF, ms(x.Created), ms(x.LastSeen))
}

func (s *sqlStore) SessionByHash(ctx context.Context, hash string) (Session, User, error) {
	var x Session
	var u User
	var sc, seen, uc int64
	err := s.row(ctx, `SELECT s.token_hash, s.user_id, s.csrf, s.created, s.last_seen, u.id, u.name, u.created,
		EXISTS (SELECT 1 FROM accounts a WHERE a.user_id = u.id)
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`, hash).
		Scan(&x.TokenHash, &x.UserID, &x.CSRF, &sc, &seen, &u.ID, &u.Name, &uc, &u.Registered)
	x.Created, x.LastSeen, u.Created = fromMS(sc), fromMS(seen), fromMS(uc)
	return x, u, mapErr(err)
}

// sessionsChunk is how many hashes one query of SessionsSeen asks for
// (SQLite allows 32,766 parameters; a few hundred keep each query short).
const sessionsChunk = 500

func (s *sqlStore) SessionsSeen(ctx context.Context, hashes []string) (map[string]time.Time, error) {
	seen := make(map[string]time.Time, len(hashes))
	for len(hashes) > 0 {
		chunk := hashes[:min(len(hashes), sessionsChunk)]
		hashes = hashes[len(chunk):]
		args := make([]any, len(chunk))
		for i, h := range chunk {
			args[i] = h
		}
		q := `SELECT token_hash, last_seen FROM sessions WHERE token_hash IN (?` + strings.Repeat(`, ?`, len(chunk)-1) + `)`
		rows, err := s.r.QueryContext(ctx, s.rebind(q), args...)
		if err != nil {
			return nil, mapErr(err)
		}
		for rows.Next() {
			var h string
			var at int64
			if err := rows.Scan(&h, &at); err != nil {
				rows.Close()
				return nil, mapErr(err)
			}
			seen[h] = fromMS(at)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, mapErr(err)
		}
	}
	return seen, nil
}

func (s *sqlStore) TouchSession(ctx context.Context, hash string, at time.Time) error {
	return s.exec(ctx, `UPDATE sessions SET last_seen = ? WHERE token_hash = ? AND last_seen < ?`, ms(at), hash, ms(at))
}

func (s *sqlStore) DeleteSession(ctx context.Context, hash string) error {
	return s.exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, hash)
}

func (s *sqlStore) DeleteSessionsSeenBefore(ctx context.Context, t time.Time) (int64, error) {
	res, err := s.w.ExecContext(ctx, s.rebind(`DELETE FROM sessions WHERE last_seen < ?`), ms(t))
	if err != nil {
		return 0, mapErr(err)
	}
	return res.RowsAffected()
}

func (s *sqlStore) CreateTable(ctx context.Context, t Table) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return err
	}
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO tables (id, game, options, seed, status, takeover_seconds, creator, created, hotseat, pace, rated)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`), t.ID, t.Game, string(opts), int64(t.Seed), t.Status, t.Takeover, t.Creator, ms(t.Created), boolInt(t.Hotseat), t.Pace, boolInt(t.Rated)); err != nil {
		return mapErr(err)
	}
	for _, st := range t.Seats {
		if _, err := tx.ExecContext(ctx, s.rebind(`INSERT INTO seats (table_id, seat, kind, bot, level, user_id, name, invite_hash, owner)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`), t.ID, st.Seat, st.Kind, st.Bot, st.Level, st.UserID, st.Name, st.InviteHash, st.Owner); err != nil {
			return mapErr(err)
		}
	}
	return mapErr(tx.Commit())
}

const tableCols = `id, game, options, seed, status, takeover_seconds, creator, created, hotseat, pace, resigned_seat, resigned_version, rated, resigned_reason, winner, ended, finished_at`

func scanTable(sc interface{ Scan(...any) error }) (Table, error) {
	var t Table
	var opts string
	var seed, created, hotseat, resignedSeat, resignedVersion, rated, finishedAt int64
	var resignedReason, winner, ended string
	if err := sc.Scan(&t.ID, &t.Game, &opts, &seed, &t.Status, &t.Takeover, &t.Creator, &created, &hotseat, &t.Pace, &resignedSeat, &resignedVersion, &rated, &resignedReason, &winner, &ended, &finishedAt); err != nil {
		return t, mapErr(err)
	}
	t.Seed, t.Created, t.Hotseat, t.Rated = uint64(seed), fromMS(created), hotseat != 0, rated != 0
	if resignedSeat >= 0 {
		t.Resigned = &Resignation{Seat: int(resignedSeat), Version: resignedVersion, Reason: resignedReason}
	}
	if ended != "" {
		t.Finish = &Finish{Winner: winner, Ended: ended, At: fromMS(finishedAt)}
	}
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return t, err
	}
	return t, nil
}

func (s *sqlStore) Table(ctx context.Context, id string) (Table, error) {
	t, err := scanTable(s.row(ctx, `SELECT `+tableCols+` FROM tables WHERE id = ?`, id))
	if err != nil {
		return t, err
	}
	t.Seats, err = s.seats(ctx, id)
	return t, err
}

func (s *sqlStore) seats(ctx context.Context, id string) ([]Seat, error) {
	rows, err := s.r.QueryContext(ctx, s.rebind(`SELECT seat, kind, bot, level, user_id, name, invite_hash, owner
		FROM seats WHERE table_id = ? ORDER BY seat`), id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var x Seat
		if err := rows.Scan(&x.Seat, &x.Kind, &x.Bot, &x.Level, &x.UserID, &x.Name, &x.InviteHash, &x.Owner); err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

func (s *sqlStore) Tables(ctx context.Context, limit int, statuses ...string) ([]Table, error) {
	return s.tables(ctx, "", limit, 0, statuses)
}

func (s *sqlStore) TablesOf(ctx context.Context, user string, limit, offset int, statuses ...string) ([]Table, error) {
	if user == "" {
		return nil, nil
	}
	return s.tables(ctx, user, limit, offset, statuses)
}

// tables lists tables by status, those user held a seat of when user is
// not "".
func (s *sqlStore) tables(ctx context.Context, user string, limit, offset int, statuses []string) ([]Table, error) {
	q := `SELECT ` + tableCols + ` FROM tables`
	var args []any
	var where []string
	if len(statuses) > 0 {
		where = append(where, `status IN (?`+strings.Repeat(`, ?`, len(statuses)-1)+`)`)
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	if user != "" {
		where = append(where, `id IN (SELECT table_id FROM seat_holders WHERE user_id = ?)`)
		args = append(args, user)
	}
	if len(where) > 0 {
		q += ` WHERE ` + strings.Join(where, ` AND `)
	}
	q += ` ORDER BY ` + tablesOrder(statuses) + `created DESC, id`
	if limit > 0 || offset > 0 {
		if limit <= 0 {
			limit = -1 // SQLite: no limit
		}
		q += ` LIMIT ? OFFSET ?`
		args = append(args, limit, offset)
	}
	return s.queryTables(ctx, s.rebind(q), args...)
}

// tablesOrder is how a list of finished tables comes first: by its end,
// newest first, one whose end is not recorded yet (just finished) before
// the others; other lists come by creation alone. Store implementations
// share it.
func tablesOrder(statuses []string) string {
	if len(statuses) == 1 && statuses[0] == StatusFinished {
		return `finished_at = 0 DESC, finished_at DESC, `
	}
	return ``
}

// TablesOrder is tablesOrder for the other store implementations.
func TablesOrder(statuses []string) string { return tablesOrder(statuses) }

// queryTables runs a query of tableCols and reads each table with its seats.
func (s *sqlStore) queryTables(ctx context.Context, q string, args ...any) ([]Table, error) {
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var out []Table
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (s *sqlStore) RecordFinish(ctx context.Context, table string, f Finish) error {
	return s.exec(ctx, `UPDATE tables SET winner = ?, ended = ?, finished_at = ? WHERE id = ? AND ended = '' AND status = ?`,
		f.Winner, f.Ended, ms(f.At), table, StatusFinished)
}

func (s *sqlStore) Archive(ctx context.Context, q ArchiveQuery) ([]Table, error) {
	where, args := ArchiveWhere(q, func(int) string { return "?" }, "id")
	sql := `SELECT ` + tableCols + ` FROM tables WHERE ` + where + ` ORDER BY finished_at DESC, id DESC`
	if q.Limit > 0 {
		sql += ` LIMIT ?`
		args = append(args, q.Limit)
	}
	return s.queryTables(ctx, s.rebind(sql), args...)
}

// ArchiveWhere is the WHERE clause of an archive query and its arguments,
// in the SQL both dialects share; mark(n) writes the placeholder of the
// n-th argument (from 1); id is how the dialect compares ids byte by byte
// (the archive's order after the finish time, descending, so that an index
// of (status, finished_at, id) is read backwards). Store implementations share
// it.
func ArchiveWhere(q ArchiveQuery, mark func(n int) string, id string) (string, []any) {
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return mark(len(args))
	}
	where := []string{`status = ` + arg(StatusFinished), `ended <> ''`}
	if q.Game != "" {
		where = append(where, `game = `+arg(q.Game))
	}
	if q.Player != "" {
		where = append(where, `id IN (SELECT table_id FROM seats WHERE lower(name) = lower(`+arg(q.Player)+`) AND kind = `+arg(KindHuman)+`)`)
	}
	if !q.From.IsZero() {
		where = append(where, `finished_at >= `+arg(ms(q.From)))
	}
	if !q.To.IsZero() {
		where = append(where, `finished_at < `+arg(ms(q.To)))
	}
	if q.Winner != "" {
		where = append(where, `winner = `+arg(q.Winner))
	}
	if q.Ended != "" {
		where = append(where, `ended = `+arg(q.Ended))
	}
	if c := q.After; c != nil {
		at := ms(c.At)
		where = append(where, `(finished_at < `+arg(at)+` OR (finished_at = `+arg(at)+` AND `+id+` < `+arg(c.ID)+`))`)
	}
	return strings.Join(where, ` AND `), args
}

func (s *sqlStore) CountTables(ctx context.Context) (map[string]int, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT status, COUNT(*) FROM tables GROUP BY status`)
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

func (s *sqlStore) Resign(ctx context.Context, table string, r Resignation) error {
	res, err := s.w.ExecContext(ctx, s.rebind(`UPDATE tables SET status = ?, resigned_seat = ?, resigned_version = ?, resigned_reason = ? WHERE id = ? AND status <> ?`),
		StatusFinished, r.Seat, r.Version, r.Reason, table, StatusFinished)
	if err != nil {
		return mapErr(err)
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	var one int
	if err := s.w.QueryRowContext(ctx, s.rebind(`SELECT 1 FROM tables WHERE id = ?`), table).Scan(&one); err != nil {
		return mapErr(err)
	}
	return ErrConflict
}

func (s *sqlStore) SetStatus(ctx context.Context, table, status string) error {
	return s.exec(ctx, `UPDATE tables SET status = ? WHERE id = ?`, status, table)
}

func (s *sqlStore) SetSeatHolder(ctx context.Context, table string, seat int, userID, name string) error {
	return s.exec(ctx, `UPDATE seats SET user_id = ?, name = ? WHERE table_id = ? AND seat = ?`, userID, name, table, seat)
}

func (s *sqlStore) SeatByInvite(ctx context.Context, hash string) (string, int, error) {
	var table string
	var seat int
	err := s.row(ctx, `SELECT table_id, seat FROM seats WHERE invite_hash = ? AND invite_hash <> ''`, hash).Scan(&table, &seat)
	return table, seat, mapErr(err)
}

func (s *sqlStore) SetSeatOwner(ctx context.Context, table string, seat int, owner string) error {
	return s.exec(ctx, `UPDATE seats SET owner = ? WHERE table_id = ? AND seat = ?`, owner, table, seat)
}

func (s *sqlStore) SetSeatInvite(ctx context.Context, table string, seat int, hash string) error {
	return s.exec(ctx, `UPDATE seats SET invite_hash = ? WHERE table_id = ? AND seat = ?`, hash, table, seat)
}

func (s *sqlStore) AddSeatHolder(ctx context.Context, table, user, grp string) error {
	return s.exec(ctx, `INSERT INTO seat_holders (table_id, user_id, grp) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, table, user, grp)
}

func (s *sqlStore) SeatHolderGroups(ctx context.Context, table, user string) ([]string, error) {
	return scanStrings(s.w.QueryContext(ctx, s.rebind(`SELECT grp FROM seat_holders WHERE table_id = ? AND user_id = ? ORDER BY grp`), table, user))
}

func (s *sqlStore) AddPushSubscription(ctx context.Context, p PushSubscription) error {
	return s.exec(ctx, `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, lang, created) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, lang = excluded.lang`,
		p.Endpoint, p.User, p.P256dh, p.Auth, p.Lang, ms(p.Created))
}

func (s *sqlStore) PushSubscriptions(ctx context.Context, user string) ([]PushSubscription, error) {
	rows, err := s.r.QueryContext(ctx, s.rebind(`SELECT endpoint, user_id, p256dh, auth, lang, created FROM push_subscriptions WHERE user_id = ? ORDER BY created`), user)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []PushSubscription
	for rows.Next() {
		var p PushSubscription
		var created int64
		if err := rows.Scan(&p.Endpoint, &p.User, &p.P256dh, &p.Auth, &p.Lang, &created); err != nil {
			return nil, err
		}
		p.Created = fromMS(created)
		out = append(out, p)
	}
	return out, rows.Err()
}

func (s *sqlStore) DeletePushSubscription(ctx context.Context, endpoint string) error {
	return s.exec(ctx, `DELETE FROM push_subscriptions WHERE endpoint = ?`, endpoint)
}

func (s *sqlStore) CountOpenTablesBy(ctx context.Context, creator string) (int, error) {
	var n int
	err := s.w.QueryRowContext(ctx, s.rebind(`SELECT COUNT(*) FROM tables WHERE creator = ? AND status = ?`), creator, StatusOpen).Scan(&n)
	return n, mapErr(err)
}

func (s *sqlStore) AddTransfer(ctx context.Context, tr Transfer) error {
	return s.exec(ctx, `INSERT INTO seat_transfers (token_hash, table_id, seat, user_id, expires) VALUES (?, ?, ?, ?, ?)`,
		tr.Hash, tr.Table, tr.Seat, tr.User, ms(tr.Expires))
}

func (s *sqlStore) Transfer(ctx context.Context, hash string, now time.Time) (Transfer, error) {
	tr := Transfer{Hash: hash}
	var exp int64
	err := s.w.QueryRowContext(ctx, s.rebind(`SELECT table_id, seat, user_id, expires FROM seat_transfers WHERE token_hash = ? AND expires > ?`),
		hash, ms(now)).Scan(&tr.Table, &tr.Seat, &tr.User, &exp)
	tr.Expires = fromMS(exp)
	return tr, mapErr(err)
}

func (s *sqlStore) TakeTransfer(ctx context.Context, hash string, now time.Time) (Transfer, error) {
	tr := Transfer{Hash: hash}
	var exp int64
	err := s.w.QueryRowContext(ctx, s.rebind(`DELETE FROM seat_transfers WHERE token_hash = ? AND expires > ? RETURNING table_id, seat, user_id, expires`),
		hash, ms(now)).Scan(&tr.Table, &tr.Seat, &tr.User, &exp)
	tr.Expires = fromMS(exp)
	return tr, mapErr(err)
}

func (s *sqlStore) Heartbeat(ctx context.Context, node string) error {
	return s.exec(ctx, `INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
		"heartbeat:"+node, time.Now().UTC().Format(time.RFC3339Nano))
}

func (s *sqlStore) Integrity() error { return s.integrity }

// boolInt stores a bool as 0 or 1 (both dialects have INTEGER).
// scanStrings reads the one text column of every row of a query's result
// (rows, err as QueryContext returns them), in order, and closes the rows;
// nil for none.
func scanStrings(rows *sql.Rows, err error) ([]string, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *sqlStore) Moves(ctx context.Context, table string) ([]Move, error) {
	return s.moves(ctx, table, `SELECT seq, seat, move, at FROM moves WHERE table_id = ? ORDER BY seq`, table)
}

func (s *sqlStore) MovesAfter(ctx context.Context, table string, after int64) ([]Move, error) {
	return s.moves(ctx, table, `SELECT seq, seat, move, at FROM moves WHERE table_id = ? AND seq > ? ORDER BY seq`, table, after)
}

func (s *sqlStore) moves(ctx context.Context, table, q string, args ...any) ([]Move, error) {
	rows, err := s.r.QueryContext(ctx, s.rebind(q), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		m := Move{Table: table}
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

func (s *sqlStore) AppendChat(ctx context.Context, c Chat) error {
	return s.exec(ctx, `INSERT INTO chat (table_id, seq, user_id, name, seat, text, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		c.Table, c.Seq, c.UserID, c.Name, c.Seat, c.Text, ms(c.At))
}

func (s *sqlStore) Chat(ctx context.Context, table string, limit int) ([]Chat, error) {
	rows, err := s.r.QueryContext(ctx, s.rebind(`SELECT seq, user_id, name, seat, text, at FROM chat
		WHERE table_id = ? ORDER BY seq DESC LIMIT ?`), table, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Chat
	for rows.Next() {
		c := Chat{Table: table}
		var at int64
		if err := rows.Scan(&c.Seq, &c.UserID, &c.Name, &c.Seat, &c.Text, &at); err != nil {
			return nil, err
		}
		c.At = fromMS(at)
		out = append(out, c)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, rows.Err()
}

func (s *sqlStore) ClaimLease(ctx context.Context, table, owner string, now, until time.Time) (bool, error) {
	res, err := s.w.ExecContext(ctx, s.rebind(`INSERT INTO table_leases (table_id, owner, expires) VALUES (?, ?, ?)
		ON CONFLICT (table_id) DO NOTHING`), table, owner, ms(until))
	if err != nil {
		return false, mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return true, nil
	}
	res, err = s.w.ExecContext(ctx, s.rebind(`UPDATE table_leases SET owner = ?, expires = ?
		WHERE table_id = ? AND (owner = ? OR expires <= ?)`), owner, ms(until), table, owner, ms(now))
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *sqlStore) EnsureSetting(ctx context.Context, name, value string) (string, error) {
	if err := s.exec(ctx, `INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`, name, value); err != nil {
		return "", err
	}
	var v string
	if err := s.w.QueryRowContext(ctx, s.rebind(`SELECT value FROM settings WHERE name = ?`), name).Scan(&v); err != nil {
		return "", mapErr(err)
	}
	return v, nil
}

func (s *sqlStore) ReleaseLease(ctx context.Context, table, owner string) error {
	return s.exec(ctx, `UPDATE table_leases SET expires = 0 WHERE table_id = ? AND owner = ?`, table, owner)
}

func (s *sqlStore) DropLease(ctx context.Context, table string) error {
	return s.exec(ctx, `DELETE FROM table_leases WHERE table_id = ?`, table)
}

func (s *sqlStore) ExpiredLeases(ctx context.Context, now time.Time, limit int) ([]string, error) {
	if limit <= 0 {
		limit = 100
	}
	out, err := scanStrings(s.r.QueryContext(ctx, s.rebind(`SELECT table_id FROM table_leases WHERE expires <= ? ORDER BY expires, table_id LIMIT ?`), ms(now), limit))
	if err != nil {
		return nil, mapErr(err)
	}
	if out == nil {
		out = []string{}
	}
	return out, nil
}

func (s *sqlStore) TableVersions(ctx context.Context, tables []string) (map[string]int64, error) {
	out := map[string]int64{}
	const chunk = 500
	for len(tables) > 0 {
		n := min(chunk, len(tables))
		args := make([]any, n)
		for i, id := range tables[:n] {
			args[i] = id
		}
		tables = tables[n:]
		q := `SELECT table_id, MAX(seq) FROM moves WHERE table_id IN (?` + strings.Repeat(", ?", n-1) + `) GROUP BY table_id`
		rows, err := s.r.QueryContext(ctx, s.rebind(q), args...)
		if err != nil {
			return nil, mapErr(err)
		}
		for rows.Next() {
			var id string
			var v int64
			if err := rows.Scan(&id, &v); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = v
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
