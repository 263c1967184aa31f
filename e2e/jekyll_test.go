package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// jkOfferedJS reads what the Jekyll & Hyde page offers to click: the
// highlighted cards of the hand, any other highlighted element (an error),
// and the #jk-actions buttons.
const jkOfferedJS = `(() => {
  const targets = [];
  for (const e of document.querySelectorAll('#board .target')) {
    if (e.closest('[hidden]')) continue; // not shown: no one can click it
    const card = e.getAttribute('data-card');
    if (card !== null && e.matches('#jk-hand button[data-card]')) {
      targets.push({ key: 'card:' + card, sel: '#jk-hand button.target[data-card="' + card + '"]', action: e.dataset.action ?? '' });
    } else {
      targets.push({ key: 'unknown:' + e.outerHTML.slice(0, 80), sel: '', action: '' });
    }
  }
  const buttons = [...document.querySelectorAll('#jk-actions:not([hidden]) button')].map((b) => ({
    choice: Number(b.dataset.choice), action: b.dataset.action ?? '', sel: '#jk-actions button[data-choice="' + b.dataset.choice + '"]',
  }));
  return { targets, buttons };
})()`

// jkTargetKey: a move with a card is made on that card of the hand; the
// others (ready, swap-ranks) by a button.
func jkTargetKey(l legalIntent) string {
	if c := l.str("card"); c != "" {
		return "card:" + c
	}
	return ""
}

// jkCardRE finds card ids in a frame ("red-8", "potion-2"), quoted as JSON
// strings.
var jkCardRE = regexp.MustCompile(`"((?:red|blue|black)-[1-8]|potion-[1-4])"`)

// jkView is the part of games/jekyll's View the checks read.
type jkView struct {
	Seat      int      `json:"seat"`
	Round     int      `json:"round"`
	Phase     string   `json:"phase"`
	Chat      bool     `json:"chat"`
	Hand      []string `json:"hand"`
	Gifts     []string `json:"gifts"`
	HandCount [2]int   `json:"handCount"`
	DeckCount int      `json:"deckCount"`
	Tracked   []struct {
		Card string `json:"card"`
	} `json:"tracked"`
	TopKnown string            `json:"topKnown"`
	Trick    *jkTrickView      `json:"trick"`
	Tricks   []jkTrickView     `json:"tricks"`
	Rounds   []json.RawMessage `json:"rounds"`
	Result   string            `json:"result"`
	Stars    int               `json:"stars"`
	Rules    struct {
		CampaignScore bool `json:"campaignScore"`
	} `json:"rules"`
	Reveal *struct {
		Hands [2][]string `json:"hands"`
		Deck  []string    `json:"deck"`
		Aside []string    `json:"aside"`
		Gifts [2][]string `json:"gifts"`
	} `json:"reveal"`
}

type jkTrickView struct {
	Cards []struct {
		Card string `json:"card"`
	} `json:"cards"`
}

// known returns the cards a seat may see in its view: its hand, its gifts,
// the cards it once held (tracked), the card it put on top of the City deck,
// and the cards on the table and in this round's tricks.
func (v *jkView) known() map[string]bool {
	k := map[string]bool{}
	for _, c := range slices.Concat(v.Hand, v.Gifts) {
		k[c] = true
	}
	for _, t := range v.Tracked {
		k[t.Card] = true
	}
	if v.TopKnown != "" {
		k[v.TopKnown] = true
	}
	for _, t := range append(slices.Clone(v.Tricks), derefTrick(v.Trick)...) {
		for _, c := range t.Cards {
			k[c.Card] = true
		}
	}
	return k
}

func derefTrick(t *jkTrickView) []jkTrickView {
	if t == nil {
		return nil
	}
	return []jkTrickView{*t}
}

// jkFrame is a server message as the Jekyll checks read it.
type jkFrame struct {
	T       string            `json:"t"`
	V       int               `json:"v"`
	You     []int             `json:"you"`
	Views   map[string]jkView `json:"views"`
	Legal   json.RawMessage   `json:"legal"`
	Events  []wireEvent       `json:"events"`
	History []struct {
		Events []wireEvent `json:"events"`
	} `json:"history"`
	Outcome *struct {
		Over   bool   `json:"over"`
		Winner string `json:"winner"`
	} `json:"outcome"`
}

