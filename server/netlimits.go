package server

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// Connection bounds (docs/security.md, "Connection limits").
const (
	// DefaultHelloTimeout is how long a WebSocket may stay silent before its
	// hello before it is closed.
	DefaultHelloTimeout = 10 * time.Second
	// DefaultPingEvery is the period of the server's WebSocket pings;
	// DefaultPongTimeout is how long the client has to answer one.
	DefaultPingEvery   = 30 * time.Second
	DefaultPongTimeout = 15 * time.Second
	// DefaultConnsPerAddr and DefaultConnsPerSession cap the WebSockets open
	// at once from one client address (an IPv6 /64) and one session.
	DefaultConnsPerAddr    = 16
	DefaultConnsPerSession = 8
	// DefaultRateNotices is how many `rate-limited` notices a connection
	// gets (at most one a second, its excess frames dropped) before it is
	// closed for sustained abuse.
	DefaultRateNotices = 10
	// DefaultBodyTimeout and DefaultWriteTimeout bound reading a request's
	// body and writing its answer (not WebSockets, which clear both).
	DefaultBodyTimeout  = 10 * time.Second
	DefaultWriteTimeout = 30 * time.Second
)

// ParseTrustedProxies parses a comma separated list of CIDRs (a bare
// address is its own /32 or /128).
func ParseTrustedProxies(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if !strings.Contains(f, "/") {
			a, err := netip.ParseAddr(f)
			if err != nil {
				return nil, fmt.Errorf("bad trusted proxy %q: want a CIDR such as 10.0.0.0/8 or an address", f)
			}
			out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("bad trusted proxy %q: want a CIDR such as 10.0.0.0/8", f)
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// ParsePublicURLs parses the site's public origins (comma separated
// http(s)://host[:port] URLs, without a path).
func ParsePublicURLs(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if strings.Contains(f, "@") {
			// Not quoted: the part before the @ may hold a password.
			return nil, errors.New("bad public URL: want http(s)://host[:port], with no user name or password (the value is not shown, it may hold one)")
		}
		u, err := url.Parse(f)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return nil, fmt.Errorf("bad public URL %q: want http(s)://host[:port]", f)
		}
		out = append(out, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return out, nil
}

func trusted(a netip.Addr, ps []netip.Prefix) bool {
	for _, p := range ps {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// peerAddr is the request's client address: RemoteAddr, or, when the direct
// peer is a trusted proxy, the rightmost untrusted hop of Forwarded or
// X-Forwarded-For.
func (s *Server) peerAddr(r *http.Request) netip.Addr {
	return clientAddr(r, s.cfg.TrustedProxies)
}

func clientAddr(r *http.Request, proxies []netip.Prefix) netip.Addr {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}
	}
	peer = peer.Unmap().WithZone("")
	if len(proxies) == 0 || !trusted(peer, proxies) {
		return peer
	}
	hops := forwardedHops(r)
	for i := len(hops) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(hops[i])
		if err != nil {
			return peer // a hop we cannot read: do not go past it
		}
		a = a.Unmap().WithZone("")
		if !trusted(a, proxies) {
			return a
		}
		peer = a
	}
	return peer
}

// forwardedHops lists the client addresses of Forwarded (preferred) or else
// X-Forwarded-For, leftmost first.
func forwardedHops(r *http.Request) []string {
	var hops []string
	if fw := r.Header.Values("Forwarded"); len(fw) > 0 {
		for _, line := range fw {
			for _, elem := range strings.Split(line, ",") {
				for _, pair := range strings.Split(elem, ";") {
					k, v, ok := strings.Cut(strings.TrimSpace(pair), "=")
					if !ok || !strings.EqualFold(k, "for") {
						continue
					}
					v = strings.Trim(v, `"`)
					if strings.HasPrefix(v, "[") {
						if i := strings.Index(v, "]"); i > 0 {
							v = v[1:i]
						}
					} else if h, _, err := net.SplitHostPort(v); err == nil {
						v = h
					}
					hops = append(hops, v)
				}
			}
		}
		return hops
	}
	for _, line := range r.Header.Values("X-Forwarded-For") {
		for _, h := range strings.Split(line, ",") {
			if h = strings.TrimSpace(h); h != "" {
				hops = append(hops, h)
			}
		}
	}
	return hops
}

// addrKey is the key of per-address limits: the IPv4 address, or the /64
// of an IPv6 address.
func addrKey(a netip.Addr) string {
	if !a.IsValid() {
		return "?"
	}
	if a.Is4() {
		return a.String()
	}
	p, _ := a.Prefix(64)
	return p.String()
}

// loopbackHost reports whether an origin's host is localhost, 127.0.0.0/8 or
// [::1].
func loopbackHost(hostport string) bool {
	h := hostport
	if hh, _, err := net.SplitHostPort(hostport); err == nil {
		h = hh
	}
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Unmap().IsLoopback()
}

// originOK reports whether a request comes from one of the site's pages: an
// Origin among Config.PublicURLs, matching Config.Origins, or, with no
// PublicURLs, a loopback origin (local play). The Host header is never
// trusted (DNS rebinding). A request without Origin (not from a browser
// page) passes.
func (s *Server) originOK(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	o := strings.ToLower(u.Scheme + "://" + u.Host)
	for _, p := range s.cfg.PublicURLs {
		if o == p {
			return true
		}
	}
	for _, p := range s.cfg.Origins {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return len(s.cfg.PublicURLs) == 0 && loopbackHost(u.Host)
}

// connCaps counts the open WebSockets per address key and per session.
type connCaps struct {
	mu     sync.Mutex
	byAddr map[string]int
	bySess map[string]int
	// conns holds the open WebSockets of each session, so that signing out
	// closes them (a revoked session keeps no seat's view open).
	conns map[string]map[*conn]struct{}
}

// track records c as an open connection of its session until untrack.
func (c *connCaps) track(cn *conn) {
	if cn.sess == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.conns == nil {
		c.conns = map[string]map[*conn]struct{}{}
	}
	if c.conns[cn.sess] == nil {
		c.conns[cn.sess] = map[*conn]struct{}{}
	}
	c.conns[cn.sess][cn] = struct{}{}
}

func (c *connCaps) untrack(cn *conn) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m := c.conns[cn.sess]; m != nil {
		delete(m, cn)
		if len(m) == 0 {
			delete(c.conns, cn.sess)
		}
	}
}

// closeSession closes every open WebSocket of session sess on this node.
func (c *connCaps) closeSession(sess string) int {
	c.mu.Lock()
	list := make([]*conn, 0, len(c.conns[sess]))
	for cn := range c.conns[sess] {
		list = append(list, cn)
	}
	c.mu.Unlock()
	for _, cn := range list {
		cn.closeWith(websocket.StatusPolicyViolation, "signed out")
	}
	return len(list)
}

// sessions returns the sessions that have open connections.
func (c *connCaps) sessions() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]string, 0, len(c.conns))
	for h, set := range c.conns {
		if len(set) > 0 {
			out = append(out, h)
		}
	}
	return out
}

