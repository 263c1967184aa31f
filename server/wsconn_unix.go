//go:build unix

package server

import (
	"io"
	"net"
	"os"
	"syscall"
)

// sysReader reads a socket with raw reads: it waits in the runtime's poller
// for the socket to be readable, holding no buffer, and takes a pooled one
// only to read what has come.
type sysReader struct{ rc syscall.RawConn }

func newRawReader(nc net.Conn) rawReader {
	sc, ok := nc.(syscall.Conn)
	if !ok {
		return nil
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return sysReader{rc}
}

func (s sysReader) readLazily() (*[]byte, int, error) {
	var (
		b     *[]byte
		n     int
		errno error
	)
	err := s.rc.Read(func(fd uintptr) bool {
		b = readChunks.Get().(*[]byte)
		for {
			n, errno = syscall.Read(int(fd), *b)
			if errno != syscall.EINTR {
				break
			}
		}
		if errno == syscall.EAGAIN {
			readChunks.Put(b)
			b = nil
			return false // nothing yet: wait for the poller, without a buffer
		}
		return true
	})
	switch {
	case err != nil: // closed, or a deadline
		if b != nil {
			readChunks.Put(b)
		}
		return nil, 0, err
	case errno != nil:
		readChunks.Put(b)
		return nil, 0, os.NewSyscallError("read", errno)
	case n <= 0:
		readChunks.Put(b)
		return nil, 0, io.EOF
	}
	return b, n, nil
}
