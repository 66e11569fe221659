package settings

import (
	"net"
	"net/url"
	"strings"

	"beaweb/internal/fault"
)

// KeyHost is saved beside an API key typed on the Settings page: where the
// key was typed for, as a scheme, host and port (https://api.example.com,
// http://127.0.0.1:11434), so that neither another port nor plain http on
// the same host gets it. It is no setting of its own (no flag, no variable,
// no row on the page), so it is not among Specs.
//
// The key is bound to it because whoever can save settings could otherwise
// point the model URL at a host of their own and collect the key with the
// next call, though the page never shows it.
const KeyHost Key = "api_key_host"

// Provider hosts are where a provider's calls go with no model URL set.
const (
	openAIHost    = "https://api.openai.com"
	anthropicHost = "https://api.anthropic.com"
)

// ModelHost is where her model calls go, as a scheme, host and port (the
// port left out when it is the scheme's own): the model URL's, else the
// provider's own; "" for the offline autopilot.
func (s Settings) ModelHost() string { return modelHost(s.Provider(), s.Text(ModelURL)) }

func modelHost(provider, u string) string {
	if provider == "rules" {
		return ""
	}
	if u == "" {
		switch provider {
		case "openai":
			return openAIHost
		case "anthropic":
			return anthropicHost
		}
		return ""
	}
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	scheme, host, port := strings.ToLower(p.Scheme), strings.ToLower(p.Hostname()), p.Port()
	if port == "" || scheme == "https" && port == "443" || scheme == "http" && port == "80" {
		return scheme + "://" + bracket(host)
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// bracket writes an IPv6 address as a URL does.
func bracket(host string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]"
	}
	return host
}

// KeyFor is the host the API key may be sent to. A key typed on the page
// is for the host it was typed for. A key from the environment or a flag is
// for the host that the environment and flags name: a model URL or
// provider saved on the page does not count, so the page can never send
// that key elsewhere.
func (s Settings) KeyFor() string {
	if s.vals[APIKey].Source >= FromEnv {
		prov, u := s.fixedText(Provider), s.fixedText(ModelURL)
		if prov == "" {
			prov = "openai" // what Provider answers with a key and no provider
		}
		return modelHost(prov, u)
	}
	return s.vals[KeyHost].Text
}

func (s Settings) fixedText(key Key) string {
	if v := s.vals[key]; v.Source >= FromEnv {
		return v.Text
	}
	return ""
}

// APIKeyInForce is the key her model calls carry: the API key, only when
// the host they go to is the one it is for; "" otherwise.
func (s Settings) APIKeyInForce() string {
	key := s.vals[APIKey].Text
	if key == "" || s.KeyFor() == "" || s.KeyFor() != s.ModelHost() {
		return ""
	}
	return key
}

// bindKey keeps the key bound to its host across a change from prev to s:
// a key typed in the same change is bound to the host the change names; a
// change that moves the calls to another host without a new key is refused
// with the sentence that asks for the key again.
func (s Settings) bindKey(prev Settings, typedKey bool) error {
	if typedKey {
		s.vals[KeyHost] = Value{Text: s.ModelHost(), Source: FromSaved}
		return nil
	}
	host := s.ModelHost()
	if s.Text(APIKey) == "" || host == "" || host == prev.ModelHost() || host == s.KeyFor() {
		return nil
	}
	if s.vals[APIKey].Source >= FromEnv {
		sp, _ := Lookup(APIKey)
		return fault.New(fault.CodeRefused, "The API key comes from "+sp.Env+" and is sent only to "+s.KeyFor()+
			", never to a host named on this page. To use "+host+", restart beaweb with BEA_MODEL_URL and its key.")
	}
	return fault.New(fault.CodeRefused, "The saved API key is sent only to "+s.KeyFor()+", the host it was typed for. "+
		"To use "+host+", type its key again, or tick \"Forget the saved key\" for a model that needs none.")
}

// bindSavedKey binds a key saved before keys were bound (no host beside
// it) to the host in force when it is read back, as it was used then.
func (s Settings) bindSavedKey(saved map[string]string) {
	if s.vals[APIKey].Source != FromSaved {
		return
	}
	if h, ok := saved[string(KeyHost)]; ok {
		h = strings.ToLower(strings.TrimSpace(h))
		if !strings.Contains(h, "://") {
			// Saved before keys were bound to a scheme and port: a bare
			// host[:port], bound to the place in force only when that is
			// where it names and over https, or over http on this machine.
			h = legacyKeyHost(h, s.ModelHost())
		}
		s.vals[KeyHost] = Value{Text: h, Source: FromSaved}
		return
	}
	s.vals[KeyHost] = Value{Text: s.ModelHost(), Source: FromSaved}
}

// legacyKeyHost is the place a key saved with a bare host (host or
// host:port) is for: in force when that names it, else the bare host, which
// names no place, so the page asks for the key again.
func legacyKeyHost(bare, inForce string) string {
	u, err := url.Parse(inForce)
	if err != nil || u.Host == "" {
		return bare
	}
	same := bare == u.Host || bare == u.Hostname() && u.Port() == ""
	local := u.Scheme == "http" && (u.Hostname() == "localhost" || net.ParseIP(u.Hostname()).IsLoopback())
	if same && (u.Scheme == "https" || local) {
		return inForce
	}
	return bare
}

// Saved is what to keep in the database after a change from prev: every
// value saved on the page that is new (the host bound to the key
// included), and the keys whose saved value was forgotten.
func (s Settings) Saved(prev Settings) (set map[Key]string, forget []Key) {
	set = map[Key]string{}
	keys := []Key{KeyHost}
	for _, sp := range specs {
		keys = append(keys, sp.Key)
	}
	for _, k := range keys {
		now, was := s.vals[k], prev.vals[k]
		switch {
		case now.Source == FromSaved && now != was:
			set[k] = now.Text
		case was.Source == FromSaved && now.Source != FromSaved:
			forget = append(forget, k)
		}
	}
	return set, forget
}
