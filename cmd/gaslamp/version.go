package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"gaslamp/store"
)

func init() {
	commands["version"] = command{"print this gaslamp's version (its commit) and the database schema it uses", runVersion}
}

func runVersion(args []string) int {
	fs := newFlags("version", "")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	printVersion(os.Stdout)
	return 0
}

// printVersion writes the build's version, Go's version and the schema
// version this gaslamp migrates a database to.
// A build that cannot name itself says how to give it a name.
func printVersion(w io.Writer) {
	v := buildVersion()
	fmt.Fprintf(w, "gaslamp %s (%s), database schema %d\n", v, runtime.Version(), store.LatestSchemaVersion())
	if v == unknownVersion {
		fmt.Fprintln(w, `(this build records no commit: build it from a git checkout without -buildvcs=false, or name it with -ldflags "-X main.version=NAME")`)
	}
}

// version is the build's name when the link sets it (go build -ldflags
// "-X main.version=2026.12.1"), for builds that carry no commit: a source
// tarball, or GOFLAGS=-buildvcs=false. It wins over what Go stamped.
var version string

// unknownVersion is what a build names itself when it carries neither a
// version nor a commit.
const unknownVersion = "unknown"

// buildVersion names the build for people and logs: the version the link
// set, else the module's version when it has one, else the commit it was
// built from ("commit 1a2b3c4d5e6f, 2026-12-07T20:14:42Z", "+ local
// changes" when the tree was modified), else unknownVersion.
func buildVersion() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return unknownVersion
	}
	return versionOf(bi)
}

// versionOf is buildVersion for the build information bi.
func versionOf(bi *debug.BuildInfo) string {
	var rev, at string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	if rev == "" {
		return unknownVersion
	}
	v := "commit " + rev[:min(12, len(rev))]
	if at != "" {
		v += ", " + at
	}
	if dirty {
		v += " + local changes"
	}
	return v
}
