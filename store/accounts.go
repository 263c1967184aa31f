package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"
)

// The SQLite side of accounts, results and ratings (see the Store interface
// for the contracts).

func (s *sqlStore) CreateAccount(ctx context.Context, a Account) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (user_id, name, name_key, password, created) VALUES (?, ?, ?, ?, ?)`,
		a.UserID, a.Name, a.Key, a.Password, ms(a.Created)); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET name = ? WHERE id = ?`, a.Name, a.UserID); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE seats SET name = ? WHERE user_id = ?`, a.Name, a.UserID); err != nil {
		return mapErr(err)
	}
	return mapErr(tx.Commit())
}

const accountCols = `user_id, name, name_key, password, created, suspended_until, suspend_reason, email, mail_turns, lang, email_confirmed`

func scanAccount(sc interface{ Scan(...any) error }) (Account, error) {
	var a Account
	var created, suspended int64
	var turns int
	err := sc.Scan(&a.UserID, &a.Name, &a.Key, &a.Password, &created, &suspended, &a.SuspendReason, &a.Email, &turns, &a.Lang, &a.ConfirmedEmail)
	a.Created = fromMS(created)
	if suspended > 0 {
		a.SuspendedUntil = fromMS(suspended)
	}
	a.MailTurns = turns != 0
	return a, mapErr(err)
}

func (s *sqlStore) SetMailPrefs(ctx context.Context, userID, email string, turns bool, lang string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE accounts SET email = ?, mail_turns = ?, lang = ? WHERE user_id = ?`, email, boolInt(turns), lang, userID)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *sqlStore) ConfirmEmail(ctx context.Context, userID, email string) (bool, error) {
	res, err := s.w.ExecContext(ctx, `UPDATE accounts SET email_confirmed = email WHERE user_id = ? AND email = ? AND email <> ''`, userID, email)
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *sqlStore) ClaimMail(ctx context.Context, userID, table string, now time.Time, every time.Duration) (bool, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO mail_sent (user_id, table_id, at) VALUES (?, ?, ?)
		ON CONFLICT (user_id, table_id) DO UPDATE SET at = excluded.at WHERE mail_sent.at <= ?`,
		userID, table, ms(now), ms(now.Add(-every)))
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *sqlStore) AddAbsence(ctx context.Context, userID string, start, until time.Time) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE absences SET until = ? WHERE user_id = ? AND until > ? AND start <= ?`,
		ms(start), userID, ms(start), ms(start)); err != nil {
		return mapErr(err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM absences WHERE user_id = ? AND until <= start`, userID); err != nil {
		return mapErr(err)
	}
	if until.After(start) {
		if _, err := tx.ExecContext(ctx, `INSERT INTO absences (user_id, start, until) VALUES (?, ?, ?)
			ON CONFLICT (user_id, start) DO UPDATE SET until = excluded.until`, userID, ms(start), ms(until)); err != nil {
			return mapErr(err)
		}
	}
	return mapErr(tx.Commit())
}

func (s *sqlStore) Absences(ctx context.Context, userID string, since time.Time) ([]Absence, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT start, until FROM absences WHERE user_id = ? AND until > ? ORDER BY start`, userID, ms(since))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Absence
	for rows.Next() {
		var a, b int64
		if err := rows.Scan(&a, &b); err != nil {
			return nil, err
		}
		out = append(out, Absence{Start: fromMS(a), Until: fromMS(b)})
	}
	return out, rows.Err()
}

func (s *sqlStore) AccountByKey(ctx context.Context, key string) (Account, error) {
	return scanAccount(s.row(ctx, `SELECT `+accountCols+` FROM accounts WHERE name_key = ?`, key))
}

func (s *sqlStore) AccountByUser(ctx context.Context, userID string) (Account, error) {
	return scanAccount(s.row(ctx, `SELECT `+accountCols+` FROM accounts WHERE user_id = ?`, userID))
}

