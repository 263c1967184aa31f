package server

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"time"

	"gaslamp/store"
)

// The account's data, for its owner (GET /api/account/data, the account
// dialog's "Download my data"): what the site keeps about the person, in
// one JSON file. It holds the account's own things only: its settings
// (never its password hash), passkeys by name and date (never the
// credentials), the tables it has a seat at, with its seats (a
// running game's state stays at the table: only the record of a finished
// game is public, and the export links to it), its results, ratings and
// chapter records, the chat lines it wrote, the names it mutes and blocks,
// its absences and how many browsers take its notifications.

// dataLimit bounds each list of the export.
const dataLimit = 100000

type dataOut struct {
	Exported time.Time     `json:"exported"`
	Account  dataAccount   `json:"account"`
	Passkeys []dataPasskey `json:"passkeys"`
	Tables   []dataTable   `json:"tables"`
	Results  []recentGame  `json:"results"`
	Ratings  []dataRating  `json:"ratings"`
	Chapters []dataChapter `json:"chapter_records"`
	Chat     []dataChat    `json:"chat_lines"`
	Muted    []string      `json:"muted"`
	Blocked  []string      `json:"blocked"`
	Absences []dataAbsence `json:"absences"`
	Push     int           `json:"browsers_notified"`
}

type dataAccount struct {
	Name           string     `json:"name"`
	Created        time.Time  `json:"created"`
	Email          string     `json:"email"`
	EmailConfirmed bool       `json:"email_confirmed"`
	MailTurns      bool       `json:"mail_when_my_move"`
	Lang           string     `json:"language"`
	SuspendedUntil *time.Time `json:"suspended_until,omitempty"`
}

type dataPasskey struct {
	Name     string     `json:"name"`
	Created  time.Time  `json:"created"`
	LastUsed *time.Time `json:"last_used,omitempty"`
}

type dataTable struct {
	ID      string    `json:"id"`
	Link    string    `json:"link"`
	Game    string    `json:"game"`
	Status  string    `json:"status"`
	Created time.Time `json:"created"`
	Rated   bool      `json:"rated"`
	Seats   []int     `json:"my_seats"`
}

type dataRating struct {
	Game   string  `json:"game"`
	Side   string  `json:"side"`
	Rating float64 `json:"rating"`
	RD     float64 `json:"deviation"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
}

type dataChapter struct {
	Game    string `json:"game"`
	Chapter int    `json:"chapter"`
	Played  int    `json:"played"`
	Won     int    `json:"won"`
}

type dataChat struct {
	Table string    `json:"table"`
	At    time.Time `json:"at"`
	Text  string    `json:"text"`
}

type dataAbsence struct {
	Start time.Time `json:"start"`
	Until time.Time `json:"until"`
}

// handleAccountData answers GET /api/account/data with the account's data as
// a file to save.
func (s *Server) handleAccountData(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	acct, ok := s.accountOf(w, r, user)
	if !ok {
		return
	}
	out, err := s.accountData(r.Context(), acct)
	if err != nil {
		s.log.Error("account data not read", "user", user.ID, "err", err)
		s.httpError(w, http.StatusInternalServerError, errNotStored)
		return
	}
	w.Header().Set("Content-Disposition", `attachment; filename="gaslamp-`+url.PathEscape(acct.Name)+`.json"`)
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// accountData gathers acct's data.
func (s *Server) accountData(ctx context.Context, acct store.Account) (dataOut, error) {
	id := acct.UserID
	out := dataOut{Exported: s.now().UTC(), Account: dataAccount{Name: acct.Name, Created: acct.Created, Email: acct.Email,
		EmailConfirmed: acct.EmailConfirmed(), MailTurns: acct.MailTurns, Lang: acct.Lang},
		Passkeys: []dataPasskey{}, Tables: []dataTable{}, Results: []recentGame{}, Ratings: []dataRating{},
		Chapters: []dataChapter{}, Chat: []dataChat{}, Muted: []string{}, Blocked: []string{}, Absences: []dataAbsence{}}
	if acct.Suspended(s.now()) {
		until := acct.SuspendedUntil
		out.Account.SuspendedUntil = &until
	}
	keys, err := s.store.PasskeysOf(ctx, id)
	if err != nil {
		return out, err
	}
	for _, k := range keys {
		p := dataPasskey{Name: k.Name, Created: k.Created}
		if !k.LastUsed.IsZero() {
			used := k.LastUsed
			p.LastUsed = &used
		}
		out.Passkeys = append(out.Passkeys, p)
	}
	tables, err := s.store.SeatedTablesOf(ctx, id, dataLimit)
	if err != nil {
		return out, err
	}
	base := ""
	if len(s.cfg.PublicURLs) > 0 {
		base = s.cfg.PublicURLs[0]
	}
	for _, t := range tables {
		et := dataTable{ID: t.ID, Link: base + "/t/" + url.PathEscape(t.ID), Game: t.Game, Status: t.Status, Created: t.Created, Rated: t.Rated, Seats: []int{}}
		for i, seat := range t.Seats {
			if seat.UserID == id {
				et.Seats = append(et.Seats, i)
			}
		}
		out.Tables = append(out.Tables, et)
		lines, err := s.store.Chat(ctx, t.ID, dataLimit)
		if err != nil {
			return out, err
		}
		for _, c := range lines {
			if c.UserID == id {
				out.Chat = append(out.Chat, dataChat{Table: t.ID, At: c.At, Text: c.Text})
			}
		}
	}
	results, err := s.store.ResultsOf(ctx, id, dataLimit)
	if err != nil {
		return out, err
	}
	for _, res := range results {
		out.Results = append(out.Results, recentGame{Table: res.Table, Game: res.Game, Side: res.Side, Won: res.Won, Rated: res.Rated, At: res.At})
	}
	ratings, err := s.store.RatingsOf(ctx, id)
	if err != nil {
		return out, err
	}
	for _, rt := range ratings {
		out.Ratings = append(out.Ratings, dataRating{Game: rt.Game, Side: rt.Side, Rating: rt.Rating, RD: rt.RD, Games: rt.Games, Wins: rt.Wins})
	}
	chapters, err := s.store.ChapterRecords(ctx, id)
	if err != nil {
		return out, err
	}
	for _, c := range chapters {
		out.Chapters = append(out.Chapters, dataChapter{Game: c.Game, Chapter: c.Chapter, Played: c.Played, Won: c.Won})
	}
	for _, rel := range []struct {
		kind string
		into *[]string
	}{{store.RelationMute, &out.Muted}, {store.RelationBlock, &out.Blocked}} {
		ids, err := s.store.Relations(ctx, rel.kind, id)
		if err != nil {
			return out, err
		}
		for _, other := range ids {
			if u, err := s.store.User(ctx, other); err == nil {
				*rel.into = append(*rel.into, u.Name)
			}
		}
		slices.Sort(*rel.into)
	}
	absences, err := s.store.Absences(ctx, id, time.Time{})
	if err != nil {
		return out, err
	}
	for _, a := range absences {
		out.Absences = append(out.Absences, dataAbsence{Start: a.Start, Until: a.Until})
	}
	subs, err := s.store.PushSubscriptions(ctx, id)
	if err != nil {
		return out, err
	}
	out.Push = len(subs)
	return out, nil
}
