package e2e

import (
	"encoding/json"
	"testing"
)

// TestWhitechapelJekyllChecksCatchLeaks shows that the frame checks of the
// Whitechapel and Jekyll browser tests would see a leak: frames as the server
// sends them, with and without a secret. It needs no browser.
func TestWhitechapelJekyllChecksCatchLeaks(t *testing.T) {
	// Whitechapel, the police's frames: Jack's secrets.
	police := []struct {
		name  string
		frame string
		leaks bool
	}{
		{"police update of Jack's walk",
			`{"t":"update","v":32,"events":[{"type":"whitechapel.jack-moved","text":{"key":"whitechapel.ev.jack-walk","args":{"left":16,"move":1}},"data":{"left":16,"move":1}}],"views":{"1":{"seat":1,"phase":"move","night":1,"patrols":[],"women":[],"policemen":[{"seat":1,"id":"blue","crossing":"J75"}],"hideouts":[{"circle":51,"weight":1}]}},"outcome":{"over":false}}`,
			false},
		{"police update of a woman token",
			`{"t":"update","v":3,"events":[{"type":"whitechapel.woman","text":{"key":"whitechapel.ev.woman","args":{"left":4}},"data":{"left":4}}],"views":{"1":{"seat":1,"women":[]}},"outcome":{"over":false}}`,
			false},
		{"police update of the last woman token, the circles as a whole",
			`{"t":"update","v":7,"events":[{"type":"whitechapel.woman","text":{"key":"whitechapel.ev.woman","args":{"left":0}},"data":{"left":0}},{"type":"whitechapel.women","text":{"key":"whitechapel.ev.women","args":{"circles":"65, 84"}},"data":{"circles":"65, 84"}}],"views":{"1":{"seat":1,"women":[65,84]}},"outcome":{"over":false}}`,
			false},
		{"police update of a woman token with its circle (the order, L10)",
			`{"t":"update","v":3,"events":[{"type":"whitechapel.woman","text":{"key":"whitechapel.ev.woman","args":{"circle":65,"left":4}},"data":{"circle":65,"left":4}}],"views":{"1":{"seat":1,"women":[]}},"outcome":{"over":false}}`,
			true},
		{"hideout in a view", `{"t":"update","v":9,"views":{"2":{"seat":2,"hideout":51}},"outcome":{"over":false}}`, true},
		{"marked women in a view", `{"t":"update","v":9,"views":{"2":{"seat":2,"marked":[84]}},"outcome":{"over":false}}`, true},
		{"trail in a view", `{"t":"update","v":9,"views":{"3":{"seat":3,"trail":[[51,50]]}},"outcome":{"over":false}}`, true},
		{"circle in a view", `{"t":"update","v":9,"views":{"4":{"seat":4,"circle":50}},"outcome":{"over":false}}`, true},
		{"Jack's view", `{"t":"update","v":9,"views":{"0":{"seat":0}},"outcome":{"over":false}}`, true},
		{"Jack's walk with its circle",
			`{"t":"update","v":32,"events":[{"type":"whitechapel.jack-moved","text":{"key":"whitechapel.ev.you-walk","args":{"circle":50,"left":16}},"data":{"circle":50,"left":16}}],"views":{"1":{"seat":1}},"outcome":{"over":false}}`,
			true},
		{"a marked woman event",
			`{"t":"update","v":3,"events":[{"type":"whitechapel.woman","text":{"key":"whitechapel.ev.woman-marked","args":{"circle":65}},"data":{"circle":65}}],"views":{"1":{"seat":1}},"outcome":{"over":false}}`,
			true},
		{"the hideout event in a state's history",
			`{"t":"state","v":3,"you":[1,2,3,4,5],"views":{"1":{"seat":1}},"history":[{"v":1,"events":[{"type":"whitechapel.hideout","text":{"key":"whitechapel.ev.hideout","args":{"circle":51}},"data":{"circle":51}}]}],"outcome":{"over":false}}`,
			true},
	}
	for _, c := range police {
		var m wireMsg
		if err := json.Unmarshal([]byte(c.frame), &m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if why := whitechapelSecrets.leak(&m, []byte(c.frame)); (why != "") != c.leaks {
			t.Errorf("whitechapel police: %s: leak = %q, want a leak: %v", c.name, why, c.leaks)
		}
	}
	if got := whitechapelSecrets.values(map[string]json.RawMessage{"trail": json.RawMessage(`[[51,50],[12,13,14,15,16]]`)}); len(got) != 1 || got[0] != "[12,13,14,15,16]" {
		t.Errorf("whitechapel secret values = %q", got)
	}

	// Whitechapel, Jack's frames: the face-down patrol tokens.
	jack := []struct {
		name  string
		frame string
		leaks bool
	}{
		{"Jack's patrol update",
			`{"t":"update","v":10,"events":[{"type":"whitechapel.patrol","text":{"key":"whitechapel.ev.patrol","args":{"crossing":"J107","left":6}},"data":{"crossing":"J107","left":6}}],"views":{"0":{"seat":0,"patrols":[{"crossing":"J107","faceUp":false},{"crossing":"J44","faceUp":true,"token":"red"}]}},"outcome":{"over":false}}`,
			false},
		{"a face-down token's colour",
			`{"t":"update","v":10,"views":{"0":{"seat":0,"patrols":[{"crossing":"J107","faceUp":false,"token":"blue"}]}},"outcome":{"over":false}}`,
			true},
		{"the police's patrol event",
			`{"t":"update","v":10,"events":[{"type":"whitechapel.patrol","text":{"key":"whitechapel.ev.patrol-police","args":{"crossing":"J107","left":6,"token":{"key":"whitechapel.token.fake"}}},"data":{"crossing":"J107","left":6,"token":{"key":"whitechapel.token.fake"}}}],"views":{"0":{"seat":0}},"outcome":{"over":false}}`,
			true},
		{"a policeman's view", `{"t":"update","v":10,"views":{"1":{"seat":1}},"outcome":{"over":false}}`, true},
	}
	for _, c := range jack {
		var m wireMsg
		if err := json.Unmarshal([]byte(c.frame), &m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if why := wcJackLeak(&m, []byte(c.frame)); (why != "") != c.leaks {
			t.Errorf("whitechapel jack: %s: leak = %q, want a leak: %v", c.name, why, c.leaks)
		}
	}

	// Jekyll & Hyde: Jekyll's frames (seat 0).
	const view = `"seat":0,"round":1,"phase":"night","chat":false,"handCount":[7,6],"deckCount":6,"aside":4,` +
		`"hand":["red-1","red-2","red-3","red-5","red-6","blue-1","potion-1"],"gifts":["blue-8","black-2","black-4","black-8"],` +
		`"tracked":[{"card":"blue-8","where":["deck","hyde"]}],"lacks":[["8"],[]],"ranks":[{"colour":"black","token":1}],` +
		`"trick":{"number":2,"cards":[{"by":"city","card":"black-5"},{"by":"hyde","card":"potion-3"}],"paired":[0,1]},` +
		`"tricks":[{"number":1,"cards":[{"by":"city","card":"black-4"},{"by":"hyde","card":"potion-4"},{"by":"jekyll","card":"black-1"}],"owner":"city"}]`
	jk := []struct {
		name  string
		frame string
		leaks bool
	}{
		{"Jekyll's update",
			`{"t":"update","v":14,"events":[{"type":"jekyll.played","text":{"key":"jekyll.ev.played","args":{"card":"potion-3","seat":"Hyde"}},"data":{"card":"potion-3","seat":"hyde"}}],"views":{"0":{` + view + `,"pending":{"seat":"hyde","kind":"swap-card"}}},"legal":{},"outcome":{"over":false}}`,
			false},
		{"Jekyll's own swap",
			`{"t":"update","v":15,"events":[{"type":"jekyll.swapped-card","text":{"key":"jekyll.ev.swapped-card-you"},"data":{"seat":"jekyll","gave":"red-6","took":"blue-1"}}],"views":{"0":{` + view + `,"topKnown":"red-6"}},"outcome":{"over":false}}`,
			false},
		{"a state whose history names earlier cards",
			`{"t":"state","v":14,"you":[0],"views":{"0":{` + view + `}},"history":[{"v":3,"events":[{"type":"jekyll.played","data":{"card":"red-4","seat":"hyde"}}]}],"outcome":{"over":false}}`,
			false},
		{"a card of Hyde's hand",
			`{"t":"update","v":14,"views":{"0":{` + view + `,"pending":{"seat":"jekyll","kind":"swap-card","choices":["red-4"]}}},"outcome":{"over":false}}`,
			true},
		{"Hyde's gift",
			`{"t":"update","v":5,"events":[{"type":"jekyll.gave","data":{"seat":"hyde","card":"red-7"}}],"views":{"0":{` + view + `}},"outcome":{"over":false}}`,
			true},
		{"Hyde's swap",
			`{"t":"update","v":15,"events":[{"type":"jekyll.swapped-card","data":{"seat":"hyde","gave":"red-4","took":"blue-8"}}],"views":{"0":{` + view + `}},"outcome":{"over":false}}`,
			true},
		{"Hyde's dealt hand",
			`{"t":"update","v":2,"events":[{"type":"jekyll.hand","data":{"cards":["red-4","red-7"]}}],"views":{"0":{` + view + `}},"outcome":{"over":false}}`,
			true},
		{"Hyde's view", `{"t":"update","v":14,"views":{"1":{"seat":1,"phase":"night"}},"outcome":{"over":false}}`, true},
		{"Hyde's seat", `{"t":"state","v":14,"you":[1],"views":{},"outcome":{"over":false}}`, true},
		{"the reveal", `{"t":"update","v":14,"views":{"0":{` + view + `,"reveal":{"hands":[[],[]],"deck":[],"aside":[]}}},"outcome":{"over":false}}`, true},
		{"the City deck's next card", `{"t":"update","v":14,"events":[{"type":"jekyll.reveal","data":{"card":"black-6","trick":3}}],"views":{"0":{` + view + `}},"outcome":{"over":false}}`, true},
	}
	for _, c := range jk {
		var m jkFrame
		if err := json.Unmarshal([]byte(c.frame), &m); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if why := jkLeak(0, []byte(c.frame), &m); (why != "") != c.leaks {
			t.Errorf("jekyll: %s: leak = %q, want a leak: %v", c.name, why, c.leaks)
		}
	}
}
