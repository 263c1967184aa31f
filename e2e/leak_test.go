package e2e

import (
	"encoding/json"
	"testing"
)

// TestSecretChecksCatchLeaks shows that the frame checks of the browser tests
// would see a leak: frames as the server sends them, with and without Jack's
// secrets. It needs no browser.
func TestSecretChecksCatchLeaks(t *testing.T) {
	cases := []struct {
		name  string
		rules secretRules
		frame string
		leaks bool
	}{
		{"whitehall investigators' update", whitehallSecrets,
			`{"t":"update","v":9,"events":[{"type":"whitehall.jack-moved","text":{"key":"whitehall.ev.jack-walk","args":{"move":1,"space":1}},"data":{"move":1,"space":1}}],"views":{"1":{"seat":1,"phase":"move","rounds":[{"start":42,"moves":[],"obs":[{"time":1,"circle":43,"kind":"no-clue"}]}],"possible":[{"circle":43,"count":1}]}},"legal":{"1":[{"kind":"search","circle":43}]},"outcome":{"over":false}}`,
			false},
		{"whitehall trail in a view", whitehallSecrets,
			`{"t":"update","v":9,"views":{"1":{"seat":1,"trail":[[42,43]]}},"outcome":{"over":false}}`, true},
		{"whitehall circle in a view", whitehallSecrets,
			`{"t":"update","v":9,"views":{"2":{"seat":2,"circle":43}},"outcome":{"over":false}}`, true},
		{"whitehall locations in a view", whitehallSecrets,
			`{"t":"state","v":3,"you":[1,2,3],"views":{"3":{"seat":3,"locations":[1,2,3,4]}},"outcome":{"over":false}}`, true},
		{"whitehall Jack's view", whitehallSecrets,
			`{"t":"update","v":9,"views":{"0":{"seat":0}},"outcome":{"over":false}}`, true},
		{"whitehall Jack's seat", whitehallSecrets,
			`{"t":"state","v":9,"you":[0],"views":{},"outcome":{"over":false}}`, true},
		{"whitehall Jack's own move event", whitehallSecrets,
			`{"t":"update","v":9,"events":[{"type":"whitehall.jack-moved","text":{"key":"whitehall.ev.you-walked","args":{"circle":43,"space":1}},"data":{"circle":43,"space":1}}],"views":{"1":{"seat":1}},"outcome":{"over":false}}`, true},
		{"whitehall move event with its circle", whitehallSecrets,
			`{"t":"update","v":9,"events":[{"type":"whitehall.jack-moved","text":{"key":"whitehall.ev.jack-walk"},"data":{"circle":43}}],"views":{"1":{"seat":1}},"outcome":{"over":false}}`, true},
		{"whitehall location in a state's history", whitehallSecrets,
			`{"t":"state","v":9,"you":[1],"views":{"1":{"seat":1}},"history":[{"v":1,"events":[{"type":"whitehall.location","text":{"key":"whitehall.ev.location-chosen"},"data":{"circle":43}}]}],"outcome":{"over":false}}`, true},
		{"pocket investigator's update", pocketSecrets,
			`{"t":"update","v":5,"events":[{"type":"pocket.jack-alibi","text":{"key":"pocket.ev.jack-alibi"},"data":{"count":1,"pile":6}},{"type":"pocket.alibi-shown","text":{"key":"pocket.ev.alibi-shown"},"data":{"card":"gull","hourglasses":1}}],"views":{"1":{"seat":1,"actor":"jack","order":["jack","investigator","investigator","jack"],"publicHourglasses":1,"lastCall":{"turn":1,"jackVisible":true,"cleared":[]}}},"outcome":{"over":false}}`,
			false},
		{"pocket identity in a view", pocketSecrets,
			`{"t":"update","v":5,"views":{"1":{"seat":1,"jack":"gull"}},"outcome":{"over":false}}`, true},
		{"pocket hourglasses in a view", pocketSecrets,
			`{"t":"update","v":5,"views":{"1":{"seat":1,"hourglasses":3}},"outcome":{"over":false}}`, true},
		{"pocket Jack's alibi card", pocketSecrets,
			`{"t":"update","v":5,"events":[{"type":"pocket.jack-alibi-secret","text":{"key":"pocket.ev.jack-alibi-secret"},"data":{"card":"gull"}}],"views":{"1":{"seat":1}},"outcome":{"over":false}}`, true},
	}
	for _, c := range cases {
		var m wireMsg
		if err := json.Unmarshal([]byte(c.frame), &m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		why := c.rules.leak(&m, []byte(c.frame))
		if (why != "") != c.leaks {
			t.Errorf("%s: leak = %q, want a leak: %v", c.name, why, c.leaks)
		}
	}

	// The value checks: Jack's secret values as the frames encode them.
	jack := map[string]json.RawMessage{
		"trail":     json.RawMessage(`[[42,43,44,45,46],[46,47]]`),
		"locations": json.RawMessage(`[1,2,3,4]`),
	}
	if got := whitehallSecrets.values(jack); len(got) != 2 || got[0] != "[42,43,44,45,46]" || got[1] != "[1,2,3,4]" {
		t.Errorf("whitehall secret values = %q", got)
	}
	if got := pocketSecrets.values(map[string]json.RawMessage{"jack": json.RawMessage(`"gull"`)}); len(got) != 1 || got[0] != `"jack":"gull"` {
		t.Errorf("pocket secret values = %q", got)
	}
}
