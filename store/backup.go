package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// BackupInfo describes a copy of the embedded database that BackupSQLite
// wrote and checked.
type BackupInfo struct {
	Path     string        // the copy
	Bytes    int64         // its size
	Schema   int           // its schema version (the last migration applied)
	Tables   int64         // game tables in it
	Moves    int64         // stored moves in it
	Accounts int64         // registered accounts in it
	Took     time.Duration // copying and checking
}

// ErrBackupExists is returned by BackupSQLite when the destination exists:
// a backup never overwrites a file.
var ErrBackupExists = errors.New("store: the backup file already exists")

// ErrNoDatabase is returned by BackupSQLite and RestoreSQLite when the data
// directory holds no database.
var ErrNoDatabase = errors.New("store: no database in the data directory")

// ErrNotBackup is returned by RestoreSQLite when the file to restore is not
// a gaslamp database: a directory, an empty file, a file SQLite cannot
// read, or an SQLite database without gaslamp's tables.
var ErrNotBackup = errors.New("store: not a gaslamp backup")

// ErrDamaged is returned by RestoreSQLite, and by BackupSQLite for its
// copy, when a database fails SQLite's integrity check.
var ErrDamaged = errors.New("store: damaged database")

// ErrDiskFull is returned by BackupSQLite and RestoreSQLite when the disk
// they write on is full; nothing was left half-written.
var ErrDiskFull = errors.New("store: the disk is full")

// dbFile is the embedded database's file in a data directory.
func dbFile(dir string) string { return filepath.Join(dir, "gaslamp.db") }

// BackupSQLite writes a consistent copy of the embedded database of data
// directory dir to the file dest, while a server may be running on it: the
// copy (SQLite's VACUUM INTO) reads one snapshot in a read transaction,
// which in WAL mode does not hold the server's writes back. Every move
// acknowledged before the copy began is in it. The copy is written beside
// dest under a temporary name, synced, checked (PRAGMA integrity_check) and
// only then renamed to dest, so that a file at dest is always a whole,
// checked backup. It refuses an existing dest (ErrBackupExists).
func BackupSQLite(ctx context.Context, dir, dest string) (BackupInfo, error) {
	start := time.Now()
	info := BackupInfo{Path: dest}
	if _, err := os.Stat(dbFile(dir)); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return info, fmt.Errorf("%w: %s", ErrNoDatabase, dir)
		}
		return info, fmt.Errorf("store: %w", err)
	}
	if _, err := os.Lstat(dest); err == nil {
		return info, fmt.Errorf("%w: %s", ErrBackupExists, dest)
	} else if !errors.Is(err, os.ErrNotExist) {
		return info, fmt.Errorf("store: backup: %w", err)
	}
	destDir := filepath.Dir(dest)
	if st, err := os.Stat(destDir); errors.Is(err, os.ErrNotExist) {
		return info, fmt.Errorf("store: backup: no directory %s to write %s in: create it first", destDir, filepath.Base(dest))
	} else if err != nil {
		return info, fmt.Errorf("store: backup: %w", err)
	} else if !st.IsDir() {
		return info, fmt.Errorf("store: backup: %s is not a directory", destDir)
	}
	tmp := filepath.Join(destDir, fmt.Sprintf(".%s.partial-%d", filepath.Base(dest), os.Getpid()))
	os.Remove(tmp) // a partial copy left by an earlier attempt of this process id
	// The copy holds what the database holds (password hashes, e-mail
	// addresses): readable by its owner only from its first byte, wherever
	// it is written. VACUUM INTO writes into an empty file; creating it
	// here also names a directory this process may not write in plainly.
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return info, fmt.Errorf("store: backup: cannot write in %s: %w", destDir, errors.Unwrap(err))
	}
	f.Close()
	defer os.Remove(tmp)

	// Not query_only: SQLite counts VACUUM INTO as a write, though it
	// writes only the new file.
	src, err := sql.Open("sqlite", sqliteDSN(dbFile(dir), "busy_timeout(10000)"))
	if err != nil {
		return info, fmt.Errorf("store: backup: %w", err)
	}
	defer src.Close()
	src.SetMaxOpenConns(1)
	if _, err := src.ExecContext(ctx, `VACUUM INTO ?`, tmp); err != nil {
		if isDiskFull(err) {
			return info, fmt.Errorf("%w: no room in %s for the copy of the database (%s): nothing was written", ErrDiskFull, destDir, fileSize(dbFile(dir)))
		}
		return info, fmt.Errorf("store: backup: copy: %w", err)
	}
	if err := syncFile(tmp); err != nil {
		if isDiskFull(err) {
			return info, fmt.Errorf("%w: no room in %s for the copy of the database (%s): nothing was written", ErrDiskFull, destDir, fileSize(dbFile(dir)))
		}
		return info, fmt.Errorf("store: backup: %w", err)
	}
	if err := checkCopy(ctx, tmp, &info); err != nil {
		return info, err
	}
	// The rename must not replace a file made meanwhile: link, then unlink
	// (the deferred Remove); where the file system has no hard links, a
	// rename after checking again.
	if err := os.Link(tmp, dest); errors.Is(err, os.ErrExist) {
		return info, fmt.Errorf("%w: %s", ErrBackupExists, dest)
	} else if err != nil {
		if _, serr := os.Lstat(dest); serr == nil {
			return info, fmt.Errorf("%w: %s", ErrBackupExists, dest)
		}
		if err := os.Rename(tmp, dest); err != nil {
			return info, fmt.Errorf("store: backup: %w", err)
		}
	}
	if err := syncFile(filepath.Dir(dest)); err != nil {
		return info, fmt.Errorf("store: backup: %w", err)
	}
	st, err := os.Stat(dest)
	if err != nil {
		return info, fmt.Errorf("store: backup: %w", err)
	}
	info.Bytes = st.Size()
	info.Took = time.Since(start)
	return info, nil
}

