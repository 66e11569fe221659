package web

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"beaweb/templates/pages"
)

func (s *Server) settingsView(c echo.Context, st Settings) pages.SettingsView {
	return pages.SettingsView{
		Head:         s.head(c, "Settings", "/settings"),
		Provider:     st.Provider,
		ModelURL:     st.ModelURL,
		Model:        st.Model,
		KeySet:       st.KeySet,
		ModURL:       st.ModURL,
		Name:         st.Name,
		IdleNudge:    st.IdleNudgeSeconds,
		Commentary:   st.CommentarySeconds,
		BuildScripts: st.BuildScripts,
		Enabled:      st.Enabled,
		Providers:    s.cfg.Providers,
	}
}

func (s *Server) handleSettings(c echo.Context) error {
	if s.deps.Settings == nil {
		return echo.NewHTTPError(http.StatusNotFound, "Settings are not wired in this run.")
	}
	st, err := s.deps.Settings.Settings(c.Request().Context())
	if err != nil {
		return err
	}
	v := s.settingsView(c, st)
	v.Saved = c.QueryParam("saved") == "1"
	return render(c, http.StatusOK, pages.Settings(v))
}

// handleSaveSettings saves the form. A form the person can fix comes back
// with what they typed (the key excepted) and a sentence saying what to
// change; nothing is saved then.
func (s *Server) handleSaveSettings(c echo.Context) error {
	if s.deps.Settings == nil {
		return echo.NewHTTPError(http.StatusNotFound, "Settings are not wired in this run.")
	}
	ctx := c.Request().Context()
	u, err := s.parseSettings(c)
	if err == nil {
		err = s.deps.Settings.SaveSettings(ctx, u)
	}
	if err != nil {
		code, msg := statusOf(err)
		if code >= 500 {
			return err
		}
		cur, rerr := s.deps.Settings.Settings(ctx)
		if rerr != nil {
			return rerr
		}
		u.KeySet = cur.KeySet
		v := s.settingsView(c, u.Settings)
		v.Problem = msg
		return render(c, code, pages.Settings(v))
	}
	return c.Redirect(http.StatusSeeOther, "/settings?saved=1")
}

// parseSettings reads and checks the settings form. On error the returned
// update still holds what was typed, to fill the form again.
func (s *Server) parseSettings(c echo.Context) (SettingsUpdate, error) {
	form := func(k string) string { return strings.TrimSpace(c.FormValue(k)) }
	on := func(k string) bool { return c.FormValue(k) == "on" }
	u := SettingsUpdate{
		Settings: Settings{
			Provider:     form("provider"),
			ModelURL:     form("model_url"),
			Model:        form("model"),
			ModURL:       form("mod_url"),
			Name:         form("name"),
			BuildScripts: on("build_scripts"),
			Enabled:      on("enabled"),
		},
		APIKey:   strings.TrimSpace(c.FormValue("api_key")),
		ClearKey: on("clear_key"),
	}
	var err error
	if u.IdleNudgeSeconds, err = seconds("idle nudge", form("idle_nudge")); err != nil {
		return u, err
	}
	if u.CommentarySeconds, err = seconds("commentary", form("commentary")); err != nil {
		return u, err
	}
	if !slices.Contains(s.cfg.Providers, u.Provider) {
		return u, invalidf("Choose a provider among %s.", strings.Join(s.cfg.Providers, ", "))
	}
	if u.ModelURL != "" {
		if err := checkURL(u.ModelURL, "http", "https"); err != nil {
			return u, invalidf("The model URL %s", err)
		}
	}
	if err := checkURL(u.ModURL, "ws", "wss"); err != nil {
		return u, invalidf("The mod URL %s", err)
	}
	if err := checkName(u.Name); err != nil {
		return u, err
	}
	if u.APIKey != "" && u.ClearKey {
		return u, invalidf("Either type a new key or forget the saved one, not both.")
	}
	if strings.ContainsFunc(u.APIKey, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		u.APIKey = ""
		return u, invalidf("An API key is one line without control characters; paste it again.")
	}
	return u, nil
}

func seconds(what, v string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > 86400 {
		return 0, invalidf("The %s is a whole number of seconds from 0 (off) to 86400, not %q.", what, v)
	}
	return n, nil
}

// checkURL says, as the end of a sentence, what is wrong with a URL.
func checkURL(raw string, schemes ...string) error {
	if raw == "" {
		return invalidf("is missing; give one such as %s://127.0.0.1:8080.", schemes[0])
	}
	p, err := url.Parse(raw)
	if err != nil || p.Host == "" {
		return invalidf("%q is not a URL; give one such as %s://127.0.0.1:8080.", raw, schemes[0])
	}
	if !slices.Contains(schemes, p.Scheme) {
		return invalidf("%q must start with %s://.", raw, strings.Join(schemes, ":// or "))
	}
	return nil
}

// checkName holds her name to Minecraft's rule for player names.
func checkName(name string) error {
	if len(name) < 3 || len(name) > 16 {
		return invalidf("Her name is a Minecraft player name: 3 to 16 letters, digits or underscores.")
	}
	for _, r := range name {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return invalidf("Her name %q may hold only letters, digits and underscores, as Minecraft names do.", name)
		}
	}
	return nil
}
