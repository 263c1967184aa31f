package main

import (
	"errors"
	"fmt"
)

// dataDirLockedError is lockDataDir's error when a server holds the data
// directory: its text is for a second serve; stoppedFirst words it for the
// commands that need the server stopped.
type dataDirLockedError struct {
	pid string // the holder's process id, or "unknown"
	dir string
}

func (e *dataDirLockedError) Error() string {
	return fmt.Sprintf("another gaslamp server (PID %s) already serves the data directory %s: stop it first, or give this one another --data", e.pid, e.dir)
}

// stoppedFirst is the message of a command that must run with no server on
// the data directory (restore, to-postgres) when lockDataDir failed with
// err: what to stop, and why.
func stoppedFirst(err error, why string) string {
	var locked *dataDirLockedError
	if !errors.As(err, &locked) {
		return err.Error()
	}
	return fmt.Sprintf("a gaslamp server (PID %s) is running on the data directory %s: stop it first (with systemd: systemctl stop gaslamp), %s", locked.pid, locked.dir, why)
}
