package main

import (
	"io"
	"log/slog"
	"testing"
)

func TestDebugListenerOnlyOnLoopback(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, addr := range []string{"0.0.0.0:0", "10.1.2.3:0", ":0", "example.org:6060"} {
		if err := serveDebug(addr, log); err == nil {
			t.Errorf("serveDebug(%q) accepted a non-loopback address", addr)
		}
	}
	if err := serveDebug("127.0.0.1:0", log); err != nil {
		t.Fatalf("loopback refused: %v", err)
	}
}
