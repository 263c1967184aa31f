package e2e

import (
	"strings"
	"testing"
	"time"
)

// logHoverJS focuses the first log line that names something on the board
// and reports what the board then marks (class "hl"), each with the words
// the board gives it, and what stays marked once the line loses the focus.
const logHoverJS = `(() => {
  const li = document.querySelector('#log li.names-places');
  if (!li) return { why: 'no log line names a place' };
  li.focus();
  const marked = [...document.querySelectorAll('#board .hl')].map((n) => {
    const name = n.querySelector('.pk-name')?.textContent || n.querySelector('title')?.textContent || n.dataset.place || '';
    return { what: n.dataset.character ? 'tile' : n.dataset.detective ? 'detective' : n.dataset.place ? 'place' : n.getAttribute('class'), name };
  });
  li.blur();
  return { line: li.textContent, marked, left: document.querySelectorAll('#board .hl').length };
})()`

type logHover struct {
	Why    string `json:"why"`
	Line   string `json:"line"`
	Marked []struct {
		What string `json:"what"`
		Name string `json:"name"`
	} `json:"marked"`
	Left int `json:"left"`
}

// TestBrowserLogHoverMarksPocketBoard opens a Mr Jack Pocket table against a
// bot and focuses a log line of the bot's move: the board marks the tiles,
// detectives or places the line names, each named in the line's words, and
// nothing once the line loses the focus.
func TestBrowserLogHoverMarksPocketBoard(t *testing.T) {
	requireBrowser(t)
	base := startServer(t)
	browser := startBrowser(t)
	p := openPage(t, browser, "jack", base)
	p.navigate("/")
	p.signIn("Hover")
	p.seatAt("pocket")
	// The investigator (a bot) acts first; each of its actions names a
	// tile, a detective or an alibi card's character.
	p.waitJS("a log line naming a place", `!!document.querySelector('#log li.names-places') && !!document.querySelector('#board [data-character]')`, scaled(30*time.Second))
	r := mustEval[logHover](p, logHoverJS)
	if r.Why != "" {
		t.Fatal(r.Why)
	}
	t.Logf("focusing %q marks %+v", r.Line, r.Marked)
	if len(r.Marked) == 0 {
		t.Fatalf("focusing %q marks nothing on the board", r.Line)
	}
	for _, m := range r.Marked {
		if m.Name == "" || !containsFold(r.Line, m.Name) {
			t.Errorf("focusing %q marks the %s %q, which it does not name", r.Line, m.What, m.Name)
		}
	}
	if r.Left != 0 {
		t.Errorf("after the focus leaves %q, %d marks stay", r.Line, r.Left)
	}
	p.checkConsole()
}

// containsFold reports whether s holds sub, ignoring case.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}
