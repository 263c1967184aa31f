package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"gaslamp/store"
)

// TestVersion: gaslamp version names the build and the schema version it
// migrates to, and the build is named from the commit Go stamped in it.
func TestVersion(t *testing.T) {
	code, out, errs := runCaptured(t, "", "version")
	if code != 0 || !strings.HasPrefix(out, "gaslamp ") || !strings.Contains(out, "database schema ") {
		t.Fatalf("version: exit %d, %q %q", code, out, errs)
	}
	if want := "database schema " + strconv.Itoa(store.LatestSchemaVersion()) + "\n"; !strings.HasSuffix(strings.SplitAfter(out, "\n")[0], want) {
		t.Fatalf("version: %q, want it to end with %q", out, want)
	}
	if code, _, _ := runCaptured(t, "", "version", "extra"); code != 2 {
		t.Fatalf("version extra: exit %d, want 2", code)
	}
	stamped := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "1a2b3c4d5e6f7a8b9c0d"}, {Key: "vcs.time", Value: "2026-12-07T20:14:42Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionOf(stamped), "commit 1a2b3c4d5e6f, 2026-12-07T20:14:42Z + local changes"; got != want {
		t.Errorf("versionOf: %q, want %q", got, want)
	}
	if got := versionOf(&debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}); got != "v1.2.0" {
		t.Errorf("versionOf a module version: %q", got)
	}
	if got := versionOf(&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}); got != "unknown" {
		t.Errorf("versionOf without vcs stamps: %q", got)
	}
	old := version
	t.Cleanup(func() { version = old })
	version = ""
	if buildVersion() == "unknown" && !strings.Contains(out, `-ldflags "-X main.version=NAME"`) {
		t.Errorf("version of a build without a name does not say how to give it one: %q", out)
	}
}

// TestVersionSetByLink: a version given at link time (-ldflags "-X
// main.version=...") names the build, before any stamp of Go's: a build
// from a source tarball or with -buildvcs=false has no commit to show.
func TestVersionSetByLink(t *testing.T) {
	old := version
	t.Cleanup(func() { version = old })
	version = "2026.12.1"
	if _, out, _ := runCaptured(t, "", "version"); !strings.HasPrefix(out, "gaslamp 2026.12.1 (go") || strings.Count(out, "\n") != 1 {
		t.Fatalf("version with main.version set: %q", out)
	}
}

// TestUpgradeIsLogged: serve on a database an older gaslamp made logs that
// it applied migrations, from which schema version to which (an upgrade
// was silent), and a new database logs no upgrade.
func TestUpgradeIsLogged(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	all := store.Migrations
	store.Migrations = all[:len(all)-1]
	st, err := store.OpenSQLite(ctx, dir)
	store.Migrations = all
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	for _, c := range []struct {
		dir      string
		upgraded bool
	}{{dir, true}, {dir, false}, {t.TempDir(), false}} {
		var logs bytes.Buffer
		be, err := openBackends(ctx, slog.New(slog.NewJSONHandler(&logs, nil)), c.dir, "", "", "gaslamp")
		if err != nil {
			t.Fatal(err)
		}
		be.close(slog.New(slog.NewJSONHandler(io.Discard, nil)))
		want := fmt.Sprintf(`"schema_from":%d,"schema_to":%d`, all[len(all)-2].Version, store.LatestSchemaVersion())
		if got := strings.Contains(logs.String(), "database upgraded") && strings.Contains(logs.String(), want); got != c.upgraded {
			t.Errorf("upgrade logged: %v, want %v (%s):\n%s", got, c.upgraded, want, logs.String())
		}
	}
}

// TestNoCommand: gaslamp alone is a usage error: exit 2, the usage on
// stderr (it went to stdout); gaslamp help prints it on stdout, exit 0;
// gaslamp --version is gaslamp version.
func TestNoCommand(t *testing.T) {
	code, out, errs := runCaptured(t, "")
	if code != 2 || out != "" || !strings.Contains(errs, "Usage: gaslamp COMMAND") {
		t.Errorf("gaslamp: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, _ = runCaptured(t, "", "help")
	if code != 0 || !strings.Contains(out, "Usage: gaslamp COMMAND") || !strings.Contains(out, "version ") {
		t.Errorf("gaslamp help: exit %d, stdout %q", code, out)
	}
	code, out, _ = runCaptured(t, "", "--version")
	if _, want, _ := runCaptured(t, "", "version"); code != 0 || out != want {
		t.Errorf("gaslamp --version: exit %d, %q, want %q", code, out, want)
	}
}

// TestHelpWithoutFlags: the help of a command without flags (version) ends
// with its synopsis, without an empty "Flags:" heading or a trailing space.
func TestHelpWithoutFlags(t *testing.T) {
	code, _, errs := runCaptured(t, "", "version", "--help")
	if code != 0 || errs != "Usage: gaslamp version\n" {
		t.Fatalf("version --help: exit %d, %q", code, errs)
	}
	if code, _, errs := runCaptured(t, "", "boards", "--help"); code != 0 || !strings.Contains(errs, "Usage: gaslamp boards [--json]\n\nFlags:\n  -json") {
		t.Fatalf("boards --help: exit %d, %q", code, errs)
	}
}
