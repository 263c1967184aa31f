//go:build !race

package jekyll

const raceEnabled = false