var errTooManyConns = errors.New("too many connections")

// acquire counts one more connection for addr and sess ("" for none), or
// refuses when either is at its cap (0: no cap).
func (c *connCaps) acquire(addr, sess string, perAddr, perSess int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byAddr == nil {
		c.byAddr, c.bySess = map[string]int{}, map[string]int{}
	}
	if perAddr > 0 && c.byAddr[addr] >= perAddr {
		return errTooManyConns
	}
	if sess != "" && perSess > 0 && c.bySess[sess] >= perSess {
		return errTooManyConns
	}
	c.byAddr[addr]++
	if sess != "" {
		c.bySess[sess]++
	}
	return nil
}

func (c *connCaps) release(addr, sess string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byAddr[addr]--; c.byAddr[addr] <= 0 {
		delete(c.byAddr, addr)
	}
	if sess != "" {
		if c.bySess[sess]--; c.bySess[sess] <= 0 {
			delete(c.bySess, sess)
		}
	}
}

// bounded applies the per-request deadlines: the body must arrive within
// BodyTimeout and is capped at maxRequestBody; the answer must be written
// within WriteTimeout. A refusal (status >= 400) closes the connection so
// that the server never drains a slow body. WebSocket upgrades clear both
// deadlines (their connections are long-lived; their own bounds are the
// hello timeout and pings).
func (s *Server) bounded(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(context.WithValue(r.Context(), clientKeyCtx{}, addrKey(s.peerAddr(r))))
		rc := http.NewResponseController(w)
		if strings.HasPrefix(r.URL.Path, "/ws/") {
			rc.SetReadDeadline(time.Time{})
			rc.SetWriteDeadline(time.Time{})
			next.ServeHTTP(w, r)
			return
		}
		now := time.Now()
		if s.cfg.BodyTimeout > 0 {
			rc.SetReadDeadline(now.Add(s.cfg.BodyTimeout))
		}
		if s.cfg.WriteTimeout > 0 {
			rc.SetWriteDeadline(now.Add(s.cfg.WriteTimeout))
		}
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = http.MaxBytesReader(w, r.Body, maxRequestBody)
			w = &closeOnRefusal{ResponseWriter: w}
		}
		next.ServeHTTP(w, r)
	})
}

// maxRequestBody caps any request body (JSON bodies are further bounded by
// maxBody).
const maxRequestBody = 64 << 10

type closeOnRefusal struct{ http.ResponseWriter }

func (c *closeOnRefusal) WriteHeader(code int) {
	if code >= 400 {
		c.Header().Set("Connection", "close")
	}
	c.ResponseWriter.WriteHeader(code)
}

func (c *closeOnRefusal) Unwrap() http.ResponseWriter { return c.ResponseWriter }
