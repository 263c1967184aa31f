package board

import (
	"bytes"
	"os"
	"testing"

	"gaslamp/board/internal/boardfile"
)

// sharedDir is where the shared source transcriptions live relative to this
// package; GASLAMP_SHARED_BOARDS overrides it.
func sharedDir() string {
	if d := os.Getenv("GASLAMP_SHARED_BOARDS"); d != "" {
		return d
	}
	return "../../shared/boards"
}

func TestEmbeddedDataMatchesConversion(t *testing.T) {
	dir := sharedDir()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("shared board sources not available (%v); the embedded data cannot be re-derived here", err)
	}
	files, err := boardfile.ConvertDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range boardfile.Names {
		embedded, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(embedded, files[name]) {
			t.Errorf("data/%s.json differs from a fresh conversion of %s; run go generate ./board", name, dir)
		}
	}
}

func TestEmbeddedDataRoundTrip(t *testing.T) {
	for _, name := range boardfile.Names {
		data, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		f, err := boardfile.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		again, err := f.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Errorf("data/%s.json is not in canonical layout", name)
		}
	}
}
