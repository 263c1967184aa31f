package whitechapel

import "gaslamp/game"

// Audiences of the events: Jack alone, everyone but Jack (spectators
// included), everyone, the police alone, and everyone but the police.
var (
	toJack      = game.Only(0)
	toOthers    = game.AllBut(0)
	toAll       = game.Public
	toPolice    = game.Only(1, 2, 3, 4, 5)
	toNotPolice = game.Audience{Seats: game.SeatsOf(0), Spectators: true}
)

// emit adds an event of type typ ("whitechapel." is prefixed) for audience
// to, with the message key ("whitechapel.ev." is prefixed) and its
// arguments. Data repeats the arguments for drawing. Callers test log.On()
// first, so that a playout builds no event.
func emit(log *game.Log, typ string, to game.Audience, key string, kv ...any) {
	if !log.On() {
		return
	}
	text := game.T("whitechapel.ev."+key, kv...)
	var data map[string]any
	if len(text.Args) > 0 {
		data = make(map[string]any, len(text.Args))
		for k, v := range text.Args {
			data[k] = v
		}
	}
	log.Add(game.Event{Type: "whitechapel." + typ, To: to, Text: text, Data: data})
}
