package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"gaslamp/game"
)

func init() {
	commands["replay"] = command{"replay a recorded game and print each step", runReplay}
}

func runReplay(args []string) int {
	fs := newFlags("replay", "[--quiet] [--as SEAT] [--lang en|fr|nl] FILE|URL   (FILE - reads standard input; URL: a finished table's page, https://host/t/ID, whose export is fetched)")
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
	if !slices.Contains(game.Languages, *lang) {
		fmt.Fprintf(os.Stderr, "gaslamp replay: unknown --lang %q (languages: %s)\n", *lang, strings.Join(game.Languages, ", "))
		return 2
	}
	if file == "" {
		fmt.Fprintln(os.Stderr, "gaslamp replay: missing FILE (a JSON game record, - for standard input, or a finished table's URL)")
		fs.Usage()
		return 2
	}
	var data []byte
	var err error
	switch {
	case file == "-":
		data, err = io.ReadAll(os.Stdin)
	case strings.Contains(file, "://"):
		data, err = fetchExport(file)
	default:
		data, err = os.ReadFile(file)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gaslamp replay:", err)
		return 1
	}
	var rec exported
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
	st, err := game.Replay(rec.Record, func(i int, _ game.State, log *game.Log) {
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
	case rec.Outcome != nil && rec.Outcome.Over && rec.Resigned != nil:
		// Ended before its rules did (an export says how).
		how := map[string]string{"time": "ran out of time", "abandoned": "stayed away too long"}[rec.Ended]
		if how == "" {
			how = "resigned"
		}
		fmt.Printf("over: %s won: %s %s\n", rec.Outcome.Winner, seatID(game.Seat(*rec.Resigned)), how)
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

// exported is a game record as a finished table's export gives it
// (server/export.go): a game.Record, and how the game ended when it ended
// before its rules did (a resignation, a loss on time or by absence).
type exported struct {
	game.Record
	Outcome  *game.Outcome `json:"outcome"`
	Ended    string        `json:"ended"`
	Resigned *game.Seat    `json:"resigned_seat"`
}

// maxExport bounds a fetched export.
const maxExport = 64 << 20

// exportURL turns a table's address (its page /t/ID, or the API's
// /api/tables/ID, or /api/tables/ID/export itself) into its export's URL.
func exportURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not an http(s) URL", raw)
	}
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	var id string
	switch {
	case len(parts) >= 2 && parts[0] == "t":
		id = parts[1]
	case len(parts) >= 3 && parts[0] == "api" && parts[1] == "tables":
		id = parts[2]
	}
	if id == "" {
		return "", fmt.Errorf("%q is not a table's address (https://host/t/ID)", raw)
	}
	out := url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/api/tables/" + id + "/export"}
	return out.String(), nil
}

// fetchExport downloads the export of the finished table at raw.
func fetchExport(raw string) ([]byte, error) {
	target, err := exportURL(raw)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Timeout: time.Minute}
	resp, err := client.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxExport+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, err)
	}
	if len(data) > maxExport {
		return nil, fmt.Errorf("%s: the export is larger than %d MiB", target, maxExport>>20)
	}
	switch resp.StatusCode {
	case http.StatusOK:
		return data, nil
	case http.StatusNotFound:
		return nil, fmt.Errorf("%s: no such table (HTTP 404)", target)
	case http.StatusForbidden:
		return nil, fmt.Errorf("%s: the game is not finished yet: its record stays secret until it is (HTTP 403)", target)
	}
	return nil, fmt.Errorf("%s: HTTP %d", target, resp.StatusCode)
}
