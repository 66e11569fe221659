package settings_test

import (
	"strings"
	"testing"

	"beaweb/internal/fault"
	"beaweb/internal/settings"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// TestAKeyTypedOnThePageGoesOnlyToItsHost: a key saved with one host is
// never sent to another; moving the calls asks for the key again.
func TestAKeyTypedOnThePageGoesOnlyToItsHost(t *testing.T) {
	s, err := settings.Defaults().Change(map[settings.Key]string{settings.Provider: "openai", settings.APIKey: "sk-saved"})
	if err != nil {
		t.Fatal(err)
	}
	if s.KeyFor() != "https://api.openai.com" || s.APIKeyInForce() != "sk-saved" {
		t.Fatalf("key for %q, in force %q", s.KeyFor(), s.APIKeyInForce())
	}
	// Only the URL changes, the key field left empty: refused, and the
	// sentence asks for the key.
	_, err = s.Change(map[settings.Key]string{settings.ModelURL: "https://evil.example/v1"})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "type its key again") ||
		!strings.Contains(fault.Message(err), "evil.example") {
		t.Errorf("moving the calls without a key: %v", err)
	}
	// So is a change of provider.
	if _, err := s.Change(map[settings.Key]string{settings.Provider: "anthropic"}); fault.CodeOf(err) != fault.CodeRefused {
		t.Errorf("another provider without a key: %v", err)
	}
	// With the key typed again it goes, bound to the new host.
	moved, err := s.Change(map[settings.Key]string{settings.ModelURL: "http://127.0.0.1:11434/v1", settings.APIKey: "sk-saved"})
	if err != nil || moved.KeyFor() != "http://127.0.0.1:11434" || moved.APIKeyInForce() != "sk-saved" {
		t.Errorf("the key typed again: %v, for %q", err, moved.KeyFor())
	}
	set, forget := moved.Saved(s)
	if set[settings.KeyHost] != "http://127.0.0.1:11434" || set[settings.ModelURL] == "" || len(forget) != 0 {
		t.Errorf("saved %v, forgotten %v", set, forget)
	}
	// Forgetting the key lets the URL move with no key.
	none, err := s.Forget(settings.APIKey)
	if err == nil {
		none, err = none.Change(map[settings.Key]string{settings.ModelURL: "http://127.0.0.1:11434/v1"})
	}
	if err != nil || none.APIKeyInForce() != "" {
		t.Errorf("forgotten, then moved: %v", err)
	}
	if _, forget := none.Saved(s); !contains(forget, settings.APIKey) || !contains(forget, settings.KeyHost) {
		t.Errorf("forgetting the key leaves %v in the database", forget)
	}

	// Read back at the next start with a URL saved beside it behind the
	// page's back (an older beaweb, a hand-edited file): not sent there.
	back, errs := settings.Defaults().WithSaved(map[string]string{
		"model_provider": "openai", "api_key": "sk-saved", "api_key_host": "api.openai.com", "model_url": "https://evil.example/v1",
	})
	if len(errs) != 0 || back.APIKeyInForce() != "" {
		t.Errorf("a key read back for another host is in force: %v", errs)
	}
	// A key saved before keys were bound is bound to the host in force.
	old, _ := settings.Defaults().WithSaved(map[string]string{"api_key": "sk-old"})
	if old.KeyFor() != "https://api.openai.com" || old.APIKeyInForce() != "sk-old" {
		t.Errorf("a key saved before binding: for %q", old.KeyFor())
	}
	// A key saved bound to a bare host (before scheme and port counted)
	// stays in force over https to that host, not over plain http.
	for u, inForce := range map[string]bool{"": true, "https://api.openai.com/v1": true, "http://api.openai.com/v1": false,
		"https://api.openai.com:8443/v1": false} {
		bare, _ := settings.Defaults().WithSaved(map[string]string{"model_provider": "openai", "api_key": "sk-bare",
			"api_key_host": "api.openai.com", "model_url": u})
		if (bare.APIKeyInForce() != "") != inForce {
			t.Errorf("a key bound to the bare host api.openai.com, URL %q: in force %q", u, bare.APIKeyInForce())
		}
	}
}

