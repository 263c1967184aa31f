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
	code, _, help := runCaptured(t, "", "backup", "--data", "/elsewhere", "--help")
	if code != 0 || !strings.Contains(help, `(default "./gaslamp-data")`) {
		t.Errorf("backup --data /elsewhere --help: exit %d\n%s", code, help)
	}
}

// TestWrongFlagGivesTheSynopsis: a typo in a flag gets the command's synopsis,
// the way to its flags and the error, not the whole list of flags above the
// one line that says what was wrong; --help still lists them.
func TestWrongFlagGivesTheSynopsis(t *testing.T) {
	for _, cmd := range []string{"serve", "arena", "loadtest", "bench"} {
		code, out, errs := runCaptured(t, "", cmd, "--bogus")
		lines := strings.Count(errs, "\n")
		if code != 2 || out != "" || lines > 4 || !strings.Contains(errs, "Usage: gaslamp "+cmd) ||
			!strings.Contains(errs, "gaslamp "+cmd+" --help lists its flags") || !strings.Contains(errs, "-bogus") {
			t.Errorf("%s --bogus: exit %d, %d lines on stderr:\n%s", cmd, code, lines, errs)
		}
		code, _, errs = runCaptured(t, "", cmd, "--help")
		if code != 0 || !strings.Contains(errs, "Flags:") || strings.Contains(errs, "(gaslamp "+cmd+" --help lists its flags)") {
			t.Errorf("%s --help: exit %d, stderr:\n%s", cmd, code, errs)
		}
	}
}
