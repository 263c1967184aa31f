package game

import "math/bits"

// Rand is a small seeded generator (PCG-XSL-RR 128/64 style via 64-bit LCG and
// a multiply-xorshift output). It is a plain value: copying a state copies its
// generator, so a clone and its original draw the same numbers. The zero value is
// usable but every game seeds it with NewRand.
type Rand struct {
	S uint64 // state, exported so that snapshots include it
}

// NewRand returns a generator seeded from seed.
func NewRand(seed uint64) Rand {
	r := Rand{S: seed ^ 0x9e3779b97f4a7c15}
	r.Uint64()
	return r
}

// Uint64 returns the next pseudo-random 64-bit value (splitmix64).
func (r *Rand) Uint64() uint64 {
	r.S += 0x9e3779b97f4a7c15
	z := r.S
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN returns a uniform value in [0, n). It panics if n <= 0.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("game: IntN with n <= 0")
	}
	// Lemire's multiply-shift with rejection: unbiased.
	bound := uint64(n)
	hi, lo := bits.Mul64(r.Uint64(), bound)
	if lo < bound {
		thresh := -bound % bound
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), bound)
		}
	}
	return int(hi)
}

// Float64 returns a uniform value in [0, 1).
func (r *Rand) Float64() float64 { return float64(r.Uint64()>>11) / (1 << 53) }

// Shuffle permutes n elements with swap (Fisher-Yates).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}

// Split returns a new generator derived from this one, advancing it once.
func (r *Rand) Split() Rand { return NewRand(r.Uint64()) }
