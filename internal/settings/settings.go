// Package settings owns every setting of beaweb: its default, where its
// value came from (a flag, a BEA_* variable, the Settings page, or the
// default) and the one check its value passes, whichever of those it came
// from. Flags win over the environment, the environment over what was saved
// on the dashboard, and that over the default. A value that starts beaweb is
// accepted when the Settings page saves it again, and the other way round,
// because both go through Validate.
//
// A Settings is a value: every change answers a new one, so the running
// program swaps its settings whole and a reader never sees half a change.
package settings

import (
	"flag"
	"fmt"
	"maps"
	"net"
	"strconv"
	"time"

	"beaweb/internal/fault"
)

// Source is where a value came from, weakest first.
type Source int

const (
	FromDefault Source = iota
	FromSaved          // saved on the Settings page
	FromEnv            // a BEA_* variable
	FromFlag           // a command-line flag
)

func (s Source) String() string {
	switch s {
	case FromSaved:
		return "saved"
	case FromEnv:
		return "environment"
	case FromFlag:
		return "flag"
	}
	return "default"
}

// Value is one setting's value as it is kept, and where it came from.
type Value struct {
	Text   string
	Source Source
}

// Settings are the values of every setting. Start from Defaults; the zero
// Settings holds nothing.
type Settings struct {
	vals map[Key]Value
}

// Defaults are the settings with nothing set.
func Defaults() Settings {
	s := Settings{vals: map[Key]Value{}}
	for _, sp := range specs {
		s.vals[sp.Key] = Value{Text: sp.Default}
	}
	return s
}

// set validates v and keeps it, from src, unless a stronger source already
// set the key.
func (s Settings) set(key Key, v string, src Source) error {
	kept, err := Validate(key, v)
	if err != nil {
		return err
	}
	if s.vals[key].Source <= src {
		s.vals[key] = Value{Text: kept, Source: src}
	}
	return nil
}

func (s Settings) clone() Settings {
	return Settings{vals: maps.Clone(s.vals)}
}

// FromEnv reads every BEA_* variable that is set through getenv. An empty
// variable counts as unset.
func (s Settings) FromEnv(getenv func(string) string) (Settings, error) {
	next := s.clone()
	for _, sp := range specs {
		v := getenv(sp.Env)
		if v == "" {
			continue
		}
		if err := next.set(sp.Key, v, FromEnv); err != nil {
			return s, fault.Wrap(fault.CodeInvalid, err, sp.Env+": "+fault.Message(err))
		}
	}
	return next, nil
}

// AddFlags defines a flag on fs for every setting that has one; parsing fs
// then sets them, over the environment, in *s. The practice flag takes no
// value; the others take one.
func (s *Settings) AddFlags(fs *flag.FlagSet) {
	for _, sp := range specs {
		if sp.Flag == "" {
			continue
		}
		apply := func(v string) error {
			next := s.clone()
			if err := next.set(sp.Key, v, FromFlag); err != nil {
				return err
			}
			*s = next
			return nil
		}
		usage := sp.Usage + " (" + sp.Env + ")"
		if sp.Key == Practice {
			fs.BoolFunc(sp.Flag, sp.Usage, apply)
			continue
		}
		fs.Func(sp.Flag, usage, apply)
	}
}

// WithSaved lays the values saved on the Settings page under what flags
// and the environment fixed. A startup setting or an unknown key is
// skipped; a value that no longer passes Validate is skipped with an error
// saying so, and the rest still apply.
func (s Settings) WithSaved(saved map[string]string) (Settings, []error) {
	next := s.clone()
	var errs []error
	for k, v := range saved {
		sp, ok := Lookup(Key(k))
		if !ok || sp.Startup || s.Fixed(sp.Key) {
			continue
		}
		if err := next.set(sp.Key, v, FromSaved); err != nil {
			errs = append(errs, fault.Wrap(fault.CodeInvalid, err, "The saved "+k+" is not used: "+fault.Message(err)))
		}
	}
	next.bindSavedKey(saved)
	return next, errs
}

