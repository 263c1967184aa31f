//go:build linux

package main

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"gaslamp/internal/testscale"
	"gaslamp/store"
)

// TestServeWarnsOfFewFiles: a server that may open fewer files than a site
// of a few thousand players needs (each WebSocket holds one) says so once at
// start, with the limit and how to raise it. The server runs in a child
// process of this test binary whose limit is lowered first.
func TestServeWarnsOfFewFiles(t *testing.T) {
	if os.Getenv("GASLAMP_FEW_FILES_CHILD") != "" {
		l := syscall.Rlimit{Cur: 1000, Max: 1000}
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			t.Fatal(err)
		}
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--data", os.Getenv("GASLAMP_FEW_FILES_CHILD")}))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeWarnsOfFewFiles$")
	cmd.Env = append(os.Environ(), "GASLAMP_FEW_FILES_CHILD="+t.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), `"level":"WARN"`) && strings.Contains(sc.Text(), "open files") {
				found <- sc.Text()
				break
			}
		}
		close(found)
		for sc.Scan() { // drain until the child exits
		}
	}()
	select {
	case line, ok := <-found:
		if !ok {
			t.Fatal("the server started with 1,000 open files allowed and did not warn")
		}
		if !strings.Contains(line, `"open_files_limit":1000`) || !strings.Contains(line, "LimitNOFILE") {
			t.Fatalf("the warning: %s", line)
		}
	case <-time.After(testscale.Timeout(30 * time.Second)):
		t.Fatal("no warning from the server within the time limit")
	}
}

// TestWrongUserNamed: a permission error in the data directory is told as
// the wrong user (who runs, who owns the directory, how to run as them),
// not as "lock file: open ...: permission denied" (serve, restore),
// "stat ...: permission denied" (backup) or "no gaslamp database" (admin).
func TestWrongUserNamed(t *testing.T) {
	dir := t.TempDir()
	denied := &fs.PathError{Op: "open", Path: filepath.Join(dir, "gaslamp.lock"), Err: fs.ErrPermission}
	me, err := user.Current()
	if err != nil {
		t.Skip("no current user:", err)
	}
	got := wrongUser(dir, denied)
	if owner := ownerOf(dir); owner != "" {
		want := me.Username + " may not use the data directory " + dir + ", which belongs to " + owner + ": run gaslamp as " + owner + " (sudo -u " + owner + " gaslamp ..."
		if !strings.HasPrefix(got, want) {
			t.Errorf("wrongUser: %q, want it to begin %q", got, want)
		}
	}
	missing := filepath.Join(dir, "data")
	if got := wrongUser(missing, denied); !strings.Contains(got, dir+" (to create the data directory "+missing+")") {
		t.Errorf("wrongUser of a directory to create: %q", got)
	}
	if got := wrongUser(dir, errors.New("disk on fire")); got != "" {
		t.Errorf("wrongUser of another error: %q", got)
	}
	if os.Geteuid() == 0 {
		return // root may use any directory: the commands below are tried as another user only
	}
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if err := os.Chmod(dir, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o700)
	for _, args := range [][]string{{"admin", "--data", dir, "reports"}, {"backup", "--data", dir, filepath.Join(t.TempDir(), "b.db")}} {
		code, _, errs := runCaptured(t, "", args...)
		if code != 1 || !strings.Contains(errs, "may not use the data directory "+dir) {
			t.Errorf("%v in a directory of another user: exit %d, %q", args, code, errs)
		}
	}
}

// TestDatabaseOfAnotherUser: a database file this user may not open (left
// to root by a command run with sudo, say) is named with its owner and what
// to do, by serve, admin, backup and to-postgres; they said "unable to open
// database file (14)" or, admin and to-postgres, "no gaslamp database".
// The commands are tried as a user other than root only (root opens any
// file).
func TestDatabaseOfAnotherUser(t *testing.T) {
	if err := checkDatabaseAccess(t.TempDir(), true); err != nil {
		t.Fatalf("a directory without a database: %v", err)
	}
	if os.Geteuid() == 0 {
		t.Skip("root may open any file: run as another user to try the commands")
	}
	dir := t.TempDir()
	st, err := store.OpenSQLite(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	db := filepath.Join(dir, "gaslamp.db")
	if err := os.Chmod(db, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(db, 0o600)
	for _, args := range [][]string{
		{"admin", "--data", dir, "reports"},
		{"backup", "--data", dir, filepath.Join(t.TempDir(), "b.db")},
		{"to-postgres", "--data", dir, "--database", "postgres://gaslamp@127.0.0.1:1/gaslamp"},
		{"serve", "--addr", "127.0.0.1:0", "--data", dir},
	} {
		code, _, errs := runCaptured(t, "", args...)
		if code != 1 || !strings.Contains(errs, "may not open the database "+db+", which belongs to ") {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}