// jkSecrets checks that neither player's frames hold a card it may not see:
// the partner's hand, the partner's gifts, the City deck and the cards set
// aside, before the chapter is over.
type jkSecrets struct {
	t     *testing.T
	pages [2]*page // seat 0 (Jekyll), seat 1 (Hyde)
	next  [2]int
	over  [2]bool
	// hands[s][v] is seat s's hand at version v, from its own frames.
	hands [2]map[int][]string
	// pending are frames checked before the partner's hand at their
	// version was known, for the partner check.
	checked      [2]int // frames checked before the end
	partnerCards [2]int // partner's cards (not known to the seat) checked against the seat's frames
	hiddenFrames [2]int // frames checked while the partner held cards the seat does not know
	views        [2]map[int]jkView
}

func newJkSecrets(t *testing.T, jekyll, hyde *page) *jkSecrets {
	s := &jkSecrets{t: t, pages: [2]*page{jekyll, hyde}}
	for i := range 2 {
		s.hands[i] = map[int][]string{}
		s.views[i] = map[int]jkView{}
	}
	return s
}

var jkSeatIDs = [2]string{"jekyll", "hyde"}

// update reads the new frames of both pages and checks them.
func (s *jkSecrets) update() {
	s.t.Helper()
	for seat, p := range s.pages {
		for _, f := range p.framesFrom(s.next[seat]) {
			s.next[seat] = f.n + 1
			if s.over[seat] {
				continue
			}
			var m jkFrame
			if err := json.Unmarshal(f.data, &m); err != nil {
				s.t.Fatalf("%s: frame %d is not a server message: %v\n%.500s", p.name, f.n, err, f.data)
			}
			if m.Outcome != nil && m.Outcome.Over {
				s.over[seat] = true
				continue
			}
			s.check(seat, f, &m)
		}
	}
}

// check checks one frame of seat's page from before the end.
func (s *jkSecrets) check(seat int, f frame, m *jkFrame) {
	s.t.Helper()
	if why := jkLeak(seat, f.data, m); why != "" {
		s.t.Fatalf("%s: frame %d (version %d) %s:\n%.1500s", s.pages[seat].name, f.n, m.V, why, f.data)
	}
	view, ok := m.Views[fmt.Sprint(seat)]
	if !ok {
		return
	}
	s.checked[seat]++
	s.views[seat][m.V] = view
	if view.Phase == "talk" {
		return
	}
	s.hands[seat][m.V] = view.Hand
	// Count the partner's cards this proved hidden (the partner's frame
	// of the same version, when it came already).
	if ph, ok := s.hands[1-seat][m.V]; ok {
		s.countHidden(seat, ph, view.known())
	}
	if mine, ok := s.views[1-seat][m.V]; ok && mine.Phase != "talk" {
		// The partner's frame came first: count for it too.
		s.countHidden(1-seat, view.Hand, mine.known())
	}
}

// jkLeak says how a frame that seat's page received before the end gives
// away a card the seat may not see ("" if it does not): a field of the final
// reveal, another seat or its view, the partner's dealt hand, gift or swap
// in an event, or the name of any card that is not in the seat's hand,
// gifts, tracked cards, known top of the City deck, or on the table.
func jkLeak(seat int, data []byte, m *jkFrame) string {
	raw := string(data)
	for _, field := range []string{`"reveal":`, `"hands":`, `"deck":`, `"aside":[`} {
		if strings.Contains(raw, field) {
			return "holds the field " + field + " before the end"
		}
	}
	for _, y := range m.You {
		if y != seat {
			return fmt.Sprintf("gives the page seat %d", y)
		}
	}
	var view *jkView
	for k, v := range m.Views {
		if k != fmt.Sprint(seat) {
			return "carries the view of seat " + k
		}
		view = &v
	}
	events := slices.Clone(m.Events)
	for _, h := range m.History {
		events = append(events, h.Events...)
	}
	for _, e := range events {
		var who string
		_ = json.Unmarshal(e.Data["seat"], &who)
		switch e.Type {
		case "jekyll.hand":
			var cards []string
			_ = json.Unmarshal(e.Data["cards"], &cards)
			if view == nil || !slices.Equal(sortedCopy(cards), sortedCopy(view.Hand)) {
				return fmt.Sprintf("holds a dealt hand %v that is not the seat's own", cards)
			}
		case "jekyll.gave":
			if _, ok := e.Data["card"]; ok && who != jkSeatIDs[seat] {
				return "names the card the partner gave"
			}
		case "jekyll.swapped-card":
			_, gave := e.Data["gave"]
			_, took := e.Data["took"]
			if (gave || took) && who != jkSeatIDs[seat] {
				return "names the cards of the partner's swap"
			}
		}
	}
	if view == nil || view.Phase == "talk" {
		// Before the deal no card is hidden (the frame that opens round 2
		// still names round 1's last trick).
		return ""
	}
	// Every card the frame names (in a state: its views and legal moves;
	// its history holds earlier rounds) must be one the seat may see.
	scan := raw
	if m.T == "state" {
		var parts struct {
			Views json.RawMessage `json:"views"`
			Legal json.RawMessage `json:"legal"`
		}
		_ = json.Unmarshal(data, &parts)
		scan = string(parts.Views) + string(parts.Legal)
	}
	known := view.known()
	for _, mt := range jkCardRE.FindAllStringSubmatch(scan, -1) {
		if !known[mt[1]] {
			return fmt.Sprintf("names the card %s, which the seat may not see (its hand %v, gifts %v)", mt[1], view.Hand, view.Gifts)
		}
	}
	return ""
}

