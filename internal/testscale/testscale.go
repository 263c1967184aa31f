// Package testscale sizes the project's tests to the machine they run on.
//
// Two environment variables, read once:
//
//   - GASLAMP_TEST_LONG=1 runs the long randomized tests (conformance over
//     many seeded games, determinized worlds, arena checks, large fuzz
//     corpora) at full size. Without it they run a small default that still
//     reaches every rule path, so that `go test ./...` stays fast.
//   - GASLAMP_TEST_TIMEOUT_SCALE (a positive number, default 1) multiplies
//     every limit a test waits under (Timeout). Tests wait for events, not
//     for wall-clock luck; the limits are generous, and a very slow machine
//     can stretch them further without editing a test.
package testscale

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

var (
	once  sync.Once
	long  bool
	scale = 1.0
)

func read() {
	once.Do(func() {
		long = os.Getenv("GASLAMP_TEST_LONG") == "1"
		if s := os.Getenv("GASLAMP_TEST_TIMEOUT_SCALE"); s != "" {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil || f <= 0 {
				panic(fmt.Sprintf("GASLAMP_TEST_TIMEOUT_SCALE=%q: want a positive number such as 2 or 0.5", s))
			}
			scale = f
		}
	})
}

// Long reports whether GASLAMP_TEST_LONG=1 asks for the long runs.
func Long() bool {
	read()
	return long
}

// Size returns long under GASLAMP_TEST_LONG=1 and def otherwise: the number
// of games, seeds or iterations of a randomized test.
func Size(def, long int) int {
	if Long() {
		return long
	}
	return def
}

// Timeout returns d multiplied by GASLAMP_TEST_TIMEOUT_SCALE: the limit for
// a wait on an event (a frame, a move count, a page state).
func Timeout(d time.Duration) time.Duration {
	read()
	return time.Duration(float64(d) * scale)
}

// SkipUnlessLong skips t unless GASLAMP_TEST_LONG=1, saying so.
func SkipUnlessLong(t testing.TB) {
	t.Helper()
	if !Long() {
		t.Skip("long randomized run: set GASLAMP_TEST_LONG=1")
	}
}
