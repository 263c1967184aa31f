package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
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

// notADataDir says why dir cannot be a data directory when it names a file
// (the database itself, often: --data /var/lib/gaslamp/data/gaslamp.db);
// nil when it is a directory or does not exist (each command says what a
// missing one means for it).
func notADataDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil || st.IsDir() {
		return nil
	}
	if filepath.Base(dir) == "gaslamp.db" {
		return fmt.Errorf("--data %s is the database file: give the directory that holds it, --data %s", dir, filepath.Dir(dir))
	}
	return fmt.Errorf("--data %s is a file, not a directory: give the directory serve keeps its database in (gaslamp.db)", dir)
}

// wrongUser says, for an error err met in the data directory dir, that this
// process's user may not read or write there, who owns dir and how to run
// as that user; it returns "" when err is not a permission error.
func wrongUser(dir string, err error) string {
	if !errors.Is(err, fs.ErrPermission) {
		return ""
	}
	me := "this user"
	if u, uerr := user.Current(); uerr == nil {
		me = u.Username
	}
	where := "the data directory " + dir
	owned := dir
	if _, serr := os.Stat(dir); errors.Is(serr, fs.ErrNotExist) {
		// It could not be created: its parent is someone else's.
		owned = filepath.Dir(dir)
		where = fmt.Sprintf("%s (to create the data directory %s)", owned, dir)
	}
	owner := ownerOf(owned)
	if owner == "" {
		return fmt.Sprintf("%s may not use %s: run gaslamp as the user that owns it", me, where)
	}
	return fmt.Sprintf("%s may not use %s, which belongs to %s: run gaslamp as %s (sudo -u %s gaslamp ..., or User=%s in its systemd unit)",
		me, where, owner, owner, owner, owner)
}

// checkDatabaseAccess says, when this process's user may not open the
// database of data directory dir for reading (and writing, with write),
// whose file it is and what to do; nil when it may, or when there is no
// database yet. SQLite would say only "unable to open database file".
func checkDatabaseAccess(dir string, write bool) error {
	path := filepath.Join(dir, "gaslamp.db")
	mode := os.O_RDONLY
	if write {
		mode = os.O_RDWR
	}
	f, err := os.OpenFile(path, mode, 0)
	if err == nil {
		f.Close()
		return nil
	}
	if !errors.Is(err, fs.ErrPermission) {
		return nil // missing, or another trouble the store will name
	}
	me := "this user"
	if u, uerr := user.Current(); uerr == nil {
		me = u.Username
	}
	owner, dirOwner := ownerOf(path), ownerOf(dir)
	if owner == "" {
		// Not even its owner can be read: the directory is closed to
		// this user.
		return errors.New(wrongUser(dir, err))
	}
	msg := fmt.Sprintf("%s may not open the database %s, which belongs to %s: run gaslamp as %s", me, path, owner, owner)
	if dirOwner != "" && dirOwner != owner {
		msg += fmt.Sprintf(", or, if serve runs as %s (the data directory's owner), give the file to it: chown %s %s", dirOwner, dirOwner, path)
	}
	return errors.New(msg)
}
