package whitehall

import (
	"strconv"

	"gaslamp/internal/jsonappend"
)

// AppendJSON appends the view's JSON encoding to dst, byte for byte what
// json.Marshal(v) writes (TestViewAppendJSONAsMarshal checks it on every view
// of random games, every seat and option): the server writes a view for each
// player after every move, and encoding/json's reflection over it was 5% of
// its CPU at 10,000 players.
func (v *View) AppendJSON(dst []byte) ([]byte, error) {
	var err error
	b := append(dst, `{"seat":`...)
	b = jsonappend.Int(b, v.Seat)
	b = append(b, `,"options":{"investigatorPowers":`...)
	o := &v.Table
	b = jsonappend.Bool(b, o.InvestigatorPowers)
	b = append(b, `,"reid":`...)
	b = jsonappend.String(b, o.Reid)
	b = append(b, `,"swanson":`...)
	b = jsonappend.String(b, o.Swanson)
	b = append(b, `,"falseClues":`...)
	b = jsonappend.Bool(b, o.FalseClues)
	b = append(b, `,"murdererAtLarge":`...)
	b = jsonappend.Bool(b, o.MurdererAtLarge)
	b = append(b, `,"newspaperFabrications":`...)
	b = jsonappend.Bool(b, o.NewspaperFabrications)
	b = append(b, `,"deduction":`...)
	b = jsonappend.String(b, o.Deduction)
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
	b = append(b, `,"round":`...)
	b = jsonappend.Int(b, v.Round)
	b = append(b, `,"locationsChosen":`...)
	b = jsonappend.Int(b, v.LocationsChosen)
	b = append(b, `,"figures":`...)
	b = jsonappend.Array(b, v.Figures, appendFigure)
	b = append(b, `,"track":`...)
	b = jsonappend.Strings(b, v.Track)
	b = append(b, `,"cards":{"coach":`...)
	b = appendCard(b, v.Cards.Coach)
	b = append(b, `,"alley":`...)
	b = appendCard(b, v.Cards.Alley)
	b = append(b, `,"boat":`...)
	b = appendCard(b, v.Cards.Boat)
	b = append(b, `,"hidden":`...)
	b = jsonappend.Int(b, v.Cards.Hidden)
	b = append(b, `},"reached":`...)
	b = jsonappend.Ints(b, v.Reached)
	b = append(b, `,"clues":`...)
	b = jsonappend.Ints(b, v.Clues)
	b = append(b, `,"falseClues":`...)
	b = jsonappend.Ints(b, v.FalseClues)
	b = append(b, `,"blueMarkers":`...)
	b = jsonappend.Int(b, v.BlueMarkers)
	b = append(b, `,"cluesFound":`...)
	b = jsonappend.Int(b, v.CluesFound)
	b = append(b, `,"powers":{"smokerSpent":`...)
	b = jsonappend.Bool(b, v.Powers.SmokerSpent)
	b = append(b, `,"reidSpent":`...)
	b = jsonappend.Bool(b, v.Powers.ReidSpent)
	b = append(b, `,"swansonSpent":`...)
	b = jsonappend.Bool(b, v.Powers.SwansonSpent)
	b = append(b, `,"speed":`...)
	b = jsonappend.Bool(b, v.Powers.Speed)
	b = append(b, '}')
	if s := v.Search; s != nil {
		b = append(b, `,"search":{"figure":`...)
		b = jsonappend.String(b, s.Figure)
		b = append(b, `,"scent":`...)
		b = jsonappend.Bool(b, s.Scent)
		b = append(b, `,"named":`...)
		b = jsonappend.Ints(b, s.Named)
		b = append(b, '}')
	}
	if v.Guess != 0 {
		b = append(b, `,"guess":`...)
		b = jsonappend.Int(b, v.Guess)
	}
	b = append(b, `,"rounds":`...)
	b = jsonappend.Array(b, v.Rounds, appendRound)
	if len(v.Locations) > 0 {
		b = append(b, `,"locations":`...)
		b = jsonappend.Ints(b, v.Locations)
	}
	if len(v.Trail) > 0 {
		b = append(b, `,"trail":`...)
		b = jsonappend.Array(b, v.Trail, func(b []byte, row *[]int) []byte { return jsonappend.Ints(b, *row) })
	}
	if v.Circle != 0 {
		b = append(b, `,"circle":`...)
		b = jsonappend.Int(b, v.Circle)
	}
	if v.Announce {
		b = append(b, `,"announce":true`...)
	}
	if len(v.Possible) > 0 {
		b = append(b, `,"possible":`...)
		b = jsonappend.Array(b, v.Possible, func(b []byte, p *Possible) []byte {
			b = append(b, `{"circle":`...)
			b = jsonappend.Int(b, p.Circle)
			b = append(b, `,"count":`...)
			b = strconv.AppendUint(b, p.Count, 10)
			return append(b, '}')
		})
	}
	if v.PossibleTotal != 0 {
		b = append(b, `,"possibleTotal":`...)
		b = strconv.AppendUint(b, v.PossibleTotal, 10)
	}
	b = append(b, `,"outcome":`...)
	if b, err = jsonappend.Outcome(b, v.Outcome); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

func appendCard(b []byte, c CardView) []byte {
	b = append(b, `{"left":`...)
	b = jsonappend.Int(b, c.Left)
	b = append(b, `,"out":`...)
	b = jsonappend.Int(b, c.Out)
	return append(b, '}')
}

func appendFigure(b []byte, f *FigureView) []byte {
	b = append(b, `{"seat":`...)
	b = jsonappend.Int(b, f.Seat)
	b = append(b, `,"id":`...)
	b = jsonappend.String(b, f.ID)
	b = append(b, `,"name":`...)
	b = jsonappend.String(b, f.Name)
	b = append(b, `,"crossing":`...)
	b = jsonappend.String(b, f.Crossing)
	return append(b, '}')
}

func appendRound(b []byte, r *RoundView) []byte {
	b = append(b, `{"start":`...)
	b = jsonappend.Int(b, r.Start)
	if r.End != 0 {
		b = append(b, `,"end":`...)
		b = jsonappend.Int(b, r.End)
	}
	b = append(b, `,"moves":`...)
	b = jsonappend.Array(b, r.Moves, func(b []byte, m *MoveRecord) []byte {
		b = append(b, `{"kind":`...)
		b = jsonappend.String(b, m.Kind)
		b = append(b, `,"cells":`...)
		b = jsonappend.Int(b, m.Cells)
		b = append(b, `,"occupied":`...)
		b = jsonappend.Strings(b, m.Occupied)
		return append(b, '}')
	})
	b = append(b, `,"obs":`...)
	b = jsonappend.Array(b, r.Obs, func(b []byte, o *ObsRecord) []byte {
		b = append(b, `{"time":`...)
		b = jsonappend.Int(b, o.Time)
		b = append(b, `,"circle":`...)
		b = jsonappend.Int(b, o.Circle)
		b = append(b, `,"kind":`...)
		b = jsonappend.String(b, o.Kind)
		return append(b, '}')
	})
	return append(b, '}')
}
