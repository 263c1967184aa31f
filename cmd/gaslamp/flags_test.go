package main

import (
	"strings"
	"testing"
)

// TestHelpHidesFlagsNotForTheCommand: backup and restore accept --database
// only to say that PostgreSQL has its own tools; their help does not list
// it, and giving it still exits 2 with that message.
func TestHelpHidesFlagsNotForTheCommand(t *testing.T) {
	for _, cmd := range []string{"backup", "restore"} {
		code, _, help := runCaptured(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(help, "-data") || strings.Contains(help, "  -database") || strings.Contains(help, notForThisCommand) {
			t.Errorf("%s --help: exit %d\n%s", cmd, code, help)
		}
		code, _, errOut := runCaptured(t, "", cmd, "--database", "postgres://x@h/db", "f.db")
		if code != 2 || !strings.Contains(errOut, "pg_dump") {
			t.Errorf("%s --database: exit %d, %q", cmd, code, errOut)
		}
	}
	// A default changed by a partial parse still shows as declared.
	code, _, help := runCaptured(t, "", "backup", "--data", "/elsewhere", "--no-such-flag")
	if code != 2 || !strings.Contains(help, `(default "./gaslamp-data")`) {
		t.Errorf("backup --no-such-flag: exit %d\n%s", code, help)
	}
}
