package server

import (
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
	rec, ok := t.state.(game.ChapterRecorder)
	if !ok || !out.Over || t.rec.Hotseat {
		return
	}
	ctx, cancel := storeCtx()
	defer cancel()
	res := rec.ChapterResult()
	var rows []store.ChapterResult
	seen := map[string]bool{}
	for i, st := range t.rec.Seats {
		if st.Kind != store.KindHuman || st.UserID == "" {
			return // a bot, or a seat nobody holds: not between accounts
		}
		if _, err := t.s.store.AccountByUser(ctx, st.UserID); err != nil {
			return // a guest, or an account deleted since
		}
		if seen[st.UserID] {
			continue
		}
		seen[st.UserID] = true
		rows = append(rows, store.ChapterResult{Table: t.id, UserID: st.UserID, Game: t.rec.Game, Chapter: res.Chapter, Key: res.Key,
			Campaign: res.Campaign, Won: res.Won && out.Winner == t.infos[i].Side, CityTricks: res.CityTricks, Stars: res.Stars,
			At: t.s.now().UTC()})
	}
	if len(rows) == 0 {
		return
	}
	if err := t.s.store.RecordChapters(ctx, rows); err != nil {
		t.s.log.Error("chapter results not stored", "table", t.id, "err", err)
	}
}
