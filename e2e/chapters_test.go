package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gaslamp/server"
	"gaslamp/store"
)

// TestBrowserProfileChapters: an account's profile lists the Jekyll & Hyde
// chapters it played with a partner, each with games played and won and its
// best result (the City's fewest tricks, the stars with the campaign score,
// marked as gaslamp's own), in the page's language with its plural forms;
// it fits a laptop and a phone.
func TestBrowserProfileChapters(t *testing.T) {
	requireBrowser(t)
	base, st := startServerStore(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	p := openPage(t, browser, "partner", base)
	p.register("Guest", "Utterson1886", "the strange case")
	acct, err := st.AccountByKey(context.Background(), server.NameKey("Utterson1886"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	res := func(table string, chapter int, key string, campaign, won bool, city, stars int) store.ChapterResult {
		return store.ChapterResult{Table: table, UserID: acct.UserID, Game: "jekyll", Chapter: chapter, Key: key, Campaign: campaign,
			Won: won, CityTricks: city, Stars: stars, At: now}
	}
	if err := st.RecordChapters(context.Background(), []store.ChapterResult{
		res("t1", 4, "classic", false, true, 1, 0), res("t2", 4, "classic", false, false, 9, 0),
		res("t3", 4, "classic", true, true, 5, 2), res("t4", 10, "before-dawn", false, false, 8, 0),
	}); err != nil {
		t.Fatal(err)
	}
	p.navigate("/u/Utterson1886")
	p.waitJS("the chapters on the profile", `document.querySelectorAll('#profile-chapters-jekyll tbody tr').length === 3`, scaled(15*time.Second))
	row := func(sel string) string {
		return mustEval[string](p, `(document.querySelector(`+jsString(sel)+`)?.textContent ?? '').replace(/\s+/g, ' ').trim()`)
	}
	for sel, want := range map[string][]string{
		`#profile-chapters-jekyll caption`:                                      {"Jekyll & Hyde"},
		`#profile-chapters-jekyll tr[data-chapter="4"][data-campaign="false"]`:  {"The Classic Night", "2", "1", "1 trick to the City"},
		`#profile-chapters-jekyll tr[data-chapter="4"][data-campaign="true"]`:   {"The Classic Night", "campaign", "5 tricks to the City · 2 stars"},
		`#profile-chapters-jekyll tr[data-chapter="10"][data-campaign="false"]`: {"Before Dawn", "–"},
	} {
		got := row(sel)
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s says %q, want %q in it", sel, got, w)
			}
		}
	}
	if title := mustEval[string](p, `document.querySelector('#profile-chapters-jekyll .badge.own')?.title ?? ''`); !strings.Contains(title, "gaslamp's own") {
		t.Errorf("the campaign mark's title %q", title)
	}
	mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = 'fr'; s.dispatchEvent(new Event('change')); })()`)
	p.waitJS("the chapters in French", `(document.querySelector('#profile-chapters-jekyll tr[data-campaign="true"] td.best')?.textContent ?? '') === '5 plis laissés à la Ville · 2 étoiles'`, scaled(10*time.Second))
	if got := row(`#profile-chapters-jekyll tr[data-chapter="4"][data-campaign="false"] td.best`); got != "1 pli laissé à la Ville" {
		t.Errorf("French singular: %q", got)
	}
	for _, vp := range []struct {
		w, h int64
		name string
	}{{1366, 768, "profile-chapters-laptop.png"}, {390, 844, "profile-chapters-phone.png"}} {
		if _, err := chromedp.Run(p.ctx, chromedp.EmulateViewport(vp.w, vp.h)); err != nil {
			t.Fatal(err)
		}
		mustEval[any](p, `document.getElementById('profile-chapters').scrollIntoView({block: 'center'})`)
		p.viewportShot(shots, vp.name)
		p.waitJS("the chapters table within its card, nothing to scroll sideways", `(() => { const w = document.querySelector('#profile-chapters .table-scroll'); return w.scrollWidth <= w.clientWidth + 1; })()`, scaled(10*time.Second))
		// Nor the page (the profile's grid once grew to its widest table).
		p.checkNoOverflowX(fmt.Sprintf("the profile at %dx%d", vp.w, vp.h))
	}
	p.checkConsole()
}
