// Command gaslamp is the one binary of the project: it serves the site and runs
// the tools (admin, arena, backup, bench, boards, loadtest, replay, restore,
// to-postgres). Run "gaslamp help".
package main

import (
	"fmt"
	"os"
	"sort"
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
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(os.Stdout)
		if len(args) == 0 {
			return 2
		}
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
