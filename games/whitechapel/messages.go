package whitechapel

import (
	"embed"
	"encoding/json"
	"sync"

	"gaslamp/game"
)

//go:embed messages/en.json messages/fr.json messages/nl.json
var messageFS embed.FS

var (
	catOnce sync.Once
	catalog game.Catalog
)

// Messages implements game.Rules: the catalogue of every "whitechapel." key
// in English, French and Dutch (messages/*.json). The shared "err.*" keys
// of package game are translated elsewhere.
func (Rules) Messages() game.Catalog {
	catOnce.Do(func() {
		catalog = game.Catalog{}
		for _, lang := range game.Languages {
			data, err := messageFS.ReadFile("messages/" + lang + ".json")
			if err != nil {
				panic("whitechapel: " + err.Error())
			}
			m := map[string]string{}
			if err := json.Unmarshal(data, &m); err != nil {
				panic("whitechapel: messages/" + lang + ".json: " + err.Error())
			}
			catalog[lang] = m
		}
	})
	// Callers may Merge into the result: give each its own copy.
	out := make(game.Catalog, len(catalog))
	for lang, m := range catalog {
		cp := make(map[string]string, len(m))
		for k, v := range m {
			cp[k] = v
		}
		out[lang] = cp
	}
	return out
}
