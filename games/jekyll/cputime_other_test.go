//go:build !linux

package jekyll

import "time"

var start = time.Now()

// threadCPU falls back to wall time where the thread clock is not at hand.
func threadCPU() time.Duration { return time.Since(start) }
