package main

import (
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"strings"

	"beaweb/internal/settings"
)

// newToken is a dashboard token of 256 random bits, for a dashboard that
// listens beyond loopback when no BEA_TOKEN was given.
func newToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// dashboardTLS is the dashboard's TLS from its certificate and key; nil
// when none is set.
func dashboardTLS(cfg config) (*tls.Config, error) {
	if cfg.TLSCert == "" {
		return nil, nil
	}
	cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
	if err != nil {
		return nil, fmt.Errorf("dashboard: the TLS certificate %s or its key %s could not be read: %w", cfg.TLSCert, cfg.TLSKey, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}, nil
}

// listenDashboard opens the dashboard's listener and answers its URL:
// https when a certificate is set. The listener itself is plain TCP: the
// dashboard speaks TLS over it (web.Config.TLS), above its cap on
// connections, so that each request knows it came over TLS.
func listenDashboard(cfg config) (net.Listener, string, error) {
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, "", fmt.Errorf("dashboard: %w", err)
	}
	scheme := "http://"
	if cfg.TLSCert != "" {
		scheme = "https://"
	}
	return ln, scheme + ln.Addr().String(), nil
}

// printToken prints, once, a token beaweb made for this run: the only
// place it is ever shown.
func printToken(w io.Writer, cfg config) {
	if cfg.TokenMade {
		fmt.Fprintf(w, "beaweb: sign in to the dashboard with this token (made for this run; set BEA_TOKEN to keep one): %s\n", cfg.Token)
	}
}

// trustedProxies are the reverse proxies whose X-Forwarded-For the
// dashboard believes; none unless --trusted-proxy names some.
func (c config) trustedProxies() []string {
	if v := c.settings.Text(settings.TrustedProxy); v != "" {
		return strings.Split(v, ",")
	}
	return nil
}
