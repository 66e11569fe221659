package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/internal/fault"
	"beaweb/internal/settings"
	"beaweb/templates/pages"
)

// settingsGroups is the Settings page: which settings it shows, in which
// box, with which control. Package settings owns the values, their sources
// and their checks; this is only how a person sees them.
var settingsGroups = []struct {
	legend, about string
	fields        []settingsField
}{
	{"Model", "The language model she thinks with. Without one she plays on the offline autopilot.", []settingsField{
		{key: settings.Provider, kind: "choice"},
		{key: settings.ModelURL, kind: "url", hint: "Empty: the provider's own."},
		{key: settings.Model, kind: "text"},
		{key: settings.APIKey, kind: "secret"},
	}},
	{"What the model costs", "Prices per million tokens, in your currency, for the cost estimate on the Live page. Leave them empty for no estimate.", []settingsField{
		{key: settings.PriceInput, kind: "price"},
		{key: settings.PriceCached, kind: "price", hint: "Input the provider read from its cache."},
		{key: settings.PriceOutput, kind: "price"},
	}},
	{"Game", "", []settingsField{
		{key: settings.ModURL, kind: "text", hint: "Where the BeaCraft mod listens, such as ws://127.0.0.1:8080."},
		{key: settings.Name, kind: "text", hint: "3 to 16 letters, digits or underscores, as Minecraft names are."},
		{key: settings.IdleNudge, kind: "number", hint: "Seconds standing around before she is nudged; 0 is off."},
		{key: settings.Commentary, kind: "number", hint: "Seconds between her looks at a long action; she comments only for someone watching or a player near, at most once a game minute; 0 is off."},
		{key: settings.BuildScripts, kind: "toggle", hint: "She may draw buildings with short scripts."},
	}},
	{"Players", "Who may ask her for things, and how much of her model they may use.", []settingsField{
		{key: settings.Obey, kind: "text", hint: "Names separated by commas. Empty: she takes requests from every player."},
		{key: settings.PlayerTurns, kind: "number", hint: "Turns one player's lines may start in a minute; more wait for the next, and the player hears a word on the pace. 0 is no limit."},
		{key: settings.SecondRequest, kind: "choice", hint: "While she does what one player asked, another asks for something: both hear what she does about it."},
		{key: settings.SpendCap, kind: "price", hint: "The most her model may cost in an hour, in the prices' currency. At the cap she plays on the offline autopilot, which costs nothing, until the hour's cost drops under it. It needs the prices above; empty is no cap."},
		{key: settings.Commands, kind: "toggle", hint: "Off: she never types a line starting with /."},
		{key: settings.CommandAllow, kind: "text", hint: "With commands on, only these, such as /spawn, /home."},
	}},
	{"Read when beaweb starts", "These apply from the next start; set them with a flag or a BEA_ variable.", []settingsField{
		{key: settings.Addr, kind: "text"},
		{key: settings.DB, kind: "text"},
		{key: settings.Token, kind: "secret"},
		{key: settings.Practice, kind: "toggle"},
		{key: settings.Server, kind: "text"},
		{key: settings.Username, kind: "text", hint: "Empty: her name."},
		{key: settings.Auth, kind: "text"},
		{key: settings.Retention, kind: "number", hint: "Days of action and turn history kept."},
		{key: settings.TLSCert, kind: "text"},
		{key: settings.TLSKey, kind: "text"},
		{key: settings.TrustedProxy, kind: "text"},
	}},
}

type settingsField struct {
	key  settings.Key
	kind string // text, url, number, price, choice, toggle or secret
	hint string
}

