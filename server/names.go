package server

import (
	"strings"
)

// Account names are a strict allowed set, so that no two names read alike:
// 3 to 20 characters, ASCII letters, digits, "-" and "_", starting with a
// letter. Names are unique by their skeleton (nameKey): lower case, with the
// look-alikes of that set folded together (0/o; 1/i/l; 5/s; 2/z; 8/b; rn/m;
// vv/w; "-" and "_"), so "Alice", "ALICE", "Al1ce" and "alice_" against
// "alice-" are one name. Guests' display names are free; accounts are the
// names the site vouches for (profiles, leaderboards).
const (
	accountNameMin = 3
	accountNameMax = 20
)

// accountName checks a proposed account name and returns it trimmed with
// its skeleton.
func accountName(s string) (name, key string, ok bool) {
	name = strings.TrimSpace(s)
	if len(name) < accountNameMin || len(name) > accountNameMax {
		return "", "", false
	}
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		case i > 0 && (r >= '0' && r <= '9' || r == '-' || r == '_'):
		default:
			return "", "", false
		}
	}
	return name, nameKey(name), true
}

// skeletonFold maps each character of the allowed set to the one it may be
// mistaken for.
var skeletonFold = strings.NewReplacer("0", "o", "1", "l", "i", "l", "5", "s", "2", "z", "8", "b", "_", "-")

// NameKey is the look-alike skeleton of an account name (trimmed): the
// key store.Store.AccountByKey finds the account by (for `gaslamp admin`).
func NameKey(name string) string { return nameKey(strings.TrimSpace(name)) }

// nameKey is a name's look-alike skeleton.
func nameKey(name string) string {
	k := strings.ToLower(name)
	k = strings.NewReplacer("rn", "m", "vv", "w").Replace(k)
	k = skeletonFold.Replace(k)
	return k
}
