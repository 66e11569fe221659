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

// listenDashboard opens the dashboard's listener: HTTPS when a certificate
// and key are set, else plain HTTP. It answers the dashboard's URL.
func listenDashboard(cfg config) (net.Listener, string, error) {
	var tlsCfg *tls.Config
	if cfg.TLSCert != "" {
		cert, err := tls.LoadX509KeyPair(cfg.TLSCert, cfg.TLSKey)
		if err != nil {
			return nil, "", fmt.Errorf("dashboard: the TLS certificate %s or its key %s could not be read: %w", cfg.TLSCert, cfg.TLSKey, err)
		}
		tlsCfg = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return nil, "", fmt.Errorf("dashboard: %w", err)
	}
	if tlsCfg == nil {
		return ln, "http://" + ln.Addr().String(), nil
	}
	return tls.NewListener(ln, tlsCfg), "https://" + ln.Addr().String(), nil
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
