package modclient

import (
	"errors"
	"net"
	"net/url"
	"syscall"

	"beaweb/internal/fault"
)

// linkSentence is why the link is down as the dashboard says it: a dial's
// sentence for a person (a fault's), or the error's own words, which the
// handshake's checks write as sentences.
func linkSentence(err error) string {
	var f *fault.Error
	if errors.As(err, &f) {
		return fault.Message(err)
	}
	return err.Error()
}

// hostOf is the host and port of a ws:// URL, or the URL itself.
func hostOf(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Host
	}
	return u
}

// dialSentence says why dialing the mod at u failed, in a person's words;
// the error's own text (Go's network words) is kept for the log.
func dialSentence(u string, err error) string {
	var dns *net.DNSError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "Nothing answers at " + hostOf(u) + " (connection refused)."
	case errors.As(err, &dns):
		return "No computer answers to the name in " + hostOf(u) + "."
	}
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return hostOf(u) + " did not answer in time."
	}
	return hostOf(u) + " cannot be reached."
}
