package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/store"
)

// Accounts, results and ratings (see store.Store for the contracts).

// CreateAccount implements store.Store.
func (s *Store) CreateAccount(ctx context.Context, a store.Account) error {
	return mapErr(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO accounts (user_id, name, name_key, password, created) VALUES ($1, $2, $3, $4, $5)`,
			a.UserID, a.Name, a.Key, a.Password, ms(a.Created)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE users SET name = $1 WHERE id = $2`, a.Name, a.UserID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE seats SET name = $1 WHERE user_id = $2`, a.Name, a.UserID)
		return err
	}))
}

const accountCols = `user_id, name, name_key, password, created, suspended_until, suspend_reason, email, mail_turns, lang, email_confirmed`

func scanAccount(row pgx.Row) (store.Account, error) {
	var a store.Account
	var created, suspended int64
	var turns int
	err := row.Scan(&a.UserID, &a.Name, &a.Key, &a.Password, &created, &suspended, &a.SuspendReason, &a.Email, &turns, &a.Lang, &a.ConfirmedEmail)
	a.Created = fromMS(created)
	if suspended > 0 {
		a.SuspendedUntil = fromMS(suspended)
	}
	a.MailTurns = turns != 0
	return a, mapErr(err)
}

// SetMailPrefs implements store.Store.
func (s *Store) SetMailPrefs(ctx context.Context, userID, email string, turns bool, lang string) error {
	n := 0
	if turns {
		n = 1
	}
	tag, err := s.pool.Exec(ctx, `UPDATE accounts SET email = $1, mail_turns = $2, lang = $3 WHERE user_id = $4`, email, n, lang, userID)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// ConfirmEmail implements store.Store.
func (s *Store) ConfirmEmail(ctx context.Context, userID, email string) (bool, error) {
	tag, err := s.pool.Exec(ctx, `UPDATE accounts SET email_confirmed = email WHERE user_id = $1 AND email = $2 AND email <> ''`, userID, email)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() > 0, nil
}

// ClaimMail implements store.Store.
func (s *Store) ClaimMail(ctx context.Context, userID, table string, now time.Time, every time.Duration) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO mail_sent (user_id, table_id, at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id, table_id) DO UPDATE SET at = excluded.at WHERE mail_sent.at <= $4`,
		userID, table, now.UnixMilli(), now.Add(-every).UnixMilli())
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() > 0, nil
}

// AddAbsence implements store.Store.
func (s *Store) AddAbsence(ctx context.Context, userID string, start, until time.Time) error {
	return mapErr(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		a, b := start.UnixMilli(), until.UnixMilli()
		if _, err := tx.Exec(ctx, `UPDATE absences SET until = $1 WHERE user_id = $2 AND until > $1 AND start <= $1`, a, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM absences WHERE user_id = $1 AND until <= start`, userID); err != nil {
			return err
		}
		if b > a {
			_, err := tx.Exec(ctx, `INSERT INTO absences (user_id, start, until) VALUES ($1, $2, $3)
				ON CONFLICT (user_id, start) DO UPDATE SET until = excluded.until`, userID, a, b)
			return err
		}
		return nil
	}))
}

// Absences implements store.Store.
func (s *Store) Absences(ctx context.Context, userID string, since time.Time) ([]store.Absence, error) {
	rows, err := s.pool.Query(ctx, `SELECT start, until FROM absences WHERE user_id = $1 AND until > $2 ORDER BY start`, userID, since.UnixMilli())
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []store.Absence
	for rows.Next() {
		var a, b int64
		if err := rows.Scan(&a, &b); err != nil {
			return nil, err
		}
		out = append(out, store.Absence{Start: fromMS(a), Until: fromMS(b)})
	}
	return out, rows.Err()
}

// AccountByKey implements store.Store.
func (s *Store) AccountByKey(ctx context.Context, key string) (store.Account, error) {
	return scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE name_key = $1`, key))
}

// AccountByUser implements store.Store.
func (s *Store) AccountByUser(ctx context.Context, userID string) (store.Account, error) {
	return scanAccount(s.pool.QueryRow(ctx, `SELECT `+accountCols+` FROM accounts WHERE user_id = $1`, userID))
}

// SetPassword implements store.Store.
func (s *Store) SetPassword(ctx context.Context, userID, hash string) error {
	tag, err := s.pool.Exec(ctx, `UPDATE accounts SET password = $1 WHERE user_id = $2`, hash, userID)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// deleteSessions deletes a user's sessions but except and returns their
// hashes.
func deleteSessions(ctx context.Context, tx pgx.Tx, userID, except string) ([]string, error) {
	rows, err := tx.Query(ctx, `DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash`, userID, except)
	if err != nil {
		return nil, err
	}
	hashes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	return sortStrings(hashes), nil
}

func sortStrings(xs []string) []string {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
	return xs
}

// DeleteSessionsOf implements store.Store.
func (s *Store) DeleteSessionsOf(ctx context.Context, userID, except string) ([]string, error) {
	var out []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = deleteSessions(ctx, tx, userID, except)
		return err
	})
	return out, mapErr(err)
}

