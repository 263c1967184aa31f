package whitehall

import (
	"embed"
	"sync"

	"gaslamp/game"
)

//go:embed messages/en.json messages/fr.json messages/nl.json
var messageFS embed.FS

var catalog = sync.OnceValue(func() game.Catalog { return game.MustLoadCatalog(messageFS, "messages") })

// Messages implements game.Rules: the catalogue of every "whitehall." key in
// English, French and Dutch (messages/*.json), a copy the caller may Merge
// into. The shared "err.*" keys of package game are translated elsewhere.
func (Rules) Messages() game.Catalog { return catalog().Clone() }
