package provider

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// HTTPClient is the client an adapter hands its SDK: base's (a client of
// its own when nil) held to two rules that keep the key where the settings
// send it. It follows no redirect: a 3xx comes back as the answer, and the
// failure sentence says where it pointed. And it sends nothing to another
// scheme, host or port than the base URL's: a key bound to
// https://host:443 never goes to http://host or to host:8443, whatever
// the server or the SDK asks.
func (e *Endpoint) HTTPClient(base *http.Client) *http.Client {
	c := &http.Client{}
	if base != nil {
		*c = *base
	}
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = &sameOrigin{origin: e.origin, next: next}
	return c
}

// sameOrigin refuses a request to any origin but one.
type sameOrigin struct {
	origin string
	next   http.RoundTripper
}

func (s *sameOrigin) RoundTrip(req *http.Request) (*http.Response, error) {
	if o := origin(req.URL); o != s.origin {
		if req.Body != nil {
			_ = req.Body.Close() // a RoundTripper closes the body, even on error
		}
		return nil, fmt.Errorf("a request to %s was not sent: the key goes only to %s", o, s.origin)
	}
	return s.next.RoundTrip(req)
}

// origin is u's scheme, host and port, the port written even when it is
// the scheme's own: https://api.example.com:443.
func origin(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return strings.ToLower(u.Scheme) + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}
