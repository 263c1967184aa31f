package whitechapel

import (
	"encoding/binary"

	"gaslamp/board"
)

// Snapshot implements game.State: every field of the core, secrets
// included, in a fixed order (the deduction cache is not part of it).
func (s *State) Snapshot() []byte {
	c := &s.c
	b := make([]byte, 0, 8192)
	b = append(b, flag(c.Cfg.Deduction))
	b = append(b, c.Phase, c.Actor, c.Night, c.Winner, c.Reason, c.WhoEnded, c.EndedAt, c.Hideout)
	b = append(b, c.NWomen)
	b = append(b, c.Women[:]...)
	b = append(b, c.Marked, c.NPatrols)
	b = append(b, c.Patrols[:]...)
	b = append(b, c.PatrolID[:]...)
	b = append(b, c.PatrolUp, c.PatrolOff, c.NWretched)
	b = append(b, c.Wretched[:]...)
	b = append(b, c.Time, c.Kills, c.NScenes)
	b = append(b, c.Scenes[:]...)
	b = append(b, c.Police[:]...)
	b = append(b, c.Prev[:]...)
	b = append(b, c.Cur, c.Coaches, c.Alleys)
	b = putSet(b, c.Clues)
	b = putSet(b, c.Named)
	b = putSet(b, c.TrailSet)
	b = append(b, c.TimeOf[:]...)
	b = append(b, c.Cells[:]...)
	for n := range c.Trail {
		b = append(b, c.Trail[n][:]...)
	}
	b = append(b, c.NMoves[:]...)
	for n := range c.Moves {
		for _, m := range c.Moves[n] {
			b = append(b, m.Kind, m.Cell)
			b = append(b, m.Occ[:]...)
		}
	}
	for n := range c.Obs {
		b = binary.LittleEndian.AppendUint16(b, c.NObs[n])
		for _, o := range c.Obs[n] {
			b = append(b, o.Time, o.Circle, o.Kind)
		}
	}
	b = append(b, c.Home)
	return b
}

func flag(x bool) byte {
	if x {
		return 1
	}
	return 0
}

func putSet(b []byte, s board.Set) []byte {
	for _, w := range s {
		b = binary.LittleEndian.AppendUint64(b, w)
	}
	return b
}