// checkCopy opens the database file path read-only, checks it whole
// (integrity_check) and reads its schema version and counts into info.
func checkCopy(ctx context.Context, path string, info *BackupInfo) error {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("store: no file %s", path)
	case err != nil:
		return fmt.Errorf("store: %w", err)
	case st.IsDir():
		return fmt.Errorf("%w: %s is a directory", ErrNotBackup, path)
	case st.Size() == 0:
		return fmt.Errorf("%w: %s is empty", ErrNotBackup, path)
	}
	// Opening checks that the file can be read: SQLite would report an
	// unreadable one as "unable to open database file".
	if f, err := os.Open(path); err != nil {
		return fmt.Errorf("store: cannot read %s: %w", path, errors.Unwrap(err))
	} else {
		f.Close()
	}
	db, err := sql.Open("sqlite", sqliteDSN(path, "query_only(1)"))
	if err != nil {
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check(20)`)
	if err != nil {
		switch sqliteCode(err) {
		case sqlite3.SQLITE_NOTADB:
			return fmt.Errorf("%w: %s is not an SQLite database", ErrNotBackup, path)
		case sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("%w: %s (truncated or overwritten in part: SQLite finds it malformed): use another backup", ErrDamaged, path)
		}
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	var found []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return fmt.Errorf("store: check %s: %w", path, err)
		}
		if line != "ok" {
			found = append(found, line)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		if sqliteCode(err) == sqlite3.SQLITE_CORRUPT {
			return fmt.Errorf("%w: %s (truncated or overwritten in part: SQLite finds it malformed): use another backup", ErrDamaged, path)
		}
		return fmt.Errorf("store: check %s: %w", path, err)
	}
	if len(found) > 0 {
		return fmt.Errorf("%w: %s (%d problems, first: %s): use another backup", ErrDamaged, path, len(found), found[0])
	}
	var schema sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&schema); err != nil {
		return fmt.Errorf("%w: %s is an SQLite database without gaslamp's tables", ErrNotBackup, path)
	}
	info.Schema = int(schema.Int64)
	for _, c := range []struct {
		table string
		n     *int64
	}{{"tables", &info.Tables}, {"moves", &info.Moves}, {"accounts", &info.Accounts}} {
		if err := db.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+c.table).Scan(c.n); err != nil {
			return fmt.Errorf("%w: %s lacks gaslamp's table %s", ErrNotBackup, path, c.table)
		}
	}
	return nil
}

// RestoreInfo describes what RestoreSQLite did.
type RestoreInfo struct {
	BackupInfo        // the backup put in place, as checked
	Aside      string // where the data directory's former database went ("" when it had none)
}

// RestoreSQLite makes the backup file src the embedded database of data
// directory dir. The caller must hold the directory's lock (no server may
// run on it: its open files would go on writing the database put aside).
// The backup is checked first (as BackupSQLite checks its copies); the
// directory's database, with its WAL and shared-memory files, is moved
// aside, never deleted, into dir/before-restore-TIME/; the backup is copied
// in under a temporary name, synced and renamed into place. A server started
// on dir then applies the migrations the backup lacks.
func RestoreSQLite(ctx context.Context, dir, src string, now time.Time) (RestoreInfo, error) {
	start := time.Now()
	var info RestoreInfo
	info.Path = src
	// A database copied by hand from a running server may have moves in a
	// WAL file beside it, which copying the file alone would leave behind.
	if st, err := os.Stat(src + "-wal"); err == nil && st.Size() > 0 {
		return info, fmt.Errorf("store: restore: %s has a WAL file beside it (%s-wal): it is a live database or a copy of one, not a backup; make a backup of it with gaslamp backup", src, src)
	}
	if err := checkCopy(ctx, src, &info.BackupInfo); err != nil {
		return info, err
	}
	if v, err := fileSchemaVersion(ctx, src); err != nil {
		return info, fmt.Errorf("store: restore: %s: %w", src, err)
	} else if err := CheckSchemaVersion(v); err != nil {
		return info, fmt.Errorf("store: restore: the backup %s: %w", src, err)
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return info, fmt.Errorf("store: restore: no data directory %s: give the one serve uses (--data), or create it first, owned by the user serve runs as", dir)
	}

	tmp := filepath.Join(dir, fmt.Sprintf(".gaslamp.db.restore-%d", os.Getpid()))
	os.Remove(tmp)
	defer os.Remove(tmp)
	if err := copyFile(src, tmp); err != nil {
		if isDiskFull(err) {
			return info, fmt.Errorf("%w: no room in %s for the backup (%s)", ErrDiskFull, dir, fileSize(src))
		}
		return info, fmt.Errorf("store: restore: %w", err)
	}
	db := dbFile(dir)
	if _, err := os.Stat(db); err == nil {
		aside := filepath.Join(dir, "before-restore-"+now.UTC().Format("20060102-150405"))
		if err := os.Mkdir(aside, 0o700); err != nil {
			return info, fmt.Errorf("store: restore: %w", err)
		}
		for _, suffix := range []string{"", "-wal", "-shm"} {
			if err := os.Rename(db+suffix, filepath.Join(aside, "gaslamp.db"+suffix)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return info, fmt.Errorf("store: restore: moving the database aside: %w", err)
			}
		}
		info.Aside = aside
	} else if !errors.Is(err, os.ErrNotExist) {
		return info, fmt.Errorf("store: restore: %w", err)
	}
	// The restored file gets the owner of the database it replaces, else of
	// the directory: a restore run as root must leave a database the
	// service's user can open.
	like := dir
	if info.Aside != "" {
		like = filepath.Join(info.Aside, "gaslamp.db")
		ownLike(info.Aside, dir)
	}
	if err := ownLike(tmp, like); err != nil {
		return info, fmt.Errorf("store: restore: giving the database its owner: %w", err)
	}
	if err := os.Rename(tmp, db); err != nil {
		return info, fmt.Errorf("store: restore: %w", err)
	}
	if err := syncFile(dir); err != nil {
		return info, fmt.Errorf("store: restore: %w", err)
	}
	st, err := os.Stat(db)
	if err != nil {
		return info, fmt.Errorf("store: restore: %w", err)
	}
	info.Bytes = st.Size()
	info.Took = time.Since(start)
	return info, nil
}

// fileSchemaVersion reads the schema version of the database file path
// (0 for a database without migrations), read-only.
func fileSchemaVersion(ctx context.Context, path string) (int, error) {
	db, err := sql.Open("sqlite", sqliteDSN(path, "query_only(1)"))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var v sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT MAX(version) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("no schema version: %w", err)
	}
	return int(v.Int64), nil
}

// SQLiteSchemaVersion reads the schema version of data directory dir's
// database without opening it as a store (which would migrate it); it
// fails when dir holds no database.
func SQLiteSchemaVersion(ctx context.Context, dir string) (int, error) {
	if _, err := os.Stat(dbFile(dir)); err != nil {
		return 0, fmt.Errorf("store: no database in %s: %w", dir, err)
	}
	return fileSchemaVersion(ctx, dbFile(dir))
}

// LatestSchemaVersion is the schema version this gaslamp migrates to.
func LatestSchemaVersion() int { return Migrations[len(Migrations)-1].Version }

// sqliteCode is the primary SQLite result code of err (0 when err does not
// come from SQLite).
func sqliteCode(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// IsDiskFull reports whether err says that the disk under the store is
// full, from SQLite, the operating system or a PostgreSQL server (SQLSTATE
// 53100, disk_full): /readyz names it, as the likeliest cause of a store
// refusing writes that an admin can remedy.
func IsDiskFull(err error) bool {
	var ss sqlStater
	if errors.As(err, &ss) && ss.SQLState() == "53100" {
		return true
	}
	return isDiskFull(err)
}

// sqlStater is an error that carries an SQLSTATE code, as PostgreSQL
// drivers' server errors do (pgconn.PgError), so that this package names
// PostgreSQL's disk_full without importing a driver.
type sqlStater interface {
	error
	SQLState() string
}

// isDiskFull reports whether err says the disk is full, from SQLite or the
// operating system.
func isDiskFull(err error) bool {
	return sqliteCode(err) == sqlite3.SQLITE_FULL || errors.Is(err, syscall.ENOSPC)
}

// fileSize is the size of the file path for people ("304.0 KiB"), or
// "size unknown".
func fileSize(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "size unknown"
	}
	return SizeText(st.Size())
}

// SizeText writes a byte count for people: "1.4 MiB", "304.0 KiB", "12 bytes".
func SizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// copyFile copies src to the new file dst and syncs it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := out.ReadFrom(in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// syncFile flushes a file or a directory (a directory's entries: a renamed
// or new file's name) to stable storage.
func syncFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// sqliteDSN is the driver's name for the database file path with pragmas.
func sqliteDSN(path string, pragmas ...string) string {
	q := url.Values{}
	for _, p := range pragmas {
		q.Add("_pragma", p)
	}
	return "file:" + strings.ReplaceAll(path, "?", "%3f") + "?" + q.Encode()
}