func (s *jkSecrets) countHidden(seat int, partnerHand []string, known map[string]bool) {
	n := 0
	for _, c := range partnerHand {
		if !known[c] {
			n++
		}
	}
	if n > 0 {
		s.partnerCards[seat] += n
		s.hiddenFrames[seat]++
	}
}

func sortedCopy(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}

// finish checks that the checks saw something.
func (s *jkSecrets) finish() {
	s.t.Helper()
	s.update()
	for seat, p := range s.pages {
		if !s.over[seat] {
			s.t.Errorf("%s never received the end of the chapter", p.name)
		}
		if s.checked[seat] == 0 || s.hiddenFrames[seat] == 0 {
			s.t.Errorf("%s: %d frames checked, %d while the partner held unseen cards: the secrecy check proves nothing", p.name, s.checked[seat], s.hiddenFrames[seat])
		}
		s.t.Logf("secrecy: %s: %d frames before the end checked; in %d of them the partner held cards the seat cannot see (%d card checks)",
			p.name, s.checked[seat], s.hiddenFrames[seat], s.partnerCards[seat])
	}
}

// jkPageCardsJS lists the cards a Jekyll & Hyde page draws face up or names
// in its knowledge panel.
const jkPageCardsJS = `(() => {
  const out = new Set();
  for (const e of document.querySelectorAll('[data-card]')) out.add(e.getAttribute('data-card'));
  for (const e of document.querySelectorAll('[data-tracked]')) out.add(e.getAttribute('data-tracked'));
  for (const e of document.querySelectorAll('[data-top-known]')) out.add(e.getAttribute('data-top-known'));
  return [...out];
})()`

// jkPhaseJS reads the round and phase a Jekyll & Hyde page shows.
const jkPhaseJS = `(() => {
  const w = document.querySelector('#jk-chapter .jk-where');
  const tr = document.querySelector('#jk-table .jk-plays');
  return {
    round: Number(w?.dataset.round ?? 0),
    phase: w?.dataset.phase ?? '',
    trick: Number(tr?.dataset.trick ?? 0),
    played: document.querySelectorAll('#jk-table .jk-plays li.jk-play:not(.waiting)').length,
    banner: document.getElementById('jk-banner')?.dataset.chat ?? '',
  };
})()`

type jkPhase struct {
	Round  int    `json:"round"`
	Phase  string `json:"phase"`
	Trick  int    `json:"trick"`
	Played int    `json:"played"`
	Banner string `json:"banner"`
}

// chatUI is what the table page shows of the chat.
type chatUI struct {
	Closed    string   `json:"closed"` // #chat-form[data-chat-closed]
	Input     bool     `json:"input"`  // #chat-input disabled
	Send      bool     `json:"send"`   // #chat-send disabled
	Note      string   `json:"note"`   // #chat-note, when shown
	Lines     []string `json:"lines"`  // #chat-log li
	Connected bool     `json:"connected"`
}

const chatUIJS = `(() => {
  const note = document.getElementById('chat-note');
  return {
    closed: document.getElementById('chat-form')?.dataset.chatClosed ?? '',
    input: !!document.getElementById('chat-input')?.disabled,
    send: !!document.getElementById('chat-send')?.disabled,
    note: note && !note.hidden ? note.textContent : '',
    lines: [...document.querySelectorAll('#chat-log li')].map((l) => l.textContent),
    connected: document.body.dataset.connected === 'true',
  };
})()`

// sentFrames records the text frames a page sends on its WebSockets.
type sentFrames struct {
	mu     sync.Mutex
	frames []string
}

