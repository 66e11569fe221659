package main

import (
	"strings"
	"testing"
	"time"

	"beaweb/internal/game/protocol"
	"beaweb/internal/gametest"
	"beaweb/internal/logtest"
)

// TestDashSignInBannerFromTheGame: a game side that waits for a Microsoft
// sign-in (the body with --auth microsoft) sends sign_in over the real
// WebSocket; the live page then says, escaped, where to go and what to
// enter, and once she has joined (the world packet) the banner is gone.
func TestDashSignInBannerFromTheGame(t *testing.T) {
	mod := gametest.New(t)
	a, logs := startBeaweb(t, "--mod-url", mod.URL(), "--idle-nudge-seconds", "0", "--commentary-seconds", "0")
	conn := mod.MustAccept()
	must(t, conn.SendHello(func(h *protocol.Hello) { h.MCVersion, h.World.Server = "", "" }))
	must(t, conn.Send(protocol.SignIn{URL: "https://microsoft.com/link", Code: "<b>F7K2</b>", ExpiresIn: 900,
		Message: "To sign in, use a web browser to open the page https://microsoft.com/link and enter the code F7K2"}))

	page := pageUntil(t, a.Dashboard+"/", logs, "the sign-in banner", func(body string) bool {
		return strings.Contains(body, "Sign in to Microsoft for Bea:")
	})
	for _, want := range []string{`<a href="https://microsoft.com/link"`, "&lt;b&gt;F7K2&lt;/b&gt;", `data-expires-in="`} {
		if !strings.Contains(page, want) {
			t.Errorf("the sign-in banner lacks %q", want)
		}
	}
	if strings.Contains(page, "<b>F7K2") {
		t.Error("the code reached the page unescaped")
	}

	must(t, conn.Send(protocol.WorldChange{Server: "play.example.net:25565", Dimension: "overworld"}))
	pageUntil(t, a.Dashboard+"/", logs, "the banner going once she joined", func(body string) bool {
		return !strings.Contains(body, "Sign in to Microsoft")
	})
}

// pageUntil reads url until cond holds of its body, for at most 30 s, and
// returns the body that met it.
func pageUntil(t *testing.T, url string, logs *logtest.Buffer, what string, cond func(body string) bool) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		body := httpGet(t, url)
		if cond(body) {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not show within 30 s:\n%s", what, logs)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
