package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// A tutorial is a short scripted game: the player holds one seat or more,
// the table plays the other seats' moves from the script, and at each step
// the only move the player is offered (and allowed) is the scripted one. The
// client shows the hint of the step (its catalogue key "tutorial.<game>.<step>",
// the step being the table's version) and, at the end, a summary.
//
// Each move of the script is one step, played by the first seat to act
// unless the script says which (by): where several seats act at once (the
// gifts of Jekyll & Hyde), only the step's seat is offered a move and bots
// of the others wait for their step.
//
// Tutorial tables are casual and never rated, and are kept out of the lobby,
// the archive and "my games": they are told apart by their id's prefix.
// Each game's script may live in its own file (tutorial_<game>.go), adding
// itself to tutorialScripts from an init function.
type tutorialScript struct {
	game  string
	seed  uint64
	seats []game.Seat       // the player's seats
	moves []json.RawMessage // every move of the game in order, as intents
	by    []game.Seat       // the seat that plays each move; nil: the first seat to act
}

// tutorialPrefix starts the id of every tutorial table.
const tutorialPrefix = "tut_"

// tutorialBot is the bot name of a tutorial's scripted seats.
const tutorialBot = "script"

// tutorialScripts are the tutorials by game. Pocket (seed 37, Jack is Joseph
// Lane): the player is the investigator; the game ends at the end of turn 2
// with Jack identified (the script test replays it through the real rules).
var tutorialScripts = map[string]tutorialScript{
	"pocket": {game: "pocket", seed: 37, seats: []game.Seat{1}, moves: []json.RawMessage{
		json.RawMessage(`{"kind":"watson","steps":1}`),
		json.RawMessage(`{"kind":"rotate","tile":4,"wall":"E"}`),
		json.RawMessage(`{"kind":"rotate","tile":1,"wall":"S"}`),
		json.RawMessage(`{"kind":"holmes","steps":2}`),
		json.RawMessage(`{"kind":"exchange","a":0,"b":1}`),
		json.RawMessage(`{"kind":"joker","detective":"holmes"}`),
		json.RawMessage(`{"kind":"alibi"}`),
		json.RawMessage(`{"kind":"toby","steps":1}`),
	}},
}

// tutorial is a tutorial table's script decoded for its rules.
type tutorial struct {
	game  string
	seats []game.Seat
	moves []game.Move
	by    []game.Seat // the seat of each step
}

// seatOf is the seat that plays step i of the script (sc.by, else the first
// seat to act in st, the state before the step).
func (sc tutorialScript) seatOf(i int, st game.State) game.Seat {
	if sc.by != nil {
		return sc.by[i]
	}
	return st.ToAct().First()
}

// isTutorialID reports whether a table id is a tutorial table's.
func isTutorialID(id string) bool { return strings.HasPrefix(id, tutorialPrefix) }

// loadTutorial decodes the script of a tutorial table's game (nil when the
// table is no tutorial or its game has none).
func loadTutorial(rules game.Rules, id string) (*tutorial, error) {
	if !isTutorialID(id) {
		return nil, nil
	}
	sc, ok := tutorialScripts[rules.ID()]
	if !ok {
		return nil, nil
	}
	tu := &tutorial{game: sc.game, seats: sc.seats}
	// The script is replayed through the rules for the seat of each step.
	st, err := rules.New(game.Options{}, sc.seed)
	if err != nil {
		return nil, err
	}
	for i, raw := range sc.moves {
		mv, err := rules.DecodeMove(raw)
		if err != nil {
			return nil, err
		}
		seat := sc.seatOf(i, st)
		if err := st.Apply(seat, mv, nil); err != nil {
			return nil, err
		}
		tu.moves = append(tu.moves, mv)
		tu.by = append(tu.by, seat)
	}
	return tu, nil
}

// scripted returns the seat and the move of the table's current step, if the
// script has one.
func (t *table) scripted() (game.Seat, game.Move, bool) {
	if t.tutorial == nil || t.version < 0 || t.version >= int64(len(t.tutorial.moves)) {
		return 0, 0, false
	}
	return t.tutorial.by[t.version], t.tutorial.moves[t.version], true
}

// waitsForScript reports whether seat, though it may act, must wait for
// another seat's step of the tutorial.
func (t *table) waitsForScript(seat game.Seat) bool {
	by, _, ok := t.scripted()
	return ok && by != seat
}

// errTutorialStep refuses a move that is not the tutorial's step.
var errTutorialStep = &game.Error{Code: game.CodeIllegal, Text: game.T("err.tutorial-step")}

// scriptBot plays the one move it was given: the scripted move of a step.
type scriptBot struct{ mv game.Move }

