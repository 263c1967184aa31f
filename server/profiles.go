package server

import (
	"context"
	"errors"
	"net/http"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// Profiles (GET /api/users/{name}, page /u/{name}) and leaderboards (GET
// /api/leaderboard/{game}, page /leaderboard/{game}). Everything here is
// public: an account's results and ratings, and its games in progress as
// any spectator sees them (the lobby's summary of the table).

// DefaultLeaderboardMinGames is the rated games an account needs in a game
// and side to appear on its leaderboard.
const DefaultLeaderboardMinGames = 5

// profileRecent and profilePlaying bound a profile's lists.
const (
	profileRecent  = 20
	profilePlaying = 20
	profileResults = 2000 // results read to count games per game and side
	historyPoints  = 100
)

type profileOut struct {
	Name    string          `json:"name"`
	Since   time.Time       `json:"since"`
	Stats   []sideStats     `json:"stats"`
	Ratings []ratingOut     `json:"ratings"`
	Recent  []recentGame    `json:"recent"`
	Playing []*tableSummary `json:"playing"`
	// Chapters is the account's record in the chapters of co-operative
	// campaign games (chapters.go), by game then chapter.
	Chapters []chapterOut `json:"chapters"`
}

// chapterOut is an account's record in one chapter, with or without the
// campaign score.
type chapterOut struct {
	Game     string    `json:"game"`
	Chapter  int       `json:"chapter"`
	Name     game.Text `json:"name"`
	Campaign bool      `json:"campaign"`
	Played   int       `json:"played"`
	Won      int       `json:"won"`
	// BestCityTricks is the fewest tricks the City took in a won chapter
	// (absent: none won); BestStars the most campaign stars of one.
	BestCityTricks *int `json:"best_city_tricks,omitempty"`
	BestStars      int  `json:"best_stars"`
}

// sideStats counts an account's finished games in one game and side.
type sideStats struct {
	Game   string `json:"game"`
	Side   string `json:"side"`
	Played int    `json:"played"`
	Won    int    `json:"won"`
}

type ratingOut struct {
	Game    string        `json:"game"`
	Side    string        `json:"side"`
	Name    string        `json:"name,omitempty"` // leaderboards only
	Rating  float64       `json:"rating"`
	RD      float64       `json:"rd"`
	Games   int           `json:"games"`
	Wins    int           `json:"wins"`
	History []ratingPoint `json:"history,omitempty"`
}

type ratingPoint struct {
	Table  string    `json:"table"`
	Rating float64   `json:"rating"`
	At     time.Time `json:"at"`
}

type recentGame struct {
	Table string    `json:"table"`
	Game  string    `json:"game"`
	Side  string    `json:"side"`
	Won   bool      `json:"won"`
	Rated bool      `json:"rated"`
	At    time.Time `json:"at"`
	// Others are the other players of the game, each with their side (the
	// client says "against" an opponent, "with" a partner), as the lobby
	// shows them (a bot, a guest, an account whose name links to its
	// profile).
	Others []recentPlayer `json:"others"`
}

// recentPlayer is another player of a profile's recent game.
type recentPlayer struct {
	Side string `json:"side"`
	playerSummary
}

func round1(x float64) float64 { return float64(int64(x*10+0.5)) / 10 }

func (s *Server) handleProfile(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if len(name) > 64 {
		s.httpError(w, http.StatusNotFound, errNoUser)
		return
	}
	ctx := r.Context()
	acct, err := s.store.AccountByKey(ctx, nameKey(name))
	if errors.Is(err, store.ErrNotFound) {
		s.httpError(w, http.StatusNotFound, errNoUser)
		return
	} else if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	out := profileOut{Name: acct.Name, Since: acct.Created, Stats: []sideStats{}, Ratings: []ratingOut{}, Recent: []recentGame{}, Playing: []*tableSummary{}, Chapters: []chapterOut{}}
	results, err := s.store.ResultsOf(ctx, acct.UserID, profileResults)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	idx := map[[2]string]int{}
	for i, res := range results {
		k := [2]string{res.Game, res.Side}
		j, ok := idx[k]
		if !ok {
			j = len(out.Stats)
			idx[k] = j
			out.Stats = append(out.Stats, sideStats{Game: res.Game, Side: res.Side})
		}
		out.Stats[j].Played++
		if res.Won {
			out.Stats[j].Won++
		}
		if i < profileRecent {
			out.Recent = append(out.Recent, recentGame{Table: res.Table, Game: res.Game, Side: res.Side, Won: res.Won, Rated: res.Rated, At: res.At,
				Others: s.othersAt(ctx, res.Table, acct.UserID)})
		}
	}
	ratings, err := s.store.RatingsOf(ctx, acct.UserID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	for _, rt := range ratings {
		ro := ratingOut{Game: rt.Game, Side: rt.Side, Rating: round1(rt.Rating), RD: round1(rt.RD), Games: rt.Games, Wins: rt.Wins}
		hist, err := s.store.RatingHistory(ctx, acct.UserID, rt.Game, rt.Side, historyPoints)
		if err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		for _, p := range hist {
			ro.History = append(ro.History, ratingPoint{Table: p.Table, Rating: round1(p.Rating), At: p.At})
		}
		out.Ratings = append(out.Ratings, ro)
	}
	chapters, err := s.store.ChapterRecords(ctx, acct.UserID)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	for _, c := range chapters {
		co := chapterOut{Game: c.Game, Chapter: c.Chapter, Name: game.T(c.Game + ".chapter." + c.Key), Campaign: c.Campaign,
			Played: c.Played, Won: c.Won, BestStars: c.BestStars}
		if c.BestCityTricks >= 0 {
			best := c.BestCityTricks
			co.BestCityTricks = &best
		}
		out.Chapters = append(out.Chapters, co)
	}
	playing, err := s.store.SeatedTablesOf(ctx, acct.UserID, profilePlaying, store.StatusOpen, store.StatusRunning)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	for _, rec := range playing {
		if t := s.hub.loaded(rec.ID); t != nil {
			if sum := t.summary.Load(); sum != nil {
				out.Playing = append(out.Playing, sum)
				continue
			}
		}
		if sum := s.summaryOf(rec); sum != nil {
			out.Playing = append(out.Playing, sum)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

// othersAt lists the players of a finished table other than user, one per
// name and side (a player holding two seats of a side is named once); none
// when the table cannot be read.
func (s *Server) othersAt(ctx context.Context, table, user string) []recentPlayer {
	out := []recentPlayer{}
	rec, err := s.store.Table(ctx, table)
	if err != nil {
		return out
	}
	sum := s.summaryOf(rec)
	if sum == nil {
		return out
	}
	seen := map[[2]string]bool{}
	for i, ss := range sum.Seats {
		st := rec.Seats[i]
		if ss.Player == nil || st.Kind != store.KindBot && st.UserID == user {
			continue
		}
		k := [2]string{ss.Side, st.UserID + "|" + ss.Player.Name + "|" + ss.Player.Level}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, recentPlayer{Side: ss.Side, playerSummary: *ss.Player})
	}
	return out
}

var errNoUser = &game.Error{Code: CodeNotFound, Text: game.T("err.no-user")}

type leaderboardOut struct {
	Game     string                 `json:"game"`
	MinGames int                    `json:"min_games"`
	Sides    map[string][]ratingOut `json:"sides"`
}

// leaderboardSize is the number of accounts a leaderboard lists per side.
const leaderboardSize = 100

func (s *Server) handleLeaderboard(w http.ResponseWriter, r *http.Request) {
	rules, err := game.Lookup(r.PathValue("game"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.unknown-game", "game", r.PathValue("game"))})
		return
	}
	out := leaderboardOut{Game: rules.ID(), MinGames: s.cfg.LeaderboardMinGames, Sides: map[string][]ratingOut{}}
	for _, side := range rules.Sides() {
		rows, err := s.store.Leaderboard(r.Context(), rules.ID(), side, s.cfg.LeaderboardMinGames, leaderboardSize)
		if err != nil {
			s.httpError(w, http.StatusInternalServerError, errNotStored)
			return
		}
		list := []ratingOut{}
		for _, rt := range rows {
			list = append(list, ratingOut{Game: rt.Game, Side: rt.Side, Name: rt.Name, Rating: round1(rt.Rating), RD: round1(rt.RD), Games: rt.Games, Wins: rt.Wins})
		}
		out.Sides[side] = list
	}
	writeJSON(w, http.StatusOK, out)
}
