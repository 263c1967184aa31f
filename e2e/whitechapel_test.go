package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"gaslamp/board"
	"gaslamp/internal/testscale"
)

// whitechapelSecrets are Jack's secrets in games/whitechapel's View
// (view.go): his hideout, which woman tokens are marked, his trail and his
// circle; and his own events (the hideout he wrote, the women he marked,
// where he walked).
var whitechapelSecrets = secretRules{
	keys: []string{"hideout", "marked", "trail", "circle"},
	// "circle" is also a public event field (searches, kills, wretched):
	// only the view's own field is checked, above.
	raw: []string{"hideout", "marked", "trail"},
	event: func(e wireEvent) string {
		switch e.Text.Key {
		case "whitechapel.ev.hideout", "whitechapel.ev.woman-marked", "whitechapel.ev.woman-unmarked":
			return "an event for Jack alone"
		}
		if strings.HasPrefix(e.Text.Key, "whitechapel.ev.you-") {
			return "an event for Jack alone"
		}
		if e.Type == "whitechapel.jack-moved" {
			for _, k := range []string{"circle", "via"} {
				if _, ok := e.Data[k]; ok {
					return "Jack's move with its circles"
				}
			}
		}
		if e.Type == "whitechapel.woman" {
			if _, ok := e.Data["marked"]; ok {
				return "a woman token with its mark"
			}
			// The circles become public as a whole with the last token
			// (RULINGS L10): one token's circle tells the order.
			if _, ok := e.Data["circle"]; ok {
				return "a woman token with its circle (the placement order, L10)"
			}
		}
		return ""
	},
	values: func(v map[string]json.RawMessage) []string {
		var out []string
		var trail [][]int
		if raw, ok := v["trail"]; ok && json.Unmarshal(raw, &trail) == nil {
			for _, row := range trail {
				// A crime scene and three circles of his walk in a row: no
				// public list repeats them by chance.
				if len(row) >= 4 {
					b, _ := json.Marshal(row)
					out = append(out, string(b))
				}
			}
		}
		return out
	},
	required: []string{"hideout", "marked", "trail", "circle"},
}

// whitechapelPageSecrets are what only Jack's page may show before the end:
// his pawn, his trail line and sheet, his hideout, the marked women.
var whitechapelPageSecrets = []string{
	`data-figure="jack"`, `trail-line`, `data-trail-cell`, `data-hideout="`, `data-marker="hideout"`,
	`data-marker="woman-marked"`, `data-marked="`,
}

// wcOfferedJS reads what the Whitechapel page offers to click: the
// highlighted circles and crossings, and the #wc-actions buttons.
const wcOfferedJS = `(() => {
  const targets = [];
  for (const e of document.querySelectorAll('#board .target')) {
    if (e.closest('[hidden]')) continue; // not shown: no one can click it
    const c = e.getAttribute('data-circle');
    const x = e.getAttribute('data-crossing');
    if (c !== null) targets.push({ key: 'circle:' + c, sel: '#board [data-circle="' + c + '"]', action: '' });
    else if (x !== null) targets.push({ key: 'crossing:' + x, sel: '#board [data-crossing="' + x + '"]', action: '' });
    else targets.push({ key: 'unknown:' + e.outerHTML.slice(0, 80), sel: '', action: '' });
  }
  const buttons = [...document.querySelectorAll('#wc-actions:not([hidden]) button')].map((b) => ({
    choice: Number(b.dataset.choice), action: b.dataset.action ?? '', sel: '#wc-actions button[data-choice="' + b.dataset.choice + '"]',
  }));
  return { targets, buttons };
})()`

// wcTargetKey is js/games/whitechapel.js's targetOf: the circle or crossing
// a click makes the move on, "" for a button (wait, stop, pass).
func wcTargetKey(l legalIntent) string {
	switch l.kind {
	case "hideout", "woman", "kill", "search", "arrest":
		return fmt.Sprintf("circle:%d", l.num("circle"))
	case "wretched", "walk", "coach", "alley":
		return fmt.Sprintf("circle:%d", l.num("to"))
	case "patrol", "reveal":
		return "crossing:" + l.str("at")
	case "move":
		return "crossing:" + l.str("to")
	}
	return ""
}

