package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// fetch sends a GET (or HEAD) with headers and returns the answer and its
// raw body (not decompressed).
func fetch(t *testing.T, e *env, method, path string, hdr map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, e.url+path, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	// A transport of its own: the default one would ask for gzip and
	// decompress on its own, hiding what the server sent.
	tr := &http.Transport{DisableCompression: true}
	defer tr.CloseIdleConnections()
	resp, err := (&http.Client{Transport: tr}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

// TestStaticFilesCompressedAndRevalidated: the client's files, pages and
// catalogues go gzip-compressed to a browser that asks for it and as they
// are to one that does not, each with a strong ETag of its own; a request
// naming the ETag it holds gets 304 without a body; a small file is not
// compressed; a HEAD gets the headers only.
func TestStaticFilesCompressedAndRevalidated(t *testing.T) {
	script := []byte(strings.Repeat("export const x = 'a line of a script that repeats';\n", 200))
	e := newEnv(t, func(c *Config) {
		c.Static = fstest.MapFS{
			"js/big.js":     {Data: script},
			"js/small.js":   {Data: []byte("export {};\n")},
			"index.html":    {Data: []byte("<!doctype html><title>lobby</title>" + strings.Repeat("<p>text</p>", 300))},
			"notfound.html": {Data: []byte("<!doctype html><title>not found</title>")},
		}
	})

	plain, body := fetch(t, e, "GET", "/static/js/big.js", nil)
	if plain.StatusCode != http.StatusOK || !bytes.Equal(body, script) || plain.Header.Get("Content-Encoding") != "" ||
		!strings.HasPrefix(plain.Header.Get("Content-Type"), "text/javascript") || plain.Header.Get("Cache-Control") != "no-cache" ||
		plain.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("without gzip: %d %v, %d bytes", plain.StatusCode, plain.Header, len(body))
	}
	etag := plain.Header.Get("ETag")
	zipped, zbody := fetch(t, e, "GET", "/static/js/big.js", map[string]string{"Accept-Encoding": "br, gzip;q=0.8"})
	if zipped.Header.Get("Content-Encoding") != "gzip" || len(zbody) >= len(script)/4 {
		t.Fatalf("with gzip: %v, %d bytes of %d", zipped.Header, len(zbody), len(script))
	}
	zr, err := gzip.NewReader(bytes.NewReader(zbody))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, script) {
		t.Fatal("the gzip form is not the file")
	}
	zetag := zipped.Header.Get("ETag")
	if !strings.HasPrefix(etag, `"`) || zetag == etag || zetag == "" {
		t.Fatalf("ETags %q and %q", etag, zetag)
	}
	if r, _ := fetch(t, e, "GET", "/static/js/big.js", map[string]string{"Accept-Encoding": "gzip;q=0"}); r.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip;q=0 got gzip")
	}

	// Revalidation: the ETag held gives 304 and no body; another gives the
	// file.
	for _, c := range []struct {
		enc, inm string
		want     int
	}{
		{"", etag, http.StatusNotModified},
		{"", "W/" + etag, http.StatusNotModified},
		{"gzip", zetag, http.StatusNotModified},
		{"gzip", `"other", ` + zetag, http.StatusNotModified},
		{"", `"other"`, http.StatusOK},
		{"gzip", etag, http.StatusOK}, // the plain form's tag, for the gzip form
	} {
		r, b := fetch(t, e, "GET", "/static/js/big.js", map[string]string{"Accept-Encoding": c.enc, "If-None-Match": c.inm})
		if r.StatusCode != c.want || (c.want == http.StatusNotModified) != (len(b) == 0) {
			t.Fatalf("If-None-Match %s, Accept-Encoding %q: %d with %d bytes, want %d", c.inm, c.enc, r.StatusCode, len(b), c.want)
		}
		if c.want == http.StatusNotModified && r.Header.Get("ETag") == "" {
			t.Fatal("a 304 without its ETag")
		}
	}

	// A small file is sent as it is; a HEAD gets headers only.
	if r, b := fetch(t, e, "GET", "/static/js/small.js", map[string]string{"Accept-Encoding": "gzip"}); r.Header.Get("Content-Encoding") != "" || string(b) != "export {};\n" {
		t.Fatalf("a small file: %v %q", r.Header, b)
	}
	if r, b := fetch(t, e, "HEAD", "/static/js/big.js", map[string]string{"Accept-Encoding": "gzip"}); r.StatusCode != http.StatusOK || len(b) != 0 || r.Header.Get("Content-Length") != strconv.Itoa(len(zbody)) {
		t.Fatalf("HEAD: %d %v, %d bytes", r.StatusCode, r.Header, len(b))
	}

	// Pages and catalogues too; the not-found page keeps its 404.
	page, pbody := fetch(t, e, "GET", "/", map[string]string{"Accept-Encoding": "gzip", "Accept": "text/html"})
	if page.StatusCode != http.StatusOK || page.Header.Get("Content-Encoding") != "gzip" || page.Header.Get("ETag") == "" ||
		!strings.HasPrefix(page.Header.Get("Content-Type"), "text/html") || len(pbody) == 0 {
		t.Fatalf("the lobby page: %d %v", page.StatusCode, page.Header)
	}
	cat, _ := fetch(t, e, "GET", "/i18n/fr.json", map[string]string{"Accept-Encoding": "gzip"})
	if cat.StatusCode != http.StatusOK || cat.Header.Get("Content-Encoding") != "gzip" || cat.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("a catalogue: %d %v", cat.StatusCode, cat.Header)
	}
	if r, _ := fetch(t, e, "GET", "/i18n/fr.json", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": cat.Header.Get("ETag")}); r.StatusCode != http.StatusNotModified {
		t.Fatalf("a catalogue revalidated: %d", r.StatusCode)
	}
	if r, _ := fetch(t, e, "GET", "/no/such/page", map[string]string{"Accept": "text/html"}); r.StatusCode != http.StatusNotFound || r.Header.Get("ETag") != "" {
		t.Fatalf("the not-found page: %d %v", r.StatusCode, r.Header)
	}
	if r, _ := fetch(t, e, "GET", "/static/js/none.js", nil); r.StatusCode != http.StatusNotFound {
		t.Fatalf("a missing file: %d", r.StatusCode)
	}
}
