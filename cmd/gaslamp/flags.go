package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// newFlags returns a flag set for subcommand name that prints its usage on
// --help and reports wrong flags with a clear message (exit code 2 via parse).
func newFlags(name, synopsis string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(os.Stderr, "Usage: gaslamp %s %s\n\nFlags:\n", name, synopsis)
		fs.SetOutput(os.Stderr)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
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
