package server

import (
	"image"
	"image/color"
	"net/http"
	"strings"
	"testing"

	qr "github.com/piglig/go-qr"
)

// qrImage draws a code as the page does: 4 light modules of border, scale
// pixels a module.
func qrImage(c qrOut, scale int) image.Image {
	n := (c.Size + 8) * scale
	img := image.NewGray(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			mx, my := x/scale-4, y/scale-4
			dark := mx >= 0 && my >= 0 && mx < c.Size && my < c.Size && c.Rows[my][mx] == '1'
			if dark {
				img.SetGray(x, y, color.Gray{0})
			} else {
				img.SetGray(x, y, color.Gray{255})
			}
		}
	}
	return img
}

func TestQRCodeOfAnInvite(t *testing.T) {
	e := newEnv(t, nil)
	alice := e.guest("Alice")
	c := alice.table("6", 0, "human", "human")
	link := e.url + c.Invites["1"]
	var out qrOut
	if code := alice.do("POST", "/api/qr", map[string]string{"text": link}, &out); code != http.StatusOK {
		t.Fatalf("qr: %d", code)
	}
	if out.Size < 21 || len(out.Rows) != out.Size || len(out.Rows[0]) != out.Size {
		t.Fatalf("qr of size %d with %d rows", out.Size, len(out.Rows))
	}
	// A reader gets the link back from the drawing.
	got, err := qr.Decode(qrImage(out, 4))
	if err != nil || got != link {
		t.Fatalf("decoded %q (%v), want %q", got, err, link)
	}
	// Only links of this site, not too long, and never without a session.
	for _, bad := range []string{"", "javascript:alert(1)", "https://elsewhere.example/join/x", e.url + "/" + strings.Repeat("x", qrMaxText)} {
		if code := alice.do("POST", "/api/qr", map[string]string{"text": bad}, nil); code != http.StatusBadRequest {
			t.Fatalf("qr of %.40q: %d, want 400", bad, code)
		}
	}
	anon := &user{e: e}
	if code := anon.do("POST", "/api/qr", map[string]string{"text": link}, nil); code == http.StatusOK {
		t.Fatalf("qr without a session: %d", code)
	}
}
