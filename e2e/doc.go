// Package e2e holds gaslamp's end-to-end browser tests. The real server
// (package server, with the web client of package web and all four games)
// runs in-process on a loopback address; headless Chromium,
// driven through chromedp, opens one browser context per player (each with its
// own cookies), creates the table in the lobby, takes the seats through the
// lobby, the invite links and the table page, and plays whole games by
// clicking the highlighted board targets, the action buttons, the chooser
// and, in Mr Jack Pocket, the preview's confirm button: Whitehall Mystery,
// Mr Jack Pocket, Letters from Whitechapel (four nights) and Jekyll & Hyde
// (a whole chapter, with the chat closed at night).
//
// While a game goes on, the tests record every WebSocket frame each page
// receives and check that no page's frames or HTML hold another seat's
// secrets (Jack's Whitehall trail, circle and locations; the Pocket identity;
// the Whitechapel hideout, trail and marked women, and for Jack the fake
// patrols; the Jekyll partner's hand and the City deck), read from the owner's
// own page and frames; once it is over, that both
// pages show the outcome and the final reveal. JavaScript exceptions and
// console errors fail the tests.
//
// Clicks are real mouse clicks at a point of the target that nothing covers,
// found just before the click. A guard armed with it (see guardJS) stops a
// click that lands elsewhere because the page moved or redrew the target in
// between, before the page sees it, and the click is repeated: a test never
// presses a neighbour by accident, nor waits out a click that was lost.
//
// TestBrowserAxe runs axe-core (node_modules/axe-core, pinned in
// package.json) on the lobby, the invitation page and a started table of each
// game, under the light and the dark colour scheme: a violation of impact
// serious or critical fails it.
//
// TestBrowserKeyboardPocket plays a whole Pocket game with the keyboard
// alone (Tab to each move, Enter or Space to choose it, the arrows between
// the board's targets).
//
// The tests need Chromium at /usr/bin/chromium. Without it they skip, except
// when CI=true, where they fail. They skip under -short. Board screenshots are
// written to $GASLAMP_E2E_ARTIFACTS (a directory per test; default: the
// test's temporary directory, removed afterwards); the path is logged. The
// random choices come from a seeded generator: GASLAMP_E2E_SEED overrides the
// default seed, which is logged. The browser tests run in parallel, as many
// at a time as go test's -parallel allows (the number of CPUs by default).
//
//	go test ./e2e/... -v
//	GASLAMP_E2E_ARTIFACTS=/tmp/e2e go test ./e2e/... -run Whitehall -v
package e2e
