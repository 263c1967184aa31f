package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gaslamp/store"
)

func init() {
	commands["backup"] = command{"copy the embedded database, while the server runs, into a checked file", runBackup}
	commands["restore"] = command{"put a backup in place of the embedded database (the server stopped)", runRestore}
}

const backupSynopsis = `[--data DIR] FILE

Writes a consistent copy of the embedded SQLite database of DIR to FILE, which
must not exist. The server may go on running: every move it acknowledged before
the copy began is in it. The copy is checked whole before it is named FILE.
With PostgreSQL (serve --database), back up with pg_dump instead.`

const restoreSynopsis = `[--data DIR] FILE

Puts the backup FILE in place of the embedded SQLite database of DIR. The server
must be stopped. The backup is checked first; the database it replaces is moved
aside into DIR/before-restore-TIME/, never deleted. The next serve applies the
migrations the backup lacks.`

// fileCommand parses the flags of backup and restore, which take one file:
// it returns the data directory and the file, or the exit code when the
// command must stop (0 after --help, 2 after a wrong flag or argument).
func fileCommand(name, synopsis string, args []string) (dir, file string, code int, ok bool) {
	fs := newFlags(name, synopsis)
	data := fs.String("data", "./gaslamp-data", "the data directory of the embedded SQLite database (serve --data)")
	database := fs.String("database", "", "not for this command: PostgreSQL is backed up and restored with its own tools")
	// Flags may also follow the file name (backup FILE --data DIR), as
	// with replay.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return "", "", 0, false
			}
			fmt.Fprintf(os.Stderr, "gaslamp %s: %v\n", name, err)
			return "", "", 2, false
		}
		if fs.NArg() == 0 {
			break
		}
		if n := len(args) - fs.NArg(); n > 0 && args[n-1] == "--" {
			files = append(files, fs.Args()...) // after "--", no more flags
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if *database != "" {
		fmt.Fprintf(os.Stderr, "gaslamp %s: works on the embedded SQLite database only; for PostgreSQL use pg_dump and pg_restore (docs/deploy.md)\n", name)
		return "", "", 2, false
	}
	if len(files) != 1 {
		fmt.Fprintf(os.Stderr, "gaslamp %s: give one file (the backup)\n", name)
		fs.Usage()
		return "", "", 2, false
	}
	return *data, files[0], 0, true
}

func runBackup(args []string) int {
	dir, file, code, ok := fileCommand("backup", backupSynopsis, args)
	if !ok {
		return code
	}
	return backup(dir, file, os.Stdout, os.Stderr)
}

// backup copies dir's database to file and prints what the copy holds.
func backup(dir, file string, out, errOut io.Writer) int {
	if err := notADataDir(dir); err != nil {
		fmt.Fprintf(errOut, "gaslamp backup: %v\n", err)
		return 2
	}
	if err := checkDatabaseAccess(dir, false); err != nil {
		fmt.Fprintf(errOut, "gaslamp backup: %v\n", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	info, err := store.BackupSQLite(ctx, dir, file)
	switch {
	case errors.Is(err, store.ErrBackupExists):
		if st, serr := os.Stat(file); serr == nil && st.IsDir() {
			fmt.Fprintf(errOut, "gaslamp backup: %s is a directory: give the backup's file name, e.g. %s\n", file,
				filepath.Join(file, "gaslamp-"+time.Now().UTC().Format("2006-01-02-1504")+".db"))
			return 2
		}
		fmt.Fprintf(errOut, "gaslamp backup: %s already exists: a backup never replaces a file; give a new name\n", file)
		return 2
	case errors.Is(err, store.ErrNoDatabase):
		fmt.Fprintf(errOut, "gaslamp backup: no database in %s (give the data directory serve uses, --data)\n", dir)
		return 1
	case err != nil:
		// A file of the data directory this user may not read; the
		// backup's own directory is named by the store's message.
		var pe *fs.PathError
		if hint := wrongUser(dir, err); hint != "" && errors.As(err, &pe) && strings.HasPrefix(pe.Path, dir) {
			fmt.Fprintf(errOut, "gaslamp backup: %s\n", hint)
			return 1
		}
		fmt.Fprintf(errOut, "gaslamp backup: %s\n", plainError(err))
		return 1
	}
	fmt.Fprintf(out, "backup written: %s (%s), checked: %s, in %v\n",
		info.Path, store.SizeText(info.Bytes), contents(info), info.Took.Round(time.Millisecond))
	return 0
}

func runRestore(args []string) int {
	dir, file, code, ok := fileCommand("restore", restoreSynopsis, args)
	if !ok {
		return code
	}
	return restore(dir, file, time.Now(), os.Stdout, os.Stderr)
}

// restore puts the backup file in place of dir's database, holding the
// directory's lock so that no server runs on it meanwhile.
func restore(dir, file string, now time.Time, out, errOut io.Writer) int {
	if err := notADataDir(dir); err != nil {
		fmt.Fprintf(errOut, "gaslamp restore: %v\n", err)
		return 2
	}
	if _, err := os.Stat(file); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(errOut, "gaslamp restore: no file %s\n", file)
		return 1
	} else if err != nil {
		fmt.Fprintf(errOut, "gaslamp restore: %v\n", err)
		return 1
	}
	// A mistyped or forgotten --data would otherwise "succeed" into a new
	// directory serve never reads.
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		fmt.Fprintf(errOut, "gaslamp restore: no data directory %s: give the one serve uses (--data), or create it first, owned by the user serve runs as\n", dir)
		return 1
	}
	release, err := lockDataDir(dir)
	if err != nil {
		fmt.Fprintf(errOut, "gaslamp restore: %s\n", stoppedFirst(err, "then restore: the server would go on writing the database put aside"))
		return 1
	}
	defer release()
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	info, err := store.RestoreSQLite(ctx, dir, file, now)
	if err != nil {
		if info.Aside == "" {
			fmt.Fprintf(errOut, "gaslamp restore: %s (nothing in %s was changed)\n", plainError(err), dir)
		} else {
			fmt.Fprintf(errOut, "gaslamp restore: %s (the former database is in %s)\n", plainError(err), info.Aside)
		}
		return 1
	}
	fmt.Fprintf(out, "restored %s into %s: %s\n", file, dir, contents(info.BackupInfo))
	if info.Aside != "" {
		fmt.Fprintf(out, "the database it replaced is in %s\n", info.Aside)
	}
	return 0
}

// plainError is err's text for an admin, without the package prefixes
// ("store: restore: ") that say where in the code it arose.
func plainError(err error) string {
	msg := err.Error()
	for _, p := range []string{"store: backup: ", "store: restore: ", "store: ", "pgstore: "} {
		msg = strings.TrimPrefix(msg, p)
	}
	return strings.ReplaceAll(msg, ": store: ", ": ")
}

// contents says what a backup holds: "schema 16, 20 tables, 1 move, 3
// accounts".
func contents(b store.BackupInfo) string {
	n := func(k int64, one, many string) string {
		if k == 1 {
			return "1 " + one
		}
		return fmt.Sprintf("%d %s", k, many)
	}
	return fmt.Sprintf("schema %d, %s, %s, %s", b.Schema, n(b.Tables, "table", "tables"), n(b.Moves, "move", "moves"),
		n(b.Accounts, "account", "accounts"))
}
