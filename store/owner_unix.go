//go:build unix

package store

import (
	"os"
	"syscall"
)

// ownLike gives path the owner and group of like, when this process may
// (it runs as root) and they differ.
func ownLike(path, like string) error {
	if os.Geteuid() != 0 {
		return nil
	}
	st, err := os.Stat(like)
	if err != nil {
		return err
	}
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	return os.Lchown(path, int(s.Uid), int(s.Gid))
}