// settingsView is the page for st; typed, when not nil, is what the person
// typed into the fields they could change, shown again after a refusal,
// and problems what is wrong with each. The rows the page cannot change (a
// flag or the environment fixed them, or they are read only at start) are
// gathered in a box of their own, after the ones it can.
func (s *Server) settingsView(c echo.Context, st Settings, typed map[settings.Key]string, problems map[settings.Key]string) pages.SettingsView {
	v := pages.SettingsView{Head: s.head(c, "Settings", "/settings"), Enabled: st.Enabled, SignOut: s.cfg.Token != ""}
	fixed := pages.SettingsGroup{Legend: "Fixed when beaweb started",
		About: "Set by a flag or a BEA_ variable, or read only at start: change them where they are set, and restart."}
	for _, g := range settingsGroups {
		group := pages.SettingsGroup{Legend: g.legend, About: g.about}
		for _, f := range g.fields {
			fv := s.fieldView(st, f, typed)
			fv.Problem = problems[f.key]
			if fv.Fixed != "" && fv.Problem == "" {
				fixed.Fields = append(fixed.Fields, fv)
				continue
			}
			group.Fields = append(group.Fields, fv)
		}
		if len(group.Fields) > 0 {
			v.Groups = append(v.Groups, group)
		}
	}
	if len(fixed.Fields) > 0 {
		v.Fixed = &fixed
	}
	for _, g := range settingsGroups {
		for _, f := range g.fields {
			if p := problems[f.key]; p != "" {
				v.Problems = append(v.Problems, p)
			}
		}
	}
	return v
}

func (s *Server) fieldView(st Settings, f settingsField, typed map[settings.Key]string) pages.SettingsField {
	sp, _ := settings.Lookup(f.key)
	val := st.Values.Get(f.key)
	fv := pages.SettingsField{
		Name: string(f.key), Label: sp.Label, Kind: f.kind, Value: val.Text, Hint: f.hint,
		Fixed: st.Values.Explain(f.key), Source: sourceWords(sp, val.Source),
	}
	if f.kind == "choice" {
		fv.Choices = sp.Choices
	}
	switch f.key {
	case settings.Provider:
		fv.Value, fv.Choices = st.Values.Provider(), s.cfg.Providers
	case settings.ModURL:
		if st.PracticeURL != "" {
			fv.Value, fv.Source = st.PracticeURL, "the practice world"
			fv.Fixed = "She plays in the practice world, which beaweb started itself with --practice; start it without --practice to play through the mod."
		}
		fv.Test = "/settings/test-mod"
	case settings.APIKey:
		fv.Test = "/settings/test-model"
	}
	if sp.Secret {
		fv.Set, fv.Value = val.Text != "", ""
	}
	if t, ok := typed[f.key]; ok && fv.Fixed == "" && !sp.Secret {
		fv.Value = t
	}
	return fv
}

// sourceWords says, in a few words, where a value comes from.
func sourceWords(sp settings.Spec, src settings.Source) string {
	switch src {
	case settings.FromFlag:
		return "from --" + sp.Flag
	case settings.FromEnv:
		return "from " + sp.Env
	case settings.FromSaved:
		return "saved here"
	}
	return "default"
}

func (s *Server) handleSettings(c echo.Context) error {
	if s.deps.Settings == nil {
		return echo.NewHTTPError(http.StatusNotFound, "Settings are not wired in this run.")
	}
	st, err := s.deps.Settings.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	v := s.settingsView(c, st, nil, nil)
	v.Saved = c.QueryParam("saved") == "1"
	return render(c, http.StatusOK, pages.Settings(v))
}

// handleSaveSettings saves what the person changed on the form, and
// nothing else: a value they never touched keeps following its default or
// the environment. A form with mistakes comes back with what they typed
// (the key excepted) and every mistake at once, each under its field;
// nothing is saved then.
func (s *Server) handleSaveSettings(c echo.Context) error {
	if s.deps.Settings == nil {
		return echo.NewHTTPError(http.StatusNotFound, "Settings are not wired in this run.")
	}
	ctx := c.Request().Context()
	st, err := s.deps.Settings.Settings(ctx)
	if err != nil {
		return err
	}
	u, problems, err := s.parseSettings(c, st)
	if err == nil && len(problems) == 0 {
		err = s.deps.Settings.SaveSettings(ctx, u)
	}
	if err != nil || len(problems) > 0 {
		code, msg := http.StatusUnprocessableEntity, ""
		if err != nil {
			if code, msg = statusOf(err); code >= 500 {
				return err
			}
		}
		v := s.settingsView(c, st, u.Changes, problems)
		v.Enabled = u.Enabled
		v.Problem = msg
		return render(c, code, pages.Settings(v))
	}
	return c.Redirect(http.StatusSeeOther, "/settings?saved=1")
}