// wcPlayer chooses the moves of a Whitechapel game: at random (seeded), but
// a little smarter than that so that a game runs its four nights in a few
// minutes: Jack puts marked women and kills near his hideout, wanders at
// random while he has moves to spare and walks home when he has few left,
// and the police pass more often than they search or arrest.
//
// A whole game's length is bounded by lastNight: in night lastNight Jack
// stops heading home (coaches first, then the walk that takes him furthest
// from his hideout), so that night ends with his moves run out (L4), within
// one track's length; before it he walks home without wandering. By default
// lastNight is 2, so the game plays a whole night, the setting up of the
// next (patrols of nights 2-4, the women left) and its chase; under
// GASLAMP_TEST_LONG=1 it is unbounded and the game runs its four nights as
// chance has it.
type wcPlayer struct {
	rng       *rand.Rand
	lastNight int // the night in which Jack runs his track out
	jack      *page
	b         *board.Board
	dist      map[int][]int // hideout -> walking distance of every circle
	kinds     [2]map[string]int
}

// distFrom returns the walking distances (no police in the way) from circle
// h to every circle.
func (w *wcPlayer) distFrom(h int) []int {
	if d, ok := w.dist[h]; ok {
		return d
	}
	d := make([]int, len(w.b.Circles))
	for i := range d {
		d[i] = 1 << 20
	}
	d[h] = 0
	queue := []int{h}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		s := w.b.WalkSet[c]
		for n := s.Next(0); n >= 0; n = s.Next(n + 1) {
			if d[n] > d[c]+1 {
				d[n] = d[c] + 1
				queue = append(queue, n)
			}
		}
	}
	w.dist[h] = d
	return d
}

// jackInt returns the integer field of Jack's page's newest view (0 when
// it has none yet): "hideout" (0 before he wrote it), "night" (0 before the
// first).
func (w *wcPlayer) jackInt(field string) int {
	v, _, ok := lastViewOf(w.jack, "0", -1)
	if !ok {
		return 0
	}
	var n int
	_ = json.Unmarshal(v[field], &n)
	return n
}

// jackPlace returns Jack's hideout, his circle and the moves he has left
// tonight, from his page's newest view.
func (w *wcPlayer) jackPlace() (hideout, circle, left int) {
	v, _, ok := lastViewOf(w.jack, "0", -1)
	if !ok {
		return 0, 0, 0
	}
	var track struct {
		Left int `json:"left"`
	}
	_ = json.Unmarshal(v["hideout"], &hideout)
	_ = json.Unmarshal(v["circle"], &circle)
	_ = json.Unmarshal(v["track"], &track)
	return hideout, circle, track.Left
}

func (w *wcPlayer) decide(i int, p *page, st pageState, legal []legalIntent) int {
	byKind := map[string][]int{}
	for k, l := range legal {
		byKind[l.kind] = append(byKind[l.kind], k)
	}
	k := w.choose(i, legal, byKind)
	if w.kinds[i] == nil {
		w.kinds[i] = map[string]int{}
	}
	w.kinds[i][legal[k].kind]++
	return k
}

func (w *wcPlayer) pick(ks []int) int { return ks[w.rng.IntN(len(ks))] }

// nearest returns the move of ks whose circle field is nearest to the
// hideout (ties at random); score adds a cost per move.
func (w *wcPlayer) nearest(legal []legalIntent, ks []int, field string, score func(l legalIntent, d int) int) int {
	h := w.jackInt("hideout")
	if h == 0 {
		return w.pick(ks)
	}
	dist := w.distFrom(h)
	best, bestScore := -1, 0
	for _, k := range w.rng.Perm(len(ks)) {
		l := legal[ks[k]]
		s := dist[l.num(field)]
		if score != nil {
			s = score(l, s)
		}
		if best < 0 || s < bestScore {
			best, bestScore = ks[k], s
		}
	}
	return best
}

