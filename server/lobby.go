package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// tableSummary is a table as the lobby shows it; it holds no secret.
type tableSummary struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	Options  game.Options  `json:"options"`
	Status   string        `json:"status"`
	Seats    []seatSummary `json:"seats"`
	Created  time.Time     `json:"created"`
	Version  int64         `json:"version"`
	Takeover int           `json:"takeover_seconds"`
	// Hotseat marks a hot-seat / teaching table, where one person may play
	// every seat and so sees every side's secrets.
	Hotseat bool `json:"hotseat"`
	// Pace is the table's clock (nil: untimed); Clocks the time left of
	// each human seat when the summary was made.
	Pace   *Pace       `json:"pace,omitempty"`
	Clocks []clockInfo `json:"clocks,omitempty"`
	// Resigned is the seat that gave the game up (resign.go), if one did.
	Resigned *int `json:"resigned,omitempty"`
	// ToAct lists the seats that must act now (a running table held in
	// memory; who must act is public).
	ToAct []int `json:"to_act,omitempty"`
	// Rated: the result changes the players' ratings (accounts only).
	Rated bool `json:"rated"`
	// Finish is how a finished game ended (archive.go), once recorded.
	Finish *finishSummary `json:"finish,omitempty"`
	// Tutorial is the game of a tutorial table (tutorial.go), whose client
	// shows the hint of each step.
	Tutorial string `json:"tutorial,omitempty"`
}

type seatSummary struct {
	Seat   int            `json:"seat"`
	ID     string         `json:"id"`
	Side   string         `json:"side"`
	Name   game.Text      `json:"name"`
	Kind   string         `json:"kind"`
	Player *playerSummary `json:"player"`
}

type playerSummary struct {
	Name      string `json:"name"`
	Bot       bool   `json:"bot"`
	Level     string `json:"level,omitempty"` // a bot seat's level: easy, normal, hard
	Connected bool   `json:"connected"`
	// Account: the holder is an account, whose name links to its profile
	// (a guest's name is free and may read like an account's).
	Account bool `json:"account,omitempty"`
}

// buildSummary runs on the table's goroutine.
func (t *table) buildSummary() *tableSummary {
	sum := &tableSummary{ID: t.id, Game: t.rec.Game, Options: game.Options(t.rec.Options), Status: t.rec.Status,
		Created: t.rec.Created, Version: t.version, Takeover: t.rec.Takeover, Hotseat: t.rec.Hotseat,
		Pace: t.pace, Rated: t.rec.Rated}
	if t.clocks != nil {
		sum.Clocks = t.clockInfos(t.s.now())
	}
	if r := t.rec.Resigned; r != nil {
		seat := r.Seat
		sum.Resigned = &seat
	}
	sum.ToAct = t.toAct()
	if isTutorialID(t.id) {
		sum.Tutorial = t.rec.Game
	}
	if f := t.rec.Finish; f != nil {
		sum.Finish = &finishSummary{Winner: f.Winner, Ended: f.Ended, At: f.At}
	}
	if sum.Options == nil {
		sum.Options = game.Options{}
	}
	for i, st := range t.rec.Seats {
		info := t.infos[i]
		ss := seatSummary{Seat: i, ID: info.ID, Side: info.Side, Name: info.Name, Kind: st.Kind}
		switch {
		case st.Kind == store.KindBot:
			ss.Player = &playerSummary{Name: st.Bot, Bot: true, Level: st.Level, Connected: true}
			if st.Bot == "" {
				ss.Player.Name = st.Level // a level seat: the lobby shows the level in words
			}
		case st.UserID != "":
			ss.Player = &playerSummary{Name: st.Name, Bot: t.takenOver.Has(game.Seat(i)), Connected: t.connected(game.Seat(i))}
			if t.s != nil {
				ss.Player.Account = st.Name != "" && t.s.isAccount(st.UserID)
			}
		}
		sum.Seats = append(sum.Seats, ss)
	}
	return sum
}

// summaryOf describes a table that is not loaded (a finished one).
func (s *Server) summaryOf(rec store.Table) *tableSummary {
	rules, err := game.Lookup(rec.Game)
	if err != nil {
		return nil
	}
	infos, err := rules.Seats(game.Options(rec.Options))
	if err != nil || len(infos) != len(rec.Seats) {
		return nil
	}
	t := &table{id: rec.ID, rec: rec, infos: infos, version: -1, pace: parsePace(rec.Pace)}
	sum := t.buildSummary()
	for i, ss := range sum.Seats {
		if p := ss.Player; p != nil && rec.Seats[i].Kind != store.KindBot {
			p.Account = p.Name != "" && s.isAccount(rec.Seats[i].UserID)
		}
	}
	return sum
}

