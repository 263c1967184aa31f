package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

// newFlags returns a flag set for subcommand name that prints its usage on
// --help and reports wrong flags with a clear message (exit code 2 via parse).
func newFlags(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	// The flag package writes a wrong flag's error to the output, then asks
	// for the usage: the error only marks the usage as asked by a mistake.
	wrong := &errorSeen{}
	fs.SetOutput(wrong)
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "%s\n", strings.TrimRight("Usage: gaslamp "+name+" "+synopsis, " "))
		if wrong.seen {
			// A typo gets the synopsis and the way to the flags, not the
			// whole list above the one line that says what was wrong.
			wrong.seen = false
			fmt.Fprintf(os.Stderr, "(gaslamp %s --help lists its flags)\n", name)
			return
		}
		shown := visibleFlags(fs)
		if countFlags(shown) == 0 {
			return // no "Flags:" heading over nothing
		}
		fmt.Fprint(os.Stderr, "\nFlags:\n")
		shown.SetOutput(os.Stderr)
		shown.PrintDefaults()
	}
	return fs
}

// errorSeen is a flag set's output: it keeps nothing and notes that an error
// was written.
type errorSeen struct{ seen bool }

func (e *errorSeen) Write(p []byte) (int, error) {
	e.seen = true
	return len(p), nil
}

// notForThisCommand begins the usage of a flag that a command accepts only
// to refuse it with a better message than "flag provided but not defined"
// (backup's --database: PostgreSQL has its own tools). Such a flag is left
// out of the command's help.
const notForThisCommand = "not for this command"

// visibleFlags returns a flag set of fs's flags without those marked
// notForThisCommand, with their defaults as fs declared them.
func visibleFlags(fs *flag.FlagSet) *flag.FlagSet {
	shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
	fs.VisitAll(func(f *flag.Flag) {
		if strings.HasPrefix(f.Usage, notForThisCommand) {
			return
		}
		shown.Var(f.Value, f.Name, f.Usage)
		shown.Lookup(f.Name).DefValue = f.DefValue
	})
	return shown
}

// countFlags is the number of flags fs defines.
func countFlags(fs *flag.FlagSet) int {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n
}

// flagGiven reports whether the flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// parse parses args; it returns (exit code, false) when the command must stop:
// 0 after --help, 2 after a wrong flag.
func parse(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		// The flag package has already printed the usage.
		if err == flag.ErrHelp {
			return 0, false
		}
		fmt.Fprintf(os.Stderr, "gaslamp %s: %v\n", fs.Name(), err)
		return 2, false
	}
	if fs.NArg() > 0 && fs.Name() != "replay" {
		fmt.Fprintf(os.Stderr, "gaslamp %s: unexpected argument %q\n", fs.Name(), fs.Arg(0))
		fs.Usage()
		return 2, false
	}
	return 0, true
}
