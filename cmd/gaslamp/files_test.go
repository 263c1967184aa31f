//go:build linux

package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"gaslamp/internal/testscale"
)

// TestServeWarnsOfFewFiles: a server that may open fewer files than a site
// of a few thousand players needs (each WebSocket holds one) says so once at
// start, with the limit and how to raise it. The server runs in a child
// process of this test binary whose limit is lowered first.
func TestServeWarnsOfFewFiles(t *testing.T) {
	if os.Getenv("GASLAMP_FEW_FILES_CHILD") != "" {
		l := syscall.Rlimit{Cur: 1000, Max: 1000}
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			t.Fatal(err)
		}
		os.Exit(run([]string{"serve", "--addr", "127.0.0.1:0", "--data", os.Getenv("GASLAMP_FEW_FILES_CHILD")}))
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeWarnsOfFewFiles$")
	cmd.Env = append(os.Environ(), "GASLAMP_FEW_FILES_CHILD="+t.TempDir())
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if strings.Contains(sc.Text(), `"level":"WARN"`) && strings.Contains(sc.Text(), "open files") {
				found <- sc.Text()
				break
			}
		}
		close(found)
		for sc.Scan() { // drain until the child exits
		}
	}()
	select {
	case line, ok := <-found:
		if !ok {
			t.Fatal("the server started with 1,000 open files allowed and did not warn")
		}
		if !strings.Contains(line, `"open_files_limit":1000`) || !strings.Contains(line, "LimitNOFILE") {
			t.Fatalf("the warning: %s", line)
		}
	case <-time.After(testscale.Timeout(30 * time.Second)):
		t.Fatal("no warning from the server within the time limit")
	}
}
