package jekyll

// result is how a round's scoring ended the chapter, if it did.
type result uint8

const (
	resNone      result = iota // the chapter goes on
	resWin                     // round 2 ended exactly on the last space
	resCapture                 // Scotland Yard reached or passed the pawn
	resOvershoot               // the pawn would pass the last space
	resMissed                  // round 2 ended off the last space
	resLastWord                // before-dawn: the City won the last trick of round 2
)

var resultKeys = [...]string{"", "win", "capture", "overshoot", "missed", "last-word"}

// roundResult is the scoring of one round (J7).
type roundResult struct {
	Done      bool
	Tricks    [2]uint8
	Eights    uint8 // 8s among the players' won cards
	Low       uint8 // cards of value 1-3 among the players' won cards
	PawnGain  int8  // spaces the pawn moved
	YardGain  int8  // spaces Scotland Yard moved
	Pawn      int8  // pawn space after scoring (past Last on an overshoot)
	Yard      int8
	LastOwner uint8 // who won the 8th trick
	Res       result
}

// score applies J7 to the end of a round. final is true for round 2.
func (c *config) score(pawn, yard int8, t [2]uint8, won uint32, lastOwner uint8, final bool) roundResult {
	n8, nLow := wonCounts(won)
	out := roundResult{Done: true, Tricks: t, Eights: uint8(n8), Low: uint8(nLow), LastOwner: lastOwner}
	gain := int8(min(t[0], t[1])) + int8(n8)
	ygain := int8(0)
	if c.Yard {
		ygain = int8(nLow) + c.Hounds
	}
	p := pawn + gain
	if p > c.Last {
		if c.Overshoot && c.Yard {
			ygain += p - c.Last
			p = c.Last
		} else {
			out.Res = resOvershoot
		}
	}
	out.Pawn, out.PawnGain = p, p-pawn
	out.Yard, out.YardGain = yard+ygain, ygain
	switch {
	case out.Res != resNone:
	case c.Yard && out.Yard >= p:
		out.Res = resCapture
	case !final:
	case p != c.Last:
		out.Res = resMissed
	case c.LastWord && lastOwner == city:
		out.Res = resLastWord
	default:
		out.Res = resWin
	}
	return out
}

// Solver values: a decided chapter is worth ±winValue; otherwise a round is
// worth the pawn's gain minus Scotland Yard's gain.
const winValue = 100

func (o *roundResult) value() int {
	switch o.Res {
	case resWin:
		return winValue
	case resNone:
		return int(o.PawnGain) - int(o.YardGain)
	}
	return -winValue
}
