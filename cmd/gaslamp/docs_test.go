package main

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// readDoc returns a file of the repository (two levels up).
func readDoc(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile("../../" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestReadmeLayoutListsEveryCommand: the README's Layout names every
// command of the binary (gaslamp --help is the truth).
func TestReadmeLayoutListsEveryCommand(t *testing.T) {
	m := regexp.MustCompile(`(?m)^cmd/gaslamp +the one binary: (.*)$`).FindStringSubmatch(readDoc(t, "README.md"))
	if m == nil {
		t.Fatal("README's Layout has no cmd/gaslamp line")
	}
	listed := map[string]bool{}
	for _, c := range strings.Split(m[1], ",") {
		listed[strings.TrimSpace(c)] = true
	}
	var missing []string
	for name := range commands {
		if !listed[name] {
			missing = append(missing, name)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("README's Layout lacks the commands %v: %s", missing, m[0])
	}
}
