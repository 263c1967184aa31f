package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"slices"
	"strings"
	"time"

	"gaslamp/bus/natsbus"
	"gaslamp/server"
	"gaslamp/store"
	"gaslamp/store/pgstore"
)

// gaslamp admin: moderation from the shell, on the same store as serve.
//
// It talks to the store directly, and works while servers run: the data
// directory's lock (gaslamp.lock) keeps a second server out, not this
// command, which does not take it; SQLite lets another process write
// between the server's transactions (WAL, busy timeout), PostgreSQL is
// shared anyway. A suspension deletes the account's sessions at once;
// every node closes their WebSockets within --revoke-check (30s).

func init() {
	commands["admin"] = command{"moderation: open reports, resolve, suspend, unsuspend, list the suspended, sign out a reported guest; a password reset link", runAdmin}
}

const adminSynopsis = `[--data DIR | --database postgres://...] COMMAND [ARGS]

Commands:
  reports [--all]                                    list the open reports (--all: resolved ones too) with their context
  resolve ID                                         close a report
  suspend NAME [--until YYYY-MM-DD] [--reason TEXT]  suspend an account (no --until: until unsuspended); its sessions end
  unsuspend NAME                                     lift a suspension
  suspended                                          list the accounts suspended now, with their ends and reasons
  end-guest REPORT                                   sign out the guest a report is about (its sessions end; an account: suspend it)
  reset-link NAME --url https://SITE                 print a link (valid an hour, once) with which the account chooses a new password

--data and --database may also follow the command (gaslamp admin reports --data DIR).`

// foreverSuspended is the end of a suspension without --until.
var foreverSuspended = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

func runAdmin(args []string) int {
	fs := newFlags("admin", adminSynopsis)
	data := fs.String("data", "./gaslamp-data", "directory of the embedded SQLite database (when no --database is given)")
	database := fs.String("database", "", "PostgreSQL URL (default: the embedded SQLite in --data)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(os.Stderr, "gaslamp admin: %v\n", err)
		return 2
	}
	rest := fs.Args()
	// The store's flags may also follow the command (admin reports --data
	// DIR): without this, --data would be refused by the command, or worse,
	// the default ./gaslamp-data reported missing.
	if moved, others := hoistFlags(rest, "data", "database"); len(moved) > 0 {
		if err := fs.Parse(moved); err != nil {
			fmt.Fprintf(os.Stderr, "gaslamp admin: %v\n", err)
			return 2
		}
		rest = others
	}
	if len(rest) == 0 {
		fmt.Fprintln(os.Stderr, "gaslamp admin: which command? reports, resolve, suspend, unsuspend, suspended, end-guest or reset-link")
		fs.Usage()
		return 2
	}
	if *database != "" && flagGiven(fs, "data") {
		fmt.Fprintln(os.Stderr, "gaslamp admin: give --data (the embedded SQLite database) or --database (PostgreSQL), not both: which store serve uses")
		return 2
	}
	if err := checkBackendFlags(*database, "", natsbus.DefaultPrefix); err != nil {
		fmt.Fprintf(os.Stderr, "gaslamp admin: %v\n", err)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	// The store is opened once the command's arguments are found right: a
	// command's --help or a wrong flag needs no database.
	open := func() (store.Store, int) {
		var st store.Store
		var err error
		if *database != "" {
			// As with SQLite below: opening the store would migrate the
			// nodes' database under them, which then could not restart.
			v, verr := pgstore.SchemaVersionAt(ctx, *database)
			if errors.Is(verr, pgstore.ErrNoSchema) {
				fmt.Fprintln(os.Stderr, "gaslamp admin: no gaslamp tables in that PostgreSQL database (give the URL the nodes use, --database)")
				return nil, 1
			} else if verr != nil {
				fmt.Fprintf(os.Stderr, "gaslamp admin: %s\n", plainError(scrubSecrets(verr, *database, "")))
				return nil, 1
			}
			if latest := store.LatestSchemaVersion(); v < latest {
				fmt.Fprintf(os.Stderr, "gaslamp admin: the PostgreSQL database is at schema version %d and this gaslamp's is %d: run the gaslamp the nodes run, or upgrade the nodes first (they upgrade the database)\n", v, latest)
				return nil, 1
			}
			st, err = pgstore.Open(ctx, *database)
			err = scrubSecrets(err, *database, "")
		} else {
			if err := notADataDir(*data); err != nil {
				fmt.Fprintf(os.Stderr, "gaslamp admin: %v\n", err)
				return nil, 2
			}
			if _, serr := os.Stat(*data); serr != nil {
				fmt.Fprintf(os.Stderr, "gaslamp admin: no data directory %s (give the one serve uses, --data)\n", *data)
				return nil, 1
			}
			// Opening the store would create a database in a directory without
			// one, and upgrade an older one under the server that runs on it
			// (which then could not start again): neither is admin's to do.
			if err := checkDatabaseAccess(*data, true); err != nil {
				fmt.Fprintf(os.Stderr, "gaslamp admin: %v\n", err)
				return nil, 1
			}
			v, verr := store.SQLiteSchemaVersion(ctx, *data)
			if hint := wrongUser(*data, verr); hint != "" {
				fmt.Fprintf(os.Stderr, "gaslamp admin: %s\n", hint)
				return nil, 1
			}
			if verr != nil {
				fmt.Fprintf(os.Stderr, "gaslamp admin: no gaslamp database in %s (give the directory serve uses, --data)\n", *data)
				return nil, 1
			}
			if latest := store.LatestSchemaVersion(); v < latest {
				fmt.Fprintf(os.Stderr, "gaslamp admin: the database in %s is at schema version %d and this gaslamp's is %d: run the gaslamp that serves it, or restart serve with this one first (it upgrades the database)\n", *data, v, latest)
				return nil, 1
			}
			st, err = store.OpenSQLite(ctx, *data)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "gaslamp admin: %s\n", plainError(err))
			return nil, 1
		}
		return st, 0
	}
	return admin(ctx, open, os.Stdout, rest[0], rest[1:], time.Now().UTC())
}

