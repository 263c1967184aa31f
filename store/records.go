package store

import (
	"context"
	"database/sql"
	"time"
)

// ChapterResult is one account's result at a finished chapter of a
// co-operative campaign game (Jekyll & Hyde): the partners play against the
// game, so instead of a rating each account keeps, per chapter, the games
// played and won and its best result.
type ChapterResult struct {
	Table    string
	UserID   string
	Game     string
	Chapter  int    // the chapter's number
	Key      string // the chapter's key (its name)
	Campaign bool   // the table kept the campaign score (stars)
	Won      bool
	// CityTricks are the tricks the City took in the chapter: the fewer,
	// the better the result.
	CityTricks int
	Stars      int // campaign stars the chapter gave (0 without the campaign score)
	At         time.Time
}

// ChapterRecord is an account's record in one chapter of a game, with or
// without the campaign score.
type ChapterRecord struct {
	Game     string
	Chapter  int
	Key      string
	Campaign bool
	Played   int
	Won      int
	// BestCityTricks is the fewest tricks the City took in a won chapter,
	// -1 when none was won.
	BestCityTricks int
	BestStars      int // the most stars of one chapter
}

// chapterRecordsQuery aggregates a user's chapter results (one argument,
// the user id; "?" placeholders).
const chapterRecordsQuery = `SELECT game, chapter, MAX(chapter_key), campaign, COUNT(*), SUM(won),
	COALESCE(MIN(CASE WHEN won = 1 THEN city_tricks END), -1), MAX(CASE WHEN won = 1 THEN stars ELSE 0 END)
	FROM chapter_results WHERE user_id = ? GROUP BY game, chapter, campaign ORDER BY game, chapter, campaign`

func (s *sqlStore) ClaimTimeWarning(ctx context.Context, table string, seat int, version int64) (bool, error) {
	res, err := s.w.ExecContext(ctx, `INSERT INTO time_warnings (table_id, seat, version) VALUES (?, ?, ?)
		ON CONFLICT (table_id, seat) DO UPDATE SET version = excluded.version WHERE time_warnings.version < excluded.version`,
		table, seat, version)
	if err != nil {
		return false, mapErr(err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

func (s *sqlStore) RecordChapters(ctx context.Context, results []ChapterResult) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, r := range results {
		if _, err := tx.ExecContext(ctx, `INSERT INTO chapter_results (table_id, user_id, game, chapter, chapter_key, campaign, won, city_tricks, stars, at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO NOTHING`,
			r.Table, r.UserID, r.Game, r.Chapter, r.Key, boolInt(r.Campaign), boolInt(r.Won), r.CityTricks, r.Stars, ms(r.At)); err != nil {
			return mapErr(err)
		}
	}
	return mapErr(tx.Commit())
}

func (s *sqlStore) MoveResults(ctx context.Context, table, from, to string) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`DELETE FROM results WHERE table_id = ? AND user_id = ? AND side IN (SELECT side FROM results WHERE table_id = ? AND user_id = ?)`, []any{table, from, table, to}},
		{`UPDATE results SET user_id = ? WHERE table_id = ? AND user_id = ?`, []any{to, table, from}},
		{`DELETE FROM chapter_results WHERE table_id = ? AND user_id = ? AND EXISTS (SELECT 1 FROM chapter_results WHERE table_id = ? AND user_id = ?)`, []any{table, from, table, to}},
		{`UPDATE chapter_results SET user_id = ? WHERE table_id = ? AND user_id = ?`, []any{to, table, from}},
	} {
		if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
			return mapErr(err)
		}
	}
	return mapErr(tx.Commit())
}

func (s *sqlStore) ChapterRecords(ctx context.Context, userID string) ([]ChapterRecord, error) {
	rows, err := s.r.QueryContext(ctx, chapterRecordsQuery, userID)
	if err != nil {
		return nil, mapErr(err)
	}
	return scanChapterRecords(rows)
}

func scanChapterRecords(rows *sql.Rows) ([]ChapterRecord, error) {
	defer rows.Close()
	var out []ChapterRecord
	for rows.Next() {
		var r ChapterRecord
		var campaign int
		if err := rows.Scan(&r.Game, &r.Chapter, &r.Key, &campaign, &r.Played, &r.Won, &r.BestCityTricks, &r.BestStars); err != nil {
			return nil, err
		}
		r.Campaign = campaign != 0
		out = append(out, r)
	}
	return out, rows.Err()
}
