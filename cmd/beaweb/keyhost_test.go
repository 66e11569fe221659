package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"beaweb/internal/agent"
	"beaweb/internal/fault"
	"beaweb/internal/settings"
	"beaweb/internal/store"
	"beaweb/web"
	"beaweb/web/fanout"
)

// modelHost is an OpenAI-compatible server that remembers the keys it was
// sent.
type modelHost struct {
	*httptest.Server
	mu   sync.Mutex
	auth []string
}

func newModelHost(t *testing.T) *modelHost {
	h := &modelHost{}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		h.auth = append(h.auth, r.Header.Get("Authorization"))
		h.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id": "c1", "object": "chat.completion", "created": 1764676800, "model": "m",
			"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "Hello."}}],
			"usage": {"prompt_tokens": 20, "completion_tokens": 2, "total_tokens": 22}}`)
	}))
	t.Cleanup(h.Close)
	return h
}

func (h *modelHost) keys() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return strings.Join(h.auth, ",")
}

// TestTheKeyIsNeverSentToANewHost: a key typed with one model URL is not
// sent to another named later without it, by a save or a Test button, and
// BEA_API_KEY never goes to a URL saved on the dashboard, even one saved
// before this start.
func TestTheKeyIsNeverSentToANewHost(t *testing.T) {
	good, evil := newModelHost(t), newModelHost(t)
	cfg, err := parseConfig(nil, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	app := testApp(t, cfg)
	ctx := context.Background()
	const key = "sk-typed-0123456789"
	if err := app.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{
		settings.Provider: "openai", settings.ModelURL: good.URL + "/v1", settings.Model: "m", settings.APIKey: key}, Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := app.TestModel(ctx, web.SettingsUpdate{}); err != nil || good.keys() != "Bearer "+key {
		t.Fatalf("the key's own host: %v, sent %q", err, good.keys())
	}
	moved := map[settings.Key]string{settings.ModelURL: evil.URL + "/v1"}
	err = app.SaveSettings(ctx, web.SettingsUpdate{Changes: moved, Enabled: true})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "type its key again") {
		t.Errorf("saving another URL without the key: %v", err)
	}
	if _, err := app.TestModel(ctx, web.SettingsUpdate{Changes: moved}); fault.CodeOf(err) != fault.CodeRefused {
		t.Errorf("testing another URL without the key: %v", err)
	}
	if strings.Contains(evil.keys(), key) {
		t.Fatalf("the key went to the new host: %q", evil.keys())
	}

	// BEA_API_KEY, with a URL saved on the dashboard in an earlier run.
	path := filepath.Join(t.TempDir(), "bea.db")
	db, err := store.Open(ctx, path, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{"model_provider": "openai", "model_url": evil.URL + "/v1", "model": "m"} {
		if err := db.SetSetting(ctx, k, v); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	const envKey = "sk-env-0123456789"
	cfg, err = parseConfig([]string{"--db", path}, envFrom(map[string]string{"BEA_API_KEY": envKey}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	db, saved, err := openStore(ctx, &cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cfg.APIKey != "" {
		t.Error("BEA_API_KEY is in force for a URL saved on the dashboard")
	}
	app2, err := newApplication(cfg, saved, db, nil, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	_, _ = app2.TestModel(ctx, web.SettingsUpdate{})
	err = app2.SaveSettings(ctx, web.SettingsUpdate{Changes: map[settings.Key]string{settings.ModelURL: good.URL + "/v1"}, Enabled: true})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "BEA_API_KEY") {
		t.Errorf("moving an environment key on the dashboard: %v", err)
	}
	if strings.Contains(evil.keys(), envKey) || strings.Contains(good.keys(), envKey) {
		t.Errorf("BEA_API_KEY went to a host the dashboard named: %q, %q", evil.keys(), good.keys())
	}
}

// TestOneSavedSettingLeavesTheRestToTheEnvironment: the Settings page
// posted as a browser posts it, every field as shown and one changed,
// saves that one; at the next start BEA_MODEL_URL and BEA_MODEL choose the
// model, not a provider the page showed and the person never touched.
func TestOneSavedSettingLeavesTheRestToTheEnvironment(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bea.db")
	cfg, err := parseConfig([]string{"--db", path}, envFrom(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	db, saved, err := openStore(ctx, &cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	app, err := newApplication(cfg, saved, db, nil, nil, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	dash, err := app.dashboard(fanout.New[agent.Change](8))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(dash.Handler())
	defer srv.Close()
	jar := newJar(t)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(srv.URL + "/settings")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(page, []byte(`<option value="rules" selected>`)) {
		t.Fatal("the page does not show the autopilot as the provider in force")
	}
	form := url.Values{
		"_csrf": {cookie(t, jar, srv.URL, "bea_csrf")}, "enabled": {"on"},
		"model_provider": {"rules"}, "model_url": {""}, "model": {""}, "api_key": {""},
		"price_input": {""}, "price_cached": {""}, "price_output": {""},
		"mod_url": {"ws://127.0.0.1:8080"}, "name": {"Bea"}, "idle_nudge_seconds": {"45"},
		"commentary_seconds": {"20"}, "build_scripts": {"on"},
	}
	resp, err = c.PostForm(srv.URL+"/settings", form)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("saving: %d", resp.StatusCode)
	}
	kept, err := db.Settings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if len(kept) != 2 || kept["idle_nudge_seconds"] != "45" || kept["enabled"] != "true" {
		t.Errorf("saved %v, want the idle nudge (and the switch) only", kept)
	}

	cfg, err = parseConfig([]string{"--db", path}, envFrom(map[string]string{
		"BEA_MODEL_URL": "http://127.0.0.1:11434/v1", "BEA_MODEL": "qwen3"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	db, _, err = openStore(ctx, &cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if cfg.provider() != "openai" || cfg.Model != "qwen3" || cfg.IdleNudge != 45*time.Second {
		t.Errorf("after the restart: provider %s, model %q, idle nudge %s", cfg.provider(), cfg.Model, cfg.IdleNudge)
	}
}

// TestATokenIsMadeWhenNoneIsGiven: off loopback without BEA_TOKEN, beaweb
// makes a token of 256 bits and prints it once.
func TestATokenIsMadeWhenNoneIsGiven(t *testing.T) {
	c, err := parseConfig([]string{"--addr", "0.0.0.0:8765"}, envFrom(nil), io.Discard)
	if err != nil || !c.TokenMade || settings.TokenBits(c.Token) < 128 {
		t.Fatalf("%v: made %v, %d bits", err, c.TokenMade, settings.TokenBits(c.Token))
	}
	again, _ := parseConfig([]string{"--addr", "0.0.0.0:8765"}, envFrom(nil), io.Discard)
	if again.Token == c.Token {
		t.Error("two runs made the same token")
	}
	var out bytes.Buffer
	printToken(&out, c)
	if !strings.Contains(out.String(), c.Token) {
		t.Errorf("printed %q", out.String())
	}
	local, _ := parseConfig(nil, envFrom(nil), io.Discard)
	out.Reset()
	printToken(&out, local)
	if local.Token != "" || out.Len() != 0 {
		t.Error("a token made for a dashboard on loopback")
	}
}

// TestTheDashboardSpeaksTLS: a certificate whose key cannot be read is
// refused with a sentence (serving over TLS is
// TestServeOverTLSMarksCookiesSecure's).
func TestTheDashboardSpeaksTLS(t *testing.T) {
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	writeCert(t, certFile, keyFile)
	cfg := defaults()
	cfg.TLSCert, cfg.TLSKey = certFile, keyFile
	if tc, err := dashboardTLS(cfg); err != nil || tc == nil {
		t.Fatalf("a certificate and its key: %v", err)
	}
	cfg.TLSKey = filepath.Join(dir, "missing.pem")
	if _, err := dashboardTLS(cfg); err == nil || !strings.Contains(err.Error(), "could not be read") {
		t.Errorf("a missing key: %v", err)
	}
}

func writeCert(t *testing.T, certFile, keyFile string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), DNSNames: []string{"localhost"}}
	der, err := x509.CreateCertificate(rand.Reader, tpl, tpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kb, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb}), 0o600); err != nil {
		t.Fatal(err)
	}
}

func newJar(t *testing.T) http.CookieJar {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return jar
}

func cookie(t *testing.T, jar http.CookieJar, base, name string) string {
	t.Helper()
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	for _, ck := range jar.Cookies(u) {
		if ck.Name == name {
			return ck.Value
		}
	}
	t.Fatalf("no %s cookie", name)
	return ""
}
