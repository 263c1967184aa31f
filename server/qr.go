package server

// QR codes of invitation and transfer links, for a phone to scan (issue 12,
// must-have 8). The encoder is github.com/piglig/go-qr; the server sends the
// modules and the page draws them, so the link itself travels only in a POST
// body (never in a URL that logs keep).

import (
	"net/http"
	"net/url"
	"strings"

	qr "github.com/piglig/go-qr"

	"gaslamp/store"
)

// qrMaxText bounds the text of a QR code (an invite link is about 60 bytes).
const qrMaxText = 512

type qrIn struct {
	Text string `json:"text"`
}

// qrOut is a QR code: Size modules a side, row y of Rows holding '1' for a
// dark module and '0' for a light one. A reader needs a light border of 4
// modules around it (the page draws it).
type qrOut struct {
	Size int      `json:"size"`
	Rows []string `json:"rows"`
}

// encodeQR encodes text with medium error correction.
func encodeQR(text string) (qrOut, error) {
	code, err := qr.EncodeText(text, qr.Medium)
	if err != nil {
		return qrOut{}, err
	}
	n := code.Size()
	out := qrOut{Size: n, Rows: make([]string, n)}
	var b strings.Builder
	for y := 0; y < n; y++ {
		b.Reset()
		for x := 0; x < n; x++ {
			if code.Module(x, y) {
				b.WriteByte('1')
			} else {
				b.WriteByte('0')
			}
		}
		out.Rows[y] = b.String()
	}
	return out, nil
}

// handleQR answers POST /api/qr {"text": an http(s) URL of this site}
// with the QR code of the text.
func (s *Server) handleQR(w http.ResponseWriter, r *http.Request, sess store.Session, user store.User) {
	if !s.limiter.allowBoth("join", sess.TokenHash, s.cfg.Limits.Join, clientIP(r), s.cfg.Limits.JoinIP) {
		s.httpError(w, http.StatusTooManyRequests, errRateLimited)
		return
	}
	var in qrIn
	if err := readJSON(r, &in); err != nil || in.Text == "" || len(in.Text) > qrMaxText {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	u, err := url.Parse(in.Text)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host != r.Host {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	out, err := encodeQR(in.Text)
	if err != nil {
		s.httpError(w, http.StatusBadRequest, badRequest("err.bad-request"))
		return
	}
	writeJSON(w, http.StatusOK, out)
}
