package main

import (
	"os"
	"testing"
)

// TestMain lets the test binary stand for gaslamp where a command runs
// this binary again (loadtest starts its nodes as "os.Executable() serve
// ..."): invoked with a command as its first argument, it runs that
// command instead of the tests.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "serve" {
		os.Exit(run(os.Args[1:]))
	}
	os.Exit(m.Run())
}
