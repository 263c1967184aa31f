package whitehall

import (
	"encoding/binary"

	"gaslamp/board"
)

// Snapshot implements game.State: every field of the core, secrets
// included, in a fixed order (the deduction cache is not part of it).
func (s *State) Snapshot() []byte {
	c := &s.c
	b := make([]byte, 0, 4096)
	cf := &c.Cfg
	b = append(b, flag(cf.Powers), flag(cf.FalseClues), flag(cf.Murderer), flag(cf.Newspaper),
		flag(cf.Deduction), cf.Reid, cf.Swanson, byte(cf.Figs[0]), byte(cf.Figs[1]), byte(cf.Figs[2]))
	b = append(b, c.Phase, c.Actor, c.Round, c.Winner, c.Reason, c.WhoEnded, c.EndedAt)
	b = append(b, c.Locs[:]...)
	b = append(b, c.NLocs)
	b = append(b, c.Order[:]...)
	b = append(b, c.NReached)
	b = putSet(b, c.Unreached)
	b = append(b, flag(c.Pending))
	b = append(b, c.Fig[:]...)
	b = append(b, c.Cur)
	b = append(b, c.Cells[:]...)
	for r := range c.Trail {
		b = append(b, c.Trail[r][:]...)
	}
	b = putSet(b, c.TrailSet)
	b = append(b, c.NMoves[:]...)
	for r := range c.Moves {
		for _, m := range c.Moves[r] {
			b = append(b, m.Kind, m.Cell, m.Occ[0], m.Occ[1], m.Occ[2])
		}
	}
	b = append(b, c.NObs[:]...)
	for r := range c.Obs {
		for _, o := range c.Obs[r] {
			b = append(b, o.Time, o.Circle, o.Kind)
		}
	}
	b = append(b, c.Left[:]...)
	b = append(b, c.Out[:]...)
	b = putSet(b, c.Clues)
	b = putSet(b, c.FClues)
	b = append(b, c.Blue)
	b = binary.LittleEndian.AppendUint16(b, c.CluesTotal)
	b = append(b, c.Spent, flag(c.Speed), flag(c.Scent))
	b = putSet(b, c.Named)
	b = append(b, c.Guess)
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
