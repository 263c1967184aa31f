package server

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// Passwords are hashed with argon2id (RFC 9106) and stored in the PHC string
// form, "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>" (base64 without
// padding), so that a later change of parameters still verifies old hashes.
// The parameters are OWASP's first recommendation for argon2id: 19 MiB of
// memory, 2 passes, 1 lane; a 16-byte salt from crypto/rand; a 32-byte key.
// docs/security.md states them.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonSaltLen = 16
	argonKeyLen  = 32
	// passwordMin and passwordMax bound a password's length in characters
	// (the upper bound caps the work of hashing).
	passwordMin = 8
	passwordMax = 128
)

// hashSlots bounds the hashes computed at once (each takes argonMemory):
// a burst of sign-ins waits instead of exhausting memory.
var hashSlots = make(chan struct{}, 4)

func argonKey(password string, salt []byte, t, m uint32, p uint8, n uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey([]byte(password), salt, t, m, p, n)
}

// hashPassword returns the PHC string of an argon2id hash of password.
func hashPassword(password string) string {
	salt := make([]byte, argonSaltLen)
	rand.Read(salt)
	key := argonKey(password, salt, argonTime, argonMemory, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

var errBadHash = errors.New("server: not an argon2id hash")

// checkPassword reports whether password matches the PHC string encoded, in
// constant time once the key is computed.
func checkPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errBadHash
	}
	var v int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &v); err != nil || v != argon2.Version {
		return false, errBadHash
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 || m > 1<<20 || t == 0 || t > 16 || p == 0 {
		return false, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(parts[4])
	if err != nil {
		return false, errBadHash
	}
	want, err := b64.DecodeString(parts[5])
	if err != nil || len(want) == 0 {
		return false, errBadHash
	}
	got := argonKey(password, salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyHash is checked against when a sign-in names no account, so that an
// unknown name costs the same time as a wrong password.
var dummyHash = sync.OnceValue(func() string { return hashPassword("gaslamp: no such account") })

// validPassword checks a new password's length.
func validPassword(p string) bool {
	n := utf8.RuneCountInString(p)
	return utf8.ValidString(p) && n >= passwordMin && n <= passwordMax
}
