package settings

import (
	"net"

	"beaweb/internal/fault"
)

// NeedsToken says the dashboard would listen beyond this machine with no
// token to ask for.
func (s Settings) NeedsToken() bool {
	host, _, _ := net.SplitHostPort(s.Text(Addr))
	return !isLoopback(host) && s.Text(Token) == ""
}

// WithToken is s with a token beaweb made for this run, when the dashboard
// needs one and none was given. It counts as a default: nothing set it.
func (s Settings) WithToken(tok string) Settings {
	next := s.clone()
	next.vals[Token] = Value{Text: tok}
	return next
}

// checkTLS refuses half a TLS setting: a certificate needs its key.
func (s Settings) checkTLS() error {
	if (s.Text(TLSCert) == "") != (s.Text(TLSKey) == "") {
		return fault.Invalidf("TLS needs both --tls-cert and --tls-key (BEA_TLS_CERT and BEA_TLS_KEY); only one is set.")
	}
	return nil
}
