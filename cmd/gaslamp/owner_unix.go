//go:build unix

package main

import (
	"os"
	"os/user"
	"strconv"
	"syscall"
)

// ownerOf is the name of the user owning path ("" when unknown).
func ownerOf(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return ""
	}
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return ""
	}
	u, err := user.LookupId(strconv.FormatUint(uint64(s.Uid), 10))
	if err != nil {
		return ""
	}
	return u.Username
}
