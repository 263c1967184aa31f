// Package rating computes Glicko-2 ratings (Mark E. Glickman, "Example of
// the Glicko-2 system", 2013), on the Glicko scale: a new player is 1500
// with a rating deviation (RD) of 350 and a volatility of 0.06.
//
// Each rated game is one rating period for the players in it. A side of
// several people meets one composite opponent: the mean rating of the other
// side and the root mean square of its deviations.
package rating

import "math"

// Defaults for a player without games, and the system constant τ.
const (
	DefaultRating = 1500.0
	DefaultRD     = 350.0
	DefaultVol    = 0.06
	Tau           = 0.5
	// scale turns Glicko ratings into Glicko-2's internal scale.
	scale = 173.7178
	// epsilon is the convergence tolerance of the volatility iteration.
	epsilon = 0.000001
)

// Player is one rating: the rating, its deviation and its volatility.
type Player struct {
	Rating, RD, Vol float64
}

// New is the rating of a player without games.
func New() Player { return Player{DefaultRating, DefaultRD, DefaultVol} }

// Game is one game of a period: the opponent's rating before it and the
// score (1 a win, 0 a loss, 0.5 a draw).
type Game struct {
	Opponent Player
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expect(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns p's rating after a rating period with the games (with no
// game, only the deviation grows).
func Update(p Player, games []Game) Player {
	mu := (p.Rating - DefaultRating) / scale
	phi := p.RD / scale
	sigma := p.Vol
	if len(games) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Player{p.Rating, math.Min(phiStar*scale, DefaultRD), sigma}
	}
	var vInv, sum float64
	for _, gm := range games {
		muj := (gm.Opponent.Rating - DefaultRating) / scale
		phij := gm.Opponent.RD / scale
		e := expect(mu, muj, phij)
		gj := g(phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (gm.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	sigma = volatility(delta, phi, v, sigma)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return Player{muNew*scale + DefaultRating, math.Min(phiNew*scale, DefaultRD), sigma}
}

// volatility is step 5 of the paper: the new volatility by the Illinois
// algorithm.
func volatility(delta, phi, v, sigma float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// Composite is the one opponent a side of several players makes: their
// mean rating and the root mean square of their deviations (volatility:
// the mean).
func Composite(ps []Player) Player {
	if len(ps) == 0 {
		return New()
	}
	var r, rd2, vol float64
	for _, p := range ps {
		r += p.Rating
		rd2 += p.RD * p.RD
		vol += p.Vol
	}
	n := float64(len(ps))
	return Player{r / n, math.Sqrt(rd2 / n), vol / n}
}
