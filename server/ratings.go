package server

import (
	"context"
	"errors"
	"math"
	"net/http"
	"slices"

	"gaslamp/game"
	"gaslamp/rating"
	"gaslamp/store"
)

// Results and ratings (issue 16). When a table finishes, the result of every
// person who held a seat is stored, and at a rated table (between accounts
// only) each account's Glicko-2 rating for the game and the side it played
// changes, facing the mean of the other side. The store records a table's
// results once (results_applied), whichever node ends the game and however
// often it is asked.

// CodeRated refuses a seat of a rated table to a guest, or a rated table
// that cannot be rated.
const CodeRated game.Code = "rated"

var (
	errRatedAccounts = &game.Error{Code: CodeRated, Text: game.T("err.rated-accounts")}
	errRatedTable    = &game.Error{Code: CodeRated, Text: game.T("err.rated-table")}
)

// ratedTableOK says whether a table may be created rated: by an account,
// with a human in every seat, seats of at least two sides, no hot-seat.
func ratedTableOK(rec store.Table, infos []game.SeatInfo, creator store.User) bool {
	if !creator.Registered || rec.Hotseat {
		return false
	}
	sides := map[string]bool{}
	for i, st := range rec.Seats {
		if st.Kind != store.KindHuman {
			return false
		}
		sides[infos[i].Side] = true
	}
	return len(sides) >= 2
}

// ratedAllowed refuses a seat of a rated table to a user who is not an
// account.
func (t *table) ratedAllowed(ctx context.Context, user string) error {
	if !t.rec.Rated {
		return nil
	}
	if _, err := t.s.store.AccountByUser(ctx, user); errors.Is(err, store.ErrNotFound) {
		return errRatedAccounts
	} else if err != nil {
		t.s.log.Error("account not read", "table", t.id, "err", err)
		return errNotStored
	}
	return nil
}

// everySideMoved reports whether every side of the table made at least one
// move (a bot's too).
func (t *table) everySideMoved() bool {
	moved := map[string]bool{}
	for _, m := range t.moves {
		if int(m.Seat) < len(t.infos) {
			moved[t.infos[m.Seat].Side] = true
		}
	}
	for _, in := range t.infos {
		if !moved[in.Side] {
			return false
		}
	}
	return true
}

// recordResults stores the results of the finished game, and the new
// ratings at a rated table, once per table (the store decides). It runs on
// the table's goroutine.
func (t *table) recordResults() {
	out := t.outcome() // a resignation or a loss on time counts too

	if !out.Over {
		return
	}
	t.recordFinish(out)   // archive.go
	t.recordChapters(out) // chapters.go
	ctx, cancel := storeCtx()
	defer cancel()
	type key struct{ user, side string }
	seen := map[key]bool{}
	var results []store.Result
	rated := t.rec.Rated && !t.rec.Hotseat
	for i, st := range t.rec.Seats {
		if st.Kind != store.KindHuman || st.UserID == "" {
			continue
		}
		side := t.infos[i].Side
		k := key{st.UserID, side}
		if seen[k] {
			continue
		}
		seen[k] = true
		if rated {
			if _, err := t.s.store.AccountByUser(ctx, st.UserID); err != nil {
				rated = false // a deleted account, or no account: nobody's rating moves
			}
		}
		results = append(results, store.Result{Table: t.id, UserID: st.UserID, Game: t.rec.Game, Side: side, Won: out.Winner == side})
	}
	var keys []store.RatingKey
	var rate func([]store.Rating) []store.Rating
	if rated {
		sides := map[string]bool{}
		for _, r := range results {
			sides[r.Side] = true
		}
		rated = len(sides) >= 2
	}
	if rated && !t.everySideMoved() {
		// Ended (resigned, left, out of time) before every side made a move:
		// no game was played, and no rating moves, as lichess aborts one.
		rated = false
	}
	if rated {
		for i := range results {
			results[i].Rated = true
			keys = append(keys, store.RatingKey{UserID: results[i].UserID, Game: t.rec.Game, Side: results[i].Side})
		}
		rate = func(cur []store.Rating) []store.Rating { return rateGame(cur, out.Winner) }
	}
	if len(results) == 0 {
		return
	}
	applied, err := t.s.store.RecordResults(ctx, t.id, t.s.now().UTC(), results, keys, rate)
	if err != nil {
		t.s.log.Error("results not stored", "table", t.id, "err", err)
		return
	}
	if applied {
		t.s.log.Info("results stored", "table", t.id, "rated", rated, "winner", out.Winner)
	}
}

