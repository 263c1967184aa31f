package main

import (
	"strings"
	"testing"
)

// TestServeMailFlags: a bad --smtp-url, --mail-from or a missing companion
// flag exits 2 with a message naming the flag, and never prints the
// password.
func TestServeMailFlags(t *testing.T) {
	pub := []string{"--public-url", "https://play.example.org"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--smtp-url", "http://u:s3cretpw@mail.example.org", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org:99999", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@:587", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org?tls=none", "--mail-from", "a@example.org"}, "unencrypted"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org?tls=maybe", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtps://u:s3cretpw@mail.example.org/x", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org%zz", "--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org"}, "--mail-from"},
		{[]string{"--mail-from", "a@example.org"}, "--smtp-url"},
		{[]string{"--smtp-url", "smtp://u:s3cretpw@mail.example.org", "--mail-from", "not an address"}, "--mail-from"},
	} {
		args := append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, pub...)
		code, _, errOut := runCaptured(t, "", append(args, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "s3cretpw") {
			t.Errorf("serve %v: exit %d, stderr %q (want exit 2 naming %s, no password)", c.args, code, errOut, c.want)
		}
	}
	code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(),
		"--smtp-url", "smtp://u:s3cretpw@mail.example.org", "--mail-from", "a@example.org")
	if code != 2 || !strings.Contains(errOut, "--public-url") || strings.Contains(errOut, "s3cretpw") {
		t.Errorf("no --public-url: exit %d, stderr %q", code, errOut)
	}
}
