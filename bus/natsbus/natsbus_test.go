package natsbus

import (
	"crypto/rand"
	"encoding/hex"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"gaslamp/bus"
	"gaslamp/bus/bustest"
	"gaslamp/internal/servicetest"
)

// The tests run against the NATS server named by GASLAMP_TEST_NATS (e.g.
// nats://127.0.0.1:4222), each on a subject prefix of its own.

// serverURL returns the test server's URL, or skips the test when none is
// given (fails it under CI=true, where NATS must be tested).
func serverURL(t *testing.T) string {
	t.Helper()
	return servicetest.URL(t, "GASLAMP_TEST_NATS", "NATS", "nats://127.0.0.1:4222")
}

// newPrefix returns a subject prefix no other test uses.
func newPrefix() string {
	b := make([]byte, 6)
	rand.Read(b)
	return "gaslamp_test." + hex.EncodeToString(b)
}

func connect(t *testing.T, prefix string) *Bus {
	t.Helper()
	b, err := Connect(serverURL(t), prefix)
	if err != nil {
		t.Fatalf("GASLAMP_TEST_NATS: %v", err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func TestConformance(t *testing.T) {
	serverURL(t)
	bustest.Run(t, func(t *testing.T) bus.Bus { return connect(t, newPrefix()) })
}

// collect subscribes to b and returns a function that waits for n notices.
func collect(t *testing.T, b bus.Bus) func(n int) []bus.Notice {
	t.Helper()
	var mu sync.Mutex
	var got []bus.Notice
	t.Cleanup(b.Subscribe(func(n bus.Notice) {
		mu.Lock()
		got = append(got, n)
		mu.Unlock()
	}))
	return func(n int) []bus.Notice {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			out := append([]bus.Notice(nil), got...)
			mu.Unlock()
			if len(out) >= n || time.Now().After(deadline) {
				if len(out) != n {
					t.Fatalf("%d notices, want %d: %+v", len(out), n, out)
				}
				return out
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestNodes runs two nodes of one deployment and a node of another: every
// notice reaches both nodes of its deployment, in order, and never the
// other deployment.
func TestNodes(t *testing.T) {
	p := newPrefix()
	a, b, other := connect(t, p), connect(t, p), connect(t, newPrefix())
	gotA, gotB, gotOther := collect(t, a), collect(t, b), collect(t, other)
	for i := int64(1); i <= 50; i++ {
		a.Publish(bus.Notice{Table: "t", Version: i, Kind: "move"})
	}
	b.Publish(bus.Notice{Table: "u", Version: 1, Kind: "seats"})
	for _, wait := range []func(int) []bus.Notice{gotA, gotB} {
		var v int64
		for _, n := range wait(51) {
			if n.Table == "t" {
				if n.Version != v+1 {
					t.Fatalf("version %d after %d", n.Version, v)
				}
				v = n.Version
			}
		}
	}
	other.Publish(bus.Notice{Table: "x", Version: 1})
	gotOther(1)
	time.Sleep(50 * time.Millisecond)
	gotA(51)
}

// TestForeignMessages: what is not a notice on the subject is ignored.
func TestForeignMessages(t *testing.T) {
	p := newPrefix()
	b := connect(t, p)
	got := collect(t, b)
	nc, err := nats.Connect(serverURL(t))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	nc.Publish(b.Subject(), []byte("not json"))
	nc.Publish(b.Subject(), []byte(`{"v":3}`))
	nc.Publish(b.Subject(), []byte(`{"t":"t1","v":4,"s":"running","k":"move"}`))
	nc.Flush()
	if n := got(1); n[0] != (bus.Notice{Table: "t1", Version: 4, Status: "running", Kind: "move"}) {
		t.Fatalf("%+v", n)
	}
	if b.Invalid() != 2 {
		t.Fatalf("%d invalid messages, want 2", b.Invalid())
	}
}

func TestDropsCounted(t *testing.T) {
	b := connect(t, newPrefix())
	block := make(chan struct{})
	defer close(block)
	defer b.Subscribe(func(bus.Notice) { <-block })()
	for i := range bus.QueueLen * 4 {
		b.Publish(bus.Notice{Table: "t", Version: int64(i)})
	}
	deadline := time.Now().Add(10 * time.Second)
	for b.Dropped() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("no drop counted for a stuck subscriber")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestPrefixesAndConnectErrors(t *testing.T) {
	for _, p := range []string{"gaslamp", "a.b-c_d", "prod.gaslamp"} {
		if err := ValidPrefix(p); err != nil {
			t.Errorf("%q: %v", p, err)
		}
	}
	for _, p := range []string{"a..b", ".a", "a.", "a b", "a.*", "a.>", "x\n"} {
		if ValidPrefix(p) == nil {
			t.Errorf("%q accepted", p)
		}
		if _, err := Connect("nats://127.0.0.1:1", p); err == nil {
			t.Errorf("Connect with %q succeeded", p)
		}
	}
	if _, err := Connect("nats://127.0.0.1:1", ""); err == nil {
		t.Error("connected to a server that does not exist")
	}
	b := connect(t, "")
	if b.Subject() != DefaultPrefix+".notices" {
		t.Fatalf("subject %q", b.Subject())
	}
}
