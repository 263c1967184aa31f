package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// appendN appends moves from..to-1 of table id.
func appendN(t *testing.T, s Store, id string, from, to int64) {
	t.Helper()
	for seq := from; seq < to; seq++ {
		if err := s.AppendMove(context.Background(), Move{Table: id, Seq: seq, Move: []byte(fmt.Sprintf(`{"n":%d}`, seq)), At: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
}

// movesIn opens the database file path (a copy) as a data directory of its
// own and returns table id's moves.
func movesIn(t *testing.T, path, id string) []Move {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "gaslamp.db"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	s := open(t, dir)
	defer s.Close()
	ms, err := s.Moves(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// TestBackupWhileWriting: a backup taken while moves are being stored holds
// every move acknowledged before it began, in order and without a gap, and
// passes the integrity check; the moves go on being stored meanwhile.
func TestBackupWhileWriting(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	defer s.Close()
	newTable(t, s, "t1")
	appendN(t, s, "t1", 1, 101)

	var acked atomic.Int64
	acked.Store(100)
	stop := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		for seq := int64(101); ; seq++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			if err := s.AppendMove(ctx, Move{Table: "t1", Seq: seq, Move: []byte(`{}`), At: time.Now()}); err != nil {
				done <- err
				return
			}
			acked.Store(seq)
		}
	}()
	// Wait until the writer is busy, then back up beside it.
	for acked.Load() < 120 {
		time.Sleep(time.Millisecond)
	}
	before := acked.Load()
	dest := filepath.Join(t.TempDir(), "backup.db")
	info, err := BackupSQLite(ctx, dir, dest)
	after := acked.Load()
	close(stop)
	if err := <-done; err != nil {
		t.Fatalf("a move refused during the backup: %v", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if info.Path != dest || info.Bytes == 0 || info.Tables != 1 || info.Schema != len(Migrations) {
		t.Fatalf("backup info %+v", info)
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the backup's mode: %v, %v (want 0600: it holds password hashes)", fi.Mode(), err)
	}
	// One move may be stored and not yet counted as acknowledged when the
	// copy's snapshot is taken (the writer goroutine between the two).
	if info.Moves < before || info.Moves > after+1 {
		t.Fatalf("the backup holds %d moves; %d were acknowledged before it began and %d when it ended", info.Moves, before, after)
	}
	ms := movesIn(t, dest, "t1")
	if int64(len(ms)) != info.Moves {
		t.Fatalf("%d moves read back, %d counted", len(ms), info.Moves)
	}
	for i, m := range ms {
		if m.Seq != int64(i+1) {
			t.Fatalf("move %d has seq %d: a gap", i, m.Seq)
		}
	}
	if after <= before {
		t.Logf("no move was stored while the backup ran (%d)", before)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(dest), ".*partial*")); len(left) > 0 {
		t.Fatalf("temporary files left: %v", left)
	}
}

// TestBackupRefuses: a backup never overwrites a file, and says so; a data
// directory without a database is named as such.
func TestBackupRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	s.Close()
	dest := filepath.Join(t.TempDir(), "kept.db")
	if err := os.WriteFile(dest, []byte("do not touch"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := BackupSQLite(ctx, dir, dest); !errors.Is(err, ErrBackupExists) {
		t.Fatalf("over an existing file: %v", err)
	}
	if data, _ := os.ReadFile(dest); string(data) != "do not touch" {
		t.Fatalf("the existing file was changed: %q", data)
	}
	if _, err := BackupSQLite(ctx, t.TempDir(), filepath.Join(t.TempDir(), "b.db")); !errors.Is(err, ErrNoDatabase) {
		t.Fatalf("from an empty directory: %v", err)
	}
}

// TestRestore: restoring a backup puts its database in place and the former
// one aside (with its WAL), whole; a damaged or foreign file is refused
// before anything in the data directory changes.
func TestRestore(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	newTable(t, s, "t1")
	appendN(t, s, "t1", 1, 11)
	dest := filepath.Join(t.TempDir(), "backup.db")
	if _, err := BackupSQLite(ctx, dir, dest); err != nil {
		t.Fatal(err)
	}
	appendN(t, s, "t1", 11, 21)
	s.Close()

	// A damaged copy and a file that is no database: refused, nothing moved.
	data, err := os.ReadFile(dest)
	if err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(t.TempDir(), "damaged.db")
	bad := append([]byte(nil), data...)
	for i := len(bad) / 2; i < len(bad)/2+4096 && i < len(bad); i++ {
		bad[i] = 0xA5
	}
	if err := os.WriteFile(damaged, bad, 0o600); err != nil {
		t.Fatal(err)
	}
	foreign := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(foreign, []byte("not a database"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A live database (its WAL beside it) is no backup either.
	live := filepath.Join(t.TempDir(), "live.db")
	if err := os.WriteFile(live, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(live+"-wal", []byte("frames"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{damaged, foreign, live, filepath.Join(t.TempDir(), "missing.db")} {
		_, err := RestoreSQLite(ctx, dir, src, time.Now())
		if err == nil {
			t.Fatalf("%s was restored", filepath.Base(src))
		}
		if src == live && !strings.Contains(err.Error(), "WAL file beside it") {
			t.Fatalf("a live database refused for another reason: %v", err)
		}
		if aside, _ := filepath.Glob(filepath.Join(dir, "before-restore-*")); len(aside) > 0 {
			t.Fatalf("refusing %s still moved the database aside", filepath.Base(src))
		}
	}

	now := time.Date(2026, 12, 6, 10, 0, 0, 0, time.UTC)
	info, err := RestoreSQLite(ctx, dir, dest, now)
	if err != nil {
		t.Fatal(err)
	}
	if info.Moves != 10 || info.Aside != filepath.Join(dir, "before-restore-20261206-100000") {
		t.Fatalf("restore info %+v", info)
	}
	s = open(t, dir)
	ms, err := s.Moves(ctx, "t1")
	s.Close()
	if err != nil || len(ms) != 10 {
		t.Fatalf("after the restore: %d moves, %v", len(ms), err)
	}
	if ms := movesIn(t, filepath.Join(info.Aside, "gaslamp.db"), "t1"); len(ms) != 20 {
		t.Fatalf("the database put aside holds %d moves, want 20", len(ms))
	}
}

// TestRestoreRefusesAndOwns: a restore refuses a data directory that does
// not exist (a mistyped --data would otherwise "succeed" elsewhere) and a
// backup of a newer schema than this gaslamp knows, changing nothing.
func TestRestoreRefusesAndOwns(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	newTable(t, s, "t1")
	appendN(t, s, "t1", 1, 4)
	s.Close()
	backup := filepath.Join(t.TempDir(), "backup.db")
	if _, err := BackupSQLite(ctx, dir, backup); err != nil {
		t.Fatal(err)
	}
	if v, err := SQLiteSchemaVersion(ctx, dir); err != nil || v != LatestSchemaVersion() {
		t.Fatalf("schema version %d, %v; want %d", v, err, LatestSchemaVersion())
	}
	if _, err := SQLiteSchemaVersion(ctx, t.TempDir()); err == nil {
		t.Fatal("a directory without a database has a schema version")
	}

	missing := filepath.Join(t.TempDir(), "no-such-dir")
	if _, err := RestoreSQLite(ctx, missing, backup, time.Now()); err == nil || !strings.Contains(err.Error(), "no data directory") {
		t.Fatalf("into a missing directory: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the missing directory was created: %v", err)
	}

	newer := filepath.Join(t.TempDir(), "newer.db")
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(newer, data, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", sqliteDSN(newer))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_migrations (version, name, applied) VALUES (?, 'from the future', 0)`, LatestSchemaVersion()+1); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := RestoreSQLite(ctx, dir, newer, time.Now()); !errors.Is(err, ErrSchemaNewer) {
		t.Fatalf("a backup of a newer schema: %v", err)
	}
	if aside, _ := filepath.Glob(filepath.Join(dir, "before-restore-*")); len(aside) > 0 {
		t.Fatal("refusing a newer schema still moved the database aside")
	}

}

// TestRestoreNamesWhatIsWrong: a file that is no gaslamp backup is refused
// with ErrNotBackup and a reason an admin can act on (a directory, an empty
// file, not SQLite, SQLite without gaslamp's tables), a truncated backup
// with ErrDamaged; none of the messages shows SQLite's numeric result codes.
func TestRestoreNamesWhatIsWrong(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	newTable(t, s, "t1")
	appendN(t, s, "t1", 1, 200)
	good := filepath.Join(t.TempDir(), "good.db")
	if _, err := BackupSQLite(ctx, dir, good); err != nil {
		t.Fatal(err)
	}
	s.Close()
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	files := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(files, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	foreign := filepath.Join(files, "foreign.db")
	fdb, err := sql.Open("sqlite", sqliteDSN(foreign))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fdb.Exec(`CREATE TABLE notes (text TEXT)`); err != nil {
		t.Fatal(err)
	}
	fdb.Close()
	for _, c := range []struct {
		path string
		want error
		says string
	}{
		{t.TempDir(), ErrNotBackup, "is a directory"},
		{write("empty.db", nil), ErrNotBackup, "is empty"},
		{write("notes.txt", []byte("hello, this is not a database at all, but it is long enough to be read")), ErrNotBackup, "is not an SQLite database"},
		{foreign, ErrNotBackup, "without gaslamp's tables"},
		{write("truncated.db", data[:len(data)/2]), ErrDamaged, "use another backup"},
	} {
		_, err := RestoreSQLite(ctx, dir, c.path, time.Now())
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v (want %v, saying %q)", filepath.Base(c.path), err, c.want, c.says)
			continue
		}
		if strings.Contains(err.Error(), "(26)") || strings.Contains(err.Error(), "(11)") || strings.Contains(err.Error(), "(1)") {
			t.Errorf("%s: SQLite's result code shown: %v", filepath.Base(c.path), err)
		}
	}
}

// TestBackupIntoMissingDirectory: a backup into a directory that does not
// exist says so, instead of SQLite's "unable to open database file", and
// creates nothing.
func TestBackupIntoMissingDirectory(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	s.Close()
	missing := filepath.Join(t.TempDir(), "backups")
	_, err := BackupSQLite(ctx, dir, filepath.Join(missing, "b.db"))
	if err == nil || !strings.Contains(err.Error(), "no directory "+missing) || strings.Contains(err.Error(), "unable to open") {
		t.Fatalf("into a missing directory: %v", err)
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the missing directory was created: %v", err)
	}
}

// TestDiskFullRecognized: a write that fails for want of space, from the
// operating system, is told as a full disk (SQLite's SQLITE_FULL is tried
// by hand on a small tmpfs: see the commit).
func TestDiskFullRecognized(t *testing.T) {
	if !isDiskFull(&os.PathError{Op: "write", Path: "x", Err: syscall.ENOSPC}) {
		t.Fatal("ENOSPC is not a full disk")
	}
	if isDiskFull(&os.PathError{Op: "write", Path: "x", Err: syscall.EACCES}) {
		t.Fatal("EACCES is a full disk")
	}
}