func (w *wcPlayer) choose(i int, legal []legalIntent, byKind map[string][]int) int {
	r := w.rng.Float64()
	if i == 0 { // Jack
		if moves := slices.Concat(byKind["walk"], byKind["coach"], byKind["alley"]); len(moves) > 0 && w.jackInt("night") >= w.lastNight {
			// Past the budget: run the track out, away from home.
			if coaches := byKind["coach"]; len(coaches) > 0 {
				return w.pick(coaches)
			}
			return w.nearest(legal, moves, "to", func(l legalIntent, d int) int { return -d })
		}
		if moves := slices.Concat(byKind["walk"], byKind["coach"], byKind["alley"]); len(moves) > 0 {
			// Jack wanders while he has moves to spare, then heads home.
			h, here, left := w.jackPlace()
			if h != 0 && left > w.distFrom(h)[here]+4 && r < 0.6 && w.lastNight > 4 {
				return w.pick(moves)
			}
			return w.nearest(legal, moves, "to", func(l legalIntent, d int) int {
				switch {
				case l.num("to") == h && l.kind == "walk":
					return -1000 // home: the night ends
				case l.num("to") == h:
					return 25 // a coach or an alley home does not end the night
				case l.kind == "coach":
					return 10*d + 5 // two track spaces
				}
				return 10 * d
			})
		}
		if kills := byKind["kill"]; len(kills) > 0 {
			if len(byKind["wait"]) > 0 && r < 0.3 {
				return byKind["wait"][0]
			}
			if r < 0.85 {
				return w.nearest(legal, kills, "circle", nil)
			}
			return w.pick(kills)
		}
		if women := byKind["woman"]; len(women) > 0 && r < 0.5 {
			var marked []int
			for _, k := range women {
				if legal[k].flag("marked") {
					marked = append(marked, k)
				}
			}
			if len(marked) > 0 {
				return w.nearest(legal, marked, "circle", nil)
			}
		}
		return w.rng.IntN(len(legal))
	}
	// The police.
	if pass := byKind["pass"]; len(pass) > 0 {
		if acts := slices.Concat(byKind["search"], byKind["arrest"]); len(acts) > 0 && r >= 0.6 {
			return w.pick(acts)
		}
		return pass[0]
	}
	if stop := byKind["stop"]; len(stop) > 0 {
		if len(byKind["search"]) > 0 && r >= 0.5 {
			return w.pick(byKind["search"])
		}
		return stop[0]
	}
	return w.rng.IntN(len(legal))
}

// wcFakeCheck checks that Jack's frames and page never tell which face-down
// patrol tokens are fake (or which colour they are): the police's secret.
type wcFakeCheck struct {
	t          *testing.T
	jack, pol  *page
	jackNext   int
	polNext    int
	jackOver   bool
	polOver    bool
	faceDown   int // face-down tokens in the police's views, with their identity
	fakesDown  int // of which fakes
	jackChecks int // Jack's views checked with face-down tokens
}

// wcPatrol is a patrol token of a view.
type wcPatrol struct {
	Crossing string `json:"crossing"`
	FaceUp   bool   `json:"faceUp"`
	Token    string `json:"token"`
}

// patrolViews decodes a view's patrol tokens.
func patrolViews(v map[string]json.RawMessage) []wcPatrol {
	var ps []wcPatrol
	_ = json.Unmarshal(v["patrols"], &ps)
	return ps
}

// wcJackLeak says how a frame Jack's page received before the end tells him
// the identity of a face-down patrol token ("" if it does not): a view of a
// policeman, a face-down token with its identity, a fake token named, the
// police's own patrol event.
func wcJackLeak(m *wireMsg, data []byte) string {
	if strings.Contains(string(data), `"token":"fake"`) || strings.Contains(string(data), "whitechapel.ev.patrol-police") {
		return "tells a patrol token's identity"
	}
	for _, e := range m.events() {
		if _, ok := e.Data["token"]; ok && e.Type == "whitechapel.patrol" {
			return "holds a patrol event that names the token"
		}
	}
	for seat, v := range m.Views {
		if seat != "0" {
			return "carries the view of seat " + seat
		}
		for _, p := range patrolViews(v) {
			if !p.FaceUp && p.Token != "" {
				return fmt.Sprintf("says the face-down token on %s is %q", p.Crossing, p.Token)
			}
		}
	}
	return ""
}