// parseSettings reads the form: the text of every setting the person
// changed, that is, each field whose text is not what the page showed. A
// setting a flag or the environment fixed is read-only on the page, so a
// browser does not send it; one sent anyway goes to the save, which
// refuses it unless it is the value in force. Each value sent is checked
// by package settings here, so that every mistake is found at once;
// problems holds their sentences by setting.
func (s *Server) parseSettings(c echo.Context, st Settings) (SettingsUpdate, map[settings.Key]string, error) {
	u := SettingsUpdate{
		Changes:  map[settings.Key]string{},
		ClearKey: c.FormValue("clear_key") == "on",
		Enabled:  c.FormValue("enabled") == "on",
	}
	problems := map[settings.Key]string{}
	form, err := c.FormParams()
	if err != nil {
		if isTooLarge(err) {
			return u, problems, tooLarge(s.cfg.Limits.FormBody)
		}
		return u, problems, invalidf("The form could not be read; send it again.")
	}
	for _, g := range settingsGroups {
		for _, f := range g.fields {
			sp, _ := settings.Lookup(f.key)
			_, sent := form[string(f.key)]
			// An unticked box is not sent: it counts as off only when the
			// form says it showed the boxes (the page's form does).
			if f.kind == "toggle" {
				sent = form.Get("toggles") == "shown"
			}
			fixed := st.Values.Fixed(f.key) || f.key == settings.ModURL && st.PracticeURL != ""
			if sp.Startup || !sent || fixed && f.kind == "toggle" {
				continue
			}
			v := strings.TrimSpace(form.Get(string(f.key)))
			switch {
			case f.kind == "toggle":
				v = strconv.FormatBool(v == "on")
			case sp.Secret && v == "":
				continue // empty keeps the saved one
			}
			if !sp.Secret && v == s.fieldView(st, f, nil).Value {
				continue // untouched: it keeps following its source
			}
			u.Changes[f.key] = v
			if _, err := settings.Validate(f.key, v); err != nil {
				problems[f.key] = asSentence(fault.Message(err))
			}
		}
	}
	if u.Changes[settings.APIKey] != "" && u.ClearKey {
		delete(u.Changes, settings.APIKey)
		problems[settings.APIKey] = "Either type a new key or forget the saved one, not both."
	}
	return u, problems, nil
}

// handleTestModel sends one small request through the model the form
// names, at the model URL in force (SettingsStore.TestModel).
func (s *Server) handleTestModel(c echo.Context) error {
	return s.answerTest(c, func(st Settings) (string, error) {
		u, problems, err := s.parseSettings(c, st)
		if err != nil {
			return "", err
		}
		for _, key := range []settings.Key{settings.Provider, settings.ModelURL, settings.Model, settings.APIKey} {
			if p := problems[key]; p != "" {
				return "", invalidf("%s", p)
			}
		}
		return s.deps.Settings.TestModel(c.Request().Context(), u)
	})
}

// handleTestMod connects to the mod URL in the form (or the one in force
// when the page cannot change it) and reads its hello.
func (s *Server) handleTestMod(c echo.Context) error {
	return s.answerTest(c, func(st Settings) (string, error) {
		u := strings.TrimSpace(c.FormValue(string(settings.ModURL)))
		switch {
		case st.PracticeURL != "":
			u = st.PracticeURL
		case u == "" || st.Values.Fixed(settings.ModURL):
			u = st.Values.Text(settings.ModURL)
		}
		return s.deps.Settings.TestMod(c.Request().Context(), u)
	})
}

// answerTest answers a Test button (htmx) with a sentence. A failure the
// test found is its answer, not an error of the page.
func (s *Server) answerTest(c echo.Context, test func(Settings) (string, error)) error {
	if s.deps.Settings == nil {
		return echo.NewHTTPError(http.StatusNotFound, "Settings are not wired in this run.")
	}
	st, err := s.deps.Settings.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	text, err := test(st)
	if err != nil {
		if c.Request().Context().Err() != nil {
			return err // the person left
		}
		_, text = statusOf(err)
	}
	return render(c, http.StatusOK, pages.TestResult(text, err != nil))
}
