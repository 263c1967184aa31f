// Command gaslamp is the one binary of the project: it serves the site and runs
// the tools (admin, arena, backup, bench, boards, loadtest, replay, restore,
// to-postgres). Run "gaslamp help".
package main

import (
	"fmt"
	"os"
	"sort"
	"strings"
)

// command is one subcommand. Each lives in its own file and adds itself to
// commands from an init function.
type command struct {
	summary string
	run     func(args []string) int // returns the exit code
}

var commands = map[string]command{}

func main() {
	os.Exit(run(os.Args[1:]))
}

func run(args []string) int {
	if len(args) == 0 {
		// A usage error: the usage goes with the errors, not into a pipe.
		fmt.Fprintln(os.Stderr, "gaslamp: which command?")
		usage(os.Stderr)
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "--version" || args[0] == "-version" {
		if strings.HasSuffix(args[0], "version") {
			printVersion(os.Stdout)
			return 0
		}
		usage(os.Stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(os.Stderr, "gaslamp: unknown command %q\n\n", args[0])
		usage(os.Stderr)
		return 2
	}
	return c.run(args[1:])
}

func usage(w *os.File) {
	fmt.Fprintln(w, "Usage: gaslamp COMMAND [flags]   (gaslamp COMMAND --help for its flags)")
	fmt.Fprintln(w, "\nCommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	width := 0
	for _, n := range names {
		width = max(width, len(n))
	}
	for _, n := range names {
		fmt.Fprintf(w, "  %-*s %s\n", width, n, commands[n].summary)
	}
}