func (c *wcFakeCheck) update() {
	c.t.Helper()
	for _, f := range c.pol.framesFrom(c.polNext) {
		c.polNext = f.n + 1
		m := parseFrame(c.t, c.pol.name, f)
		if c.polOver || m.over() {
			c.polOver = true
			continue
		}
		for _, v := range m.Views {
			for _, p := range patrolViews(v) {
				if !p.FaceUp {
					if p.Token == "" {
						c.t.Errorf("%s: frame %d: the police's view does not say which token lies face down on %s", c.pol.name, f.n, p.Crossing)
					}
					c.faceDown++
					if p.Token == "fake" {
						c.fakesDown++
					}
				}
			}
		}
	}
	for _, f := range c.jack.framesFrom(c.jackNext) {
		c.jackNext = f.n + 1
		m := parseFrame(c.t, c.jack.name, f)
		if c.jackOver || m.over() {
			c.jackOver = true
			continue
		}
		if why := wcJackLeak(&m, f.data); why != "" {
			c.t.Fatalf("%s: frame %d (version %d) %s:\n%.1500s", c.jack.name, f.n, m.V, why, f.data)
		}
		for _, v := range m.Views {
			if slices.ContainsFunc(patrolViews(v), func(p wcPatrol) bool { return !p.FaceUp }) {
				c.jackChecks++
			}
		}
	}
}

// wcPatrolsJS counts the face-down patrol tokens a page draws, and those
// whose identity it shows.
const wcPatrolsJS = `(() => {
  const down = [...document.querySelectorAll('#board [data-patrol][data-face="down"]')];
  return {
    down: down.length,
    known: down.filter((e) => (e.getAttribute('data-patrol-token') ?? '') !== '' || /\btok-/.test(e.getAttribute('class') ?? '')).length,
  };
})()`

type wcPatrolCount struct {
	Down  int `json:"down"`
	Known int `json:"known"`
}