// rateGame returns the ratings after one game whose winning side is winner
// ("" a draw): each player faces the composite of the players of the other
// sides, as they were before the game.
func rateGame(cur []store.Rating, winner string) []store.Rating {
	before := make([]rating.Player, len(cur))
	for i, r := range cur {
		before[i] = playerOf(r)
	}
	out := slices.Clone(cur)
	for i, r := range cur {
		var opp []rating.Player
		for j, o := range cur {
			if o.Side != r.Side {
				opp = append(opp, before[j])
			}
		}
		score := 0.5
		switch winner {
		case r.Side:
			score = 1
		case "":
		default:
			score = 0
		}
		p := rating.Update(before[i], []rating.Game{{Opponent: rating.Composite(opp), Score: score}})
		out[i].Rating, out[i].RD, out[i].Vol = p.Rating, p.RD, p.Vol
		out[i].Games++
		if score == 1 {
			out[i].Wins++
		}
	}
	return out
}

// playerOf is a stored rating as Glicko-2 sees it (a new one for none).
func playerOf(r store.Rating) rating.Player {
	if r.Games == 0 && r.RD == 0 {
		return rating.New()
	}
	return rating.Player{Rating: r.Rating, RD: r.RD, Vol: r.Vol}
}

// tableRating is one player's rating at a finished rated table, for its end
// screen: before and after the game (rounded), or not rated.
type tableRating struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Rated  bool   `json:"rated"`
	Before int    `json:"before,omitempty"`
	After  int    `json:"after,omitempty"`
}

// handleTableRatings answers GET /api/tables/{id}/ratings: for a finished
// rated table, each account's rating before and after it, or that the game
// was not rated (it ended before every side moved); "pending" while its
// results are not stored yet (they are, just after the end). A table that
// is not finished, or not rated, has none.
func (s *Server) handleTableRatings(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	rec, err := s.store.Table(ctx, r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	out := struct {
		Pending bool          `json:"pending"`
		Ratings []tableRating `json:"ratings"`
	}{Ratings: []tableRating{}}
	if rec.Status != store.StatusFinished || !rec.Rated || rec.Hotseat {
		writeJSON(w, http.StatusOK, out)
		return
	}
	results, err := s.store.TableResults(ctx, rec.ID)
	if err != nil {
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
		return
	}
	seen := map[string]bool{}
	for i, st := range rec.Seats {
		if st.Kind != store.KindHuman || st.UserID == "" || seen[st.UserID] {
			continue
		}
		seen[st.UserID] = true
		acct, err := s.store.AccountByUser(ctx, st.UserID)
		if err != nil {
			continue // a guest, or an account deleted since: no rating
		}
		k := slices.IndexFunc(results, func(r store.Result) bool { return r.UserID == st.UserID })
		if k < 0 {
			out.Pending = true // the results are recorded just after the end
			continue
		}
		res := results[k]
		tr := tableRating{Seat: i, Name: acct.Name, Rated: res.Rated}
		if res.Rated {
			at, before, ok, err := s.store.RatingAt(ctx, st.UserID, rec.Game, res.Side, rec.ID)
			if errors.Is(err, store.ErrNotFound) {
				out.Pending = true
				continue
			}
			if err != nil {
				s.httpError(w, http.StatusServiceUnavailable, errStopped)
				return
			}
			tr.Before, tr.After = 1500, int(math.Round(at.Rating)) // 1500: Glicko's start
			if ok {
				tr.Before = int(math.Round(before.Rating))
			}
		}
		out.Ratings = append(out.Ratings, tr)
	}
	writeJSON(w, http.StatusOK, out)
}
