//go:build !unix

package main

// lockDataDir is a no-op where flock is not available: run one server per
// data directory.
func lockDataDir(dir string) (release func(), err error) { return func() {}, nil }
