package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkAppendMove measures stored moves per second through the group
// commit writer, with 1 and 64 tables appending at once (each table one
// move at a time, as a table's goroutine does). Run:
//
//	go test -run '^$' -bench AppendMove -benchtime 3s ./store/
func BenchmarkAppendMove(b *testing.B) {
	for _, tables := range []int{1, 64, 1024} {
		b.Run(fmt.Sprintf("tables=%d", tables), func(b *testing.B) {
			ctx := context.Background()
			s, err := OpenSQLite(ctx, b.TempDir())
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			for i := range tables {
				if err := s.CreateTable(ctx, Table{ID: fmt.Sprint("t", i), Game: "g", Options: map[string]string{}, Status: StatusRunning, Created: time.Now()}); err != nil {
					b.Fatal(err)
				}
			}
			var next atomic.Int64
			b.ResetTimer()
			var wg sync.WaitGroup
			for i := range tables {
				wg.Add(1)
				go func(id string) {
					defer wg.Done()
					for q := int64(1); next.Add(1) <= int64(b.N); q++ {
						if err := s.AppendMove(ctx, Move{Table: id, Seq: q, Move: []byte(`{"kind":"x"}`), At: time.Now()}); err != nil {
							b.Error(err)
							return
						}
					}
				}(fmt.Sprint("t", i))
			}
			wg.Wait()
			b.StopTimer()
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}
