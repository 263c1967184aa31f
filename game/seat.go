package game

import "math/bits"

// Seat is the index of a seat at a table, 0..MaxSeats-1, or Spectator.
type Seat int8

// Spectator is the seat of anyone who may see only public facts.
const Spectator Seat = -1

// MaxSeats is the largest number of seats a game may have.
const MaxSeats = 15

// SeatSet is a set of seats as a bit mask (bit i = seat i).
type SeatSet uint16

// SeatsOf returns the set holding the given seats.
func SeatsOf(seats ...Seat) SeatSet {
	var s SeatSet
	for _, x := range seats {
		s = s.With(x)
	}
	return s
}

// AllSeats returns the set of seats 0..n-1.
func AllSeats(n int) SeatSet { return SeatSet(1)<<uint(n) - 1 }

// Has reports whether seat x is in the set. The spectator is in no SeatSet.
func (s SeatSet) Has(x Seat) bool { return x >= 0 && s&(1<<uint(x)) != 0 }

// With returns the set with seat x added.
func (s SeatSet) With(x Seat) SeatSet {
	if x < 0 {
		return s
	}
	return s | 1<<uint(x)
}

// Without returns the set with seat x removed.
func (s SeatSet) Without(x Seat) SeatSet {
	if x < 0 {
		return s
	}
	return s &^ (1 << uint(x))
}

// Empty reports whether the set holds no seat.
func (s SeatSet) Empty() bool { return s == 0 }

// Len returns the number of seats in the set.
func (s SeatSet) Len() int { return bits.OnesCount16(uint16(s)) }

// First returns the lowest seat in the set, or Spectator when it is empty.
func (s SeatSet) First() Seat {
	if s == 0 {
		return Spectator
	}
	return Seat(bits.TrailingZeros16(uint16(s)))
}

// Seats returns the seats of the set in increasing order.
func (s SeatSet) Seats() []Seat {
	out := make([]Seat, 0, s.Len())
	for x := s; x != 0; x &= x - 1 {
		out = append(out, Seat(bits.TrailingZeros16(uint16(x))))
	}
	return out
}

// Audience says who may see an event: a set of seats and, separately, whether
// spectators (and so everyone) may see it.
type Audience struct {
	Seats      SeatSet
	Spectators bool
}

// Public is the audience of an event everyone may see.
var Public = Audience{Seats: 0xFFFF, Spectators: true}

// Only returns the audience of an event only the given seats may see.
func Only(seats ...Seat) Audience { return Audience{Seats: SeatsOf(seats...)} }

// AllBut returns the audience of every seat but the given ones, spectators
// included.
func AllBut(seats ...Seat) Audience {
	return Audience{Seats: 0xFFFF &^ SeatsOf(seats...), Spectators: true}
}

// Sees reports whether seat x (or a spectator) belongs to the audience.
func (a Audience) Sees(x Seat) bool {
	if x == Spectator {
		return a.Spectators
	}
	return a.Seats.Has(x)
}
