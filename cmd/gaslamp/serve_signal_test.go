//go:build unix

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"gaslamp/internal/testscale"
)

// TestServeStopsOnSignals: SIGHUP (a closed terminal, a service manager),
// SIGTERM and SIGINT each stop serve through its graceful shutdown, logged,
// with exit code 0. The server runs in a child process of this test binary.
func TestServeStopsOnSignals(t *testing.T) {
	if dir := os.Getenv("GASLAMP_SIGNAL_CHILD"); dir != "" {
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--data", dir}))
	}
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestServeStopsOnSignals$")
			cmd.Env = append(os.Environ(), "GASLAMP_SIGNAL_CHILD="+t.TempDir())
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			listening := make(chan bool, 1)
			go func() {
				sc := bufio.NewScanner(stdout)
				ok := sc.Scan() && strings.HasPrefix(sc.Text(), "listening on ")
				listening <- ok
				for sc.Scan() {
				}
			}()
			select {
			case ok := <-listening:
				if !ok {
					cmd.Process.Kill()
					cmd.Wait()
					t.Fatalf("the server did not start: %s", stderr.String())
				}
			case <-time.After(testscale.Timeout(30 * time.Second)):
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatal("the server did not start in time")
			}
			cmd.Process.Signal(sig)
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			select {
			case err := <-exited:
				log := stderr.String()
				if err != nil {
					t.Fatalf("after %v: %v (want exit 0)\n%s", sig, err, log)
				}
				if !strings.Contains(log, `"msg":"shutting down"`) || !strings.Contains(log, sig.String()) || !strings.Contains(log, `"msg":"stopped"`) {
					t.Fatalf("after %v, the log lacks the shutdown and its cause:\n%s", sig, log)
				}
			case <-time.After(testscale.Timeout(30 * time.Second)):
				cmd.Process.Kill()
				t.Fatalf("the server did not stop after %v", sig)
			}
		})
	}
}
