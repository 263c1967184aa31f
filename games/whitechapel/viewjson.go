package whitechapel

import (
	"gaslamp/internal/jsonappend"
)

// AppendJSON appends the view's JSON encoding to dst, byte for byte what
// json.Marshal(v) writes (TestViewAppendJSONAsMarshal checks it on every view
// of random games, every seat and option): the server writes a view for each
// player after every move, and encoding/json's reflection over it is one of
// the larger costs of a move.
func (v *View) AppendJSON(dst []byte) ([]byte, error) {
	var err error
	b := append(dst, `{"seat":`...)
	b = jsonappend.Int(b, v.Seat)
	b = append(b, `,"options":{"deduction":`...)
	b = jsonappend.String(b, v.Table.Deduction)
	b = append(b, `},"phase":`...)
	b = jsonappend.String(b, v.Phase)
	b = append(b, `,"prompt":`...)
	if b, err = jsonappend.Text(b, v.Prompt); err != nil {
		return nil, err
	}
	b = append(b, `,"toAct":`...)
	b = jsonappend.Ints(b, v.ToAct)
	if v.Actor != "" {
		b = append(b, `,"actor":`...)
		b = jsonappend.String(b, v.Actor)
	}
	b = append(b, `,"night":`...)
	b = jsonappend.Int(b, v.Night)
	b = append(b, `,"head":`...)
	b = jsonappend.String(b, v.Head)
	b = append(b, `,"order":`...)
	b = jsonappend.Strings(b, v.Order)
	b = append(b, `,"timeOfCrime":`...)
	b = jsonappend.Int(b, v.TimeOfCrime)
	if t := v.Track; t != nil {
		b = append(b, `,"track":{"start":`...)
		b = jsonappend.Int(b, t.Start)
		b = append(b, `,"used":`...)
		b = jsonappend.Int(b, t.Used)
		b = append(b, `,"left":`...)
		b = jsonappend.Int(b, t.Left)
		b = append(b, '}')
	}
	b = append(b, `,"coaches":`...)
	b = jsonappend.Int(b, v.Coaches)
	b = append(b, `,"alleys":`...)
	b = jsonappend.Int(b, v.Alleys)
	b = append(b, `,"womenLeft":`...)
	b = jsonappend.Int(b, v.WomenLeft)
	b = append(b, `,"women":`...)
	b = jsonappend.Ints(b, v.Women)
	b = append(b, `,"patrolsLeft":`...)
	b = jsonappend.Int(b, v.PatrolsLeft)
	b = append(b, `,"patrols":`...)
	b = jsonappend.Array(b, v.Patrols, func(b []byte, p *PatrolView) []byte {
		b = append(b, `{"crossing":`...)
		b = jsonappend.String(b, p.Crossing)
		b = append(b, `,"faceUp":`...)
		b = jsonappend.Bool(b, p.FaceUp)
		if p.Token != "" {
			b = append(b, `,"token":`...)
			b = jsonappend.String(b, p.Token)
		}
		return append(b, '}')
	})
	b = append(b, `,"wretched":`...)
	b = jsonappend.Ints(b, v.Wretched)
	if v.WretchedTurn != 0 {
		b = append(b, `,"wretchedTurn":`...)
		b = jsonappend.Int(b, v.WretchedTurn)
	}
	b = append(b, `,"crimeScenes":`...)
	b = jsonappend.Ints(b, v.CrimeScenes)
	b = append(b, `,"policemen":`...)
	b = jsonappend.Array(b, v.Policemen, func(b []byte, p *PolicemanView) []byte {
		b = append(b, `{"seat":`...)
		b = jsonappend.Int(b, p.Seat)
		b = append(b, `,"id":`...)
		b = jsonappend.String(b, p.ID)
		b = append(b, `,"crossing":`...)
		b = jsonappend.String(b, p.Crossing)
		return append(b, '}')
	})
	b = append(b, `,"clues":`...)
	b = jsonappend.Ints(b, v.Clues)
	if s := v.Search; s != nil {
		b = append(b, `,"search":{"policeman":`...)
		b = jsonappend.String(b, s.Policeman)
		b = append(b, `,"named":`...)
		b = jsonappend.Ints(b, s.Named)
		b = append(b, '}')
	}
	b = append(b, `,"nights":`...)
	b = jsonappend.Array(b, v.Nights, appendNight)
	if v.Hideout != 0 {
		b = append(b, `,"hideout":`...)
		b = jsonappend.Int(b, v.Hideout)
	}
	if len(v.Marked) > 0 {
		b = append(b, `,"marked":`...)
		b = jsonappend.Ints(b, v.Marked)
	}
	if len(v.Trail) > 0 {
		b = append(b, `,"trail":`...)
		b = jsonappend.Array(b, v.Trail, func(b []byte, row *[]int) []byte { return jsonappend.Ints(b, *row) })
	}
	if v.Circle != 0 {
		b = append(b, `,"circle":`...)
		b = jsonappend.Int(b, v.Circle)
	}
	if len(v.Possible) > 0 {
		b = append(b, `,"possible":[`...)
		for i, p := range v.Possible {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"circle":`...)
			b = jsonappend.Int(b, p.Circle)
			b = append(b, `,"count":`...)
			if b, err = jsonappend.Float64(b, p.Weight); err != nil {
				return nil, err
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if v.PossibleTotal != 0 {
		b = append(b, `,"possibleTotal":`...)
		if b, err = jsonappend.Float64(b, v.PossibleTotal); err != nil {
			return nil, err
		}
	}
	if len(v.Hideouts) > 0 {
		b = append(b, `,"hideouts":[`...)
		for i, h := range v.Hideouts {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"circle":`...)
			b = jsonappend.Int(b, h.Circle)
			b = append(b, `,"weight":`...)
			if b, err = jsonappend.Float64(b, h.Weight); err != nil {
				return nil, err
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"outcome":`...)
	if b, err = jsonappend.Outcome(b, v.Outcome); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func appendNight(b []byte, n *NightView) []byte {
	b = append(b, `{"scene":`...)
	b = jsonappend.Int(b, n.Scene)
	if n.Second != 0 {
		b = append(b, `,"second":`...)
		b = jsonappend.Int(b, n.Second)
	}
	b = append(b, `,"timeOfCrime":`...)
	b = jsonappend.Int(b, n.TimeOfCrime)
	b = append(b, `,"moves":`...)
	b = jsonappend.Array(b, n.Moves, func(b []byte, m *MoveRecord) []byte {
		b = append(b, `{"kind":`...)
		b = jsonappend.String(b, m.Kind)
		b = append(b, `,"cells":`...)
		b = jsonappend.Int(b, m.Cells)
		b = append(b, `,"police":`...)
		b = jsonappend.Strings(b, m.Police)
		return append(b, '}')
	})
	b = append(b, `,"obs":`...)
	b = jsonappend.Array(b, n.Obs, func(b []byte, o *ObsRecord) []byte {
		b = append(b, `{"time":`...)
		b = jsonappend.Int(b, o.Time)
		b = append(b, `,"circle":`...)
		b = jsonappend.Int(b, o.Circle)
		b = append(b, `,"kind":`...)
		b = jsonappend.String(b, o.Kind)
		return append(b, '}')
	})
	b = append(b, `,"home":`...)
	b = jsonappend.Bool(b, n.Home)
	return append(b, '}')
}
