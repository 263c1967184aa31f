//go:build unix

package server

import (
	"os"
	"syscall"
)

// FileLimit returns how many files this process may hold open at once (the
// soft RLIMIT_NOFILE, which Go raises to the hard limit at start), or 0 when
// the system does not say. Each WebSocket holds one.
func FileLimit() uint64 {
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l) != nil {
		return 0
	}
	return l.Cur
}

// openFiles returns the number of files this process holds open (Linux's
// /proc/self/fd), or -1 when the system does not say.
func openFiles() int {
	f, err := os.Open("/proc/self/fd")
	if err != nil {
		return -1
	}
	defer f.Close()
	n := 0
	for {
		names, err := f.Readdirnames(1024)
		n += len(names)
		if err != nil || len(names) == 0 {
			break
		}
	}
	return n - 1 // the directory read itself
}
