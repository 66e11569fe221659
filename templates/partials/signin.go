package partials

import (
	"net/url"
	"strings"
)

// deviceLoginHosts are Microsoft's own device-login hosts. The address in a
// sign_in packet comes from whatever sits on the game side, so the banner
// links to it only when it is one of these: any other would be a "Sign in
// to Microsoft" link to a stranger's page, asking for the code.
var deviceLoginHosts = []string{
	"microsoft.com", "www.microsoft.com", "login.live.com", "login.microsoftonline.com", "aka.ms",
}

// MicrosoftLoginURL says whether u is an https address on one of
// Microsoft's device-login hosts, with no name or password in it and no
// port of its own.
func MicrosoftLoginURL(u string) bool {
	p, err := url.Parse(u)
	if err != nil || p.Scheme != "https" || p.User != nil || p.Port() != "" || p.Opaque != "" {
		return false
	}
	host := strings.ToLower(p.Host)
	for _, h := range deviceLoginHosts {
		if host == h {
			return true
		}
	}
	return false
}
