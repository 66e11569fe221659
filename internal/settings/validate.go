package settings

import (
	"math"
	"net"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"beaweb/internal/fault"
)

// Validate is the one check of a setting's value, whether it comes from a
// flag, the environment, the database or the Settings page. It answers the
// value as it is kept (spaces around it removed, a provider in lower case,
// on/off as true/false), or a fault.CodeInvalid whose sentence names the
// setting and says what it takes.
func Validate(key Key, v string) (string, error) {
	s, ok := Lookup(key)
	if !ok {
		return "", fault.Invalidf("There is no setting called %q.", string(key))
	}
	v = strings.TrimSpace(v)
	if err := plainText(s, v); err != nil {
		return "", err
	}
	return s.check(v)
}

// plainText holds every setting to what a person can type on one line: no
// broken UTF-8, no control characters, and a length that fits the page and
// the live panel that redraws some of them on every update.
func plainText(s Spec, v string) error {
	limit := maxLen(s.Key)
	switch {
	case !utf8.ValidString(v):
		return fault.Invalidf("%s has characters that are not text (broken UTF-8); type it again.", s.Label)
	case len(v) > limit:
		return fault.Invalidf("%s is at most %d characters, not %d.", s.Label, limit, utf8.RuneCountInString(v))
	case strings.IndexFunc(v, unicode.IsControl) >= 0:
		return fault.Invalidf("%s is one line without control characters; type it again.", s.Label)
	}
	return nil
}

// maxLen is the longest value key takes, in bytes.
func maxLen(key Key) int {
	switch key {
	case ModelURL, ModURL:
		return 2048
	case DB:
		return 4096
	case APIKey, Token:
		return 1024
	}
	return 200
}

func oneLine(what string, required bool) func(string) (string, error) {
	return func(v string) (string, error) {
		if required && v == "" {
			return "", fault.Invalidf("%s must not be empty.", what)
		}
		if strings.IndexFunc(v, unicode.IsControl) >= 0 {
			return "", fault.Invalidf("%s is one line without control characters; paste it again.", what)
		}
		return v, nil
	}
}

func hostPort(what string) func(string) (string, error) {
	return func(v string) (string, error) {
		if _, port, err := net.SplitHostPort(v); err != nil || port == "" {
			return "", fault.Invalidf("%s is a host and a port, such as 127.0.0.1:8765, not %q.", what, v)
		}
		return v, nil
	}
}

// server is a Minecraft server: a host, with a port unless it is the
// default 25565. Under --practice it is only a name.
func server(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	host := v
	if strings.Contains(v, ":") {
		h, port, err := net.SplitHostPort(v)
		n, perr := strconv.Atoi(port)
		if err != nil || perr != nil || n < 1 || n > 65535 {
			return "", fault.Invalidf("The Minecraft server is a host and a port, such as mc.example.org:25565, not %q.", v)
		}
		host = h
	}
	if host == "" || strings.IndexFunc(host, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r == '/' }) >= 0 {
		return "", fault.Invalidf("The Minecraft server is a host and a port, such as mc.example.org:25565, not %q.", v)
	}
	return v, nil
}

func boolean(what string) func(string) (string, error) {
	return func(v string) (string, error) {
		switch strings.ToLower(v) {
		case "1", "true", "on", "yes":
			return "true", nil
		case "0", "false", "off", "no", "":
			return "false", nil
		}
		return "", fault.Invalidf("%s is on or off (true or false), not %q.", what, v)
	}
}

func oneOf(what string, choices ...string) func(string) (string, error) {
	return func(v string) (string, error) {
		v = strings.ToLower(v)
		if v == "" {
			return choices[0], nil
		}
		if !slices.Contains(choices, v) {
			return "", fault.Invalidf("%s is one of %s, not %q.", what, strings.Join(choices, ", "), v)
		}
		return v, nil
	}
}

// provider is empty (then openai if a model URL or key is set, else rules)
// or one of the three.
func provider(v string) (string, error) {
	v = strings.ToLower(v)
	if v != "" && !slices.Contains(Providers(), v) {
		return "", fault.Invalidf("The model provider is one of %s, not %q.", strings.Join(Providers(), ", "), v)
	}
	return v, nil
}

// Providers are the model providers beaweb can talk to.
func Providers() []string { return []string{"openai", "anthropic", "rules"} }

func urlOf(what, v string, schemes []string) (string, error) {
	p, err := url.Parse(v)
	if err != nil || p.Host == "" {
		return "", fault.Invalidf("%s %q is not a URL; give one such as %s://127.0.0.1:8080.", what, v, schemes[0])
	}
	if !slices.Contains(schemes, p.Scheme) {
		return "", fault.Invalidf("%s %q must start with %s://.", what, v, strings.Join(schemes, ":// or "))
	}
	return v, nil
}

func requiredURL(what string, schemes ...string) func(string) (string, error) {
	return func(v string) (string, error) {
		if v == "" {
			return "", fault.Invalidf("%s is missing; give one such as %s://127.0.0.1:8080.", what, schemes[0])
		}
		return urlOf(what, v, schemes)
	}
}

