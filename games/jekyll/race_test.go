//go:build race

package jekyll

const raceEnabled = true
