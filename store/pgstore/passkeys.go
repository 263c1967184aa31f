package pgstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"gaslamp/store"
)

// Passkeys and their ceremonies, mutes, blocks, reports and suspensions
// (see store.Store for the contracts).

func msOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return ms(t)
}

func fromMSOrZero(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMS(v)
}

// AddPasskey implements store.Store.
func (s *Store) AddPasskey(ctx context.Context, p store.Passkey) error {
	return s.exec(ctx, `INSERT INTO passkeys (credential_id, user_id, name, credential, created, last_used) VALUES ($1, $2, $3, $4, $5, $6)`,
		p.ID, p.UserID, p.Name, string(p.Credential), ms(p.Created), msOrZero(p.LastUsed))
}

const passkeyCols = `credential_id, user_id, name, credential, created, last_used`

func scanPasskey(row pgx.Row) (store.Passkey, error) {
	var p store.Passkey
	var cred string
	var created, used int64
	err := row.Scan(&p.ID, &p.UserID, &p.Name, &cred, &created, &used)
	p.Credential, p.Created, p.LastUsed = []byte(cred), fromMS(created), fromMSOrZero(used)
	return p, mapErr(err)
}

// PasskeysOf implements store.Store.
func (s *Store) PasskeysOf(ctx context.Context, userID string) ([]store.Passkey, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+passkeyCols+` FROM passkeys WHERE user_id = $1 ORDER BY created, credential_id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Passkey
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PasskeyByID implements store.Store.
func (s *Store) PasskeyByID(ctx context.Context, id string) (store.Passkey, error) {
	return scanPasskey(s.pool.QueryRow(ctx, `SELECT `+passkeyCols+` FROM passkeys WHERE credential_id = $1`, id))
}

// UsePasskey implements store.Store.
func (s *Store) UsePasskey(ctx context.Context, id string, credential []byte, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE passkeys SET credential = $1, last_used = $2 WHERE credential_id = $3`, string(credential), ms(at), id)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// DeletePasskey implements store.Store.
func (s *Store) DeletePasskey(ctx context.Context, userID, id string) error {
	tag, err := s.pool.Exec(ctx, `DELETE FROM passkeys WHERE user_id = $1 AND credential_id = $2`, userID, id)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// AddChallenge implements store.Store.
func (s *Store) AddChallenge(ctx context.Context, c store.Challenge) error {
	return s.exec(ctx, `INSERT INTO passkey_challenges (token_hash, kind, user_id, data, expires) VALUES ($1, $2, $3, $4, $5)`,
		c.Hash, c.Kind, c.UserID, string(c.Data), ms(c.Expires))
}

// TakeChallenge implements store.Store.
func (s *Store) TakeChallenge(ctx context.Context, hash, kind string, now time.Time) (store.Challenge, error) {
	var c store.Challenge
	var data string
	var exp int64
	found := false
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `DELETE FROM passkey_challenges WHERE token_hash = $1 RETURNING token_hash, kind, user_id, data, expires`, hash).
			Scan(&c.Hash, &c.Kind, &c.UserID, &data, &exp)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		found = err == nil
		_, err = tx.Exec(ctx, `DELETE FROM passkey_challenges WHERE expires <= $1`, ms(now))
		return err
	})
	if err != nil {
		return store.Challenge{}, mapErr(err)
	}
	c.Data, c.Expires = []byte(data), fromMS(exp)
	if !found || c.Kind != kind || !now.Before(c.Expires) {
		return store.Challenge{}, store.ErrNotFound
	}
	return c, nil
}

func relationTable(kind string) (string, error) {
	switch kind {
	case store.RelationMute:
		return "mutes", nil
	case store.RelationBlock:
		return "blocks", nil
	}
	return "", fmt.Errorf("pgstore: unknown relation %q", kind)
}

// SetRelation implements store.Store.
func (s *Store) SetRelation(ctx context.Context, kind, user, other string, on bool, at time.Time) error {
	tbl, err := relationTable(kind)
	if err != nil {
		return err
	}
	if !on {
		return s.exec(ctx, `DELETE FROM `+tbl+` WHERE user_id = $1 AND other_id = $2`, user, other)
	}
	return s.exec(ctx, `INSERT INTO `+tbl+` (user_id, other_id, created) VALUES ($1, $2, $3) ON CONFLICT (user_id, other_id) DO NOTHING`, user, other, ms(at))
}

// Relations implements store.Store.
func (s *Store) Relations(ctx context.Context, kind, user string) ([]string, error) {
	tbl, err := relationTable(kind)
	if err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, `SELECT other_id FROM `+tbl+` WHERE user_id = $1 ORDER BY other_id`, user)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	return out, mapErr(err)
}

// Blocked implements store.Store.
func (s *Store) Blocked(ctx context.Context, user string, others []string) (bool, error) {
	if len(others) == 0 {
		return false, nil
	}
	var n int
	err := s.pool.QueryRow(ctx, `SELECT COUNT(*) FROM blocks WHERE (user_id = $1 AND other_id = ANY($2)) OR (other_id = $1 AND user_id = ANY($2))`, user, others).Scan(&n)
	return n > 0, mapErr(err)
}

// AddReport implements store.Store.
func (s *Store) AddReport(ctx context.Context, r store.Report) error {
	return s.exec(ctx, `INSERT INTO reports (id, reporter, reported, table_id, chat_seq, reason, context, created, resolved) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
		r.ID, r.Reporter, r.Reported, r.Table, r.ChatSeq, r.Reason, string(r.Context), ms(r.Created), msOrZero(r.Resolved))
}

// Reports implements store.Store.
func (s *Store) Reports(ctx context.Context, all bool) ([]store.Report, error) {
	q := `SELECT id, reporter, reported, table_id, chat_seq, reason, context, created, resolved FROM reports`
	if !all {
		q += ` WHERE resolved = 0`
	}
	rows, err := s.pool.Query(ctx, q+` ORDER BY created, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []store.Report
	for rows.Next() {
		var r store.Report
		var ctxt string
		var created, resolved int64
		if err := rows.Scan(&r.ID, &r.Reporter, &r.Reported, &r.Table, &r.ChatSeq, &r.Reason, &ctxt, &created, &resolved); err != nil {
			return nil, err
		}
		r.Context, r.Created, r.Resolved = []byte(ctxt), fromMS(created), fromMSOrZero(resolved)
		out = append(out, r)
	}
	return out, rows.Err()
}

// ResolveReport implements store.Store.
func (s *Store) ResolveReport(ctx context.Context, id string, at time.Time) error {
	tag, err := s.pool.Exec(ctx, `UPDATE reports SET resolved = $1 WHERE id = $2 AND resolved = 0`, ms(at), id)
	if err != nil {
		return mapErr(err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrNotFound
	}
	return nil
}

// Suspend implements store.Store.
func (s *Store) Suspend(ctx context.Context, userID string, until time.Time, reason string) ([]string, error) {
	var out []string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE accounts SET suspended_until = $1, suspend_reason = $2 WHERE user_id = $3`, msOrZero(until), reason, userID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return errNoAccount
		}
		if !until.IsZero() {
			out, err = deleteSessions(ctx, tx, userID, "")
		}
		return err
	})
	if errors.Is(err, errNoAccount) {
		return nil, store.ErrNotFound
	}
	return out, mapErr(err)
}

// SuspendedAccounts implements store.Store.
func (s *Store) SuspendedAccounts(ctx context.Context, now time.Time) ([]store.Account, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+accountCols+` FROM accounts WHERE suspended_until > $1 ORDER BY suspended_until, name`, ms(now))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []store.Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, mapErr(err)
		}
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}