var errNoAccount = errors.New("no account")

// DeleteAccount implements store.Store.
func (s *Store) DeleteAccount(ctx context.Context, userID string) ([]string, error) {
	var out []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `DELETE FROM accounts WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errNoAccount
		}
		if out, err = deleteSessions(ctx, tx, userID, ""); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM seat_transfers WHERE user_id = $1`,
			`DELETE FROM passkeys WHERE user_id = $1`,
			`DELETE FROM passkey_challenges WHERE user_id = $1`,
			`DELETE FROM mutes WHERE user_id = $1 OR other_id = $1`,
			`DELETE FROM blocks WHERE user_id = $1 OR other_id = $1`,
			`DELETE FROM mail_sent WHERE user_id = $1`,
			`DELETE FROM absences WHERE user_id = $1`,
			`DELETE FROM results WHERE user_id = $1`,
			`DELETE FROM ratings WHERE user_id = $1`,
			`DELETE FROM rating_history WHERE user_id = $1`,
			`DELETE FROM chapter_results WHERE user_id = $1`,
			`UPDATE users SET name = '' WHERE id = $1`,
			`UPDATE seats SET name = '' WHERE user_id = $1`,
			`UPDATE chat SET name = '' WHERE user_id = $1`,
		} {
			if _, err := tx.Exec(ctx, q, userID); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errNoAccount) {
		return nil, store.ErrNotFound
	}
	return out, mapErr(err)
}

// ratingsLock is the advisory lock every rating update takes, so that two
// tables finishing at once never lose one another's update of a rating.
const ratingsLock = 0x6761736c616d70 // "gaslamp"

// RecordResults implements store.Store: under ratingsLock, the row of
// results_applied decides which caller records the table.
func (s *Store) RecordResults(ctx context.Context, table string, at time.Time, results []store.Result, keys []store.RatingKey, rate func([]store.Rating) []store.Rating) (bool, error) {
	applied := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(ratingsLock)); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `INSERT INTO results_applied (table_id, at) VALUES ($1, $2) ON CONFLICT (table_id) DO NOTHING`, table, ms(at))
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		for _, r := range results {
			if _, err := tx.Exec(ctx, `INSERT INTO results (table_id, user_id, game, side, won, rated, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
				table, r.UserID, r.Game, r.Side, boolInt(r.Won), boolInt(r.Rated), ms(at)); err != nil {
				return err
			}
		}
		if rate != nil && len(keys) > 0 {
			cur := make([]store.Rating, len(keys))
			for i, k := range keys {
				cur[i].RatingKey = k
				var upd int64
				err := tx.QueryRow(ctx, `SELECT rating, rd, vol, games, wins, updated FROM ratings WHERE user_id = $1 AND game = $2 AND side = $3`,
					k.UserID, k.Game, k.Side).Scan(&cur[i].Rating, &cur[i].RD, &cur[i].Vol, &cur[i].Games, &cur[i].Wins, &upd)
				if err != nil && !errors.Is(err, pgx.ErrNoRows) {
					return err
				}
				if err == nil {
					cur[i].Updated = fromMS(upd)
				}
			}
			for _, r := range rate(cur) {
				if _, err := tx.Exec(ctx, `INSERT INTO ratings (user_id, game, side, rating, rd, vol, games, wins, updated)
					VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
					ON CONFLICT (user_id, game, side) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
					games = excluded.games, wins = excluded.wins, updated = excluded.updated`,
					r.UserID, r.Game, r.Side, r.Rating, r.RD, r.Vol, r.Games, r.Wins, ms(at)); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `INSERT INTO rating_history (user_id, game, side, table_id, rating, rd, at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
					r.UserID, r.Game, r.Side, table, r.Rating, r.RD, ms(at)); err != nil {
					return err
				}
			}
		}
		applied = true
		return nil
	})
	if err != nil {
		return false, mapErr(err)
	}
	return applied, nil
}

func limitOr(limit int) int {
	if limit <= 0 {
		return 1 << 30
	}
	return limit
}

// ResultsOf implements store.Store.
func (s *Store) ResultsOf(ctx context.Context, userID string, limit int) ([]store.Result, error) {
	rows, err := s.pool.Query(ctx, `SELECT table_id, user_id, game, side, won, rated, at FROM results
		WHERE user_id = $1 ORDER BY at DESC, table_id COLLATE "C" LIMIT $2`, userID, limitOr(limit))
	if err != nil {
		return nil, err
	}
	return scanResults(rows)
}

// scanResults reads rows of results (table_id, user_id, game, side, won,
// rated, at) and closes them.
func scanResults(rows pgx.Rows) ([]store.Result, error) {
	defer rows.Close()
	var out []store.Result
	for rows.Next() {
		var r store.Result
		var won, rated int32
		var at int64
		if err := rows.Scan(&r.Table, &r.UserID, &r.Game, &r.Side, &won, &rated, &at); err != nil {
			return nil, err
		}
		r.Won, r.Rated, r.At = won != 0, rated != 0, fromMS(at)
		out = append(out, r)
	}
	return out, rows.Err()
}

