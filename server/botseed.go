package server

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"

	"gaslamp/store"
)

// botSecretName is the store setting that holds the server secret bots'
// random streams derive from. It is made with crypto/rand on the first start
// and shared by every node on the store (the first node's value wins).
const botSecretName = "bot-secret"

// loadBotSecret reads the server secret from the store, making it first
// when there is none.
func (s *Server) loadBotSecret(ctx context.Context) error {
	secret, err := serverSecret(ctx, s.store)
	if err != nil {
		return err
	}
	s.bots.secret = secret
	return nil
}

// serverSecret reads the server secret from st, making it first when
// there is none.
func serverSecret(ctx context.Context, st store.Store) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, fmt.Errorf("server: no randomness: %w", err)
	}
	v, err := st.EnsureSetting(ctx, botSecretName, hex.EncodeToString(b))
	if err != nil {
		return nil, fmt.Errorf("server: bot secret: %w", err)
	}
	secret, err := hex.DecodeString(v)
	if err != nil || len(secret) < 16 {
		return nil, fmt.Errorf("server: bot secret in the store is malformed")
	}
	return secret, nil
}

// botSeed is the seed of the bot of seat at table id from the table's
// version: HMAC-SHA256(server secret, id, seat, version). Nothing a seat sees
// (nor the table's seed, which is no input) lets anyone predict it without
// the secret, and the table's seed cannot be recovered from the bots' play.
// Replays need no bot seed: bots' moves are stored as moves.
func botSeed(secret []byte, id string, seat int, version int64) uint64 {
	m := hmac.New(sha256.New, secret)
	var b [8 + 8]byte
	binary.BigEndian.PutUint64(b[:8], uint64(int64(seat)))
	binary.BigEndian.PutUint64(b[8:], uint64(version))
	m.Write([]byte(id))
	m.Write([]byte{0})
	m.Write(b[:])
	return binary.BigEndian.Uint64(m.Sum(nil)[:8])
}
