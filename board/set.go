package board

import (
	"math/bits"
	"strconv"
	"strings"
)

// SetSize is the number of indices a Set can hold (0..SetSize-1).
const SetSize = 256

// Set is a fixed-size bitset of node indices 0..255. Circles use their number
// (1..195) as index; crossings use their crossing index (0..N-1). A Set is a
// value: copying it copies the members.
type Set [4]uint64

// SetOf returns the set holding ids.
func SetOf(ids ...int) Set {
	var s Set
	for _, i := range ids {
		s.Add(i)
	}
	return s
}

// Add inserts i into s. It panics when i is outside 0..255.
func (s *Set) Add(i int) {
	if uint(i) >= SetSize {
		panic("board: Set index out of range: " + strconv.Itoa(i))
	}
	s[i>>6] |= 1 << (uint(i) & 63)
}

// Remove deletes i from s; indices outside 0..255 are ignored.
func (s *Set) Remove(i int) {
	if uint(i) >= SetSize {
		return
	}
	s[i>>6] &^= 1 << (uint(i) & 63)
}

// Has reports whether i is in s; indices outside 0..255 are never members.
func (s Set) Has(i int) bool {
	if uint(i) >= SetSize {
		return false
	}
	return s[i>>6]&(1<<(uint(i)&63)) != 0
}

// Count returns the number of members of s.
func (s Set) Count() int {
	return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) + bits.OnesCount64(s[2]) + bits.OnesCount64(s[3])
}

// Empty reports whether s has no members.
func (s Set) Empty() bool {
	return s[0]|s[1]|s[2]|s[3] == 0
}

// Union returns the members of s or o.
func (s Set) Union(o Set) Set {
	return Set{s[0] | o[0], s[1] | o[1], s[2] | o[2], s[3] | o[3]}
}

// Intersect returns the members of both s and o.
func (s Set) Intersect(o Set) Set {
	return Set{s[0] & o[0], s[1] & o[1], s[2] & o[2], s[3] & o[3]}
}

// Minus returns the members of s that are not in o.
func (s Set) Minus(o Set) Set {
	return Set{s[0] &^ o[0], s[1] &^ o[1], s[2] &^ o[2], s[3] &^ o[3]}
}

// Intersects reports whether s and o share a member.
func (s Set) Intersects(o Set) bool {
	return s[0]&o[0]|s[1]&o[1]|s[2]&o[2]|s[3]&o[3] != 0
}

// SubsetOf reports whether every member of s is in o.
func (s Set) SubsetOf(o Set) bool {
	return s.Minus(o).Empty()
}

// Next returns the smallest member of s that is >= i, or -1 if there is none.
// Iterate with: for i := s.Next(0); i >= 0; i = s.Next(i + 1) { ... }
func (s Set) Next(i int) int {
	if i < 0 {
		i = 0
	}
	if i >= SetSize {
		return -1
	}
	w := i >> 6
	word := s[w] &^ (1<<(uint(i)&63) - 1)
	for {
		if word != 0 {
			return w<<6 + bits.TrailingZeros64(word)
		}
		w++
		if w == len(s) {
			return -1
		}
		word = s[w]
	}
}

// AppendTo appends the members of s to dst in ascending order and returns
// the extended slice.
func (s Set) AppendTo(dst []int) []int {
	for w, word := range s {
		for word != 0 {
			dst = append(dst, w<<6+bits.TrailingZeros64(word))
			word &= word - 1
		}
	}
	return dst
}

// String formats s as "{1 5 7}".
func (s Set) String() string {
	var b strings.Builder
	b.WriteByte('{')
	for i := s.Next(0); i >= 0; i = s.Next(i + 1) {
		if b.Len() > 1 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteByte('}')
	return b.String()
}
