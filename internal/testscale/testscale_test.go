package testscale

import (
	"testing"
	"time"
)

func TestSizeAndTimeout(t *testing.T) {
	n := Size(3, 300)
	if Long() && n != 300 || !Long() && n != 3 {
		t.Fatalf("Size(3, 300) = %d with Long() = %v", n, Long())
	}
	if d := Timeout(time.Second); d <= 0 {
		t.Fatalf("Timeout(1s) = %v", d)
	}
}