func watchSent(t *testing.T, p *page) *sentFrames {
	s := &sentFrames{}
	if err := chromedp.Listen(p.ctx, func(ev any) {
		if ev, ok := ev.(*network.EventWebSocketFrameSent); ok && ev.Response != nil && ev.Response.Opcode == 1 {
			s.mu.Lock()
			s.frames = append(s.frames, string(ev.Response.PayloadData))
			s.mu.Unlock()
		}
	}); err != nil {
		t.Fatalf("%s: listening to the frames sent: %v", p.name, err)
	}
	return s
}

// chats returns the chat messages sent so far.
func (s *sentFrames) chats() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, f := range s.frames {
		var m struct {
			T    string `json:"t"`
			Text string `json:"text"`
		}
		if json.Unmarshal([]byte(f), &m) == nil && m.T == "chat" {
			out = append(out, m.Text)
		}
	}
	return out
}

// chatFrames returns the texts of the chat frames a page received.
func chatFrames(p *page) []string {
	var out []string
	for _, f := range p.framesFrom(0) {
		var m struct {
			T    string `json:"t"`
			Text string `json:"text"`
		}
		if json.Unmarshal(f.data, &m) == nil && m.T == "chat" {
			out = append(out, m.Text)
		}
	}
	return out
}

// jkChat runs the chat checks of the Jekyll test.
type jkChat struct {
	t     *testing.T
	pages [2]*page
	sent  [2]*sentFrames
	open  int // day checks done
	shut  int // night checks done
}

// say types a line into the chat of page from and sends it with the send
// button, and waits until both pages show it.
func (c *jkChat) say(from int, text string) {
	c.t.Helper()
	p := c.pages[from]
	for _, q := range c.pages {
		ui := mustEval[chatUI](q, chatUIJS)
		if ui.Closed != "false" || ui.Input || ui.Send || ui.Note != "" {
			c.t.Fatalf("%s: the chat is not open during the day: %+v", q.name, ui)
		}
	}
	if err := p.run(scaled(10*time.Second), chromedp.SendKeys(chromedp.ID("chat-input"), text)); err != nil {
		c.t.Fatalf("%s: typing a chat line: %v", p.name, err)
	}
	p.mustClick("#chat-send")
	for _, q := range c.pages {
		q.waitJS("the chat line "+text, `[...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes(`+jsString(text)+`))`, scaled(10*time.Second))
		if !slices.Contains(chatFrames(q), text) {
			c.t.Errorf("%s shows the chat line %q but received no chat frame with it", q.name, text)
		}
	}
	if !slices.Contains(c.sent[from].chats(), text) {
		c.t.Errorf("%s did not send the chat line %q on its WebSocket", p.name, text)
	}
}

// dayCheck: during the day the players talk.
func (c *jkChat) dayCheck(round int) {
	c.t.Helper()
	c.say(round%2, fmt.Sprintf("Round %d: I hold the potions, you lead the reds.", round))
	c.say(1-round%2, fmt.Sprintf("Round %d: agreed.", round))
	c.open++
}

// nightCheck: from the deal to the end of the round the chat is closed on
// both pages, and a chat frame sent anyway on the page's own WebSocket is
// refused with chat-closed.
func (c *jkChat) nightCheck(from int, when string) {
	c.t.Helper()
	for _, q := range c.pages {
		ui := mustEval[chatUI](q, chatUIJS)
		if ui.Closed != "true" || !ui.Input || !ui.Send || ui.Note == "" {
			c.t.Fatalf("%s: the chat is not closed %s: %+v", q.name, when, ui)
		}
	}
	p := c.pages[from]
	text := fmt.Sprintf("psst (%s)", when)
	n0 := len(p.framesFrom(0))
	// The page's own form handler sends the line on the page's socket; the
	// input is enabled for the moment it takes, as a modified page would.
	res := mustEval[string](p, `(() => {
  const f = document.getElementById('chat-form');
  const i = document.getElementById('chat-input');
  i.disabled = false;
  i.value = `+jsString(text)+`;
  f.requestSubmit();
  i.disabled = true;
  return 'sent';
})()`)
	if res != "sent" {
		c.t.Fatalf("%s: sending a chat line: %q", p.name, res)
	}
	deadline := time.Now().Add(scaled(10 * time.Second))
	for !slices.Contains(errorFrames(p, n0), "chat-closed") {
		if time.Now().After(deadline) {
			c.t.Fatalf("%s: no chat-closed error came back %s (error frames %v; sent chats %v)", p.name, when, errorFrames(p, n0), c.sent[from].chats())
		}
		time.Sleep(25 * time.Millisecond)
	}
	if !slices.Contains(c.sent[from].chats(), text) {
		c.t.Errorf("%s: the chat line %q did not go out on the page's WebSocket", p.name, text)
	}
	// The refusal shows as an error toast, expected here: it is taken out
	// of the page's error toasts (which fail the test).
	want := c.refusalText(p)
	p.waitJS("the chat-closed toast", `[...document.querySelectorAll('#toasts .toast.error:not([data-e2e-seen])')].some((e) => e.textContent.includes(`+jsString(want)+`))`, scaled(10*time.Second))
	mustEval[chromedp.Void](p, `(() => { for (const e of document.querySelectorAll('#toasts .toast.error:not([data-e2e-seen])')) if (e.textContent.includes(`+jsString(want)+`)) e.setAttribute('data-e2e-seen', 'expected'); })()`)
	time.Sleep(200 * time.Millisecond)
	for _, q := range c.pages {
		if slices.Contains(chatFrames(q), text) {
			c.t.Errorf("%s received the refused chat line %q", q.name, text)
		}
		if ui := mustEval[chatUI](q, chatUIJS); slices.ContainsFunc(ui.Lines, func(l string) bool { return strings.Contains(l, text) }) {
			c.t.Errorf("%s shows the refused chat line %q", q.name, text)
		}
	}
	c.t.Logf("%s: chat closed %s on both pages; a chat frame sent anyway got chat-closed (%q)", p.name, when, want)
	c.shut++
}