// admin runs one admin command and returns the exit code. It checks the
// command's arguments first, then calls open for the store (which has
// already said why when it returns a nil store, with the exit code).
func admin(ctx context.Context, open func() (store.Store, int), out io.Writer, cmd string, args []string, now time.Time) int {
	var st store.Store
	// connect opens the store into st; false (the message printed) when it
	// cannot be.
	openCode := 0
	connect := func() bool {
		st, openCode = open()
		return st != nil
	}
	defer func() {
		if st != nil {
			st.Close()
		}
	}()
	fail := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "gaslamp admin "+cmd+": "+format+"\n", a...)
		return 1
	}
	usage := func(format string, a ...any) int {
		fmt.Fprintf(os.Stderr, "gaslamp admin "+cmd+": "+format+"\n", a...)
		return 2
	}
	// account finds the account named name, or says why not (the exit
	// code, with ok false).
	account := func(name string) (store.Account, int, bool) {
		acct, err := st.AccountByKey(ctx, server.NameKey(name))
		if errors.Is(err, store.ErrNotFound) {
			return acct, fail("no account named %q", name), false
		} else if err != nil {
			return acct, fail("%v", err), false
		}
		return acct, 0, true
	}
	switch cmd {
	case "reports":
		fs := newFlags("admin reports", "[--all]")
		all := fs.Bool("all", false, "resolved reports too")
		if code, ok := parse(fs, args); !ok {
			return code
		}
		if !connect() {
			return openCode
		}
		reps, err := st.Reports(ctx, *all)
		if err != nil {
			return fail("%v", err)
		}
		if len(reps) == 0 && *all {
			fmt.Fprintln(out, "No report.")
		} else if len(reps) == 0 {
			fmt.Fprintln(out, "No open report.")
		}
		for _, r := range reps {
			printReport(ctx, st, out, r)
		}
		return 0
	case "resolve":
		if len(args) == 1 && isHelp(args[0]) {
			fmt.Fprintln(os.Stderr, "Usage: gaslamp admin resolve ID\n\nCloses the open report ID (gaslamp admin reports lists them).")
			return 0
		}
		if len(args) != 1 || strings.HasPrefix(args[0], "-") {
			return usage("give one report id (gaslamp admin reports lists them)")
		}
		if !connect() {
			return openCode
		}
		if err := st.ResolveReport(ctx, args[0], now); errors.Is(err, store.ErrNotFound) {
			return fail("no open report %q", args[0])
		} else if err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(out, "Report %s resolved.\n", args[0])
		return 0
	case "suspend", "unsuspend":
		fs := newFlags("admin "+cmd, "NAME [--until YYYY-MM-DD] [--reason TEXT]")
		until := fs.String("until", "", "end of the suspension: a date (YYYY-MM-DD, midnight UTC) or an RFC 3339 time; default: until unsuspended")
		reason := fs.String("reason", "", "why, for the admins (kept with the account)")
		if len(args) > 0 && isHelp(args[0]) {
			if cmd == "unsuspend" {
				fmt.Fprintln(os.Stderr, "Usage: gaslamp admin unsuspend NAME\n\nLifts the suspension of the account NAME (gaslamp admin suspended lists them).")
				return 0
			}
			fs.Usage()
			return 0
		}
		if len(args) == 0 || strings.HasPrefix(args[0], "-") {
			return usage("give the account's name first")
		}
		name := args[0]
		if cmd == "suspend" {
			if code, ok := parse(fs, args[1:]); !ok {
				return code
			}
		} else if len(args) != 1 {
			return usage("takes only the account's name")
		}
		end := time.Time{}
		if cmd == "suspend" {
			end = foreverSuspended
			if *until != "" {
				var err error
				if end, err = parseUntil(*until); err != nil {
					return usage("--until: %v", err)
				}
				if !end.After(now) {
					return usage("--until %s is not in the future", *until)
				}
			}
		}
		if !connect() {
			return openCode
		}
		acct, code, ok := account(name)
		if !ok {
			return code
		}
		gone, err := st.Suspend(ctx, acct.UserID, end, *reason)
		if err != nil {
			return fail("%v", err)
		}
		if cmd == "unsuspend" {
			fmt.Fprintf(out, "%s is no longer suspended.\n", acct.Name)
			return 0
		}
		when := "until unsuspended"
		if !end.Equal(foreverSuspended) {
			when = "until " + end.Format(time.RFC3339)
		}
		fmt.Fprintf(out, "%s is suspended %s; %s.\n", acct.Name, when, sessionsEnded(len(gone)))
		return 0
	case "suspended":
		if len(args) > 0 && isHelp(args[0]) {
			fmt.Fprintln(os.Stderr, "Usage: gaslamp admin suspended\n\nLists the accounts suspended now: name, end of the suspension and reason.")
			return 0
		}
		if len(args) != 0 {
			return usage("takes no argument")
		}
		if !connect() {
			return openCode
		}
		sus, err := st.SuspendedAccounts(ctx, now)
		if err != nil {
			return fail("%v", err)
		}
		if len(sus) == 0 {
			fmt.Fprintln(out, "No account is suspended.")
		}
		for _, a := range sus {
			when := "until unsuspended"
			if !a.SuspendedUntil.Equal(foreverSuspended) {
				when = "until " + a.SuspendedUntil.UTC().Format(time.RFC3339)
			}
			reason := a.SuspendReason
			if reason == "" {
				reason = "(no reason given)"
			}
			fmt.Fprintf(out, "%s  %s  reason: %s\n", a.Name, when, reason)
		}
		return 0
	case "end-guest":
		// A guest has no name to suspend and lives in its session cookie:
		// ending its sessions signs it out for good (its seats go to the
		// bots as a departed player's), though the person may come back as
		// a new guest; serve --guest-chat=false keeps guests out of the
		// chats.
		if len(args) == 1 && isHelp(args[0]) {
			fmt.Fprintln(os.Stderr, "Usage: gaslamp admin end-guest REPORT\n\nSigns out the guest the report REPORT is about (gaslamp admin reports lists them): its sessions end and its open pages close.")
			return 0
		}
		if len(args) != 1 || strings.HasPrefix(args[0], "-") {
			return usage("give one report id (gaslamp admin reports --all lists them)")
		}
		if !connect() {
			return openCode
		}
		reps, err := st.Reports(ctx, true)
		if err != nil {
			return fail("%v", err)
		}
		i := slices.IndexFunc(reps, func(r store.Report) bool { return r.ID == args[0] })
		if i < 0 {
			return fail("no report %q", args[0])
		}
		r := reps[i]
		if a, err := st.AccountByUser(ctx, r.Reported); err == nil {
			return fail("the report is about an account, %s: suspend it (gaslamp admin suspend %s)", a.Name, a.Name)
		}
		var rc server.ReportContext
		_ = json.Unmarshal(r.Context, &rc)
		name := rc.ReportedName
		if u, err := st.User(ctx, r.Reported); err == nil && u.Name != "" {
			name = u.Name
		}
		gone, err := st.DeleteSessionsOf(ctx, r.Reported, "")
		if err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(out, "Guest %s signed out: %s.\n", name, sessionsEnded(len(gone)))
		fmt.Fprintln(out, "The person may come back as a new guest: serve --guest-chat=false lets only accounts write in the chats.")
		return 0
	case "reset-link":
		fs := newFlags("admin reset-link", "NAME --url https://SITE")
		site := fs.String("url", "", "the site's address, as players open it (serve's first --public-url)")
		if len(args) > 0 && isHelp(args[0]) {
			fs.Usage()
			return 0
		}
		if len(args) == 0 || strings.HasPrefix(args[0], "-") {
			return usage("give the account's name first")
		}
		name := args[0]
		if code, ok := parse(fs, args[1:]); !ok {
			return code
		}
		u, err := url.Parse(*site)
		if *site == "" || err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.Path != "" && u.Path != "/" || u.RawQuery != "" {
			return usage("--url: give the site's address, e.g. https://play.example.org")
		}
		if !connect() {
			return openCode
		}
		acct, code, ok := account(name)
		if !ok {
			return code
		}
		link, err := server.ResetLink(ctx, st, u.Scheme+"://"+u.Host, acct, now)
		if err != nil {
			return fail("%v", err)
		}
		fmt.Fprintf(out, "A link for %s to choose a new password, valid until %s and once (give it to them alone: it is the account's key):\n%s\n",
			acct.Name, now.Add(server.ResetValid).Format(time.RFC3339), link)
		return 0
	}
	return usage("unknown command (reports, resolve, suspend, unsuspend, suspended, end-guest, reset-link)")
}