// Choose implements game.Bot.
func (b scriptBot) Choose(_ game.View, legal []game.Move) game.Move {
	if game.Contains(legal, b.mv) {
		return b.mv
	}
	return legal[0]
}

// handleCreateTutorial starts a tutorial of a game (POST
// /api/tutorials/{game}): a running table with the fixed seed of the script,
// the caller on the player's seat and the script on the others. It answers
// like POST /api/tables: {"id":..,"seat":..}.
func (s *Server) handleCreateTutorial(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	sc, ok := tutorialScripts[r.PathValue("game")]
	if !ok {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: game.CodeUnknownGame, Text: game.T("err.no-tutorial")})
		return
	}
	if !s.limiter.allowBoth("create", sess.TokenHash, s.cfg.Limits.Create, clientIP(r), s.cfg.Limits.CreateIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	rules, err := game.Lookup(sc.game)
	if err != nil {
		s.httpError(w, http.StatusNotFound, &game.Error{Code: game.CodeUnknownGame, Text: game.T("err.no-tutorial")})
		return
	}
	infos, err := rules.Seats(game.Options{})
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	rec := store.Table{ID: randomID(tutorialPrefix), Game: sc.game, Options: game.Options{}, Seed: sc.seed,
		Status: store.StatusOpen, Creator: user.ID, Created: s.now().UTC()}
	invites := map[string]string{}
	for i := range infos {
		st := store.Seat{Seat: i, Kind: store.KindBot, Bot: tutorialBot, Level: game.LevelNormal}
		if slices.Contains(sc.seats, game.Seat(i)) {
			tok := randomToken(24)
			st = store.Seat{Seat: i, Kind: store.KindHuman, InviteHash: store.Hash(tok)}
			invites[strconv.Itoa(i)] = "/join/" + tok
		}
		rec.Seats = append(rec.Seats, st)
	}
	if err := s.store.CreateTable(r.Context(), rec); err != nil {
		s.log.Error("tutorial not stored", "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	t, err := newTable(s, rec)
	if err != nil {
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	s.hub.add(t)
	s.log.Info("tutorial created", "table", rec.ID, "game", rec.Game)
	seat := int(sc.seats[0])
	out := s.seatCreator(r, t, &seat, user, invites)
	for _, more := range sc.seats[1:] {
		var res error
		if err := t.ask(r.Context(), func() { res = t.takeSeat(int(more), user.ID, user.Name, false) }); err != nil || res != nil {
			s.log.Warn("tutorial seat not taken", "table", rec.ID, "seat", int(more), "err", errors.Join(err, res))
		}
	}
	delete(out, "invites") // nobody else joins a tutorial
	writeJSON(w, http.StatusCreated, out)
}

// withoutTutorials drops the tutorial tables from a list for the lobby, the
// archive or "my games".
func withoutTutorials(all []*tableSummary) []*tableSummary {
	out := all[:0:0]
	for _, s := range all {
		if s != nil && !isTutorialID(s.ID) {
			out = append(out, s)
		}
	}
	return out
}

// DefaultTutorialTTL is how long a tutorial table lasts: a tutorial takes
// minutes, so one older than this was left.
const DefaultTutorialTTL = time.Hour

// expireTutorials marks expired every loaded tutorial table created before
// now - TutorialTTL (a finished one too: nobody comes back to it), stops and
// unloads it; it returns how many it expired. An expired table is not
// loaded again at start.
func (s *Server) expireTutorials() int {
	if s.cfg.TutorialTTL <= 0 {
		return 0
	}
	return s.expireTutorialsBefore(s.now().Add(-s.cfg.TutorialTTL))
}

// expireTutorialsBefore expires the loaded tutorial tables created before
// cutoff (expireTutorials).
func (s *Server) expireTutorialsBefore(cutoff time.Time) int {
	s.hub.mu.Lock()
	var cands []*table
	for _, t := range s.hub.tables {
		if isTutorialID(t.id) {
			cands = append(cands, t)
		}
	}
	s.hub.mu.Unlock()
	n := 0
	for _, t := range cands {
		expired := false
		ctx, cancel := context.WithTimeout(s.baseCtx, 10*time.Second)
		err := t.ask(ctx, func() {
			if t.rec.Created.Before(cutoff) && t.rec.Status != StatusExpired {
				t.setStatus(StatusExpired)
				t.refreshSummary()
				expired = true
			}
		})
		cancel()
		if err != nil || !expired {
			continue
		}
		s.hub.unload(t)
		t.stop()
		s.log.Info("tutorial expired", "table", t.id)
		n++
	}
	return n
}
