package server

import "testing"

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
