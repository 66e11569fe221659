package settings_test

import (
	"flag"
	"io"
	"strings"
	"testing"

	"beaweb/internal/fault"
	"beaweb/internal/settings"
)

// strongToken is a token of 128 bits and more.
const strongToken = "q7Vh2kR9xLp4Wm8Ns3Zt6Yb1Jc5Fd0Ge"

// samples are values each setting is tried with: some it takes, some not.
var samples = map[settings.Key][]string{
	settings.Addr:          {"127.0.0.1:8765", "localhost:0", "8765", "nowhere", ""},
	settings.DB:            {"bea.db", "", "a\nb"},
	settings.Token:         {strongToken, "", "tab\there", "s3cret", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"},
	settings.TLSCert:       {"/etc/beaweb/cert.pem", "", "a\nb"},
	settings.TLSKey:        {"/etc/beaweb/key.pem", "", "a\x00b"},
	settings.TrustedProxy:  {"127.0.0.1", "10.0.0.0/8, ::1", "", "proxy.lan", "10.0.0.0/99"},
	settings.Practice:      {"1", "true", "off", "", "maybe"},
	settings.Server:        {"mc.example.org:25565", "play.example.org", "test.local", "", "host:99999", "a b:1", ":25565"},
	settings.Username:      {"Bea_2", "", "Dr Bea", "ab", "abcdefghijklmnopq"},
	settings.Auth:          {"offline", "Microsoft", "", "mojang"},
	settings.Provider:      {"openai", "Anthropic", "rules", "", "gemini"},
	settings.ModelURL:      {"http://127.0.0.1:11434/v1", "https://api.example.com", "", "ftp://x", "not a url"},
	settings.Model:         {"qwen2.5:7b", "", "two\nlines", "bad\xffutf8", "nul\x00byte", strings.Repeat("m", 201)},
	settings.APIKey:        {"sk-123", "", "sk-\x7f"},
	settings.PriceInput:    {"3", "0.30", "", "-1", "free", "NaN", "Inf"},
	settings.PriceCached:   {"0.3", "", "-0.1"},
	settings.PriceOutput:   {"15", "", "lots"},
	settings.ModURL:        {"ws://127.0.0.1:8080", "wss://mod.example.org", "", "http://127.0.0.1:8080", "127.0.0.1:8080"},
	settings.Name:          {"Bea", "Ada_2", "Dr Bea", " ", "", "Bé", "abcdefghijklmnopq"},
	settings.IdleNudge:     {"0", "30", "86400", "86401", "-3", "soon", ""},
	settings.Commentary:    {"45", "1.5", ""},
	settings.BuildScripts:  {"true", "no", "", "maybe"},
	settings.Retention:     {"30", "1", "0", "-3", "a month", "1.5", "3651"},
	settings.Obey:          {"Alex", "Alex, Steve_2", "", " , ", "Dr Bea", "<b>x</b>", "ab"},
	settings.PlayerTurns:   {"6", "0", "60", "61", "-1", "lots", ""},
	settings.SecondRequest: {"queue", "Refuse", "latest", "", "first", "queue it"},
	settings.SpendCap:      {"0.50", "2", "", "-1", "a lot"},
	settings.Commands:      {"false", "true", "", "maybe"},
	settings.CommandAllow:  {"/spawn", "spawn, /home", "", "/op Mallory", "/", "rm -rf"},
}

// TestTheSpendCapIsRefusedInItsOwnWords: a spend cap that does not read
// is refused with what a cap is and what happens at it, not with what a
// price is.
func TestTheSpendCapIsRefusedInItsOwnWords(t *testing.T) {
	_, err := settings.Validate(settings.SpendCap, "a lot")
	msg := fault.Message(err)
	for _, want := range []string{"the most her model may cost in an hour", "offline autopilot", `Not "a lot".`} {
		if !strings.Contains(msg, want) {
			t.Errorf("the spend cap's refusal %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "million tokens") {
		t.Errorf("the spend cap's refusal speaks of token prices: %q", msg)
	}
}

func TestListsAreKeptTidy(t *testing.T) {
	cases := []struct {
		key      settings.Key
		in, want string
	}{
		{settings.Obey, " Alex ,Steve_2,, ", "Alex, Steve_2"},
		{settings.CommandAllow, "spawn, /home", "/spawn, /home"},
	}
	for _, c := range cases {
		got, err := settings.Validate(c.key, c.in)
		if err != nil || got != c.want {
			t.Errorf("%s %q: got %q, %v; want %q", c.key, c.in, got, err, c.want)
		}
	}
	many := strings.Repeat("Alex,", 65)
	if _, err := settings.Validate(settings.Obey, many); err == nil {
		t.Error("65 names were taken; 64 at most")
	}
}

// TestEverySourceAgrees: what starts beaweb (a flag, a BEA_* variable) is
// accepted when the Settings page saves it again, and what the page saves
// starts beaweb, for every setting: one Validate behind them all.
func TestEverySourceAgrees(t *testing.T) {
	for _, sp := range settings.Specs() {
		vals, ok := samples[sp.Key]
		if !ok {
			t.Errorf("no samples for %s", sp.Key)
			continue
		}
		var took, refused int
		for _, v := range vals {
			_, verr := settings.Validate(sp.Key, v)
			env, eerr := settings.Defaults().FromEnv(func(k string) string {
				if k == sp.Env {
					return v
				}
				if k == "BEA_TOKEN" {
					return strongToken // so that any dashboard address starts
				}
				return ""
			})
			// An empty variable counts as unset.
			if v != "" && (verr == nil) != (eerr == nil) {
				t.Errorf("%s=%q: Validate says %v, the environment %v", sp.Env, v, verr, eerr)
			}
			if sp.Flag != "" && sp.Key != settings.Practice {
				s := settings.Defaults()
				fs := flag.NewFlagSet("beaweb", flag.ContinueOnError)
				fs.SetOutput(io.Discard)
				s.AddFlags(fs)
				ferr := fs.Parse([]string{"--" + sp.Flag, v})
				if (verr == nil) != (ferr == nil) {
					t.Errorf("--%s %q: Validate says %v, the flag %v", sp.Flag, v, verr, ferr)
				}
			}
			if verr != nil {
				refused++
			} else {
				took++
			}
			if sp.Startup {
				continue
			}
			page, perr := settings.Defaults().Change(map[settings.Key]string{sp.Key: v})
			if (verr == nil) != (perr == nil) {
				t.Errorf("saving %s=%q: Validate says %v, the page %v", sp.Key, v, verr, perr)
			}
			if verr != nil {
				if fault.CodeOf(verr) != fault.CodeInvalid || strings.HasPrefix(fault.Message(verr), "settings") {
					t.Errorf("%s=%q: refused with %v", sp.Key, v, verr)
				}
				continue
			}
			// Saved, then read back at the next start: the same value.
			saved := map[string]string{string(sp.Key): page.Text(sp.Key)}
			next, errs := settings.Defaults().WithSaved(saved)
			if len(errs) != 0 || next.Text(sp.Key) != page.Text(sp.Key) {
				t.Errorf("%s=%q saved as %q reads back as %q (%v)", sp.Key, v, page.Text(sp.Key), next.Text(sp.Key), errs)
			}
			if eerr == nil && v != "" && env.Text(sp.Key) != page.Text(sp.Key) {
				t.Errorf("%s=%q: the environment keeps %q, the page %q", sp.Key, v, env.Text(sp.Key), page.Text(sp.Key))
			}
		}
		if took == 0 || refused == 0 {
			t.Errorf("%s: samples took %d and refused %d; try both", sp.Key, took, refused)
		}
	}
}

func TestSourcesInOrder(t *testing.T) {
	s, err := settings.Defaults().FromEnv(func(k string) string {
		return map[string]string{"BEA_MODEL": "from-env", "BEA_NAME": "Ada", "BEA_MODEL_PROVIDER": "rules"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("beaweb", flag.ContinueOnError)
	s.AddFlags(fs)
	if err := fs.Parse([]string{"--model", "from-flag"}); err != nil {
		t.Fatal(err)
	}
	s, errs := s.WithSaved(map[string]string{"model": "saved", "name": "Saved", "commentary_seconds": "45", "addr": "0.0.0.0:1", "idle_nudge_seconds": "soon"})
	if len(errs) != 1 {
		t.Errorf("a bad saved value: %v, want one error", errs)
	}
	for key, want := range map[settings.Key]settings.Value{
		settings.Model:      {Text: "from-flag", Source: settings.FromFlag},
		settings.Name:       {Text: "Ada", Source: settings.FromEnv},
		settings.Commentary: {Text: "45", Source: settings.FromSaved},
		settings.Addr:       {Text: "127.0.0.1:8765", Source: settings.FromDefault},
		settings.IdleNudge:  {Text: "30", Source: settings.FromDefault},
	} {
		if got := s.Get(key); got != want {
			t.Errorf("%s = %+v, want %+v", key, got, want)
		}
	}
	if !s.Fixed(settings.Provider) || s.Fixed(settings.Commentary) {
		t.Error("Fixed does not follow the sources")
	}
	if got := s.Explain(settings.Provider); got != "Set by BEA_MODEL_PROVIDER in the environment beaweb started with; unset it and restart to change it here." {
		t.Errorf("Explain(provider) = %q", got)
	}
	if got := s.Explain(settings.Model); !strings.Contains(got, "--model on the command line") {
		t.Errorf("Explain(model) = %q", got)
	}
	if s.Explain(settings.Commentary) != "" {
		t.Error("a setting the page can change has an explanation")
	}

	// The page cannot change what the environment fixed: Save would say
	// "Saved" for a value that does not apply.
	if _, err := s.Change(map[settings.Key]string{settings.Provider: "anthropic"}); fault.CodeOf(err) != fault.CodeRefused || !strings.Contains(fault.Message(err), "BEA_MODEL_PROVIDER") {
		t.Errorf("changing a provider the environment fixed: %v", err)
	}
	if _, err := s.Change(map[settings.Key]string{settings.Provider: "rules", settings.Commentary: "10"}); err != nil {
		t.Errorf("the fixed value sent back unchanged: %v", err)
	}
	if _, err := s.Forget(settings.Name); fault.CodeOf(err) != fault.CodeRefused {
		t.Errorf("forgetting a name the environment set: %v", err)
	}
	if _, err := s.Change(map[settings.Key]string{settings.Addr: "127.0.0.1:9"}); fault.CodeOf(err) != fault.CodeRefused {
		t.Errorf("the page changed a startup setting: %v", err)
	}
	// Change answers a new value; the old one is untouched.
	next, err := s.Change(map[settings.Key]string{settings.Commentary: "10"})
	if err != nil || next.Text(settings.Commentary) != "10" || s.Text(settings.Commentary) != "45" {
		t.Errorf("Change: %v, %q then %q", err, s.Text(settings.Commentary), next.Text(settings.Commentary))
	}
}

func TestTypedValues(t *testing.T) {
	s, err := settings.Defaults().FromEnv(func(k string) string {
		return map[string]string{"BEA_PRICE_INPUT": "3", "BEA_PRICE_OUTPUT": "15.5", "BEA_IDLE_NUDGE_SECONDS": "0", "BEA_API_KEY": "sk"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if p, ok := s.Price(settings.PriceInput); !ok || p != 3 {
		t.Errorf("input price %v %v", p, ok)
	}
	if _, ok := s.Price(settings.PriceCached); ok {
		t.Error("an unset price gives an estimate")
	}
	if s.Seconds(settings.IdleNudge) != 0 || s.Seconds(settings.Commentary).Seconds() != 20 || !s.Bool(settings.BuildScripts) || s.Int(settings.Retention) != 30 {
		t.Errorf("typed values wrong")
	}
	if s.Provider() != "openai" || settings.Defaults().Provider() != "rules" {
		t.Errorf("provider in force: %s", s.Provider())
	}
	if _, err := settings.Defaults().FromEnv(func(k string) string {
		return map[string]string{"BEA_NAME": "Dr Bea"}[k]
	}); err == nil || !strings.HasPrefix(fault.Message(err), "BEA_NAME: Her name is a Minecraft player name") {
		t.Errorf("BEA_NAME=Dr Bea: %v", err)
	}
	if err := settings.Defaults().Check(); err != nil {
		t.Errorf("defaults do not check: %v", err)
	}
	if _, err := settings.Defaults().FromEnv(func(k string) string {
		return map[string]string{"BEA_ADDR": "0.0.0.0:8765"}[k]
	}); err != nil {
		t.Fatal(err)
	}
}
