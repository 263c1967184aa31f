package whitehallbot

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gaslamp/game"
	"gaslamp/games/whitehall"
)

func playBaseline(seed uint64, jackBot, invBot func(seat game.Seat, seed uint64) game.Bot) string {
	st, _ := whitehall.Rules{}.New(nil, seed)
	bots := make([]game.Bot, 4)
	bots[0] = jackBot(0, seed*10)
	for i := 1; i < 4; i++ {
		bots[i] = invBot(game.Seat(i), seed*10+uint64(i))
	}
	for !st.Outcome().Over {
		seat := st.ToAct().First()
		legal := st.Legal(seat, nil)
		m := bots[seat].Choose(st.View(seat), legal)
		if err := st.Apply(seat, m, nil); err != nil {
			panic(err)
		}
	}
	return st.Outcome().Winner
}

func TestSweep(t *testing.T) {
	spec := os.Getenv("WHSWEEP")
	if spec == "" {
		t.Skip()
	}
	n, _ := strconv.Atoi(os.Getenv("WHN"))
	if n == 0 {
		n = 200
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		f, _ := strconv.ParseFloat(v, 64)
		switch k {
		case "arrestAt":
			arrestAt = f
		case "coverAt":
			coverAt = f
		case "moveBlock":
			moveBlock = f
		case "moveArrest":
			moveArrest = f
		case "moveInfo":
			moveInfo = f
		case "moveApproach":
			moveApproach = f
		case "locSpread":
			locSpread = f
		case "d0":
			dangerAt[0] = f
		case "d1":
			dangerAt[1] = f
		case "d2":
			dangerAt[2] = f
		case "d3":
			dangerAt[3] = f
		}
	}
	mk := func(seat game.Seat, seed uint64) game.Bot { return NewBaseline(seat, seed) }
	var mu sync.Mutex
	inv := 0
	var wg sync.WaitGroup
	ch := make(chan uint64)
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := range ch {
				if playBaseline(s, mk, mk) == "investigators" {
					mu.Lock()
					inv++
					mu.Unlock()
				}
			}
		}()
	}
	for s := 1; s <= n; s++ {
		ch <- uint64(s)
	}
	close(ch)
	wg.Wait()
	fmt.Printf("%s: investigators %d/%d = %.1f%%\n", spec, inv, n, 100*float64(inv)/float64(n))
}