// hoistFlags takes the flags named names (-name V, --name V, -name=V,
// --name=V) out of args, up to a "--": it returns them, ready to parse, and
// the other arguments in their order.
func hoistFlags(args []string, names ...string) (moved, others []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return moved, append(others, args[i:]...)
		}
		name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || !slices.Contains(names, name) {
			others = append(others, a)
			continue
		}
		moved = append(moved, a)
		if !hasValue && i+1 < len(args) {
			i++
			moved = append(moved, args[i])
		}
	}
	return moved, others
}

// isHelp reports whether arg asks for a command's help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "--h"
}

// sessionsEnded says how many sessions an admin command ended, and when
// their open pages close.
func sessionsEnded(n int) string {
	switch n {
	case 0:
		return "no session was open"
	case 1:
		return "1 session ended (its open pages close within serve's --revoke-check, 30 seconds by default)"
	}
	return fmt.Sprintf("%d sessions ended (their open pages close within serve's --revoke-check, 30 seconds by default)", n)
}

// parseUntil reads a date (midnight UTC) or an RFC 3339 time.
func parseUntil(s string) (time.Time, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is neither a date (YYYY-MM-DD) nor an RFC 3339 time", s)
	}
	return t.UTC(), nil
}

// printReport writes one report with its context.
func printReport(ctx context.Context, st store.Store, out io.Writer, r store.Report) {
	var rc server.ReportContext
	_ = json.Unmarshal(r.Context, &rc)
	about := "a player"
	if r.ChatSeq > 0 {
		about = fmt.Sprintf("chat line %d", r.ChatSeq)
	}
	state := "open"
	if !r.Resolved.IsZero() {
		state = "resolved " + r.Resolved.Format(time.RFC3339)
	}
	reported := rc.ReportedName
	if a, err := st.AccountByUser(ctx, r.Reported); err == nil {
		reported = a.Name + " (account)"
		if a.Suspended(time.Now()) {
			reported += ", suspended"
		}
	} else if reported != "" {
		reported += " (guest)"
	}
	fmt.Fprintf(out, "%s  %s  %s\n", r.ID, r.Created.Format(time.RFC3339), state)
	fmt.Fprintf(out, "  %s reported %s: %s, at table %s (%s)\n", rc.ReporterName, reported, about, r.Table, rc.Game)
	if r.Reason != "" {
		fmt.Fprintf(out, "  reason: %s\n", r.Reason)
	}
	for _, l := range rc.Lines {
		mark := " "
		if l.Reported {
			mark = ">"
		}
		fmt.Fprintf(out, "  %s %4d %s %s: %s\n", mark, l.Seq, l.At.Format("15:04"), l.Name, l.Text)
	}
}