func optionalURL(what string, schemes ...string) func(string) (string, error) {
	return func(v string) (string, error) {
		if v == "" {
			return "", nil
		}
		return urlOf(what, v, schemes)
	}
}

// playerName holds a name to Minecraft's rule for player names.
func playerName(what string, required bool) func(string) (string, error) {
	return func(v string) (string, error) {
		if v == "" && !required {
			return "", nil
		}
		if len(v) < 3 || len(v) > 16 || strings.IndexFunc(v, func(r rune) bool {
			return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) >= 0 {
			return "", fault.Invalidf("%s is a Minecraft player name: 3 to 16 letters, digits or underscores, not %q.", what, v)
		}
		return v, nil
	}
}

// maxSeconds is a day: a nudge or comment further apart is as good as off.
const maxSeconds = 86400

func seconds(what string) func(string) (string, error) {
	return func(v string) (string, error) {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > maxSeconds {
			return "", fault.Invalidf("%s is a whole number of seconds from 0 (off) to %d, not %q.", what, maxSeconds, v)
		}
		return strconv.Itoa(n), nil
	}
}

// maxDays is ten years of history.
const maxDays = 3650

func days(v string) (string, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > maxDays {
		return "", fault.Invalidf("History is kept a whole number of days from 1 to %d, not %q.", maxDays, v)
	}
	return strconv.Itoa(n), nil
}

// price is what a million tokens cost, in whatever currency the person
// thinks in; empty means no estimate.
func price(what string) func(string) (string, error) {
	return func(v string) (string, error) {
		if v == "" {
			return "", nil
		}
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			return "", fault.Invalidf("%s is what a million tokens cost, a number from 0 up (such as 2.50), or empty for no estimate; not %q.", what, v)
		}
		return strconv.FormatFloat(f, 'f', -1, 64), nil
	}
}

// spendCap is the most her model may cost in an hour, in the prices'
// currency; empty is no cap.
func spendCap(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return "", fault.Invalidf("The spend cap is the most her model may cost in an hour, in the currency of the prices: "+
			"a number from 0 up (such as 1.50), or empty for no cap. At the cap she plays on the offline autopilot, which costs "+
			"nothing, until the last hour's cost drops under it. Not %q.", v)
	}
	return strconv.FormatFloat(f, 'f', -1, 64), nil
}

// maxListed bounds the names of a list setting.
const maxListed = 64

// nameList is player names separated by commas, each held to Minecraft's
// rule; spaces around them are dropped.
func nameList(v string) (string, error) {
	names, err := list(v, "Players she obeys", func(n string) error {
		_, err := playerName("Each player she obeys", true)(n)
		return err
	})
	return strings.Join(names, ", "), err
}

// commandList is server commands separated by commas, each one word with
// or without its "/": spawn, /home.
func commandList(v string) (string, error) {
	names, err := list(v, "The commands she may send", func(n string) error {
		w := strings.TrimPrefix(n, "/")
		if w == "" || len(w) > 32 || strings.IndexFunc(w, func(r rune) bool {
			return !(r == '_' || r == '-' || r == ':' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
		}) >= 0 {
			return fault.Invalidf("Each command she may send is one word, such as /spawn, not %q.", n)
		}
		return nil
	})
	for i, n := range names {
		names[i] = "/" + strings.TrimPrefix(n, "/")
	}
	return strings.Join(names, ", "), err
}

// list splits v at commas, checks each part, and refuses more than
// maxListed.
func list(v, what string, check func(string) error) ([]string, error) {
	var out []string
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if err := check(part); err != nil {
			return nil, err
		}
		out = append(out, part)
	}
	if len(out) > maxListed {
		return nil, fault.Invalidf("%s lists %d; %d at most.", what, len(out), maxListed)
	}
	return out, nil
}

// maxTurns is a turn a second.
const maxTurns = 60

func turnsPerMinute(v string) (string, error) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 0 || n > maxTurns {
		return "", fault.Invalidf("Turns per player is a whole number of turns a minute from 0 (no limit) to %d, not %q.", maxTurns, v)
	}
	return strconv.Itoa(n), nil
}

// List is a list setting's names: nil for an empty one.
func (s Settings) List(key Key) []string {
	var out []string
	for _, part := range strings.Split(s.vals[key].Text, ",") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// addresses is a comma-separated list of IP addresses or CIDR ranges.
func addresses(what string) func(string) (string, error) {
	return func(v string) (string, error) {
		var kept []string
		for _, a := range strings.Split(v, ",") {
			a = strings.TrimSpace(a)
			if a == "" {
				continue
			}
			_, _, cerr := net.ParseCIDR(a)
			if net.ParseIP(a) == nil && cerr != nil {
				return "", fault.Invalidf("%s are addresses or ranges such as 127.0.0.1 or 10.0.0.0/8, comma-separated; %q is neither.", what, a)
			}
			kept = append(kept, a)
		}
		return strings.Join(kept, ","), nil
	}
}
