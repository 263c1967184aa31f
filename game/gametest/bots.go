package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"

	"gaslamp/game"
)

// BotTwinConfig configures BotTwins, the fairness check of one bot at one
// seat: two instances of the bot, made alike (same seed), play the seat's
// decisions of one game side by side, one from the real world's views, the
// other from the views of a world drawn afresh at every decision by
// Determinize from that seat's view (the same public facts and the seat's
// own secrets, every other seat's secret drawn anew). A fair bot, which
// reads only its view, makes the same choices in both.
type BotTwinConfig struct {
	Rules   game.Rules
	Options game.Options
	Seed    uint64
	Seat    game.Seat
	// NewBot makes one instance of the bot under test; both instances are
	// made with the same seed and must be deterministic for it (no time
	// budget).
	NewBot func(seat game.Seat, seed uint64) (game.Bot, error)
	// Decisions caps the bot's decisions compared (0: the whole game).
	Decisions int
	// MaxMoves caps the game's moves (0: 5000).
	MaxMoves int
}

// BotTwinResult counts what BotTwins compared.
type BotTwinResult struct {
	Decisions int // decisions of the bot with more than one legal move
	// Differed counts the decisions at which the drawn world differed from
	// the real one (its snapshot did): the bot chose from a world whose
	// hidden facts it could not know.
	Differed int
}

// BotTwins plays one game: seat c.Seat by the bot under test, every other
// seat at random (a generator of c.Seed). It returns an error at the first
// decision where the two instances chose differently, or where the drawn
// world showed the seat another view (as JSON) than the real one.
func BotTwins(c BotTwinConfig) (BotTwinResult, error) {
	var res BotTwinResult
	if c.MaxMoves == 0 {
		c.MaxMoves = 5000
	}
	st, err := c.Rules.New(c.Options, c.Seed)
	if err != nil {
		return res, fmt.Errorf("New: %w", err)
	}
	seed := c.Seed*0x9e3779b97f4a7c15 + 17
	real, err := c.NewBot(c.Seat, seed)
	if err != nil {
		return res, err
	}
	twin, err := c.NewBot(c.Seat, seed)
	if err != nil {
		return res, err
	}
	rng := game.NewRand(c.Seed ^ 0x7477696e)
	drawRng := game.NewRand(c.Seed ^ 0x64726177)
	snap := st.Snapshot()
	for moves := 0; moves < c.MaxMoves && !st.Outcome().Over; moves++ {
		if c.Decisions > 0 && res.Decisions >= c.Decisions {
			break
		}
		seats := st.ToAct().Seats()
		seat := seats[rng.IntN(len(seats))]
		legal := st.Legal(seat, nil)
		var m game.Move
		if seat != c.Seat {
			m = legal[rng.IntN(len(legal))]
		} else {
			va := st.View(seat)
			w, err := c.Rules.Determinize(va, &drawRng)
			if err != nil {
				return res, fmt.Errorf("move %d: Determinize: %w", moves, err)
			}
			vb := w.View(seat)
			ja, _ := json.Marshal(va)
			jb, _ := json.Marshal(vb)
			if !bytes.Equal(ja, jb) {
				return res, fmt.Errorf("move %d: the drawn world shows seat %d another view:\n%s\n%s", moves, seat, ja, jb)
			}
			legalB := w.Legal(seat, nil)
			m = real.Choose(va, append([]game.Move(nil), legal...))
			mb := twin.Choose(vb, legalB)
			if len(legal) > 1 {
				res.Decisions++
				if snap = w.Snapshot(); !bytes.Equal(snap, st.Snapshot()) {
					res.Differed++
				}
			}
			if m != mb {
				return res, fmt.Errorf("move %d: seat %d chose %s in the real world and %s in a world it cannot tell from it",
					moves, seat, c.Rules.EncodeMove(m), c.Rules.EncodeMove(mb))
			}
		}
		if err := st.Apply(seat, m, nil); err != nil {
			return res, fmt.Errorf("move %d: %s refused: %w", moves, c.Rules.EncodeMove(m), err)
		}
	}
	return res, nil
}

// Opening plays one game from c.Seed, every seat of c.Seat's side by the
// bot (seat k's made with botSeed+k), every other seat at random (from
// c.Seed, so that the same seed gives the same opponents), and returns the
// side's first n choices among more than one legal move, encoded.
func Opening(c BotTwinConfig, botSeed uint64, n int) ([]string, error) {
	st, err := c.Rules.New(c.Options, c.Seed)
	if err != nil {
		return nil, err
	}
	infos, err := c.Rules.Seats(c.Options)
	if err != nil {
		return nil, err
	}
	bots := make([]game.Bot, len(infos))
	for k, si := range infos {
		if si.Side == infos[c.Seat].Side {
			if bots[k], err = c.NewBot(game.Seat(k), botSeed+uint64(k)); err != nil {
				return nil, err
			}
		}
	}
	rng := game.NewRand(c.Seed ^ 0x6f70656e)
	var out []string
	for moves := 0; len(out) < n && !st.Outcome().Over && moves < 5000; moves++ {
		seats := st.ToAct().Seats()
		seat := seats[rng.IntN(len(seats))]
		legal := st.Legal(seat, nil)
		var m game.Move
		if bots[seat] == nil {
			m = legal[rng.IntN(len(legal))]
		} else {
			m = bots[seat].Choose(st.View(seat), append([]game.Move(nil), legal...))
			if len(legal) > 1 {
				out = append(out, fmt.Sprintf("%d:%s", seat, c.Rules.EncodeMove(m)))
			}
		}
		if err := st.Apply(seat, m, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}
