package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserOptionHelpPhone chooses Jekyll & Hyde in the new-table form on
// a 390x844 phone: the chapter's label, four lines of explanation at the top
// of the form, once met every first-time visitor. Now the labels show the
// options' short names, each long explanation opens on demand from a
// summary under its control; at 1280x800 the labels are whole and no
// summary is shown.
func TestBrowserOptionHelpPhone(t *testing.T) {
	requireBrowser(t)
	p := openPage(t, startBrowser(t), "visitor", startServer(t))
	p.phone()
	p.navigate("/")
	p.signIn("Alice")
	p.waitJS("the lobby's game list", `document.querySelector('#game-select option[value=jekyll]')`, scaled(15*time.Second))
	mustEval[chromedp.Void](p, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'jekyll';
  s.dispatchEvent(new Event('change'));
})()`)
	p.waitJS("Jekyll's options", `document.querySelector('label[for=opt-chapter]')`, scaled(10*time.Second))
	type form struct {
		Label   string  `json:"label"`
		Height  float64 `json:"height"`
		More    int     `json:"more"`
		Shown   bool    `json:"shown"`
		Options float64 `json:"options"`
	}
	measure := func() form {
		return mustEval[form](p, `(() => {
  const l = document.querySelector('label[for=opt-chapter]');
  const more = [...document.querySelectorAll('#options .opt-more')].filter((d) => d.getBoundingClientRect().height > 0);
  const p = l.closest('.field').querySelector('.opt-more p');
  return {
    label: l.innerText.trim(), height: l.getBoundingClientRect().height, more: more.length,
    shown: !!p && p.checkVisibility() && p.getBoundingClientRect().height > 0,
    options: document.getElementById('options').getBoundingClientRect().height,
  };
})()`)
	}
	f := measure()
	mustEval[any](p, `document.getElementById('options-fieldset').scrollIntoView()`)
	p.viewportShot(shotsDir(t), "option-help-phone.png")
	if f.Label != "Chapter" || f.Height > 40 {
		t.Errorf("on the phone the chapter's label is %q, %.0f px tall: want its short name on one line", f.Label, f.Height)
	}
	if f.More < 4 || f.Shown {
		t.Errorf("on the phone %d long explanations open on demand (want 4 or more), the chapter's shown at once: %v", f.More, f.Shown)
	}
	mustEval[any](p, `document.querySelector('label[for=opt-chapter]').closest('.field').querySelector('.opt-more > summary').click()`)
	if g := measure(); !g.Shown {
		t.Errorf("the chapter's summary does not open its explanation")
	}
	p.viewportShot(shotsDir(t), "option-help-phone-open.png")

	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1280, 800, chromedp.EmulateScale(1))); err != nil {
		t.Fatal(err)
	}
	f = measure()
	if len(f.Label) < 60 || f.More != 0 {
		t.Errorf("at 1280x800 the chapter's label is %q and %d summaries are shown: want the whole label, none", f.Label, f.More)
	}
	p.viewportShot(shotsDir(t), "option-help-desktop.png")
	p.checkConsole()
}
