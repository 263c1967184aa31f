package server

import (
	"context"
	"encoding/json"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Chapter records (issue 16.5). A co-operative campaign game (its state is
// a game.ChapterRecorder: Jekyll & Hyde) has no rating: when one of its
// tables ends between accounts (every seat a person with an account, no
// bot, no hot-seat), each partner is credited, once per table (the store
// decides), with the chapter played, whether it was won and how well (the
// tricks the City took, the campaign stars). The profile shows each
// account's record per chapter.

// recordChapters stores the chapter result of the finished game out for
// every account seated. It runs on the table's goroutine.
func (t *table) recordChapters(out game.Outcome) {
	ctx, cancel := storeCtx()
	defer cancel()
	rows := t.s.chapterRows(ctx, t.rec, t.infos, t.state, out, t.s.now().UTC())
	if len(rows) == 0 {
		return
	}
	if err := t.s.store.RecordChapters(ctx, rows); err != nil {
		t.s.log.Error("chapter results not stored", "table", t.id, "err", err)
	}
}

// chapterRows are the chapter results of a finished table (none when its
// game has no chapters or the table was not between accounts).
func (s *Server) chapterRows(ctx context.Context, rec store.Table, infos []game.SeatInfo, state game.State, out game.Outcome, at time.Time) []store.ChapterResult {
	cr, ok := state.(game.ChapterRecorder)
	if !ok || !out.Over || rec.Hotseat || len(infos) != len(rec.Seats) {
		return nil
	}
	res := cr.ChapterResult()
	var rows []store.ChapterResult
	seen := map[string]bool{}
	for i, st := range rec.Seats {
		if st.Kind != store.KindHuman || st.UserID == "" {
			return nil // a bot, or a seat nobody holds: not between accounts
		}
		if _, err := s.store.AccountByUser(ctx, st.UserID); err != nil {
			return nil // a guest, or an account deleted since
		}
		if seen[st.UserID] {
			continue
		}
		seen[st.UserID] = true
		rows = append(rows, store.ChapterResult{Table: rec.ID, UserID: st.UserID, Game: rec.Game, Chapter: res.Chapter, Key: res.Key,
			Campaign: res.Campaign, Won: res.Won && out.Winner == infos[i].Side, CityTricks: res.CityTricks, Stars: res.Stars, At: at})
	}
	return rows
}

// chaptersBackfill names the setting that says which server start
// backfills the chapter records (the first one, once, whichever node).
const chaptersBackfill = "chapters-backfill"

// backfillChapters credits, once per database, the chapters of the tables
// that finished before the records were kept: the first server start that
// claims the setting replays each finished table of a game with chapters
// (a few dozen moves each) and stores its results; RecordChapters keeps
// what is stored already. It stops with the server.
func (s *Server) backfillChapters() {
	ctx := s.baseCtx
	token := randomToken(12)
	if v, err := s.store.EnsureSetting(ctx, chaptersBackfill, token); err != nil || v != token {
		return
	}
	for _, rules := range game.Games() {
		probe, err := rules.New(game.Options{}, 1)
		if err != nil {
			continue
		}
		if _, ok := probe.(game.ChapterRecorder); !ok {
			continue
		}
		q := store.ArchiveQuery{Game: rules.ID(), Limit: 200}
		for ctx.Err() == nil {
			page, err := s.store.Archive(ctx, q)
			if err != nil || len(page) == 0 {
				break
			}
			for _, rec := range page {
				s.backfillTable(ctx, rules, rec)
			}
			last := page[len(page)-1]
			q.After = &store.ArchiveCursor{At: last.Finish.At, ID: last.ID}
		}
	}
}

// backfillTable replays one finished table and stores its chapter results.
func (s *Server) backfillTable(ctx context.Context, rules game.Rules, rec store.Table) {
	infos, err := rules.Seats(game.Options(rec.Options))
	if err != nil {
		return
	}
	moves, err := s.store.Moves(ctx, rec.ID)
	if err != nil {
		return
	}
	r := game.Record{Game: rec.Game, Options: game.Options(rec.Options), Seed: rec.Seed}
	for _, m := range moves {
		r.Moves = append(r.Moves, game.RecordedMove{Seat: game.Seat(m.Seat), Move: json.RawMessage(m.Move)})
	}
	st, err := game.Replay(r, nil)
	if err != nil {
		return
	}
	out := st.Outcome()
	if !out.Over && rec.Resigned != nil {
		out = resignedOutcome(rules, infos, *rec.Resigned)
	}
	at := rec.Created
	if rec.Finish != nil {
		at = rec.Finish.At
	}
	if rows := s.chapterRows(ctx, rec, infos, st, out, at); len(rows) > 0 {
		if err := s.store.RecordChapters(ctx, rows); err != nil {
			s.log.Warn("chapter results not backfilled", "table", rec.ID, "err", err)
		}
	}
}
