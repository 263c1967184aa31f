package server

import (
	"context"
	"sync"
	"time"

	"gaslamp/store"
)

// Whether a seat's holder is an account, for the client to link their name
// to their profile (/u/NAME): a guest's display name is free and may read
// like an account's, so the client never guesses from the name. The answer
// is kept per user: an account stays one until it is deleted (renameUser
// forgets it), a guest's "no" is asked again after accountNoFor (a guest
// who registers on another node).

// accountNoFor is how long a user known not to be an account is taken for
// a guest without asking the store again.
const accountNoFor = 10 * time.Minute

// accountRetry is how long a user the store could not tell about is shown
// as a guest before the store is asked again (a store in trouble is not
// asked at every redraw of a table, which waits for the answer).
const accountRetry = 30 * time.Second

// accountCacheMax bounds the users remembered; past it the cache starts
// over.
const accountCacheMax = 100_000

type accountCache struct {
	mu sync.Mutex
	m  map[string]accountEntry
}

type accountEntry struct {
	yes   bool
	name  string    // an account's name, when known ("" otherwise)
	until time.Time // a "no" holds until then
}

// noteAccount records what is known of user: an account or a guest.
func (s *Server) noteAccount(user string, yes bool) {
	s.noteAccountFor(user, yes, accountNoFor)
}

// noteAccountFor records what is known of user, a "no" for d.
func (s *Server) noteAccountFor(user string, yes bool, d time.Duration) {
	s.noteAccountEntry(user, accountEntry{yes: yes, until: s.now().Add(d)})
}

// noteUser records what a user read from the store says: an account (and
// its name) or a guest.
func (s *Server) noteUser(u store.User) {
	e := accountEntry{yes: u.Registered, until: s.now().Add(accountNoFor)}
	if u.Registered {
		e.name = u.Name
	}
	s.noteAccountEntry(u.ID, e)
}

func (s *Server) noteAccountEntry(user string, e accountEntry) {
	if user == "" {
		return
	}
	c := &s.accounts
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= accountCacheMax {
		c.m = map[string]accountEntry{}
	}
	if old, ok := c.m[user]; ok && e.yes && e.name == "" && old.yes {
		e.name = old.name // a bare "yes" keeps the name known
	}
	c.m[user] = e
}

// forgetAccount drops what is known of user (a deleted account).
func (s *Server) forgetAccount(user string) {
	c := &s.accounts
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.m, user)
}

// isAccount says whether user (a seat's holder) is an account, asking the
// store when it is not known. A store that does not answer makes it false
// (a name shown without its link) for accountRetry.
func (s *Server) isAccount(user string) bool {
	if user == "" {
		return false
	}
	c := &s.accounts
	c.mu.Lock()
	e, ok := c.m[user]
	c.mu.Unlock()
	if ok && (e.yes || s.now().Before(e.until)) {
		return e.yes
	}
	ctx, cancel := context.WithTimeout(s.baseCtx, 2*time.Second)
	defer cancel()
	u, err := s.store.User(ctx, user)
	if err != nil {
		s.noteAccountFor(user, false, accountRetry)
		return false
	}
	s.noteUser(u)
	return u.Registered
}

// isAccountNamed says whether user is an account whose name is name now: a
// chat line's sender, whose line keeps the name it was written under (a
// guest who registered since wrote under a free name, which may be
// another account's), links to a profile only then. The store is asked
// when the account's name is not known.
func (s *Server) isAccountNamed(user, name string) bool {
	if user == "" || name == "" || !s.isAccount(user) {
		return false
	}
	c := &s.accounts
	c.mu.Lock()
	e := c.m[user]
	c.mu.Unlock()
	if e.yes && e.name != "" {
		return e.name == name
	}
	ctx, cancel := context.WithTimeout(s.baseCtx, 2*time.Second)
	defer cancel()
	u, err := s.store.User(ctx, user)
	if err != nil {
		return false
	}
	s.noteUser(u)
	return u.Registered && u.Name == name
}
