// Package servicetest gives tests the address of an outside service
// (PostgreSQL, NATS) from the environment: a test without it says it is
// skipped and why, except under CI=true, where .ci/run starts the services
// and sets the variables, so a missing one fails the test.
package servicetest

import (
	"os"
	"testing"
)

// URL returns the value of the environment variable env, the address of the
// service what (example shows its form). When env is unset it skips t, or
// fails it under CI=true.
func URL(t testing.TB, env, what, example string) string {
	t.Helper()
	u := os.Getenv(env)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: under CI=true %s must be tested (.ci/run sets it)", env, what)
		}
		t.Skipf("%s tests skipped: %s is not set (e.g. %s)", what, env, example)
	}
	return u
}