const ratingCols = `r.user_id, r.game, r.side, r.rating, r.rd, r.vol, r.games, r.wins, r.updated`

func scanRatings(rows pgx.Rows, withName bool) ([]store.Rating, error) {
	defer rows.Close()
	var out []store.Rating
	for rows.Next() {
		var r store.Rating
		var games, wins int32
		var upd int64
		dest := []any{&r.UserID, &r.Game, &r.Side, &r.Rating, &r.RD, &r.Vol, &games, &wins, &upd}
		if withName {
			dest = append(dest, &r.Name)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		r.Games, r.Wins, r.Updated = int(games), int(wins), fromMS(upd)
		out = append(out, r)
	}
	return out, rows.Err()
}

// RatingsOf implements store.Store.
func (s *Store) RatingsOf(ctx context.Context, userID string) ([]store.Rating, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+ratingCols+` FROM ratings r WHERE r.user_id = $1 ORDER BY r.game COLLATE "C", r.side COLLATE "C"`, userID)
	if err != nil {
		return nil, err
	}
	return scanRatings(rows, false)
}

// TableResults implements store.Store.
func (s *Store) TableResults(ctx context.Context, table string) ([]store.Result, error) {
	rows, err := s.pool.Query(ctx, `SELECT table_id, user_id, game, side, won, rated, at FROM results
		WHERE table_id = $1 ORDER BY user_id COLLATE "C", side COLLATE "C"`, table)
	if err != nil {
		return nil, err
	}
	return scanResults(rows)
}

// RatingAt implements store.Store.
func (s *Store) RatingAt(ctx context.Context, userID, game, side, table string) (at, before store.RatingPoint, ok bool, err error) {
	var ms int64
	err = s.pool.QueryRow(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = $1 AND game = $2 AND side = $3 AND table_id = $4`, userID, game, side, table).Scan(&at.Table, &at.Rating, &at.RD, &ms)
	if errors.Is(err, pgx.ErrNoRows) {
		return at, before, false, store.ErrNotFound
	}
	if err != nil {
		return at, before, false, err
	}
	at.At = fromMS(ms)
	// The point before: RatingHistory's order (at, then table_id).
	err = s.pool.QueryRow(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = $1 AND game = $2 AND side = $3 AND (at < $4 OR (at = $4 AND table_id COLLATE "C" < $5 COLLATE "C"))
		ORDER BY at DESC, table_id COLLATE "C" DESC LIMIT 1`, userID, game, side, ms, table).Scan(&before.Table, &before.Rating, &before.RD, &ms)
	if errors.Is(err, pgx.ErrNoRows) {
		return at, store.RatingPoint{}, false, nil
	}
	if err != nil {
		return at, store.RatingPoint{}, false, err
	}
	before.At = fromMS(ms)
	return at, before, true, nil
}

// RatingHistory implements store.Store.
func (s *Store) RatingHistory(ctx context.Context, userID, game, side string, limit int) ([]store.RatingPoint, error) {
	rows, err := s.pool.Query(ctx, `SELECT table_id, rating, rd, at FROM rating_history
		WHERE user_id = $1 AND game = $2 AND side = $3 ORDER BY at DESC, table_id COLLATE "C" DESC LIMIT $4`, userID, game, side, limitOr(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.RatingPoint
	for rows.Next() {
		var p store.RatingPoint
		var at int64
		if err := rows.Scan(&p.Table, &p.Rating, &p.RD, &at); err != nil {
			return nil, err
		}
		p.At = fromMS(at)
		out = append(out, p)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, rows.Err()
}

// Leaderboard implements store.Store.
func (s *Store) Leaderboard(ctx context.Context, game, side string, minGames, limit int) ([]store.Rating, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+ratingCols+`, a.name FROM ratings r JOIN accounts a ON a.user_id = r.user_id
		WHERE r.game = $1 AND r.side = $2 AND r.games >= $3 ORDER BY r.rating DESC, r.user_id COLLATE "C" LIMIT $4`, game, side, minGames, limitOr(limit))
	if err != nil {
		return nil, err
	}
	return scanRatings(rows, true)
}

// SeatedTablesOf implements store.Store.
func (s *Store) SeatedTablesOf(ctx context.Context, userID string, limit int, statuses ...string) ([]store.Table, error) {
	q := `SELECT ` + tableCols + ` FROM tables t WHERE EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND (s.user_id = $1 OR s.owner = $1))`
	args := []any{userID}
	if len(statuses) > 0 {
		args = append(args, statuses)
		q += ` AND t.status = ANY($2)`
	}
	args = append(args, limitOr(limit))
	q += ` ORDER BY t.created DESC, t.id COLLATE "C" LIMIT $` + string(rune('0'+len(args)))
	rows, err := s.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Table, error) { return scanTable(row) })
	if err != nil || len(out) == 0 {
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
