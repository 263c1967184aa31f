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

// TestDeployDoc: docs/deploy.md's several-nodes example gives the public URL
// and the balancer as a trusted proxy (not --origins), its nginx site keeps
// /metrics to loopback, it states what /readyz does in a NATS outage, and it
// cites no README section that is not a heading.
func TestDeployDoc(t *testing.T) {
	doc := readDoc(t, "docs/deploy.md")
	i := strings.Index(doc, "## Running nodes")
	if i < 0 {
		t.Fatal(`no "## Running nodes"`)
	}
	example := doc[i:]
	example = example[:strings.Index(example, "```\n\n")]
	for _, want := range []string{"--public-url https://", "--trusted-proxies "} {
		if !strings.Contains(example, want) {
			t.Errorf("the several-nodes example lacks %s:\n%s", want, example)
		}
	}
	if strings.Contains(example, "--origins") {
		t.Errorf("the several-nodes example uses --origins:\n%s", example)
	}
	if !regexp.MustCompile(`location = /metrics \{\s*allow 127\.0\.0\.1;\s*allow ::1;\s*deny all;`).MatchString(doc) {
		t.Error("the nginx site does not keep /metrics to loopback")
	}
	if !strings.Contains(doc, `"bus":"disconnected"`) || !strings.Contains(doc, "/livez") {
		t.Error("deploy.md does not say what a NATS outage does to /readyz, nor the /livez alternative")
	}
	headings := map[string]bool{}
	for _, h := range regexp.MustCompile(`(?m)^#+ (.*)$`).FindAllStringSubmatch(readDoc(t, "README.md"), -1) {
		headings[h[1]] = true
	}
	for _, c := range regexp.MustCompile(`README, "([^"]+)"`).FindAllStringSubmatch(doc, -1) {
		if !headings[c[1]] {
			t.Errorf("deploy.md cites README section %q, which is not a heading", c[1])
		}
	}
}

// TestCIRunsTheReadmesTestCommand: CI must run the README's test command, the
// second line of its set-up, word for word; they drifted once (the README said
// `go test ./...`, whose 10-minute limit a package the browser tests outgrew,
// while CI ran it with a longer limit).
func TestCIRunsTheReadmesTestCommand(t *testing.T) {
	readme := readDoc(t, "README.md")
	m := regexp.MustCompile("(?s)## Set-up[^\n]*\n+```sh\n([^\n]*)\n([^\n]*)\n```").FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("README's Set-up has no two-line sh block")
	}
	cmd := strings.TrimSpace(strings.SplitN(m[2], "#", 2)[0])
	if !strings.HasPrefix(cmd, "go test ") {
		t.Fatalf("README's second set-up command is %q, not a go test", cmd)
	}
	ci := readDoc(t, ".ci/run")
	if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(cmd) + `$`).MatchString(ci) {
		t.Fatalf(".ci/run does not run the README's test command %q on a line of its own", cmd)
	}
}
