package server

import (
	"context"
	"time"

	"gaslamp/game"
	"gaslamp/store"
)

// One side per person (trust issue, must-have 2; docs/security.md): outside
// a hot-seat table, no user who has held a seat of one view group (a side,
// or one seat where a side's seats keep secrets from each other, see
// game.ViewGroup) is given a seat of another group of the same game,
// whatever the route: invite, free seat, transfer or replacement. The groups
// each user held are stored (seat_holders), so the rule survives a restart
// and holds across nodes.

// CodeOtherSide refuses a seat of a second side to a person.
const CodeOtherSide game.Code = "other-side"

var errOtherSide = &game.Error{Code: CodeOtherSide, Text: game.T("err.other-side")}

// viewGroup is the view group of seat.
func (t *table) viewGroup(seat int) string {
	return game.ViewGroup(t.rules, t.infos, seat)
}

// sideAllowed says whether user may hold seat: always at a hot-seat table,
// otherwise only when every group user has held here is the seat's own.
func (t *table) sideAllowed(ctx context.Context, seat int, user string) error {
	if t.rec.Hotseat {
		return nil
	}
	groups, err := t.s.store.SeatHolderGroups(ctx, t.id, user)
	if err != nil {
		t.s.log.Error("seat holders not read", "table", t.id, "err", err)
		return errNotStored
	}
	want := t.viewGroup(seat)
	for _, g := range groups {
		if g != want {
			return errOtherSide
		}
	}
	return nil
}

// giveSeat stores user as the holder and owner of seat (the invite brings
// it back to them from now on) and records the seat's view group as held
// by them, after checking the one-side rule. The caller has checked that
// the seat may change hands.
func (t *table) giveSeat(seat int, user, name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := t.sideAllowed(ctx, seat, user); err != nil {
		return err
	}
	if err := t.ratedAllowed(ctx, user); err != nil {
		return err
	}
	if err := t.seatModeration(ctx, user); err != nil {
		return err
	}
	// The group first: a seat is never held without its record.
	if err := t.s.store.AddSeatHolder(ctx, t.id, user, t.viewGroup(seat)); err != nil {
		t.s.log.Error("seat holder not stored", "table", t.id, "seat", seat, "err", err)
		return errNotStored
	}
	st := &t.rec.Seats[seat]
	if st.Owner != user {
		if err := t.s.store.SetSeatOwner(ctx, t.id, seat, user); err != nil {
			t.s.log.Error("seat owner not stored", "table", t.id, "seat", seat, "err", err)
			return errNotStored
		}
		st.Owner = user
	}
	if err := t.s.store.SetSeatHolder(ctx, t.id, seat, user, name); err != nil {
		t.s.log.Error("seat not stored", "table", t.id, "seat", seat, "err", err)
		return errNotStored
	}
	st.UserID, st.Name = user, name
	return nil
}

// seatOwnedByOther says whether seat's invite belongs to someone else than
// user: once claimed, an invite brings the seat back only to its owner.
func seatOwnedByOther(st store.Seat, user string) bool {
	return st.Owner != "" && st.Owner != user
}
