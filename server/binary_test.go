package server

import (
	"bufio"
	"bytes"
	"encoding/json"
	"gaslamp/internal/testscale"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// daemon is a real `gaslamp serve` process.
type daemon struct {
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs bytes.Buffer
}

func (d *daemon) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.logs.Write(p)
}

func (d *daemon) log() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.logs.String()
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "gaslamp")
	out, err := exec.Command("go", "build", "-o", bin, "gaslamp/cmd/gaslamp").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startDaemon(t *testing.T, bin, dir string) *daemon {
	t.Helper()
	d := &daemon{cmd: exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--data", dir, "--bot-delay", "0", "--log-level", "debug")}
	d.cmd.Stderr = d
	out, err := d.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := d.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.cmd.Process.Kill(); d.cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
	}()
	select {
	case l := <-line:
		addr, ok := strings.CutPrefix(l, "listening on ")
		if !ok {
			t.Fatalf("first line %q; logs:\n%s", l, d.log())
		}
		d.url = "http://" + addr
	case <-time.After(testscale.Timeout(30 * time.Second)):
		t.Fatalf("server did not start; logs:\n%s", d.log())
	}
	return d
}

// TestBinaryKillAndRestart plays Whitehall moves against the real binary,
// kills it with SIGKILL, starts it again on the same data directory and
// checks that the table is at the same version with the same views, then
// plays on. It also checks the logs hold no token and no move.
func TestBinaryKillAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	d := startDaemon(t, bin, dir)
	e := &env{t: t, url: d.url}
	alice := e.guest("Alice")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "whitehall", "hotseat": true}, &c); code != 201 {
		t.Fatalf("create %d", code)
	}
	for seat := 0; seat < 4; seat++ {
		alice.sit(c.ID, seat)
	}
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	st := ca.next("state")
	last := st
	var sent []string
	for i := 0; i < 12; i++ {
		seat, mv := firstLegal(t, last)
		sent = append(sent, mv)
		ca.move(last.V, seat, mv)
		last = ca.update(last.V + 1)
		ca.next("ack")
	}
	ca.send(map[string]string{"t": "chat", "text": "before the crash"})
	ca.next("chat")

	if err := d.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	d.cmd.Wait()
	logs := d.log()

	d2 := startDaemon(t, bin, dir)
	e.url = d2.url
	cb := e.dial(alice, c.ID)
	cb.hello(-1)
	after := cb.next("state")
	if after.V != last.V {
		t.Fatalf("after restart at version %d, want %d", after.V, last.V)
	}
	if !sameJSON(after.Views, last.Views) || !sameJSON(after.Legal, last.Legal) {
		t.Fatalf("views or legal moves differ after restart:\nbefore %s\nafter  %s", last.Raw, after.Raw)
	}
	if !strings.Contains(string(after.Raw), "before the crash") {
		t.Fatal("chat lost")
	}
	// And it plays on.
	for i := 0; i < 3; i++ {
		seat, mv := firstLegal(t, after)
		cb.move(after.V, seat, mv)
		after = cb.update(after.V + 1)
		cb.next("ack")
	}
	// Graceful stop on SIGTERM.
	d2.cmd.Process.Signal(syscall.SIGTERM)
	if err := d2.cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v\n%s", err, d2.log())
	}
	logs += d2.log()
	if !strings.Contains(logs, `"msg":"stopped"`) {
		t.Fatal("no clean stop logged")
	}
	// No secret in any log line: no session token, CSRF token, invite token or move.
	secrets := []string{alice.cookie, alice.csrf}
	for _, inv := range c.Invites {
		secrets = append(secrets, strings.TrimPrefix(inv, "/join/"))
	}
	secrets = append(secrets, sent...)
	for _, s := range secrets {
		if strings.Contains(logs, s) {
			t.Fatalf("log holds a secret %q", s)
		}
	}
	if !strings.Contains(logs, `"msg":"move"`) {
		t.Fatal("moves not logged (as seat and version) at debug level")
	}
}

func firstLegal(t *testing.T, f frame) (int, string) {
	t.Helper()
	for seat, legal := range f.Legal {
		if len(legal) > 0 {
			return atoi(seat), string(legal[0])
		}
	}
	t.Fatalf("nobody may move: %.300s", f.Raw)
	return 0, ""
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}
