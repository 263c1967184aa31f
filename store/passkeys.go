package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// The SQLite side of passkeys and their ceremonies (see the Store
// interface for the contracts).

func (s *sqlStore) AddPasskey(ctx context.Context, p Passkey) error {
	return s.exec(ctx, `INSERT INTO passkeys (credential_id, user_id, name, credential, created, last_used) VALUES (?, ?, ?, ?, ?, ?)`,
		p.ID, p.UserID, p.Name, string(p.Credential), ms(p.Created), msOrZero(p.LastUsed))
}

// msOrZero is t in Unix milliseconds, 0 for the zero time.
func msOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return ms(t)
}

// fromMSOrZero is the inverse of msOrZero.
func fromMSOrZero(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return fromMS(v)
}

const passkeyCols = `credential_id, user_id, name, credential, created, last_used`

func scanPasskey(sc interface{ Scan(...any) error }) (Passkey, error) {
	var p Passkey
	var cred string
	var created, used int64
	err := sc.Scan(&p.ID, &p.UserID, &p.Name, &cred, &created, &used)
	p.Credential, p.Created, p.LastUsed = []byte(cred), fromMS(created), fromMSOrZero(used)
	return p, mapErr(err)
}

func (s *sqlStore) PasskeysOf(ctx context.Context, userID string) ([]Passkey, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+passkeyCols+` FROM passkeys WHERE user_id = ? ORDER BY created, credential_id`, userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Passkey
	for rows.Next() {
		p, err := scanPasskey(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

func (s *sqlStore) PasskeyByID(ctx context.Context, id string) (Passkey, error) {
	return scanPasskey(s.row(ctx, `SELECT `+passkeyCols+` FROM passkeys WHERE credential_id = ?`, id))
}

func (s *sqlStore) UsePasskey(ctx context.Context, id string, credential []byte, at time.Time) error {
	res, err := s.w.ExecContext(ctx, `UPDATE passkeys SET credential = ?, last_used = ? WHERE credential_id = ?`, string(credential), ms(at), id)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *sqlStore) DeletePasskey(ctx context.Context, userID, id string) error {
	res, err := s.w.ExecContext(ctx, `DELETE FROM passkeys WHERE user_id = ? AND credential_id = ?`, userID, id)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *sqlStore) AddChallenge(ctx context.Context, c Challenge) error {
	return s.exec(ctx, `INSERT INTO passkey_challenges (token_hash, kind, user_id, data, expires) VALUES (?, ?, ?, ?, ?)`,
		c.Hash, c.Kind, c.UserID, string(c.Data), ms(c.Expires))
}

func (s *sqlStore) TakeChallenge(ctx context.Context, hash, kind string, now time.Time) (Challenge, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return Challenge{}, err
	}
	defer tx.Rollback()
	var c Challenge
	var data string
	var exp int64
	err = tx.QueryRowContext(ctx, `SELECT token_hash, kind, user_id, data, expires FROM passkey_challenges WHERE token_hash = ?`, hash).
		Scan(&c.Hash, &c.Kind, &c.UserID, &data, &exp)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return Challenge{}, err
	}
	found := err == nil
	if found {
		if _, err := tx.ExecContext(ctx, `DELETE FROM passkey_challenges WHERE token_hash = ?`, hash); err != nil {
			return Challenge{}, mapErr(err)
		}
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM passkey_challenges WHERE expires <= ?`, ms(now)); err != nil {
		return Challenge{}, mapErr(err)
	}
	if err := tx.Commit(); err != nil {
		return Challenge{}, mapErr(err)
	}
	c.Data, c.Expires = []byte(data), fromMS(exp)
	if !found || c.Kind != kind || !now.Before(c.Expires) {
		return Challenge{}, ErrNotFound
	}
	return c, nil
}