// TestAKeyIsBoundToSchemeHostAndPort (F7): a key typed for https://h is not
// sent to http://h nor to https://h:8443 without being typed again; the
// scheme's own port counts as no port.
func TestAKeyIsBoundToSchemeHostAndPort(t *testing.T) {
	s, err := settings.Defaults().Change(map[settings.Key]string{settings.Provider: "openai",
		settings.ModelURL: "https://llm.example/v1", settings.APIKey: "sk-typed"})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"http://llm.example/v1", "https://llm.example:8443/v1", "http://llm.example:443/v1"} {
		if _, err := s.Change(map[settings.Key]string{settings.ModelURL: u}); fault.CodeOf(err) != fault.CodeRefused {
			t.Errorf("the key moved to %s: %v", u, err)
		}
	}
	same, err := s.Change(map[settings.Key]string{settings.ModelURL: "https://LLM.example:443/v2"})
	if err != nil || same.APIKeyInForce() != "sk-typed" {
		t.Errorf("the same place written another way: %v", err)
	}
}

// TestAnEnvironmentKeyNeverFollowsThePage: BEA_API_KEY goes only to the
// host the environment and flags name.
func TestAnEnvironmentKeyNeverFollowsThePage(t *testing.T) {
	s, err := settings.Defaults().FromEnv(env(map[string]string{"BEA_API_KEY": "sk-env"}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Change(map[settings.Key]string{settings.ModelURL: "https://evil.example/v1"})
	if fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "BEA_API_KEY") {
		t.Errorf("a page URL with an environment key: %v", err)
	}
	// A URL saved earlier is laid under the environment at start: the key
	// is not sent there.
	back, _ := s.WithSaved(map[string]string{"model_url": "https://evil.example/v1"})
	if back.APIKeyInForce() != "" {
		t.Error("the environment key goes to a URL saved on the page")
	}
	// With the URL from the environment too, it goes there.
	both, _ := settings.Defaults().FromEnv(env(map[string]string{"BEA_API_KEY": "sk-env", "BEA_MODEL_URL": "https://llm.example/v1"}))
	if both.APIKeyInForce() != "sk-env" || both.KeyFor() != "https://llm.example" {
		t.Errorf("key and URL from the environment: in force %q, for %q", both.APIKeyInForce(), both.KeyFor())
	}
}

func TestTokensAreHardToGuess(t *testing.T) {
	for tok, strong := range map[string]bool{
		"x": false, "s3cret": false, "correcthorse": false, strings.Repeat("ab", 30): false,
		"0123456789abcdef0123456789abcdef":                     false, // a run, then a repeat
		"Password1Password1Password1":                          false,
		"Password1!Tr0ub4dor&3PASSWORD1!Tr0ub4dor&3":           false,
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ": false,
		"zyxwvutsrqponmlkjihgfedcba9876543210":                 false,
		"qwertyuiopasdfghjklzxcvbnmQWERTYUIOP":                 false,
		"$(openssl rand -base64 32)":                           false,
		"${BEA_TOKEN}":                                         false,
		"$DASHBOARD_TOKEN":                                     false,
		"<paste-a-long-random-token-here-please>":              false,
		strongToken: true,
		"3q2+7wJ0vK1fX9zLmN4pQ8sT6uY5rE1wB3cD7hG0jK=": true, // openssl rand -base64 32
		"9f86d081884c7d659a2feaa0c55ad015":            true, // openssl rand -hex 16
	} {
		_, err := settings.Validate(settings.Token, tok)
		if (err == nil) != strong {
			t.Errorf("token %q (%d bits): %v", tok, settings.TokenBits(tok), err)
		}
		if msg := fault.Message(err); err != nil && (!strings.Contains(msg, "openssl rand -base64 32") || strings.Contains(msg, tok) && !strings.Contains(tok, "openssl")) {
			t.Errorf("token %q: %v", tok, err)
		}
	}
	s, _ := settings.Defaults().FromEnv(env(map[string]string{"BEA_ADDR": "0.0.0.0:8765"}))
	if !s.NeedsToken() || s.Check() == nil || s.WithToken(strongToken).Check() != nil {
		t.Error("a dashboard beyond loopback without a token")
	}
	half, _ := settings.Defaults().FromEnv(env(map[string]string{"BEA_TLS_CERT": "cert.pem"}))
	if err := half.Check(); err == nil || !strings.Contains(err.Error(), "--tls-key") {
		t.Errorf("a certificate without its key: %v", err)
	}
}

func contains(keys []settings.Key, k settings.Key) bool {
	for _, x := range keys {
		if x == k {
			return true
		}
	}
	return false
}
