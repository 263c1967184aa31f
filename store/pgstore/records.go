package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"gaslamp/store"
)

// Time-short warnings and chapter records (see store.Store for the
// contracts).

// ClaimTimeWarning implements store.Store.
func (s *Store) ClaimTimeWarning(ctx context.Context, table string, seat int, version int64) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO time_warnings (table_id, seat, version) VALUES ($1, $2, $3)
		ON CONFLICT (table_id, seat) DO UPDATE SET version = excluded.version WHERE time_warnings.version < excluded.version`,
		table, seat, version)
	if err != nil {
		return false, mapErr(err)
	}
	return tag.RowsAffected() > 0, nil
}

// MoveResults implements store.Store.
func (s *Store) MoveResults(ctx context.Context, table, from, to string) error {
	return mapErr(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{`DELETE FROM results WHERE table_id = $1 AND user_id = $2 AND side IN (SELECT side FROM results WHERE table_id = $1 AND user_id = $3)`, []any{table, from, to}},
			{`UPDATE results SET user_id = $1 WHERE table_id = $2 AND user_id = $3`, []any{to, table, from}},
			{`DELETE FROM chapter_results WHERE table_id = $1 AND user_id = $2 AND EXISTS (SELECT 1 FROM chapter_results WHERE table_id = $1 AND user_id = $3)`, []any{table, from, to}},
			{`UPDATE chapter_results SET user_id = $1 WHERE table_id = $2 AND user_id = $3`, []any{to, table, from}},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return err
			}
		}
		return nil
	}))
}

// RecordChapters implements store.Store.
func (s *Store) RecordChapters(ctx context.Context, results []store.ChapterResult) error {
	return mapErr(pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		for _, r := range results {
			if _, err := tx.Exec(ctx, `INSERT INTO chapter_results (table_id, user_id, game, chapter, chapter_key, campaign, won, city_tricks, stars, at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (table_id, user_id) DO NOTHING`,
				r.Table, r.UserID, r.Game, r.Chapter, r.Key, boolInt(r.Campaign), boolInt(r.Won), r.CityTricks, r.Stars, ms(r.At)); err != nil {
				return err
			}
		}
		return nil
	}))
}

// chapterRecordsQuery is store's aggregate of a user's chapter results,
// with PostgreSQL's placeholder.
const chapterRecordsQuery = `SELECT game, chapter, MAX(chapter_key), campaign, COUNT(*)::INTEGER, SUM(won)::INTEGER,
	COALESCE(MIN(CASE WHEN won = 1 THEN city_tricks END), -1), MAX(CASE WHEN won = 1 THEN stars ELSE 0 END)
	FROM chapter_results WHERE user_id = $1 GROUP BY game, chapter, campaign ORDER BY game, chapter, campaign`

// ChapterRecords implements store.Store.
func (s *Store) ChapterRecords(ctx context.Context, userID string) ([]store.ChapterRecord, error) {
	rows, err := s.pool.Query(ctx, chapterRecordsQuery, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	defer rows.Close()
	var out []store.ChapterRecord
	for rows.Next() {
		var r store.ChapterRecord
		var campaign int
		if err := rows.Scan(&r.Game, &r.Chapter, &r.Key, &campaign, &r.Played, &r.Won, &r.BestCityTricks, &r.BestStars); err != nil {
			return nil, err
		}
		r.Campaign = campaign != 0
		out = append(out, r)
	}
	return out, rows.Err()
}
