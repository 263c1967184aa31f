//go:build !race

package whitechapelbot

// raceOn is true under the race detector, which makes the long tests
// shrink their counts.
const raceOn = false
