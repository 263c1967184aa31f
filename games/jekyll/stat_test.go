package jekyll

import (
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"gaslamp/game"
)

func threadCPU() time.Duration {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0) // CLOCK_THREAD_CPUTIME_ID
	return time.Duration(ts.Nano())
}

func TestSolverNodes(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	s := NewSolver()
	for rnd := uint8(0); rnd < 2; rnd++ {
		var nodes []int
		var times []time.Duration
		var tot time.Duration
		for i := 0; i < 120 && len(nodes) < 60; i++ {
			st := randomUntil(game.Options{}, uint64(i+1), nightStart(rnd))
			if st == nil {
				continue
			}
			t0 := threadCPU()
			s.Value(st)
			d := threadCPU() - t0
			times = append(times, d)
			tot += d
			nodes = append(nodes, s.Nodes)
		}
		sort.Ints(nodes)
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		t.Logf("round %d: %d solves, nodes median %d p90 %d; cpu median %v p90 %v total %v", rnd+1, len(nodes), nodes[len(nodes)/2], nodes[len(nodes)*9/10], times[len(times)/2], times[len(times)*9/10], tot)
	}
}
