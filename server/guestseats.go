package server

import (
	"context"

	"gaslamp/store"
)

// maxGuestTables bounds the tables whose seats a sign-in carries over.
const maxGuestTables = 200

// keepGuestSeats gives the seats a guest holds to the account the same
// browser has just signed in to, as a seat transfer does (moveSeat: the rules
// of sides, rated tables and blocks apply, so that no person holds two sides
// of one game): at open and running tables, and at finished ones, whose
// results (store.MoveResults) follow when every seat the guest held there
// moved, so that the account's finished games and profile count them. A seat
// the account may not take stays the guest's. It returns how many seats
// moved, and how many of open or running tables stayed (the player is told:
// a seat there is left to no one).
func (s *Server) keepGuestSeats(ctx context.Context, guest, acct store.User) (moved, left int) {
	if guest.ID == "" || guest.Registered || guest.ID == acct.ID {
		return 0, 0
	}
	tabs, err := s.store.SeatedTablesOf(ctx, guest.ID, maxGuestTables, store.StatusOpen, store.StatusRunning, store.StatusFinished)
	if err != nil {
		s.log.Warn("a guest's tables not read at sign-in", "user", guest.ID, "err", err)
		return 0, 0
	}
	for _, tb := range tabs {
		t, err := s.hub.get(ctx, tb.ID)
		if err != nil {
			continue
		}
		t.ask(ctx, func() {
			t.refreshRecord()
			kept := 0
			for seat, st := range t.rec.Seats {
				if st.Kind != store.KindHuman || st.UserID != guest.ID {
					continue
				}
				if err := t.moveSeat(seat, acct.ID, acct.Name); err != nil {
					s.log.Info("a guest's seat not carried to the account", "table", t.id, "seat", seat, "err", err)
					kept++
					if !t.finished() {
						left++
					}
					continue
				}
				moved++
			}
			if t.finished() && kept == 0 {
				if err := s.store.MoveResults(ctx, t.id, guest.ID, acct.ID); err != nil {
					s.log.Warn("a guest's results not carried to the account", "table", t.id, "err", err)
				}
			}
		})
	}
	if moved > 0 {
		s.log.Info("a guest's seats carried to the account", "user", acct.ID, "seats", moved)
	}
	return moved, left
}