// TestBrowserWhitechapelGame plays a whole Letters from Whitechapel game in
// Chromium: Jack in one browser context, the five policemen (one person on
// all five seats) in another, every move a click on a highlighted circle or
// crossing, an action button or the chooser, chosen by a seeded generator
// (with a pull toward Jack's hideout so that the nights end; see wcPlayer).
// The police's frames and page must never hold Jack's hideout, trail, circle
// or marked women before the end; Jack's must never tell which face-down
// patrol tokens are fake. Both pages show the outcome, and the police's page
// the hideout and the trail, once it is over.
func TestBrowserWhitechapelGame(t *testing.T) {
	requireBrowser(t)
	began := time.Now()
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	rng := newRand(t, 1)

	jack := openPage(t, browser, "jack", base)
	pol := openPage(t, browser, "police", base)
	jack.saveFrames(shots, "whitechapel-jack-frames.jsonl")
	pol.saveFrames(shots, "whitechapel-police-frames.jsonl")

	// Jack creates the table in the lobby and follows his own invite link.
	jack.navigate("/")
	jack.signIn("Jack")
	invites, table := jack.createTable("whitechapel", 6)
	jack.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jack.acceptInvite()
	jack.waitSeat(0)

	// The police open the blue seat's invite link and take the four other
	// policemen on the table page.
	pol.navigate(invites[1])
	pol.signIn("Abberline")
	pol.acceptInvite()
	pol.waitSeat(1)
	for seat := 2; seat <= 5; seat++ {
		pol.takeSeatHere(seat)
	}
	ids := mustEval[[]string](pol, `[...document.querySelectorAll('#seats li[data-seat]')].map((li) => li.dataset.seatId)`)
	if want := []string{"jack", "blue", "yellow", "brown", "red", "green"}; !slices.Equal(ids, want) {
		t.Fatalf("the table's seats are %v, want %v", ids, want)
	}
	waitStarted(t, 6, jack, pol)
	for _, c := range []struct {
		p    *page
		want []int
	}{{jack, []int{0}}, {pol, []int{1, 2, 3, 4, 5}}} {
		st := c.p.waitSeat(c.want[0])
		if st.Path != table || !slices.Equal(st.Mine, c.want) {
			t.Fatalf("%s: at %s holding %v, want %s holding %v", c.p.name, st.Path, st.Mine, table, c.want)
		}
	}
	t.Logf("table %s ready after %v", table, time.Since(began).Round(time.Millisecond))

	sec := newSecrets(t, jack, pol, whitechapelSecrets)
	fakes := &wcFakeCheck{t: t, jack: jack, pol: pol}
	// The night in which Jack runs his track out: the second by default (a
	// game of about 150-250 clicks), none in the long mode.
	lastNight := 2
	if testscale.Long() {
		lastNight = 5
	}
	player := &wcPlayer{rng: rng, lastNight: lastNight, jack: jack, b: board.Whitechapel(), dist: map[int][]int{}}
	g := &intentGame{offeredJS: wcOfferedJS, targetKey: wcTargetKey, decide: player.decide}
	midShot := false
	htmlChecks, jackPageDown, polPageKnown := 0, 0, 0
	sawJackOnHisPage, sawMarkedOnHisPage := false, false
	m := &match{
		t: t, pages: []*page{jack, pol}, rng: rng, maxMoves: 3000,
		deadline: time.Now().Add(scaled(7 * time.Minute)), // every move is previewed and confirmed: a click more each
	}
	lastCheck := -1
	m.after = func(states []pageState, moves int) {
		sec.update()
		fakes.update()
		if moves%5 != 0 || moves == lastCheck {
			return
		}
		lastCheck = moves
		// Jack's page shows his pawn with its title ("Jack is on circle
		// 42"): the truth, which must not show on the police's page.
		title := mustEval[string](jack, `document.querySelector('#board [data-figure="jack"] title')?.textContent ?? ''`)
		sawJackOnHisPage = sawJackOnHisPage || title != ""
		sawMarkedOnHisPage = sawMarkedOnHisPage || mustEval[bool](jack, `!!document.querySelector('#board [data-marker="woman-marked"]')`)
		html := pol.html()
		for _, s := range whitechapelPageSecrets {
			if strings.Contains(html, s) {
				m.fail("the police's page shows %s before the end", s)
			}
		}
		if title != "" && strings.Contains(html, title) {
			m.fail("the police's page shows %q before the end", title)
		}
		if !mustEval[bool](pol, `document.getElementById('wc-sheet')?.hidden === true`) {
			m.fail("the police's page shows Jack's sheet before the end")
		}
		// Face-down patrol tokens: Jack's page shows no identity, the
		// police's does.
		jc := mustEval[wcPatrolCount](jack, wcPatrolsJS)
		if jc.Known > 0 {
			m.fail("Jack's page shows the identity of %d face-down patrol tokens", jc.Known)
		}
		if strings.Contains(jack.html(), "tok-fake") {
			m.fail("Jack's page marks a patrol token as a fake")
		}
		pc := mustEval[wcPatrolCount](pol, wcPatrolsJS)
		if pc.Known != pc.Down {
			m.fail("the police's page shows the identity of %d of its %d face-down patrol tokens", pc.Known, pc.Down)
		}
		jackPageDown += jc.Down
		polPageKnown += pc.Known
		htmlChecks++
		if !midShot && mustEval[int](jack, `document.querySelectorAll('#wc-status .wc-track li.done').length`) >= 3 {
			midShot = true
			jack.screenshot(shots, "whitechapel-mid-jack.png", "#board")
			pol.screenshot(shots, "whitechapel-mid-police.png", "#board")
			jack.screenshot(shots, "whitechapel-mid-jack-panel.png", "#game-panel")
		}
	}
	final := playIntents(m, g)
	t.Logf("game over after %d moves in %v; %d HTML checks", m.moves, time.Since(began).Round(time.Millisecond), htmlChecks)
	t.Logf("moves made: Jack %v; police %v; %d by a board click, %d through the chooser, %d by a button", player.kinds[0], player.kinds[1], g.clicks, g.chosen, g.buttons)
	if g.clicks == 0 || g.chosen == 0 || g.buttons == 0 {
		t.Errorf("the game never used one of the ways to move: %d board clicks, %d chooser choices, %d buttons", g.clicks, g.chosen, g.buttons)
	}
	if !midShot {
		t.Logf("Jack never walked three spaces: no mid-game screenshot")
	}
	if !sawJackOnHisPage {
		t.Errorf("Jack's page never showed his pawn: the page check proves nothing")
	}
	if !sawMarkedOnHisPage {
		t.Errorf("Jack's page never showed a marked woman: the page check proves nothing")
	}
	sec.finish()
	fakes.update()
	t.Logf("patrol tokens: the police's frames showed %d face-down tokens with their identity (%d fakes); %d of Jack's views with face-down tokens checked; pages: %d face-down tokens on Jack's, %d known on the police's",
		fakes.faceDown, fakes.fakesDown, fakes.jackChecks, jackPageDown, polPageKnown)
	if fakes.fakesDown == 0 || fakes.jackChecks == 0 || jackPageDown == 0 || polPageKnown == 0 {
		t.Errorf("the patrol token checks saw no face-down fake: they prove nothing")
	}

	// Both pages show the outcome, the same as the server's.
	jackEnd, polEnd := lastOver(t, jack), lastOver(t, pol)
	for i, p := range m.pages {
		w := final[i].Winner
		if w == nil || *w == "" || *w != jackEnd.Outcome.Winner {
			t.Errorf("%s: #outcome[data-winner] is %v, want %q", p.name, w, jackEnd.Outcome.Winner)
		}
	}
	var nights []json.RawMessage
	_ = json.Unmarshal(jackEnd.Views["0"]["nights"], &nights)
	var reason struct {
		Outcome struct {
			Reason struct {
				Key string `json:"key"`
			} `json:"reason"`
		} `json:"outcome"`
	}
	_ = json.Unmarshal(lastOverFrame(t, jack), &reason)
	t.Logf("winner: %s (%s) after %d nights with a kill", jackEnd.Outcome.Winner, reason.Outcome.Reason.Key, len(nights))

	// The final reveal: the police's views and page show the hideout and
	// the trail.
	var hideout int
	var want [][]int
	if err := json.Unmarshal(jackEnd.Views["0"]["hideout"], &hideout); err != nil || hideout == 0 {
		t.Fatalf("Jack's final view has no hideout: %v", err)
	}
	if err := json.Unmarshal(jackEnd.Views["0"]["trail"], &want); err != nil || len(want) == 0 {
		t.Fatalf("Jack's final view has no trail: %v", err)
	}
	if len(polEnd.Views) != 5 {
		t.Errorf("the police's final frame has %d views, want 5", len(polEnd.Views))
	}
	for seat, v := range polEnd.Views {
		var got [][]int
		var h int
		if err := json.Unmarshal(v["trail"], &got); err != nil || !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("the police's final view %s has the trail %v (%v), want %v", seat, got, err, want)
		}
		if err := json.Unmarshal(v["hideout"], &h); err != nil || h != hideout {
			t.Errorf("the police's final view %s has the hideout %d (%v), want %d", seat, h, err, hideout)
		}
	}
	shown := pol.waitCount(`document.querySelectorAll('#wc-sheet:not([hidden]) [data-hideout="` + fmt.Sprint(hideout) + `"]').length`)
	if shown == 0 {
		t.Errorf("the police's page does not show the hideout %d on Jack's sheet once the game is over", hideout)
	}
	if n := mustEval[int](pol, `document.querySelectorAll('#board [data-marker="hideout"]').length`); n != 1 {
		t.Errorf("the police's board shows %d hideout markers once the game is over, want 1", n)
	}
	rows := pol.waitCount(`document.querySelectorAll('#wc-sheet:not([hidden]) tr[data-night]').length`)
	if rows != len(want) {
		t.Errorf("the police's page shows %d rows of Jack's trail, want %d", rows, len(want))
	}
	cells := mustEval[int](pol, `document.querySelectorAll('#wc-sheet [data-trail-cell]').length`)
	wantCells := 0
	for _, r := range want {
		wantCells += len(r)
	}
	if cells != wantCells {
		t.Errorf("the police's page shows %d cells of Jack's trail, want %d", cells, wantCells)
	}
	html := pol.html()
	if !strings.Contains(html, `data-figure="jack"`) {
		t.Errorf("the police's page does not show Jack's pawn once the game is over")
	}
	if slices.ContainsFunc(want, func(r []int) bool { return len(r) > 1 }) && !strings.Contains(html, "trail-line") {
		t.Errorf("the police's board does not draw Jack's trail once the game is over")
	}
	for _, p := range m.pages {
		if txt := mustEval[string](p, `document.getElementById('outcome')?.textContent ?? ''`); strings.TrimSpace(txt) == "" {
			t.Errorf("%s: #outcome is empty", p.name)
		}
	}
	jack.screenshot(shots, "whitechapel-end-jack.png", "#board")
	pol.screenshot(shots, "whitechapel-end-police.png", "#board")
	pol.screenshot(shots, "whitechapel-end-police-panel.png", "#game-panel")
	jack.checkConsole()
	pol.checkConsole()
	t.Logf("whole test: %v", time.Since(began).Round(time.Millisecond))
}
