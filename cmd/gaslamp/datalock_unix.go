//go:build unix

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// lockDataDir takes an exclusive lock (flock) on dir/gaslamp.lock, so that
// only one server runs on an SQLite data directory: two would split the
// tables' states between them. The file holds the holder's PID, for the
// message a second server prints. The lock goes with the process, even
// when it is killed; release drops it earlier.
func lockDataDir(dir string) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		if hint := wrongUser(dir, err); hint != "" {
			return nil, errors.New(hint)
		}
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dir, "gaslamp.lock")
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		if hint := wrongUser(dir, err); hint != "" {
			return nil, errors.New(hint)
		}
		return nil, fmt.Errorf("lock file: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		defer f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			b := make([]byte, 32)
			n, _ := f.ReadAt(b, 0)
			pid := strings.TrimSpace(string(b[:n]))
			if _, perr := strconv.Atoi(pid); perr != nil {
				pid = "unknown"
			}
			return nil, &dataDirLockedError{pid: pid, dir: dir}
		}
		return nil, fmt.Errorf("lock file: %w", err)
	}
	// Created by root (a restore or a backup run with sudo), the file keeps
	// the directory's owner, or the service's user could not open it.
	if os.Geteuid() == 0 {
		if st, err := os.Stat(dir); err == nil {
			if s, ok := st.Sys().(*syscall.Stat_t); ok {
				f.Chown(int(s.Uid), int(s.Gid))
			}
		}
	}
	f.Truncate(0)
	f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	f.Sync()
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
