package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The SQLite side of mutes, blocks, reports and suspensions (see the Store
// interface for the contracts).

// relationTable is the table of a relation kind.
func relationTable(kind string) (string, error) {
	switch kind {
	case RelationMute:
		return "mutes", nil
	case RelationBlock:
		return "blocks", nil
	}
	return "", fmt.Errorf("store: unknown relation %q", kind)
}

func (s *sqlStore) SetRelation(ctx context.Context, kind, user, other string, on bool, at time.Time) error {
	tbl, err := relationTable(kind)
	if err != nil {
		return err
	}
	if !on {
		return s.exec(ctx, `DELETE FROM `+tbl+` WHERE user_id = ? AND other_id = ?`, user, other)
	}
	return s.exec(ctx, `INSERT INTO `+tbl+` (user_id, other_id, created) VALUES (?, ?, ?) ON CONFLICT (user_id, other_id) DO NOTHING`, user, other, ms(at))
}

func (s *sqlStore) Relations(ctx context.Context, kind, user string) ([]string, error) {
	tbl, err := relationTable(kind)
	if err != nil {
		return nil, err
	}
	return scanStrings(s.r.QueryContext(ctx, `SELECT other_id FROM `+tbl+` WHERE user_id = ? ORDER BY other_id`, user))
}

func (s *sqlStore) Blocked(ctx context.Context, user string, others []string) (bool, error) {
	if len(others) == 0 {
		return false, nil
	}
	in := `(?` + strings.Repeat(`, ?`, len(others)-1) + `)`
	args := []any{user}
	for _, o := range others {
		args = append(args, o)
	}
	args = append(args, user)
	for _, o := range others {
		args = append(args, o)
	}
	var n int
	err := s.row(ctx, `SELECT COUNT(*) FROM blocks WHERE (user_id = ? AND other_id IN `+in+`) OR (other_id = ? AND user_id IN `+in+`)`, args...).Scan(&n)
	return n > 0, mapErr(err)
}

func (s *sqlStore) AddReport(ctx context.Context, r Report) error {
	return s.exec(ctx, `INSERT INTO reports (id, reporter, reported, table_id, chat_seq, reason, context, created, resolved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.ID, r.Reporter, r.Reported, r.Table, r.ChatSeq, r.Reason, string(r.Context), ms(r.Created), msOrZero(r.Resolved))
}

func (s *sqlStore) Reports(ctx context.Context, all bool) ([]Report, error) {
	q := `SELECT id, reporter, reported, table_id, chat_seq, reason, context, created, resolved FROM reports`
	if !all {
		q += ` WHERE resolved = 0`
	}
	rows, err := s.r.QueryContext(ctx, q+` ORDER BY created, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Report
	for rows.Next() {
		var r Report
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

func (s *sqlStore) ResolveReport(ctx context.Context, id string, at time.Time) error {
	res, err := s.w.ExecContext(ctx, `UPDATE reports SET resolved = ? WHERE id = ? AND resolved = 0`, ms(at), id)
	if err != nil {
		return mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

func (s *sqlStore) Suspend(ctx context.Context, userID string, until time.Time, reason string) ([]string, error) {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE accounts SET suspended_until = ?, suspend_reason = ? WHERE user_id = ?`, msOrZero(until), reason, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, ErrNotFound
	}
	var hashes []string
	if !until.IsZero() {
		if hashes, err = sessionsOf(ctx, tx, userID, ""); err != nil {
			return nil, err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM sessions WHERE user_id = ?`, userID); err != nil {
			return nil, mapErr(err)
		}
	}
	return hashes, mapErr(tx.Commit())
}

func (s *sqlStore) SuspendedAccounts(ctx context.Context, now time.Time) ([]Account, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+accountCols+` FROM accounts WHERE suspended_until > ? ORDER BY suspended_until, name`, ms(now))
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []Account
	for rows.Next() {
		a, err := scanAccount(rows)
		if err != nil {
			return nil, mapErr(err)
		}
		out = append(out, a)
	}
	return out, mapErr(rows.Err())
}