// refusalText returns the page's words for the chat-closed refusal, from the
// catalogue the page loads.
func (c *jkChat) refusalText(p *page) string {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, scaled(10*time.Second))
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`fetch('/i18n/en.json').then((r) => r.json()).then((m) => m['err.chat-closed'] ?? '')`, chromedp.EvalAwaitPromise))
	if err != nil || s == "" {
		c.t.Fatalf("%s: reading the catalogue's err.chat-closed: %q, %v", p.name, s, err)
	}
	return s
}

// TestBrowserJekyllGame plays a whole chapter of Jekyll & Hyde vs Scotland
// Yard (the lobby's default options: chapter 4, the classic game) in
// Chromium, Jekyll and Hyde in separate browser contexts, every move a click
// on a highlighted card of the hand, an action button or the chooser, chosen
// by a seeded generator. Neither page's frames or page may hold a card the
// seat cannot see (the partner's hand and gifts, the City deck, the cards set
// aside) before the end. The players chat during the day; from the deal to
// the end of the round the chat is closed on both pages and the server
// refuses a chat frame with chat-closed. Both pages show the outcome and
// every card once it is over.
func TestBrowserJekyllGame(t *testing.T) {
	requireBrowser(t)
	began := time.Now()
	base := startServer(t)
	browser := startBrowser(t)
	shots := artifactsDir(t)
	rng := newRand(t, 5)

	jekyll := openPage(t, browser, "jekyll", base)
	hyde := openPage(t, browser, "hyde", base)
	jekyll.saveFrames(shots, "jekyll-jekyll-frames.jsonl")
	hyde.saveFrames(shots, "jekyll-hyde-frames.jsonl")
	chat := &jkChat{t: t, pages: [2]*page{jekyll, hyde}, sent: [2]*sentFrames{watchSent(t, jekyll), watchSent(t, hyde)}}

	// Jekyll creates the table with the default options and follows his own
	// invite link; Hyde follows hers.
	jekyll.navigate("/")
	jekyll.signIn("Henry")
	chapter := mustEval[string](jekyll, `(() => {
  const s = document.getElementById('game-select');
  s.value = 'jekyll';
  s.dispatchEvent(new Event('change'));
  return document.querySelector('#options [data-option="chapter"]')?.value ?? '';
})()`)
	invites, table := jekyll.createTable("jekyll", 2)
	t.Logf("the lobby's default chapter: %q", chapter)
	jekyll.clickUntil(`#invites li[data-invite-seat="0"] a.invite-link`, "the invitation page", `location.pathname.startsWith('/join/')`, scaled(20*time.Second))
	jekyll.acceptInvite()
	jekyll.waitSeat(0)
	hyde.navigate(invites[1])
	hyde.signIn("Edward")
	hyde.acceptInvite()
	hyde.waitSeat(1)
	ids := mustEval[[]string](hyde, `[...document.querySelectorAll('#seats li[data-seat]')].map((li) => li.dataset.seatId)`)
	if want := []string{"jekyll", "hyde"}; !slices.Equal(ids, want) {
		t.Fatalf("the table's seats are %v, want %v", ids, want)
	}
	waitStarted(t, 2, jekyll, hyde)
	for i, p := range []*page{jekyll, hyde} {
		st := p.waitSeat(i)
		if st.Path != table || !slices.Equal(st.Mine, []int{i}) {
			t.Fatalf("%s: at %s holding %v, want %s holding [%d]", p.name, st.Path, st.Mine, table, i)
		}
	}
	t.Logf("table %s ready after %v", table, time.Since(began).Round(time.Millisecond))

	sec := newJkSecrets(t, jekyll, hyde)
	g := &intentGame{offeredJS: jkOfferedJS, targetKey: jkTargetKey, decide: func(i int, p *page, st pageState, legal []legalIntent) int {
		return rng.IntN(len(legal))
	}}
	m := &match{
		t: t, pages: []*page{jekyll, hyde}, rng: rng, maxMoves: 400,
		deadline: time.Now().Add(scaled(5 * time.Minute)), // every move is previewed and confirmed: a click more each
	}
	dayDone := map[int]bool{}
	giveDone := map[int]bool{}
	nightDone := map[int]bool{}
	midShot := false
	pageChecks := 0
	m.after = func(states []pageState, moves int) {
		sec.update()
		var ph [2]jkPhase
		for i, p := range m.pages {
			ph[i] = mustEval[jkPhase](p, jkPhaseJS)
		}
		if ph[0].Round != ph[1].Round || ph[0].Phase != ph[1].Phase {
			m.fail("the pages show round %d %s and round %d %s at the same version", ph[0].Round, ph[0].Phase, ph[1].Round, ph[1].Phase)
		}
		r := ph[0].Round
		switch ph[0].Phase {
		case "talk":
			if !dayDone[r] && len(mustEval[[]string](jekyll, `document.querySelector('#jk-chapter .jk-ready')?.dataset.ready.split(',') ?? []`)) == 0 {
				dayDone[r] = true
				chat.dayCheck(r)
			}
		case "give":
			if !giveDone[r] {
				giveDone[r] = true
				chat.nightCheck(r%2, fmt.Sprintf("while the players give, round %d", r))
			}
		case "night":
			if !nightDone[r] && ph[0].Trick >= 3 {
				nightDone[r] = true
				chat.nightCheck(1-r%2, fmt.Sprintf("during trick %d of round %d", ph[0].Trick, r))
			}
			if !midShot && ph[0].Played >= 2 {
				midShot = true
				jekyll.screenshot(shots, "jekyll-mid-jekyll.png", "#board")
				hyde.screenshot(shots, "jekyll-mid-hyde.png", "#board")
			}
		}
		for _, p := range ph {
			if want := map[bool]string{true: "open", false: "closed"}[p.Phase == "talk"]; p.Banner != want {
				m.fail("#jk-banner[data-chat] is %q in the %s phase, want %q", p.Banner, p.Phase, want)
			}
		}
		// The page shows no card the seat may not see.
		if ph[0].Phase != "talk" {
			for i, p := range m.pages {
				v, ver, ok := lastViewOf(p, fmt.Sprint(i), -1)
				if !ok || ver != states[i].Version {
					continue
				}
				var view jkView
				b, _ := json.Marshal(v)
				_ = json.Unmarshal(b, &view)
				known := view.known()
				for _, c := range mustEval[[]string](p, jkPageCardsJS) {
					if !known[c] {
						m.fail("%s's page shows the card %s, which the seat may not see", p.name, c)
					}
				}
				if !mustEval[bool](p, `document.getElementById('jk-reveal')?.hidden === true`) {
					m.fail("%s's page shows the reveal before the end", p.name)
				}
				pageChecks++
			}
		}
	}
	final := playIntents(m, g)
	t.Logf("chapter over after %d moves in %v (%d cards clicked, %d through the chooser, %d buttons); %d page checks",
		m.moves, time.Since(began).Round(time.Millisecond), g.clicks, g.chosen, g.buttons, pageChecks)
	if g.clicks == 0 || g.buttons == 0 {
		t.Errorf("the chapter never used one of the ways to move: %d cards, %d buttons", g.clicks, g.buttons)
	}
	sec.finish()
	if chat.open == 0 || chat.shut < 2 {
		t.Errorf("the chat was checked open %d times and closed %d times", chat.open, chat.shut)
	}
	if !midShot {
		t.Errorf("no trick was seen with two cards: no mid-game screenshot")
	}

	// Both pages show the outcome, the same as the server's, and every
	// card.
	ends := [2]jkFrame{}
	for i, p := range m.pages {
		for _, f := range p.framesFrom(0) {
			var fm jkFrame
			if json.Unmarshal(f.data, &fm) == nil && fm.Outcome != nil && fm.Outcome.Over && fm.Views != nil {
				ends[i] = fm
			}
		}
		if ends[i].Outcome == nil {
			t.Fatalf("%s received no frame with the end and the views", p.name)
		}
	}
	winner := ends[0].Outcome.Winner
	for i, p := range m.pages {
		w := final[i].Winner
		if w == nil || *w == "" || *w != winner {
			t.Errorf("%s: #outcome[data-winner] is %v, want %q", p.name, w, winner)
		}
		v, ok := ends[i].Views[fmt.Sprint(i)]
		if !ok || v.Reveal == nil {
			t.Fatalf("%s: the final view has no reveal", p.name)
		}
		other := ends[1-i].Views[fmt.Sprint(1-i)]
		if other.Reveal == nil || !slices.Equal(sortedCopy(v.Reveal.Hands[1-i]), sortedCopy(other.Reveal.Hands[1-i])) {
			t.Errorf("%s: the final reveal of the partner's hand differs between the pages", p.name)
		}
		stars := mustEval[string](p, `document.querySelector('#jk-reveal:not([hidden]) [data-stars]')?.dataset.stars ?? ''`)
		result := mustEval[string](p, `document.querySelector('#jk-reveal:not([hidden]) [data-result]')?.dataset.result ?? ''`)
		// Stars are gaslamp's own campaign score (J10): shown only with the
		// campaign-score option, which the lobby leaves off.
		wantStars := ""
		if v.Rules.CampaignScore {
			wantStars = fmt.Sprint(v.Stars)
		}
		if stars != wantStars || result != v.Result || result == "" {
			t.Errorf("%s: the reveal shows %q stars and the result %q, want %q and %q", p.name, stars, result, wantStars, v.Result)
		}
		rows := mustEval[int](p, `document.querySelectorAll('#jk-rounds:not([hidden]) th[data-scored-round]').length`)
		if rows != len(v.Rounds) || rows == 0 {
			t.Errorf("%s: the page shows %d scored rounds, want %d", p.name, rows, len(v.Rounds))
		}
		for key, cards := range map[string][]string{"aside": v.Reveal.Aside, "deck": v.Reveal.Deck,
			"hand-jekyll": v.Reveal.Hands[0], "hand-hyde": v.Reveal.Hands[1], "gifts-jekyll": v.Reveal.Gifts[0], "gifts-hyde": v.Reveal.Gifts[1]} {
			got := mustEval[[]string](p, `[...document.querySelectorAll('#jk-reveal [data-reveal="`+key+`"] [data-card]')].map((e) => e.dataset.card)`)
			if !slices.Equal(sortedCopy(got), sortedCopy(cards)) {
				t.Errorf("%s: the reveal's %s shows %v, want %v", p.name, key, got, cards)
			}
		}
		// Chat opens again once the chapter is over.
		if ui := mustEval[chatUI](p, chatUIJS); ui.Closed != "false" || ui.Input {
			t.Errorf("%s: the chat is still closed after the end: %+v", p.name, ui)
		}
	}
	t.Logf("winner: %s (%s, %d stars) after %d rounds", winner, ends[0].Views["0"].Result, ends[0].Views["0"].Stars, len(ends[0].Views["0"].Rounds))
	jekyll.screenshot(shots, "jekyll-end-jekyll.png", "#board")
	hyde.screenshot(shots, "jekyll-end-hyde.png", "#board")
	hyde.screenshot(shots, "jekyll-end-hyde-panel.png", "#game-panel")
	jekyll.checkConsole()
	hyde.checkConsole()
	t.Logf("whole test: %v", time.Since(began).Round(time.Millisecond))
}

