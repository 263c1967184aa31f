package storetest

import (
	"context"
	"testing"
)

// testSettings: the first value stored under a name stays, for every later
// writer, and survives reopening the store.
func testSettings(t *testing.T, db DB) {
	ctx := context.Background()
	s := open(t, db)
	v, err := s.EnsureSetting(ctx, "secret", "first")
	if err != nil || v != "first" {
		t.Fatalf("EnsureSetting = %q, %v; want first", v, err)
	}
	if v, err := s.EnsureSetting(ctx, "secret", "second"); err != nil || v != "first" {
		t.Fatalf("second EnsureSetting = %q, %v; want first", v, err)
	}
	if v, err := s.EnsureSetting(ctx, "other", "x"); err != nil || v != "x" {
		t.Fatalf("EnsureSetting(other) = %q, %v; want x", v, err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, db)
	defer s.Close()
	if v, err := s.EnsureSetting(ctx, "secret", "third"); err != nil || v != "first" {
		t.Fatalf("after reopening: %q, %v; want first", v, err)
	}
}