func (s *sqlStore) SetPassword(ctx context.Context, userID, hash string) error {
	res, err := s.w.ExecContext(ctx, `UPDATE accounts SET password = ? WHERE user_id = ?`, hash, userID)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// sessionsOf returns the hashes of a user's sessions but except.
func sessionsOf(ctx context.Context, tx *sql.Tx, userID, except string) ([]string, error) {
	return scanStrings(tx.QueryContext(ctx, `SELECT token_hash FROM sessions WHERE user_id = ? AND token_hash <> ? ORDER BY token_hash`, userID, except))
}

func (s *sqlStore) DeleteSessionsOf(ctx context.Context, userID, except string) ([]string, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	hashes, err := sessionsOf(ctx, tx, userID, except)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?`, userID, except); err != nil {
		return nil, mapErr(err)
	}
	return hashes, mapErr(tx.Commit())
}

// deleteAccountStatements erase an account's personal data (one argument:
// the user id); its games stay, under the neutral name "".
var deleteAccountStatements = []string{
	`DELETE FROM sessions WHERE user_id = ?`,
	`DELETE FROM seat_transfers WHERE user_id = ?`,
	`DELETE FROM accounts WHERE user_id = ?`,
	`DELETE FROM passkeys WHERE user_id = ?`,
	`DELETE FROM passkey_challenges WHERE user_id = ?`,
	`DELETE FROM mutes WHERE user_id = ?1 OR other_id = ?1`,
	`DELETE FROM blocks WHERE user_id = ?1 OR other_id = ?1`,
	`DELETE FROM mail_sent WHERE user_id = ?`,
	`DELETE FROM absences WHERE user_id = ?`,
	`DELETE FROM results WHERE user_id = ?`,
	`DELETE FROM ratings WHERE user_id = ?`,
	`DELETE FROM rating_history WHERE user_id = ?`,
	`DELETE FROM chapter_results WHERE user_id = ?`,
	`UPDATE users SET name = '' WHERE id = ?`,
	`UPDATE seats SET name = '' WHERE user_id = ?`,
	`UPDATE chat SET name = '' WHERE user_id = ?`,
}

func (s *sqlStore) DeleteAccount(ctx context.Context, userID string) ([]string, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM accounts WHERE user_id = ?`, userID).Scan(&n); err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ErrNotFound
	}
	hashes, err := sessionsOf(ctx, tx, userID, "")
	if err != nil {
		return nil, err
	}
	for _, q := range deleteAccountStatements {
		if _, err := tx.ExecContext(ctx, q, userID); err != nil {
			return nil, mapErr(err)
		}
	}
	return hashes, mapErr(tx.Commit())
}

func (s *sqlStore) RecordResults(ctx context.Context, table string, at time.Time, results []Result, keys []RatingKey, rate func([]Rating) []Rating) (bool, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO results_applied (table_id, at) VALUES (?, ?) ON CONFLICT (table_id) DO NOTHING`, table, ms(at))
	if err != nil {
		return false, mapErr(err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	for _, r := range results {
		if _, err := tx.ExecContext(ctx, `INSERT INTO results (table_id, user_id, game, side, won, rated, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			table, r.UserID, r.Game, r.Side, boolInt(r.Won), boolInt(r.Rated), ms(at)); err != nil {
			return false, mapErr(err)
		}
	}
	if rate != nil && len(keys) > 0 {
		cur := make([]Rating, len(keys))
		for i, k := range keys {
			cur[i].RatingKey = k
			var upd int64
			err := tx.QueryRowContext(ctx, `SELECT rating, rd, vol, games, wins, updated FROM ratings WHERE user_id = ? AND game = ? AND side = ?`,
				k.UserID, k.Game, k.Side).Scan(&cur[i].Rating, &cur[i].RD, &cur[i].Vol, &cur[i].Games, &cur[i].Wins, &upd)
			if err != nil && err != sql.ErrNoRows {
				return false, err
			}
			if err == nil {
				cur[i].Updated = fromMS(upd)
			}
		}
		for _, r := range rate(cur) {
			if _, err := tx.ExecContext(ctx, upsertRating, r.UserID, r.Game, r.Side, r.Rating, r.RD, r.Vol, r.Games, r.Wins, ms(at)); err != nil {
				return false, mapErr(err)
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO rating_history (user_id, game, side, table_id, rating, rd, at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
				r.UserID, r.Game, r.Side, table, r.Rating, r.RD, ms(at)); err != nil {
				return false, mapErr(err)
			}
		}
	}
	return true, mapErr(tx.Commit())
}

// upsertRating stores one rating (placeholders: user, game, side, rating,
// rd, vol, games, wins, updated).
const upsertRating = `INSERT INTO ratings (user_id, game, side, rating, rd, vol, games, wins, updated)
	VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
	ON CONFLICT (user_id, game, side) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
	games = excluded.games, wins = excluded.wins, updated = excluded.updated`