// TestBrowserJekyllNightHandInView plays Dr Jekyll against a bot Hyde at a
// laptop's size (1366x768) until a night's trick waits for his card, and
// checks, whenever a card of his hand is the move, that every card of the
// hand lies within the window without scrolling: the trick once sat under
// the colour ranks and pushed the hand's lower edge 8 px below the window,
// its colour names out of sight.
func TestBrowserJekyllNightHandInView(t *testing.T) {
	p := botTablePage(t, "jekyll", "jekyll", 2, 0)
	if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(1366, 768, chromedp.EmulateScale(1))); err != nil {
		t.Fatalf("viewport: %v", err)
	}
	rng := newRand(t, 7)
	g := &intentGame{offeredJS: jkOfferedJS, targetKey: jkTargetKey, decide: func(i int, p *page, st pageState, legal []legalIntent) int {
		return rng.IntN(len(legal))
	}}
	m := &match{t: t, pages: []*page{p}, rng: rng, maxMoves: 200, deadline: time.Now().Add(scaled(3 * time.Minute))}
	checked := 0
	m.after = func(states []pageState, moves int) {
		ph := mustEval[jkPhase](p, jkPhaseJS)
		if ph.Phase != "night" || !states[0].Act || ph.Played == 0 {
			return
		}
		// Only where a card of the hand is the move: a reaction that swaps
		// the colours' ranks is chosen by buttons under the prompt, the hand
		// then below them.
		if mustEval[int](p, `document.querySelectorAll('#jk-hand .jk-hand .target').length`) == 0 {
			return
		}
		mustEval[chromedp.Void](p, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))`)
		out := mustEval[string](p, `(() => {
  const cards = [...document.querySelectorAll('#jk-hand .jk-hand [data-card]')];
  if (cards.length === 0) return 'no card in the hand';
  const low = cards.map((c) => c.getBoundingClientRect().bottom).filter((b) => b > innerHeight);
  return low.length ? low.length + ' of ' + cards.length + ' cards end below the window (' + innerHeight + ' px) at ' + low.map(Math.round).join(', ') + ' px' : '';
})()`)
		if out != "" {
			p.viewportShot(artifactsDir(t), "jekyll-night-laptop.png")
			m.fail("trick %d of round %d at 1366x768: %s", ph.Trick, ph.Round, out)
		}
		if y := mustEval[float64](p, `scrollY`); y != 0 {
			m.fail("the page is scrolled by %.0f px", y)
		}
		checked++
		m.stop = checked >= 3
	}
	playIntents(m, g)
	if checked == 0 {
		t.Fatalf("the chapter ended before a night's trick waited for Dr Jekyll")
	}
}

// TestBrowserJekyllLossReadsAsYours checks the end of a lost chapter as a
// Jekyll & Hyde player reads it: Dr Jekyll (with a bot Mr Hyde) gives the
// chapter up, the City wins, and the headline says the players lost, in
// each language ("You lost the chapter: the City won."), not only "The City
// won!", which read like a third party's result. The won chapter's headline
// is checked at the end of TestBrowserTutorialJekyll. The day's chat banner,
// which still said "talk your plan over", goes. Screenshots at a laptop's
// and a phone's size.
func TestBrowserJekyllLossReadsAsYours(t *testing.T) {
	p := botTablePage(t, "jekyll", "jekyll", 2, 0)
	p.answerResign(true)
	p.waitJS("the City's win", `document.getElementById('outcome').dataset.winner === 'city'`, scaled(20*time.Second))
	// The day's banner ("talk your plan over") goes with the chapter.
	p.waitJS("no day's banner after the end", `document.getElementById('jk-banner')?.hidden === true`, scaled(10*time.Second))
	dir := shotsDir(t)
	for _, c := range []struct{ lang, want string }{
		{"en", "You lost the chapter: the City won."},
		{"fr", "Vous avez perdu le chapitre\u00a0: la Ville a gagné."},
		{"nl", "Jullie hebben het hoofdstuk verloren: de Stad heeft gewonnen."},
		{"en", "You lost the chapter: the City won."}, // for the screenshots
	} {
		mustEval[any](p, `(() => { const s = document.getElementById('lang-select'); s.value = `+jsString(c.lang)+`; s.dispatchEvent(new Event('change')); })()`)
		p.waitJS("the page in "+c.lang, `document.documentElement.lang === `+jsString(c.lang), scaled(10*time.Second))
		p.waitJS("the headline in "+c.lang, `document.querySelector('#outcome h2')?.textContent === `+jsString(c.want), scaled(10*time.Second))
	}
	for _, vp := range viewports {
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if vp.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
		}
		if err := p.run(scaled(10*time.Second), chromedp.EmulateViewport(vp.width, vp.height, opts...)); err != nil {
			t.Fatalf("viewport: %v", err)
		}
		mustEval[bool](p, `(document.getElementById('outcome').scrollIntoView({ block: 'center' }), true)`)
		p.viewportShot(dir, "jekyll-lost-"+vp.name+".png")
	}
	p.checkConsole()
}
