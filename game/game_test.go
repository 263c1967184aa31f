package game

import (
	"errors"
	"testing"
	"testing/fstest"
)

func TestSeatSet(t *testing.T) {
	s := SeatsOf(0, 3, 5)
	if !s.Has(3) || s.Has(1) || s.Has(Spectator) || s.Len() != 3 || s.First() != 0 {
		t.Fatalf("bad set %b", s)
	}
	if got := s.Without(0).First(); got != 3 {
		t.Fatalf("First after Without = %d", got)
	}
	if SeatSet(0).First() != Spectator {
		t.Fatal("empty set First must be Spectator")
	}
	if got := AllSeats(4).Seats(); len(got) != 4 || got[3] != 3 {
		t.Fatalf("AllSeats(4) = %v", got)
	}
}

func TestAudience(t *testing.T) {
	if !Public.Sees(Spectator) || !Public.Sees(4) {
		t.Fatal("public must be seen by all")
	}
	if a := Only(0); a.Sees(Spectator) || a.Sees(1) || !a.Sees(0) {
		t.Fatal("Only(0) leaks")
	}
	if a := AllBut(0); a.Sees(0) || !a.Sees(1) || !a.Sees(Spectator) {
		t.Fatal("AllBut(0) wrong")
	}
}

func TestRandDeterministicAndUniform(t *testing.T) {
	a, b := NewRand(42), NewRand(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() != b.Uint64() {
			t.Fatal("same seed, different numbers")
		}
	}
	c := a // a copy draws the same numbers
	if a.IntN(1000) != c.IntN(1000) {
		t.Fatal("copied generator diverged")
	}
	var counts [6]int
	r := NewRand(7)
	for i := 0; i < 60000; i++ {
		counts[r.IntN(6)]++
	}
	for i, n := range counts {
		if n < 9000 || n > 11000 {
			t.Fatalf("IntN(6) value %d drawn %d times of 60000", i, n)
		}
	}
}

func TestCatalogRenderAndMissing(t *testing.T) {
	c := Catalog{"en": {"a": "Jack reached {circle}", "b": "B"}, "fr": {"a": "Jack a atteint {circle}"}}
	if got := c.Render("fr", T("a", "circle", 42)); got != "Jack a atteint 42" {
		t.Fatalf("Render fr = %q", got)
	}
	if got := c.Render("nl", T("b")); got != "B" {
		t.Fatalf("fallback = %q", got)
	}
	m := c.Missing()
	if len(m["fr"]) != 1 || m["fr"][0] != "b" || len(m["nl"]) != 2 {
		t.Fatalf("Missing = %v", m)
	}
}

func TestOptions(t *testing.T) {
	o := ParseOptions("false-clues, reid=blue,murderer-at-large")
	if !o.Bool("false-clues") || o["reid"] != "blue" || o.Bool("x") {
		t.Fatalf("parsed %v", o)
	}
	if s := o.String(); s != "false-clues,murderer-at-large,reid=blue" {
		t.Fatalf("String = %q", s)
	}
	specs := []OptionSpec{{Name: "false-clues", Kind: "bool"}, {Name: "murderer-at-large", Kind: "bool"}, {Name: "reid", Kind: "choice", Choices: []string{"none", "blue"}}}
	if err := Validate(specs, o); err != nil {
		t.Fatal(err)
	}
	if err := Validate(specs, Options{"reid": "green"}); CodeOf(err) != CodeBadOptions {
		t.Fatalf("bad choice accepted: %v", err)
	}
	if err := Validate(specs, Options{"nope": "true"}); CodeOf(err) != CodeBadOptions {
		t.Fatalf("unknown option accepted: %v", err)
	}
}

func TestErrorCodes(t *testing.T) {
	err := error(Illegal("whitehall.err.blocked"))
	if CodeOf(err) != CodeIllegal || CodeOf(errors.New("x")) != CodeInternal {
		t.Fatal("CodeOf")
	}
}

func TestLogForFiltersByAudience(t *testing.T) {
	var l Log
	l.Add(Event{Type: "secret", To: Only(0)})
	l.Add(Event{Type: "public", To: Public})
	if got := l.For(1); len(got) != 1 || got[0].Type != "public" {
		t.Fatalf("seat 1 saw %v", got)
	}
	if got := l.For(0); len(got) != 2 {
		t.Fatalf("seat 0 saw %v", got)
	}
	var nilLog *Log
	nilLog.Add(Event{}) // must not panic
	if nilLog.On() {
		t.Fatal("nil log on")
	}
}

func TestCatalogRendersNestedTexts(t *testing.T) {
	c := Catalog{"en": {"won": "{side} wins", "side.jack": "Jack"}, "fr": {"won": "{side} gagne", "side.jack": "Jack l'Éventreur"}}
	if got := c.Render("fr", T("won", "side", T("side.jack"))); got != "Jack l'Éventreur gagne" {
		t.Fatalf("nested Text = %q", got)
	}
	decoded := map[string]any{"key": "side.jack"}
	if got := c.Render("en", T("won", "side", decoded)); got != "Jack wins" {
		t.Fatalf("decoded nested Text = %q", got)
	}
}

func TestLoadCatalog(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.json": {Data: []byte(`{"a":"A"}`)},
		"m/fr.json": {Data: []byte(`{"a":"A fr"}`)},
		"m/nl.json": {Data: []byte(`{"a":"A nl"}`)},
	}
	c, err := LoadCatalog(fsys, "m")
	if err != nil || c.Render("nl", T("a")) != "A nl" {
		t.Fatalf("LoadCatalog = %v, %v", c, err)
	}
	cp := c.Clone()
	cp["en"]["a"] = "changed"
	if c["en"]["a"] != "A" {
		t.Fatal("Clone shares maps")
	}
	delete(fsys, "m/nl.json")
	if _, err := LoadCatalog(fsys, "m"); err == nil {
		t.Fatal("missing language accepted")
	}
	fsys["m/nl.json"] = &fstest.MapFile{Data: []byte(`{`)}
	if _, err := LoadCatalog(fsys, "m"); err == nil {
		t.Fatal("bad JSON accepted")
	}
}
