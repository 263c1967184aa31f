package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"gaslamp/game"
)

func init() {
	commands["replay"] = command{"replay a recorded game and print each step", runReplay}
}

func runReplay(args []string) int {
	fs := newFlags("replay", "[--quiet] [--as SEAT] [--lang en|fr|nl] FILE   (FILE - reads standard input)")
	quiet := fs.Bool("quiet", false, "print only the outcome (and the refused move, if any)")
	as := fs.String("as", "", "print only the events this seat id (or \"spectator\") was sent; default: every event, private ones marked with their audience")
	lang := fs.String("lang", "en", "language of the texts: en, fr or nl")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	// Flags may also follow the file name.
	var file string
	if fs.NArg() > 0 {
		file = fs.Arg(0)
		if code, ok := parse(fs, fs.Args()[1:]); !ok {
			return code
		}
		if fs.NArg() > 0 {
			fmt.Fprintf(os.Stderr, "gaslamp replay: unexpected argument %q\n", fs.Arg(0))
			return 2
		}
	}
	if file == "" {
		fmt.Fprintln(os.Stderr, "gaslamp replay: missing FILE (a JSON game record, or - for standard input)")
		fs.Usage()
		return 2
	}
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(os.Stdin)
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp replay:", err)
		return 1
	}
	var rec game.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp replay: %s is not a game record: %v\n", file, err)
		return 1
	}
	r, err := game.Lookup(rec.Game)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp replay: unknown game %q (have: %s)\n", rec.Game, strings.Join(gameIDs(), ", "))
		return 1
	}
	seats, err := r.Seats(rec.Options)
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp replay: options %q: %s\n", rec.Options.String(), describeErr(r, *lang, err))
		return 1
	}
	msgs := r.Messages()
	seatID := func(s game.Seat) string {
		if s >= 0 && int(s) < len(seats) {
			return seats[s].ID
		}
		return fmt.Sprintf("seat %d", s)
	}
	viewer, filter := game.Spectator, false
	if *as != "" {
		filter = true
		if *as != "spectator" {
			viewer = -2
			for i, s := range seats {
				if s.ID == *as {
					viewer = game.Seat(i)
				}
			}
			if viewer == -2 {
				var ids []string
				for _, s := range seats {
					ids = append(ids, s.ID)
				}
				fmt.Fprintf(os.Stderr, "gaslamp replay: no seat %q (seats: %s, spectator)\n", *as, strings.Join(ids, ", "))
				return 2
			}
		}
	}
	opts := rec.Options.String()
	if opts == "" {
		opts = "none"
	}
	if !*quiet {
		fmt.Printf("%s, options %s, seed %d, %d moves\n", msgs.Render(*lang, r.Name()), opts, rec.Seed, len(rec.Moves))
	}
	st, err := game.Replay(rec, func(i int, _ game.State, log *game.Log) {
		if *quiet {
			return
		}
		fmt.Printf("%4d  %-10s %s\n", i+1, seatID(rec.Moves[i].Seat), compact(rec.Moves[i].Move))
		for _, e := range log.Events {
			if filter && !e.To.Sees(viewer) {
				continue
			}
			mark := ""
			if !filter && !e.To.Spectators {
				var ids []string
				for _, s := range e.To.Seats.Seats() {
					if int(s) < len(seats) {
						ids = append(ids, seats[s].ID)
					}
				}
				mark = "[to " + strings.Join(ids, ", ") + "] "
			}
			fmt.Printf("            %s%s\n", mark, msgs.Render(*lang, e.Text))
		}
	})
	var re *game.ReplayError
	if errors.As(err, &re) {
		rm := rec.Moves[re.Index]
		fmt.Fprintf(os.Stderr, "gaslamp replay: move %d (seat %s, %s) refused: %s\n", re.Index+1, seatID(rm.Seat), compact(rm.Move), describeErr(r, *lang, re.Err))
		return 1
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp replay: %s\n", describeErr(r, *lang, err))
		return 1
	}
	out := st.Outcome()
	switch {
	case out.Over && out.Winner != "":
		fmt.Printf("over: %s won: %s\n", out.Winner, msgs.Render(*lang, out.Reason))
	case out.Over:
		fmt.Printf("over, nobody won: %s\n", msgs.Render(*lang, out.Reason))
	default:
		var ids []string
		for _, s := range st.ToAct().Seats() {
			ids = append(ids, seatID(s))
		}
		fmt.Printf("not over: %s to act\n", strings.Join(ids, ", "))
	}
	return 0
}

// describeErr renders an error of the game in lang, with its code and detail.
func describeErr(r game.Rules, lang string, err error) string {
	var e *game.Error
	if errors.As(err, &e) {
		s := string(e.Code) + ": " + r.Messages().Render(lang, e.Text)
		if e.Detail != "" {
			s += " (" + e.Detail + ")"
		}
		return s
	}
	return err.Error()
}

// compact returns a JSON intent on one line.
func compact(raw json.RawMessage) string {
	if data, err := json.Marshal(raw); err == nil {
		return string(data)
	}
	return string(raw)
}
