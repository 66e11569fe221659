package provider

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"syscall"
	"time"

	"beaweb/internal/fault"
)

// The sentences a person reads when her model fails: what happened, in
// words, and what to do on the Settings page. The detailed sentence (status
// codes, what the SDK said) stays in the error's cause, for the log; the
// dashboard shows only these, through fault.Message.

// notModelAnswer ends the sentence for an answer that came back but is no
// model's answer.
const notModelAnswer = " answered something that is not a model answer: check that the model's address on Settings points at the model's API itself."

// failed wraps the detailed error in a fault whose sentence is for a person.
func (e *Endpoint) failed(detail error, sentence string) error {
	return fault.Wrap(fault.CodeUnavailable, detail, e.Redact(sentence))
}

// server is how a sentence names the server: "Her model's server at
// 127.0.0.1:9".
func (e *Endpoint) server() string {
	if u, err := url.Parse(e.URL); err == nil && u.Host != "" {
		return "Her model's server at " + u.Host
	}
	return "Her model's server"
}

// plainFailure is Failure's sentence for a person.
func (e *Endpoint) plainFailure(ctx context.Context, err error, a *Attempts) string {
	who := e.server()
	switch {
	case a.tooLong:
		return fmt.Sprintf("%s answered with more than %d MB, far more than any model's answer, so beaweb used none of it: "+
			"check that the model's address on Settings points at the model's API itself.", who, MaxAnswerBytes>>20)
	case ctx.Err() != nil:
		return "beaweb stopped waiting for her model's answer."
	case a.status >= 400:
		return e.plainStatus(who, a.status)
	case a.status >= 300:
		return who + " sent her somewhere else; beaweb does not follow, so that the key goes only to the address you gave: " +
			"if the model's API is there, put that address on Settings."
	case a.status > 0:
		return who + notModelAnswer
	case isTimeout(err):
		return fmt.Sprintf("%s did not answer within %s: the model may still be starting, or the server is stuck.", who, e.Timeout.Round(time.Second))
	}
	if why := netReason(err); why != "" {
		return who + " is not answering (" + why + "): check that it is running and that its address on Settings is right."
	}
	return who + " cannot be reached: check that it is running and that its address on Settings is right."
}

// plainStatus says an HTTP error status as what it means for her.
func (e *Endpoint) plainStatus(who string, status int) string {
	switch {
	case status == http.StatusUnauthorized && e.Key == "":
		return who + " wants an API key: enter one on Settings."
	case status == http.StatusUnauthorized:
		return who + " refused the API key: check the key on Settings."
	case status == http.StatusForbidden:
		return fmt.Sprintf("%s refused access: check that the API key may use the model %q.", who, e.Model)
	case status == http.StatusNotFound:
		return fmt.Sprintf("%s does not know the model %q, or the address is not the API's: check both on Settings.", who, e.Model)
	case status == http.StatusTooManyRequests:
		return who + " says she is asking too often (its rate limit); she asks again later."
	case status == statusOverloaded:
		return who + " is overloaded; she asks again in a little while."
	case status >= 500:
		return fmt.Sprintf("%s failed on its side (error %d); she asks again later.", who, status)
	}
	return fmt.Sprintf("%s turned her request down (error %d); its log line says why.", who, status)
}

// netReason is why a connection failed, in a few words, or "".
func netReason(err error) string {
	var dns *net.DNSError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var record tls.RecordHeaderError
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.As(err, &dns):
		return "no computer answers to that name"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "it cut the connection"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "no way to reach it from this computer"
	case errors.As(err, &unknownCA), errors.As(err, &hostname):
		return "its security certificate is not one beaweb trusts"
	case errors.As(err, &record):
		return "it does not speak https: try http:// in its address"
	}
	return ""
}
