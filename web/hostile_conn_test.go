package web_test

// The hostile suite, holding the line: TLS under the connection cap, and
// one client trying to hold every connection.

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/web"
)

// selfSigned is a certificate for 127.0.0.1, made for one test.
func selfSigned(t *testing.T) tls.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// TestCookiesAreSecureOverTLS (F4): over HTTPS, with the connection cap in
// place, the CSRF cookie and the session cookie are Secure, so a browser
// never sends them over plain HTTP.
func TestCookiesAreSecureOverTLS(t *testing.T) {
	cfg := web.Config{TLS: &tls.Config{Certificates: []tls.Certificate{selfSigned(t)}}}
	ts := serveWithToken(t, cfg)
	base := strings.Replace(ts.URL, "http://", "https://", 1)
	c := browser(t)
	c.Transport = &http.Transport{TLSClientConfig: &tls.Config{InsecureSkipVerify: true}}
	t.Cleanup(c.CloseIdleConnections)
	resp, err := c.Get(base + "/login")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.TLS == nil {
		t.Fatal("the dashboard did not speak TLS")
	}
	checkSecure(t, resp, "bea_csrf")
	resp = signIn(t, c, base, hostileToken, "/", nil)
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in over TLS: %d", resp.StatusCode)
	}
	checkSecure(t, resp, "bea_session")
}

func checkSecure(t *testing.T, resp *http.Response, name string) {
	t.Helper()
	for _, ck := range resp.Cookies() {
		if ck.Name == name {
			if !ck.Secure || !ck.HttpOnly || ck.SameSite != http.SameSiteStrictMode {
				t.Errorf("over TLS the %s cookie is Secure %v, HttpOnly %v, SameSite %v", name, ck.Secure, ck.HttpOnly, ck.SameSite)
			}
			return
		}
	}
	t.Errorf("no %s cookie was set", name)
}

// TestOneClientCannotHoldEveryConnection (F11): a client that opens more
// connections than the whole cap, and says nothing on them, keeps only
// its share; the rest are closed at once, and another client is served
// while the first still holds its share.
func TestOneClientCannotHoldEveryConnection(t *testing.T) {
	f := serve(t, func(c *web.Config, _ *web.Deps) { c.Limits.HeaderTimeout = time.Minute })
	addr := strings.TrimPrefix(f.URL, "http://")
	const opened = 600 // over the default cap of 512
	var mu sync.Mutex
	var closed int
	var wg sync.WaitGroup
	for range opened {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close() })
		wg.Go(func() {
			// A guard, not a measure: a connection kept open is still
			// waiting here when the other client is served.
			_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
			if _, err := conn.Read(make([]byte, 1)); !isTimeout(err) {
				mu.Lock()
				closed++
				mu.Unlock()
			}
		})
	}
	// Another client: 127.0.0.2 is this machine too, but another address.
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 2)}, Timeout: 5 * time.Second}
	other := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}
	defer other.CloseIdleConnections()
	resp, err := other.Get(f.URL + "/static/app.css")
	if err != nil {
		t.Fatalf("another client while one holds %d connections: %v", opened, err)
	}
	resp.Body.Close()
	wg.Wait()
	if kept := opened - closed; kept > 32 {
		t.Errorf("one client kept %d connections open; want at most its share of 32", kept)
	}
}
