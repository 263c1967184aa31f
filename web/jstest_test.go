package web

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"gaslamp/board"
)

// TestJavaScriptUnits runs the JavaScript unit tests (jstest/*.test.mjs) with
// node's test runner, when node is installed. The generated board geometry
// files (boards/*.json of Static) are written to a temporary directory named
// by $GASLAMP_BOARDS for the tests that draw boards.
func TestJavaScriptUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	tests, err := filepath.Glob("jstest/*.test.mjs")
	if err != nil || len(tests) == 0 {
		t.Fatalf("no JavaScript tests found: %v", err)
	}
	dir := t.TempDir()
	for _, name := range board.Names() {
		data, err := fs.ReadFile(Static(), "boards/"+name+".json")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(node, append([]string{"--test"}, tests...)...)
	cmd.Env = append(os.Environ(), "GASLAMP_BOARDS="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