func (s *sqlStore) ResultsOf(ctx context.Context, userID string, limit int) ([]Result, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT table_id, user_id, game, side, won, rated, at FROM results
		WHERE user_id = ? ORDER BY at DESC, table_id LIMIT ?`, userID, limitOr(limit))
	if err != nil {
		return nil, err
	}
	return scanResults(rows)
}

// scanResults reads rows of results (table_id, user_id, game, side, won,
// rated, at) and closes them.
func scanResults(rows *sql.Rows) ([]Result, error) {
	defer rows.Close()
	var out []Result
	for rows.Next() {
		var r Result
		var won, rated, at int64
		if err := rows.Scan(&r.Table, &r.UserID, &r.Game, &r.Side, &won, &rated, &at); err != nil {
			return nil, err
		}
		r.Won, r.Rated, r.At = won != 0, rated != 0, fromMS(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

// limitOr is a query's LIMIT: limit, or a very large one for 0.
func limitOr(limit int) int {
	if limit <= 0 {
		return 1 << 30
	}
	return limit
}

const ratingCols = `r.user_id, r.game, r.side, r.rating, r.rd, r.vol, r.games, r.wins, r.updated`

func scanRatings(rows *sql.Rows, withName bool) ([]Rating, error) {
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var r Rating
		var upd int64
		dest := []any{&r.UserID, &r.Game, &r.Side, &r.Rating, &r.RD, &r.Vol, &r.Games, &r.Wins, &upd}
		if withName {
			dest = append(dest, &r.Name)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		r.Updated = fromMS(upd)
		out = append(out, r)
	}
	return out, rows.Err()
}

func (s *sqlStore) RatingsOf(ctx context.Context, userID string) ([]Rating, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+ratingCols+` FROM ratings r WHERE r.user_id = ? ORDER BY r.game, r.side`, userID)
	if err != nil {
		return nil, err
	}
	return scanRatings(rows, false)
}

func (s *sqlStore) TableResults(ctx context.Context, table string) ([]Result, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT table_id, user_id, game, side, won, rated, at FROM results
		WHERE table_id = ? ORDER BY user_id, side`, table)
	if err != nil {
		return nil, err
	}
	return scanResults(rows)
}

func (s *sqlStore) RatingAt(ctx context.Context, userID, game, side, table string) (at, before RatingPoint, ok bool, err error) {
	var ms int64
	err = s.r.QueryRowContext(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = ? AND game = ? AND side = ? AND table_id = ?`, userID, game, side, table).Scan(&at.Table, &at.Rating, &at.RD, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return at, before, false, ErrNotFound
	}
	if err != nil {
		return at, before, false, err
	}
	at.At = fromMS(ms)
	// The point before: RatingHistory's order (at, then table_id).
	err = s.r.QueryRowContext(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = ? AND game = ? AND side = ? AND (at < ? OR (at = ? AND table_id < ?))
		ORDER BY at DESC, table_id DESC LIMIT 1`, userID, game, side, ms, ms, table).Scan(&before.Table, &before.Rating, &before.RD, &ms)
	if errors.Is(err, sql.ErrNoRows) {
		return at, RatingPoint{}, false, nil
	}
	if err != nil {
		return at, RatingPoint{}, false, err
	}
	before.At = fromMS(ms)
	return at, before, true, nil
}

func (s *sqlStore) RatingHistory(ctx context.Context, userID, game, side string, limit int) ([]RatingPoint, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = ? AND game = ? AND side = ? ORDER BY at DESC, table_id DESC LIMIT ?`, userID, game, side, limitOr(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []RatingPoint
	for rows.Next() {
		var p RatingPoint
		var at int64
		if err := rows.Scan(&p.Table, &p.Rating, &p.RD, &at); err != nil {
			return nil, err
		}
		p.At = fromMS(at)
		out = append(out, p)
	}
	reversePoints(out)
	return out, rows.Err()
}

func reversePoints(p []RatingPoint) {
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
}

func (s *sqlStore) Leaderboard(ctx context.Context, game, side string, minGames, limit int) ([]Rating, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+ratingCols+`, a.name FROM ratings r JOIN accounts a ON a.user_id = r.user_id
		WHERE r.game = ? AND r.side = ? AND r.games >= ? ORDER BY r.rating DESC, r.user_id LIMIT ?`, game, side, minGames, limitOr(limit))
	if err != nil {
		return nil, err
	}
	return scanRatings(rows, true)
}

func (s *sqlStore) SeatedTablesOf(ctx context.Context, userID string, limit int, statuses ...string) ([]Table, error) {
	q := `SELECT ` + tableCols + ` FROM tables t WHERE EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND (s.user_id = ? OR s.owner = ?))`
	args := []any{userID, userID}
	if len(statuses) > 0 {
		q += ` AND t.status IN (?` + strings.Repeat(`, ?`, len(statuses)-1) + `)`
		for _, st := range statuses {
			args = append(args, st)
		}
	}
	q += ` ORDER BY t.created DESC, t.id LIMIT ?`
	args = append(args, limitOr(limit))
	return s.queryTables(ctx, q, args...)
}
