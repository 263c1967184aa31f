package bus_test

import (
	"testing"

	"gaslamp/bus"
	"gaslamp/bus/bustest"
)

// TestLocalConformance holds the in-process bus to the shared suite.
func TestLocalConformance(t *testing.T) {
	bustest.Run(t, func(t *testing.T) bus.Bus { return bus.NewLocal() })
}
