package pocket

import (
	"gaslamp/game"
)

// The "modeled" bot (an advanced choice, no level's pick): at Jack's seat the
// endgame bot whose
// ISMCTS keeps only Jack's own moves in its tree (bot.Search.SideOnly) and
// plays the investigator's moves, in the tree and in the rollouts, by a
// model that does not know Jack ([playModel]). Jack's view shows his
// identity, so every world the plain search draws has the true Jack: an
// investigator searched in that tree learns who Jack is from the rewards
// and splits the suspects around him, Jack's values all look lost and his
// search cannot tell his moves apart. The model plays as a player who does
// not know him: it keeps the suspects seen and unseen even. Measured
// against the Normal investigator (30 games, seeds 1..30, --budget -1ns),
// modeled:100000 won 13 as Jack where the Hard Jack won 11: within the
// noise, so Hard keeps the endgame bot.

// Model tuning: a rollout move is drawn uniformly with probability
// modelRandom; otherwise the best of modelCandidates moves drawn from the
// legal ones (with repetition) by the side's score.
const (
	modelRandom     = 0.25
	modelCandidates = 3
	modelUnseen     = 1.5 // the score of Jack unseen: the hourglass he wins
)

// playModel is the rollout and opponent policy of the modeled search, on
// determinized states only. Jack (who knows himself) keeps his group of
// suspects large and himself unseen; the investigator keeps the suspects
// seen and unseen even, which is his best split without knowing Jack.
func playModel(gs game.State, seat game.Seat, legal []game.Move, rng *game.Rand) game.Move {
	s, ok := gs.(*State)
	if !ok || len(legal) == 1 || rng.Float64() < modelRandom {
		return legal[rng.IntN(len(legal))]
	}
	jack := seat == JackSeat
	best, bestScore := legal[0], -1e9
	for range modelCandidates {
		m := legal[rng.IntN(len(legal))]
		a, ok := Parse(m)
		if !ok {
			continue
		}
		b := s.b
		bonus := 0.0
		if a.Kind == KindAlibi {
			bonus = 1 // Jack's card may hold hourglasses; the investigator's clears a suspect
		} else {
			b.apply(a)
		}
		if sc := modelScore(&b, s.jack, jack) + bonus; sc > bestScore {
			best, bestScore = m, sc
		}
	}
	return best
}

// modelScore is the model's score of board b for Jack (jack: his moves) or
// the investigator (who is not told who Jack is).
func modelScore(b *Board, who Character, jack bool) float64 {
	sight := b.Sight()
	total := b.Suspects().Len()
	seen := sight.Seen.Len()
	if !jack {
		d := 2*seen - total
		if d < 0 {
			d = -d
		}
		return -float64(d)
	}
	if sight.Seen.Has(who) {
		return float64(seen)
	}
	return float64(total-seen) + modelUnseen
}
