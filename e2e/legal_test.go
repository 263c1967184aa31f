package e2e

import (
	"testing"
	"time"
)

// TestBrowserLegalChoicesKept: a redraw that leaves the player's choices as
// they were (here the language switched while it is the player's turn) keeps
// the list's buttons and only puts their words in the new language. A button
// replaced by every redraw loses a click pressed during it (the press on the
// old button, the release on the new one: no click at all) and the keyboard
// focus on it.
func TestBrowserLegalChoicesKept(t *testing.T) {
	p := botTablePage(t, "player", "pocket", 2, 1)
	// The investigator (this page) acts first: no bot moves until it does.
	p.waitJS("the investigator's first choices", `document.body.dataset.myTurn === 'true' && !!document.querySelector('#legal button[data-move]')`, scaled(60*time.Second))
	p.waitState("a settled page", scaled(10*time.Second), func(st pageState) bool { return !st.Busy })
	type list struct {
		N     int    `json:"n"`
		First string `json:"first"`
		Kept  bool   `json:"kept"`
		Focus bool   `json:"focus"`
	}
	const readJS = `(() => {
  const bs = [...document.querySelectorAll('#legal button[data-move]')];
  return { n: bs.length, first: bs[0]?.textContent ?? '', kept: !!bs[0]?.__kept, focus: !!bs[0] && document.activeElement === bs[0] };
})()`
	before := mustEval[list](p, `(() => {
  document.getElementById('legal-box').open = true;
  const b = document.querySelector('#legal button[data-move]');
  b.__kept = true;
  b.focus();
  return `+readJS+`;
})()`)
	if !before.Kept || !before.Focus || before.N == 0 {
		t.Fatalf("marking the first choice: %+v\n%s", before, p.describe())
	}
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the choices in French", `document.documentElement.lang === 'fr' && document.querySelector('#legal button[data-move]')?.textContent !== `+jsString(before.First), scaled(15*time.Second))
	after := mustEval[list](p, readJS)
	if after.N != before.N {
		t.Fatalf("%d choices before the switch, %d after (no move was played)\n%s", before.N, after.N, p.describe())
	}
	if !after.Kept {
		t.Errorf("the redraw replaced the choice's button (%q, now %q)", before.First, after.First)
	}
	if !after.Focus {
		t.Errorf("the keyboard focus left the choice %q (now %q) with the redraw", before.First, after.First)
	}
	t.Logf("first choice: %q, then %q", before.First, after.First)
}