type gameOut struct {
	ID      string            `json:"id"`
	Name    game.Text         `json:"name"`
	Sides   []string          `json:"sides"`
	Options []game.OptionSpec `json:"options"`
	Seats   []game.SeatInfo   `json:"seats"`
	Bots    []string          `json:"bots"`   // the kinds of bot, an advanced choice
	Levels  []string          `json:"levels"` // the levels every bot seat offers, weakest first
	// Tutorial: the game has a tutorial (POST /api/tutorials/{game}).
	Tutorial bool `json:"tutorial"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	out := []gameOut{}
	for _, g := range game.Games() {
		seats, _ := g.Seats(game.Options{})
		bots := game.BotNames(g.ID())
		if len(bots) == 0 {
			bots = []string{"random"}
		}
		out = append(out, gameOut{ID: g.ID(), Name: g.Name(), Sides: g.Sides(), Options: g.OptionSpecs(), Seats: seats, Bots: bots, Levels: game.Levels,
			Tutorial: tutorialScripts[g.ID()].game != ""})
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleTables(w http.ResponseWriter, r *http.Request) {
	status := r.URL.Query().Get("status")
	// With several nodes, or idle tables unloaded, no node holds every
	// table: the store lists them.
	if (s.multi || s.cfg.IdleUnload > 0) && status != store.StatusFinished {
		statuses := []string{store.StatusOpen, store.StatusRunning}
		if status != "" {
			statuses = []string{status}
		}
		if status == "" || status == store.StatusOpen || status == store.StatusRunning {
			s.storeLobby(w, r, statuses)
			return
		}
	}
	switch status {
	case "":
		s.writeLobby(w, r, s.hub.summaries(store.StatusOpen, store.StatusRunning))
	case store.StatusOpen, store.StatusRunning:
		s.writeLobby(w, r, s.hub.summaries(status))
	case store.StatusFinished:
		s.handleArchive(w, r) // archive.go
	default:
		s.httpError(w, http.StatusBadRequest, badMessage("err.bad-request", "bad status"))
	}
}

// lobbyLimit bounds the open and running tables a lobby lists with several
// nodes.
const lobbyLimit = 500

// storeLobby lists the tables with the statuses from the store, newest
// first (with several nodes, no node holds them all): a table held here is
// described live, another from its record and stored version.
func (s *Server) storeLobby(w http.ResponseWriter, r *http.Request, statuses []string) {
	recs, err := s.store.Tables(r.Context(), lobbyLimit, statuses...)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	var ids []string
	for _, rec := range recs {
		ids = append(ids, rec.ID)
	}
	vers, err := s.store.TableVersions(r.Context(), ids)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	out := []*tableSummary{}
	for _, rec := range recs {
		if t := s.hub.loaded(rec.ID); t != nil {
			if sum := t.summary.Load(); sum != nil && sum.Version >= vers[rec.ID] {
				out = append(out, sum)
				continue
			}
		}
		if sum := s.summaryOf(rec); sum != nil {
			sum.Version = vers[rec.ID]
			out = append(out, sum)
		}
	}
	s.writeLobby(w, r, out)
}

func (s *Server) handleTable(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	t := s.hub.loaded(id)
	if t == nil {
		// Not in memory: a finished table, described from the store
		// without loading it.
		rec, err := s.store.Table(r.Context(), id)
		if err == nil && rec.Status == store.StatusFinished {
			if sum := s.summaryOf(rec); sum != nil {
				if moves, err := s.store.Moves(r.Context(), id); err == nil {
					sum.Version = int64(len(moves))
				}
				writeJSON(w, http.StatusOK, sum)
				return
			}
		}
	}
	t, err := s.hub.get(r.Context(), id)
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return
	}
	// Read on the table's goroutine, behind the start queued when it was
	// loaded: a table just loaded (a restart, a visit) has a summary from
	// before its start, with its clocks not yet running again.
	var sum *tableSummary
	if err := t.ask(r.Context(), func() { sum = t.summary.Load() }); err != nil || sum == nil {
		sum = t.summary.Load()
	}
	writeJSON(w, http.StatusOK, sum)
}

type createIn struct {
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Seats    []seatIn          `json:"seats"`
	Takeover int               `json:"takeover_seconds"`
	Hotseat  bool              `json:"hotseat"`
	Pace     *Pace             `json:"pace"`
	// Seat, when set, is the human seat the creator takes at once (flows.go).
	Seat  *int `json:"seat"`
	Rated bool `json:"rated"`
}

type seatIn struct {
	Kind  string `json:"kind"`
	Bot   string `json:"bot"`
	Level string `json:"level"`
}

func badRequest(key string) *game.Error {
	return &game.Error{Code: CodeBadMessage, Text: game.T(key)}
}

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("create", sess.TokenHash, s.cfg.Limits.Create, clientIP(r), s.cfg.Limits.CreateIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	if !s.openTableQuota(w, r, user) {
		return
	}
	var in createIn
	if err := readJSON(r, &in); err != nil {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	rec, invites, gerr := s.newTableRecord(in, user)
	if gerr != nil {
		s.httpError(w, http.StatusBadRequest, gerr)
		return
	}
	if err := s.store.CreateTable(r.Context(), rec); err != nil {
		s.log.Error("table not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	t, err := newTable(s, rec)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.hub.add(t)
	s.log.Info("table created", "table", rec.ID, "game", rec.Game, "seats", len(rec.Seats), "takeover_seconds", rec.Takeover)
	if rec.Hotseat {
		writeJSON(w, http.StatusCreated, s.seatHotseat(r, t, rec, in.Seat, user, invites))
		return
	}
	writeJSON(w, http.StatusCreated, s.seatCreator(r, t, in.Seat, user, invites))
}

// seatHotseat seats the creator of a hot-seat table at every person's seat
// (the chosen one first), so that the table offers no seat to anyone else
// and has no invite to share: it starts at once. The answer is
// seatCreator's, its seat the one chosen (else the first person's seat); a
// seat that could not be given stops there, its error in the answer.
func (s *Server) seatHotseat(r *http.Request, t *table, rec store.Table, seat *int, user store.User, invites map[string]string) map[string]any {
	order := []int{}
	if seat != nil {
		order = append(order, *seat)
	}
	for i, st := range rec.Seats {
		if st.Kind == store.KindHuman && (seat == nil || i != *seat) {
			order = append(order, i)
		}
	}
	out := map[string]any{"id": t.id, "invites": invites}
	for n, i := range order {
		res := s.seatCreator(r, t, &i, user, invites)
		if _, failed := res["seat_error"]; failed || n == 0 {
			out = res
		}
		if _, failed := res["seat_error"]; failed {
			break
		}
	}
	return out
}

// newTableRecord checks a creation request and builds the table's record and
// its invite links (the tokens themselves are only in the links; the store
// keeps their hashes).
func (s *Server) newTableRecord(in createIn, user store.User) (store.Table, map[string]string, *game.Error) {
	var rec store.Table
	rules, err := game.Lookup(in.Game)
	if err != nil {
		return rec, nil, asGameError(err, game.CodeUnknownGame)
	}
	opts := game.Options(in.Options)
	if opts == nil {
		opts = game.Options{}
	}
	if err := game.Validate(rules.OptionSpecs(), opts); err != nil {
		return rec, nil, asGameError(err, game.CodeBadOptions)
	}
	infos, err := rules.Seats(opts)
	if err != nil {
		return rec, nil, asGameError(err, game.CodeBadOptions)
	}
	seed := randomSeed()
	if _, err := rules.New(opts, seed); err != nil {
		return rec, nil, asGameError(err, game.CodeBadOptions)
	}
	if in.Seats == nil {
		in.Seats = make([]seatIn, len(infos))
	}
	if len(in.Seats) != len(infos) {
		return rec, nil, &game.Error{Code: game.CodeUnknownSeat, Text: game.T("err.seat-count", "want", len(infos))}
	}
	if in.Takeover < 0 || in.Takeover > 86400 {
		return rec, nil, badRequest("err.bad-takeover")
	}
	if in.Seat != nil && (*in.Seat < 0 || *in.Seat >= len(in.Seats) || (in.Seats[*in.Seat].Kind != store.KindHuman && in.Seats[*in.Seat].Kind != "")) {
		return rec, nil, errNoSuchSeat
	}
	rec = store.Table{ID: randomID("t_"), Game: rules.ID(), Options: opts, Seed: seed, Status: store.StatusOpen,
		Takeover: in.Takeover, Creator: user.ID, Created: s.now().UTC(), Hotseat: in.Hotseat, Rated: in.Rated}
	if in.Pace != nil {
		if err := in.Pace.check(); err != nil {
			return rec, nil, err
		}
		b, _ := json.Marshal(in.Pace)
		rec.Pace = string(b)
	}
	invites := map[string]string{}
	humans := 0
	bots := game.BotNames(rules.ID())
	for i, si := range in.Seats {
		st := store.Seat{Seat: i}
		switch si.Kind {
		case store.KindHuman, "":
			tok := randomToken(24)
			st.Kind, st.InviteHash = store.KindHuman, store.Hash(tok)
			invites[strconv.Itoa(i)] = "/join/" + tok
			humans++
		case store.KindBot:
			// No bot name: the level's bot (game.PickLevel), chosen when
			// the bot is made. A name is the advanced choice of a kind.
			st.Kind, st.Bot, st.Level = store.KindBot, si.Bot, si.Level
			if st.Bot != "" && !contains(bots, st.Bot) && st.Bot != "random" {
				return rec, nil, badRequest("err.unknown-bot")
			}
			switch {
			case st.Level == "":
				st.Level = game.LevelNormal
			case !game.IsLevel(st.Level):
				return rec, nil, badRequest("err.bad-level")
			}
		default:
			return rec, nil, badRequest("err.bad-seat-kind")
		}
		rec.Seats = append(rec.Seats, st)
	}
	if humans == 0 {
		rec.Status = store.StatusRunning
	}
	if rec.Rated && !ratedTableOK(rec, infos, user) {
		return rec, nil, errRatedTable
	}
	return rec, invites, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// seatRequest resolves {id} and {seat} of a seat request.
func (s *Server) seatRequest(w http.ResponseWriter, r *http.Request, sess store.Session) (*table, int, bool) {
	if !s.limiter.allowBoth("join", sess.TokenHash, s.cfg.Limits.Join, clientIP(r), s.cfg.Limits.JoinIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return nil, 0, false
	}
	t, err := s.hub.get(r.Context(), r.PathValue("id"))
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")})
		return nil, 0, false
	}
	seat, err := strconv.Atoi(r.PathValue("seat"))
	if err != nil || !validSeat(t.infos, seat) {
		s.httpError(w, http.StatusNotFound, errNoSuchSeat)
		return nil, 0, false
	}
	return t, seat, true
}

func (s *Server) seatResult(w http.ResponseWriter, t *table, seat int, err error) {
	var ge *game.Error
	switch {
	case err == nil:
		writeJSON(w, http.StatusOK, map[string]any{"table": t.id, "seat": seat})
	case errors.As(err, &ge) && ge.Code == game.CodeTableFull:
		s.httpError(w, http.StatusConflict, ge)
	case errors.As(err, &ge) && (ge.Code == game.CodeUnauthorized || ge.Code == CodeOtherSide || ge.Code == CodeRated ||
		ge.Code == CodeSuspended || ge.Code == CodeBlocked):
		s.httpError(w, http.StatusForbidden, ge)
	case errors.As(err, &ge) && ge.Code == game.CodeUnknownSeat:
		s.httpError(w, http.StatusNotFound, ge)
	case errors.As(err, &ge):
		s.httpError(w, http.StatusInternalServerError, ge)
	default:
		s.httpError(w, http.StatusServiceUnavailable, errStopped)
	}
}

func (s *Server) handleTakeSeat(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	var res error
	err := t.ask(r.Context(), func() { res = t.takeSeat(seat, user.ID, user.Name, false) })
	if err != nil {
		res = err
	}
	s.seatResult(w, t, seat, res)
}

func (s *Server) handleLeaveSeat(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	t, seat, ok := s.seatRequest(w, r, sess)
	if !ok {
		return
	}
	var res error
	err := t.ask(r.Context(), func() { res = t.leaveSeat(seat, user.ID) })
	if err != nil {
		res = err
	}
	s.seatResult(w, t, seat, res)
}

// join gives the seat an invite token opens to user when it is free or
// already theirs (an invite seats the first person who claims it), or moves
// a seat by a one-time transfer token (transfer.go).
func (s *Server) join(ctx context.Context, token string, user store.User) (*table, int, error) {
	if strings.Contains(token, ".") {
		return s.redeemTransfer(ctx, token, user)
	}
	id, seat, err := s.store.SeatByInvite(ctx, store.Hash(token))
	if err != nil {
		return nil, 0, &game.Error{Code: CodeNotFound, Text: game.T("err.no-invite")}
	}
	t, err := s.hub.get(ctx, id)
	if err != nil {
		return nil, 0, &game.Error{Code: CodeNotFound, Text: game.T("err.no-table")}
	}
	var res error
	if err := t.ask(ctx, func() { res = t.takeSeat(seat, user.ID, user.Name, true) }); err != nil {
		return t, seat, err
	}
	return t, seat, res
}

func (s *Server) handleJoinAPI(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("join", sess.TokenHash, s.cfg.Limits.Join, clientIP(r), s.cfg.Limits.JoinIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	t, seat, err := s.join(r.Context(), r.PathValue("token"), user)
	var ge *game.Error
	if errors.As(err, &ge) && ge.Code == CodeNotFound {
		s.httpError(w, http.StatusNotFound, ge)
		return
	}
	s.seatResult(w, t, seat, err)
}
