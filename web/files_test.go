package web

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
)

// TestReferencesResolve checks that every file a page or module refers to is
// served: <script src>, <link href> under /static/ (or relative, for the board
// demo served from /static/), and every ES module import.
func TestReferencesResolve(t *testing.T) {
	s := Static()
	htmlRef := regexp.MustCompile(`(?:src|href)="([^"]+)"`)
	jsImport := regexp.MustCompile(`(?m)^\s*(?:import|export)\s[^'"]*?['"](\.{1,2}/[^'"]+)['"]`)
	typeImport := regexp.MustCompile(`import\('(\.{1,2}/[^']+)'\)`)
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		var refs []string
		switch path.Ext(p) {
		case ".html":
			for _, m := range htmlRef.FindAllStringSubmatch(string(src), -1) {
				ref := m[1]
				switch {
				case strings.HasPrefix(ref, "/static/"):
					refs = append(refs, strings.TrimPrefix(ref, "/static/"))
				case strings.HasPrefix(ref, "/") || strings.Contains(ref, ":"):
					// a page of the server ("/") or an absolute URL: not a file
				default:
					refs = append(refs, path.Join(path.Dir(p), ref))
				}
			}
		case ".js":
			for _, re := range []*regexp.Regexp{jsImport, typeImport} {
				for _, m := range re.FindAllStringSubmatch(string(src), -1) {
					refs = append(refs, path.Join(path.Dir(p), m[1]))
				}
			}
		}
		for _, ref := range refs {
			if _, err := fs.Stat(s, ref); err != nil {
				t.Errorf("%s refers to %s, which is not served", p, ref)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestPagesFitTheCSP checks the pages against the server's Content Security
// Policy ('self' only): no inline script, no inline style, no inline event
// handler, no external resource.
func TestPagesFitTheCSP(t *testing.T) {
	inlineScript := regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`)
	bad := []*regexp.Regexp{
		regexp.MustCompile(`\sstyle="`),
		regexp.MustCompile(`<style`),
		regexp.MustCompile(`\son[a-z]+="`),
		regexp.MustCompile(`(?:src|href)="(?:https?:)?//`),
	}
	for _, p := range []string{"index.html", "table.html", "board.html", "join.html", "rules.html"} {
		data, err := fs.ReadFile(files, p)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		if inlineScript.MatchString(src) {
			t.Errorf("%s has an inline script", p)
		}
		for _, re := range bad {
			if m := re.FindString(src); m != "" {
				t.Errorf("%s breaks the CSP: %q", p, m)
			}
		}
		if !strings.Contains(src, `type="module"`) {
			t.Errorf("%s loads no module", p)
		}
	}
	// Modules never build markup from strings.
	err := fs.WalkDir(files, "js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		for _, s := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"} {
			if strings.Contains(string(data), s) {
				t.Errorf("%s uses %s", p, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
