package whitehall

import "gaslamp/game"

// Audiences of the events: Jack alone, everyone but Jack (spectators
// included), and everyone.
var (
	toJack   = game.Only(0)
	toOthers = game.AllBut(0)
	toAll    = game.Public
)

// emit adds an event of type typ ("whitehall." is prefixed) for audience to,
// with the message key ("whitehall.ev." is prefixed) and its arguments. Data
// repeats the arguments for drawing. It does nothing when the log is off.
func emit(log *game.Log, typ string, to game.Audience, key string, kv ...any) {
	if !log.On() {
		return
	}
	text := game.T("whitehall.ev."+key, kv...)
	var data map[string]any
	if len(text.Args) > 0 {
		data = text.Args // the same map: neither is changed once logged
	}
	log.Add(game.Event{Type: "whitehall." + typ, To: to, Text: text, Data: data})
}
