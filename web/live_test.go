package web

import (
	"io/fs"
	"path"
	"regexp"
	"testing"
)

// TestNoPageWideLiveRegion: no page makes its <main> (or <body>) a live
// region: the profile and the leaderboard, drawn again whole when they load
// and at each change of language, had a screen reader read the whole page
// out over whatever the player was reading. A refusal is an alert of its
// own (role="alert").
func TestNoPageWideLiveRegion(t *testing.T) {
	live := regexp.MustCompile(`<(main|body)\b[^>]*\b(aria-live|role="(status|log|alert)")`)
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".html" {
			return err
		}
		src, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		if m := live.FindString(string(src)); m != "" {
			t.Errorf("%s: %s…: the whole page is a live region", p, m)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
