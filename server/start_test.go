package server

import (
	"strings"
	"testing"
	"time"
)

// A player who sat down and connected before the table filled up is told the
// game has started: the last seat taken sends every connection a new state,
// with its legal moves.
func TestStartSendsStateToEverySeatedPlayer(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	alice, bob := e.guest("Alice"), e.guest("Bob")
	c := alice.table("6", 0, "human", "human")
	alice.sit(c.ID, 0)
	ca := e.dial(alice, c.ID)
	ca.hello(-1)
	if f := ca.next("state"); len(f.Legal) != 0 {
		t.Fatalf("legal moves before the table is full: %v", f.Legal)
	}
	bob.sit(c.ID, 1)
	f := ca.next("state") // before the fix only presence came
	if len(f.You) != 1 || f.You[0] != 0 {
		t.Fatalf("state after start: you = %v", f.You)
	}
}

// A game that closes the chat (game.ChatGate, like Jekyll's night) gets its
// chat lines refused with chat-closed, and nothing is stored or sent.
func TestChatClosedByTheGame(t *testing.T) {
	e := newEnv(t, nil)
	defer e.close()
	alice, bob := e.guest("Alice"), e.guest("Bob")
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest",
		"options": map[string]string{"length": "6", "silent": "true"},
		"seats":   []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	refused(e, ca, c.ID, `{"t":"chat","text":"psst"}`, "chat-closed")
	cb.quiet("chat", 100*time.Millisecond)
}

// TestGuestChatOff: on a site that lets only accounts chat
// (Config.NoGuestChat, serve --guest-chat=false), a guest's line is refused
// with a clear error and reaches nobody, /api/me tells the page so, and an
// account's line goes through as before.
func TestGuestChatOff(t *testing.T) {
	e := newEnv(t, func(c *Config) { c.NoGuestChat = true })
	defer e.close()
	alice := e.guest("Alice")
	bob, code := e.register(nil, "Bob", "correct horse")
	if code != 201 {
		t.Fatalf("register %d", code)
	}
	if m, _ := alice.me(); !m.NoChat {
		t.Fatalf("a guest's me on a site without guest chat: %+v", m)
	}
	if m, _ := bob.me(); m.NoChat {
		t.Fatalf("an account's me: %+v", m)
	}
	var c created
	if code := alice.do("POST", "/api/tables", map[string]any{"game": "srvtest", "options": map[string]string{"length": "6"},
		"seats": []map[string]string{{"kind": "human"}, {"kind": "human"}}}, &c); code != 201 {
		t.Fatalf("create: %d", code)
	}
	alice.sit(c.ID, 0)
	bob.sit(c.ID, 1)
	ca, cb := e.dial(alice, c.ID), e.dial(bob, c.ID)
	ca.hello(-1)
	cb.hello(-1)
	ca.next("state")
	cb.next("state")
	if f := refused(e, ca, c.ID, `{"t":"chat","text":"buy my stuff"}`, "chat-closed"); f.Text.Key != "err.chat-accounts-only" {
		t.Fatalf("refusal %+v", f.Text)
	}
	cb.send(map[string]any{"t": "chat", "text": "good luck"})
	for _, cl := range []*client{ca, cb} {
		if f := cl.next("chat"); !strings.Contains(string(f.Raw), "good luck") {
			t.Fatalf("the first chat line seen is not the account's: %s", f.Raw)
		}
	}
	if lines, _ := e.st.Chat(t.Context(), c.ID, 10); len(lines) != 1 || lines[0].Text != "good luck" {
		t.Fatalf("stored chat %+v", lines)
	}
}
