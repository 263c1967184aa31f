package web

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestJavaScriptUnits runs the JavaScript unit tests (jstest/*.test.mjs) with
// node's test runner, when node is installed.
func TestJavaScriptUnits(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	tests, err := filepath.Glob("jstest/*.test.mjs")
	if err != nil || len(tests) == 0 {
		t.Fatalf("no JavaScript tests found: %v", err)
	}
	out, err := exec.Command(node, append([]string{"--test"}, tests...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