// Change is what the Settings page saves: every value is checked, a
// startup setting is refused, and so is a new value for a setting a flag
// or the environment fixed, since it would not apply (Explain says why).
// Setting a value to what is already in force is no change. A key typed
// is bound to the host the change names, and moving the model calls to
// another host without typing the key again is refused (keyhost.go). The
// answer holds the new values as saved; the caller keeps what Saved lists.
func (s Settings) Change(changes map[Key]string) (Settings, error) {
	next := s.clone()
	typedKey := false
	for key, v := range changes {
		sp, ok := Lookup(key)
		if !ok {
			return s, fault.Invalidf("There is no setting called %q.", string(key))
		}
		kept, err := Validate(key, v)
		if err != nil {
			return s, err
		}
		cur := s.vals[key]
		// The same key typed again for a new host is a key typed.
		typedKey = typedKey || key == APIKey && kept != "" && cur.Source < FromEnv
		if kept == cur.Text {
			continue
		}
		if sp.Startup || cur.Source >= FromEnv {
			return s, fault.New(fault.CodeRefused, sp.Label+" cannot be changed here. "+s.Explain(key))
		}
		next.vals[key] = Value{Text: kept, Source: FromSaved}
	}
	if err := next.bindKey(s, typedKey); err != nil {
		return s, err
	}
	if err := next.Check(); err != nil {
		return s, err
	}
	return next, nil
}

// Forget drops the saved value of key, back to its default. A value fixed
// by a flag or the environment cannot be forgotten here.
func (s Settings) Forget(key Key) (Settings, error) {
	sp, ok := Lookup(key)
	if !ok {
		return s, fault.Invalidf("There is no setting called %q.", string(key))
	}
	if cur := s.vals[key]; cur.Source >= FromEnv {
		return s, fault.New(fault.CodeRefused, sp.Label+" cannot be forgotten here. "+s.Explain(key))
	}
	next := s.clone()
	next.vals[key] = Value{Text: sp.Default}
	if key == APIKey {
		delete(next.vals, KeyHost)
	}
	return next, nil
}

// Check refuses settings that cannot work together: a dashboard reachable
// beyond this machine needs a token (beaweb makes one first when none is
// given: WithToken), and a TLS certificate needs its key.
func (s Settings) Check() error {
	if s.NeedsToken() {
		return fault.Invalidf("The dashboard address %s is reachable beyond this machine; set BEA_TOKEN to a secret first.", s.Text(Addr))
	}
	return s.checkTLS()
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Get is key's value and its source.
func (s Settings) Get(key Key) Value { return s.vals[key] }

// Text is key's value as it is kept.
func (s Settings) Text(key Key) string { return s.vals[key].Text }

// Fixed says whether a flag or the environment set key, so that neither
// the saved value nor the Settings page can change it.
func (s Settings) Fixed(key Key) bool { return s.vals[key].Source >= FromEnv }

// Bool is an on/off setting's value.
func (s Settings) Bool(key Key) bool { return s.vals[key].Text == "true" }

// Int is a whole-number setting's value.
func (s Settings) Int(key Key) int {
	n, _ := strconv.Atoi(s.vals[key].Text)
	return n
}

// Seconds is a setting in seconds, as a duration.
func (s Settings) Seconds(key Key) time.Duration {
	return time.Duration(s.Int(key)) * time.Second
}

// Price is what a million tokens cost; ok is false when no price is set.
func (s Settings) Price(key Key) (perMillion float64, ok bool) {
	t := s.vals[key].Text
	if t == "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(t, 64)
	return f, err == nil
}

// Provider is the model provider in force: the one set, else openai when a
// model URL or an API key is set, else the offline rules.
func (s Settings) Provider() string {
	switch {
	case s.Text(Provider) != "":
		return s.Text(Provider)
	case s.Text(ModelURL) != "" || s.Text(APIKey) != "":
		return "openai"
	}
	return "rules"
}

// Explain is the sentence that says where key's value comes from and how to
// change it, or "" for one the Settings page can change.
func (s Settings) Explain(key Key) string {
	sp, _ := Lookup(key)
	switch src := s.vals[key].Source; {
	case src == FromFlag && sp.Startup:
		return fmt.Sprintf("Set by --%s on the command line beaweb started with; it is read only at start, so change it there and restart.", sp.Flag)
	case src == FromEnv && sp.Startup:
		return fmt.Sprintf("Set by %s in the environment beaweb started with; it is read only at start, so change it there and restart.", sp.Env)
	case src == FromFlag:
		return fmt.Sprintf("Set by --%s on the command line beaweb started with; start it without that flag to change it here.", sp.Flag)
	case src == FromEnv:
		return fmt.Sprintf("Set by %s in the environment beaweb started with; unset it and restart to change it here.", sp.Env)
	case sp.Startup && sp.Flag != "":
		return fmt.Sprintf("Read when beaweb starts: set it with --%s or %s.", sp.Flag, sp.Env)
	case sp.Startup:
		return fmt.Sprintf("Read when beaweb starts: set it with %s.", sp.Env)
	}
	return ""
}
