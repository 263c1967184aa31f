package main

import (
	"context"
	"errors"
	"io"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestServeConnectionFlags: every connection-limit flag is in serve --help,
// and a bad value is refused with a message naming it and exit code 2.
func TestServeConnectionFlags(t *testing.T) {
	_, _, help := runCaptured(t, "", "serve", "--help")
	for _, f := range []string{"public-url", "trusted-proxies", "read-header-timeout", "read-timeout", "write-timeout",
		"idle-timeout", "hello-timeout", "ping-every", "pong-timeout", "ws-per-address", "ws-per-session", "origins", "open-table-ttl", "open-tables-per-user", "guest-chat"} {
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
		{"--addr", "nonsense"},
		{"--debug-addr", "0.0.0.0:6060"},
		{"--debug-addr", "6060"},
	} {
		code, _, errOut := runCaptured(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errOut, args[0]) {
			t.Errorf("serve %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestServeNumberFlags: the numeric flags that once fell back silently or
// switched a protection off are refused with a message naming them, exit 2.
func TestServeNumberFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--gc-percent", "-5"},
		{"--gc-percent", "0"},
		{"--procs", "-1"},
		{"--procs", "5000"},
		{"--ip-limit-scale", "-1"},
		{"--bot-budget", "0s"},
		{"--bot-budget", "-1s"},
		{"--bot-delay", "-1s"},
		{"--bot-workers", "-3"},
		{"--session-idle", "-5s"},
		{"--revoke-check", "-1s"},
		{"--shutdown-timeout", "0s"},
		{"--idle-unload", "-1s"},
	} {
		code, _, errOut := runCaptured(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...)...)
		if code != 2 || !strings.Contains(errOut, args[0]) {
			t.Errorf("serve %v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

// TestServeNeverPrintsPasswords: a backend URL that does not parse, or a
// server that refuses it, never has its password printed.
func TestServeNeverPrintsPasswords(t *testing.T) {
	const pw = "s3cr%zzet"
	for _, args := range [][]string{
		{"--nats", "nats://user:" + pw + "@127.0.0.1:4222"},
		{"--database", "postgres://user:" + pw + "@127.0.0.1:1/x"},
		{"--nats", "http://user:hunter2@127.0.0.1:4222"},
	} {
		code, out, errOut := runCaptured(t, "", append([]string{"serve", "--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...)...)
		if code == 0 {
			t.Errorf("serve %v started", args)
		}
		for _, secret := range []string{pw, "hunter2", "zzet"} {
			if strings.Contains(out+errOut, secret) {
				t.Errorf("serve %v printed a password: %q", args, out+errOut)
			}
		}
	}
	// A well-formed URL with a password, to a server that is not there.
	code, out, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--database", "postgres://user:hunter2@127.0.0.1:1/x?connect_timeout=5")
	if code != 1 || strings.Contains(out+errOut, "hunter2") {
		t.Errorf("unreachable database: exit %d, output %q", code, out+errOut)
	}
	if err := scrubSecrets(errors.New(`parse "nats://u:p%41ss@h": bad; pAss`), "nats://u:p%41ss@h"); strings.Contains(err.Error(), "p%41ss") || strings.Contains(err.Error(), "pAss") {
		t.Errorf("scrubbed: %v", err)
	}
}

// TestServeOnePerDataDirectory: a second server on the same --data refuses
// to start and names the first one's PID; once the first stops, it starts.
func TestServeOnePerDataDirectory(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	addrc := make(chan string, 1)
	exit := make(chan int, 1)
	go func() {
		exit <- serve(ctx, []string{"--addr", "127.0.0.1:0", "--log-level", "error", "--data", dir}, func(a net.Addr) { addrc <- a.String() })
	}()
	select {
	case <-addrc:
	case code := <-exit:
		t.Fatalf("the first server exited %d", code)
	}
	code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", dir)
	if code == 0 || !strings.Contains(errOut, "PID "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("second server: exit %d, stderr %q", code, errOut)
	}
	cancel()
	if code := <-exit; code != 0 {
		t.Fatalf("the first server exited %d", code)
	}
	addr := runServer(t, "--data", dir)
	healthy(t, addr)
	if zeroMeansNever(0) >= 0 || zeroMeansNever(time.Hour) != time.Hour {
		t.Fatal("--session-idle 0 must mean never")
	}
}

// TestServeProcs: serve runs its goroutines on twice the cores by default on
// a machine of up to 4 cores (the measured latency gain is in docs/performance.md), on
// the cores beyond, on --procs when given, and never on more than maxProcs.
func TestServeProcs(t *testing.T) {
	for _, c := range []struct{ procs, cores, want int }{
		{0, 2, 4}, {0, 1, 2}, {0, 0, 2}, {0, 4, 8}, {0, 8, 8}, {0, 4096, maxProcs}, {3, 2, 3}, {1, 64, 1},
	} {
		if got := serveProcs(c.procs, c.cores); got != c.want {
			t.Errorf("serveProcs(%d, %d) = %d, want %d", c.procs, c.cores, got, c.want)
		}
	}
}

// TestServeSetsProcs: serve runs on --procs when given, and on serveProcs'
// default when neither the flag nor the GOMAXPROCS environment variable says.
func TestServeSetsProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(before) })
	runServer(t, "--data", t.TempDir(), "--procs", "3")
	if got := runtime.GOMAXPROCS(0); got != 3 {
		t.Errorf("serve --procs 3 runs on %d processors", got)
	}
	if os.Getenv("GOMAXPROCS") != "" {
		return // the environment wins over the default
	}
	runServer(t, "--data", t.TempDir())
	if got, want := runtime.GOMAXPROCS(0), serveProcs(0, startProcs); got != want {
		t.Errorf("serve runs on %d processors by default, want %d (%d cores)", got, want, startProcs)
	}
}

// TestServeOriginsFlag: an --origins entry with a scheme or a path never
// matches an Origin header's host, so it is refused (exit 2) with a message
// saying to give the host only or to use --public-url; hosts and patterns
// pass.
func TestServeOriginsFlag(t *testing.T) {
	for _, o := range []string{"https://play.example.org", "play.example.org/", "play.example.org/game", "a.example,http://b.example", "[x"} {
		code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--origins", o)
		if code != 2 || !strings.Contains(errOut, "--origins") || !strings.Contains(errOut, "play.example.org") {
			t.Errorf("serve --origins %q: exit %d, stderr %q", o, code, errOut)
		}
	}
	if code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--origins", "https://play.example.org"); !strings.Contains(errOut, "--public-url") {
		t.Errorf("exit %d: the message does not point to --public-url: %q", code, errOut)
	}
	got, err := parseOrigins(" play.example.org, *.example.org:8443 ,, localhost:8080")
	if err != nil || strings.Join(got, " ") != "play.example.org *.example.org:8443 localhost:8080" {
		t.Errorf("parseOrigins: %q, %v", got, err)
	}
	_, _, help := runCaptured(t, "", "serve", "--help")
	if !strings.Contains(help, "host only") || !strings.Contains(help, "--public-url https://") {
		t.Errorf("serve --help does not say --origins takes hosts only:\n%s", help)
	}
}

// serveLog serves with args (on a free loopback port and a data directory
// of its own) until it listens, then stops it; it returns the exit code and
// what the server wrote on standard error (its JSON log).
func serveLog(t *testing.T, args ...string) (int, string) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = w
	var out []byte
	done := make(chan struct{})
	go func() {
		out, _ = io.ReadAll(r)
		close(done)
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	code := serve(ctx, append([]string{"--addr", "127.0.0.1:0", "--data", t.TempDir()}, args...), func(net.Addr) { cancel() })
	os.Stderr = old
	w.Close()
	<-done
	return code, string(out)
}

// TestServePushSubject: --push-subject must be an e-mail address (bare or
// mailto:) or an https URL, else exit 2; mailto: is taken off (the push
// library adds it); without it, serve warns once at start that the default
// admin@localhost is refused by Apple's push service and says what to set.
func TestServePushSubject(t *testing.T) {
	for _, s := range []string{"admin", "admin@", "http://play.example.org/contact", "ftp://example.org", "Admin <admin@example.org>", "mailto:", "https://", "play.example.org"} {
		code, _, errOut := runCaptured(t, "", "serve", "--addr", "127.0.0.1:0", "--data", t.TempDir(), "--push-subject", s)
		if code != 2 || !strings.Contains(errOut, "--push-subject") {
			t.Errorf("serve --push-subject %q: exit %d, stderr %q", s, code, errOut)
		}
	}
	for in, want := range map[string]string{
		"admin@example.org": "admin@example.org", "mailto:admin@example.org": "admin@example.org",
		"MAILTO:a.b@example.org": "a.b@example.org", "https://play.example.org/contact": "https://play.example.org/contact", "": "",
	} {
		if got, err := parsePushSubject(in); err != nil || got != want {
			t.Errorf("parsePushSubject(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	warns := func(log string) []string {
		var out []string
		for _, l := range strings.Split(log, "\n") {
			if strings.Contains(l, `"level":"WARN"`) && strings.Contains(l, "push") {
				out = append(out, l)
			}
		}
		return out
	}
	code, log := serveLog(t)
	if w := warns(log); code != 0 || len(w) != 1 || !strings.Contains(w[0], "admin@localhost") || !strings.Contains(w[0], "--push-subject") {
		t.Errorf("serve without --push-subject: exit %d, push warnings %q", code, w)
	}
	code, log = serveLog(t, "--push-subject", "mailto:admin@example.org")
	if w := warns(log); code != 0 || len(w) != 0 {
		t.Errorf("serve --push-subject mailto:admin@example.org: exit %d, push warnings %q", code, w)
	}
}
