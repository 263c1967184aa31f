package server

import (
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
