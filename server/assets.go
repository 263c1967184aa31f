package server

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
)

// Static files, pages and catalogues as the server sends them. The client's
// files are built into the binary and never change while it runs, so each
// is read once and kept with a strong ETag (a hash of its bytes) and, for
// text of some size, its gzip form: a browser that asks for gzip gets that
// (the table page's scripts, catalogue, board and styles are about 600 KiB,
// 180 KiB compressed), and a browser revalidating what it holds (they are
// served "no-cache": always checked, never stale after an upgrade) gets a
// 304 without a body. The gzip form has an ETag of its own ("-gz"), as two
// encodings of a file are two representations.

// asset is one file as the server sends it.
type asset struct {
	data  []byte
	gz    []byte // nil when compressing does not pay
	ctype string
	etag  string // quoted, of data; the gzip form's ends in -gz"
}

// minGzip is the least size worth compressing.
const minGzip = 1024

// newAsset prepares data, of content type ctype, for sending.
func newAsset(data []byte, ctype string) *asset {
	sum := sha256.Sum256(data)
	a := &asset{data: data, ctype: ctype, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
	if len(data) >= minGzip && compressible(ctype) {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		if b.Len() < len(data)*9/10 {
			a.gz = b.Bytes()
		}
	}
	return a
}

// compressible says whether a content type is text that gzip shrinks.
func compressible(ctype string) bool {
	t, _, _ := strings.Cut(ctype, ";")
	t = strings.TrimSpace(t)
	return strings.HasPrefix(t, "text/") || t == "application/json" || t == "application/javascript" ||
		t == "image/svg+xml" || t == "application/manifest+json"
}

// assetCache holds the prepared files by name.
type assetCache struct {
	mu sync.Mutex
	m  map[string]*asset
}

// get returns the asset kept under key, preparing it with load the first
// time; load's error is returned and nothing is kept.
func (c *assetCache) get(key string, load func() ([]byte, string, error)) (*asset, error) {
	c.mu.Lock()
	a, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return a, nil
	}
	data, ctype, err := load()
	if err != nil {
		return nil, err
	}
	a = newAsset(data, ctype)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[string]*asset{}
	}
	c.m[key] = a
	c.mu.Unlock()
	return a, nil
}

// staticAsset returns the client's file name, typed by its extension.
func (s *Server) staticAsset(name string) (*asset, error) {
	return s.assets.get("f:"+name, func() ([]byte, string, error) {
		data, err := fs.ReadFile(s.static(), name)
		if err != nil {
			return nil, "", err
		}
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = http.DetectContentType(data)
		}
		return data, ctype, nil
	})
}

// acceptsGzip says whether the request's Accept-Encoding takes gzip (not
// with q=0).
func acceptsGzip(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") && strings.TrimSpace(coding) != "*" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			if k, v, ok := strings.Cut(strings.TrimSpace(p), "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		return q > 0
	}
	return false
}

// matches says whether an If-None-Match header names etag (weakly
// compared, as RFC 9110 asks for If-None-Match), or is "*".
func matches(header, etag string) bool {
	for _, tag := range strings.Split(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}

// serve writes a with status (200, or 404 for the not-found page), the
// Cache-Control given, gzip when the client takes it, and answers a
// matching If-None-Match with 304 (a 200 only).
func (a *asset) serve(w http.ResponseWriter, r *http.Request, status int, cacheControl string) {
	h := w.Header()
	body, etag := a.data, a.etag
	if a.gz != nil {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = a.gz, strings.TrimSuffix(a.etag, `"`)+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Type", a.ctype)
	h.Set("Cache-Control", cacheControl)
	if status == http.StatusOK {
		h.Set("ETag", etag)
		if inm := r.Header.Get("If-None-Match"); inm != "" && matches(inm, etag) {
			h.Del("Content-Encoding")
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}
