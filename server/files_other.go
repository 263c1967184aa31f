//go:build !unix

package server

// FileLimit returns 0: this system's limit is not read.
func FileLimit() uint64 { return 0 }

// openFiles returns -1: this system's open files are not counted.
func openFiles() int { return -1 }
