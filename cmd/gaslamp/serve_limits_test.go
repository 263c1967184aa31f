package main

import (
	"strings"
	"testing"
)

// TestServeConnectionFlags: every connection-limit flag is in serve --help,
// and a bad value is refused with a message naming it and exit code 2.
func TestServeConnectionFlags(t *testing.T) {
	_, _, help := runCaptured(t, "", "serve", "--help")
	for _, f := range []string{"public-url", "trusted-proxies", "read-header-timeout", "read-timeout", "write-timeout",
		"idle-timeout", "hello-timeout", "ping-every", "pong-timeout", "ws-per-address", "ws-per-session", "origins", "open-table-ttl", "open-tables-per-user"} {
		if !strings.Contains(help, "-"+f) {
			t.Errorf("serve --help lacks --%s", f)
		}
	}
	for _, args := range [][]string{
		{"--public-url", "evil.example"},
		{"--public-url", "ftp://a.example"},
		{"--public-url", "https://a.example/path"},
		{"--trusted-proxies", "10.0.0.0/33"},
		{"--trusted-proxies", "proxy.local"},
		{"--read-header-timeout", "0s"},
		{"--read-timeout", "-1s"},
		{"--write-timeout", "0s"},
		{"--idle-timeout", "0s"},
		{"--hello-timeout", "0s"},
		{"--ping-every", "0s"},
		{"--pong-timeout", "-2s"},
		{"--ws-per-address", "0"},
		{"--ws-per-session", "0"},
		{"--open-table-ttl", "0s"},
		{"--open-tables-per-user", "0"},
	} {
		code, _, errOut := runCaptured(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errOut, args[0]) {
			t.Errorf("serve %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
