package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"beaweb/internal/agent"
)

// MaxMessage bounds what of the provider's own words goes into an error
// sentence.
const MaxMessage = 400

// statusOverloaded is the status Anthropic answers when all its capacity is
// busy; OpenAI-compatible gateways in front of Claude pass it on.
const statusOverloaded = 529

// modelError is the cause under the fault an adapter's Generate returns
// when the provider did not answer: its text is the detailed sentence for the
// log (the status, what the provider said, the network's words), and it
// wraps agent.ErrModel and, where there is one, the context or network error
// underneath (never the SDK's error, whose text may quote a request or a
// body).
type modelError struct {
	msg   string
	cause error
}

func (e *modelError) Error() string { return e.msg }

func (e *modelError) Unwrap() []error {
	if e.cause == nil {
		return []error{agent.ErrModel}
	}
	return []error{agent.ErrModel, e.cause}
}

// Failure turns what the SDK returned after its retries into a
// fault.CodeUnavailable whose sentence a person can act on (plainFailure);
// its cause, for the log, says in detail what was answered. The error wraps
// agent.ErrModel, and the context's or the network's error where that was
// the cause.
func (e *Endpoint) Failure(ctx context.Context, err error, a *Attempts) error {
	where := e.where()
	tries := ""
	if a.count > 1 {
		tries = fmt.Sprintf(" after %d attempts", a.count)
	}
	var msg string
	var cause error
	switch {
	case a.tooLong:
		msg = fmt.Sprintf("%s answered with more than %d MB, which beaweb does not take: it read no further and used none of it. "+
			"Lower the model's output limit, or check that the base URL points at the API itself", where, MaxAnswerBytes>>20)
	case ctx.Err() != nil:
		cause = ctx.Err()
		msg = fmt.Sprintf("%s: the call was given up%s because its context ended (%v)", where, tries, ctx.Err())
	case a.status >= 400:
		msg = where + " " + statusSentence(a.status, a.header, a.body, tries, e.Model, e.Key != "")
	case a.status >= 300:
		msg = fmt.Sprintf("%s answered %d%s, a redirect to %s; beaweb follows no redirect from a model server, so that the key goes only to the base URL: "+
			"if that is where the API is, set the base URL to it", where, a.status, tries, redirectTarget(a.header))
	case a.status > 0:
		// It answered, but not in a shape the SDK could read.
		msg = fmt.Sprintf("%s answered %d%s with something that is not %s (%v); check that the base URL points at the API itself", where, a.status, tries, e.Answer, err)
	case isTimeout(err):
		cause = err
		msg = fmt.Sprintf("%s did not answer within %s%s; raise the timeout if the model is slow to start, or check that the server is not stuck", where, e.Timeout, tries)
	default:
		cause = err
		msg = fmt.Sprintf("%s could not be reached%s (%v); check that the server is running and that the base URL is right", where, tries, err)
	}
	msg = e.Redact(msg)
	e.Log.Debug(e.Name+": model call failed", slog.String("error", msg))
	return e.failed(&modelError{msg: msg, cause: cause}, e.plainFailure(ctx, err, a))
}

// Errorf returns a fault.CodeUnavailable whose sentence says that the
// server answered something that is no model's answer; its cause, for the
// log, says the provider, model and URL, then the formatted words, with the
// key taken out. It wraps agent.ErrModel. It is for an answer that came back
// but cannot be used.
func (e *Endpoint) Errorf(format string, args ...any) error {
	return e.failed(&modelError{msg: e.Redact(e.where() + " " + fmt.Sprintf(format, args...))}, e.server()+notModelAnswer)
}

// where begins every sentence: "openai: gpt-4o-mini at https://…".
func (e *Endpoint) where() string {
	return fmt.Sprintf("%s: %s at %s", e.Name, e.Model, e.URL)
}

// statusSentence says what an HTTP error status means for the person who
// configured the model, with what the provider said and how long it asked to
// wait.
func statusSentence(status int, header http.Header, body []byte, tries, model string, haveKey bool) string {
	code := strconv.Itoa(status)
	if text := http.StatusText(status); text != "" {
		code += " " + text
	} else if status == statusOverloaded {
		code += " Overloaded"
	}
	said := Message(body)
	switch {
	case said != "":
		said = fmt.Sprintf(" and said %q", said)
	case len(bytes.TrimSpace(body)) > 0:
		// Whatever answers at the URL is not quoted unless it speaks as an
		// API does: the URL may name another service, whose pages are not
		// for the dashboard to show.
		said = fmt.Sprintf(" with %d bytes of %s that are not an API's error (not quoted)", len(body), mediaType(header))
	}
	wait := ""
	if d, ok := retryAfter(header, time.Now()); ok {
		wait = fmt.Sprintf("; it asked to wait %s before trying again", d.Round(time.Millisecond))
	}
	switch {
	case status == http.StatusUnauthorized && !haveKey:
		return fmt.Sprintf("wants an API key (%s%s)%s; configure one", code, tries, said)
	case status == http.StatusUnauthorized:
		return fmt.Sprintf("refused the API key (%s%s)%s; check the API key", code, tries, said)
	case status == http.StatusForbidden:
		return fmt.Sprintf("refused access (%s%s)%s; check that the API key may use %s", code, tries, said, model)
	case status == http.StatusNotFound:
		return fmt.Sprintf("does not know the model or the endpoint (%s%s)%s; check the model name %q and the base URL", code, tries, said, model)
	case status == http.StatusTooManyRequests:
		if wait == "" {
			wait = "; it did not say how long to wait, so wait a minute or check the plan's limits"
		}
		return fmt.Sprintf("is rate limiting you (%s%s)%s%s", code, tries, said, wait)
	case status == statusOverloaded:
		return fmt.Sprintf("is overloaded (%s%s)%s%s; try again in a little while", code, tries, said, wait)
	case status >= 500:
		return fmt.Sprintf("failed on its side (%s%s)%s%s; try again later", code, tries, said, wait)
	case status >= 400 && status < 500:
		return fmt.Sprintf("rejected the request (%s%s)%s", code, tries, said)
	}
	return fmt.Sprintf("answered %s%s%s", code, tries, said)
}

// Message finds the human words in an error body: OpenAI's and Anthropic's
// {"error":{"message":…}}, Ollama's or a gateway's {"error":"…"}, a bare
// {"message":…} or {"detail":…}, shortened to MaxMessage bytes. Any other
// body gives "": it is never quoted, since the server at a model URL may be
// anything beaweb can reach (another service on this computer, a router's
// page), and what it says is no model's error.
func Message(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return ""
	}
	var shape struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	msg := ""
	if json.Unmarshal(body, &shape) == nil {
		var nested struct {
			Message string `json:"message"`
		}
		var plain string
		switch {
		case json.Unmarshal(shape.Error, &nested) == nil && nested.Message != "":
			msg = nested.Message
		case json.Unmarshal(shape.Error, &plain) == nil && plain != "":
			msg = plain
		case shape.Message != "":
			msg = shape.Message
		case json.Unmarshal(shape.Detail, &plain) == nil && plain != "":
			msg = plain
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if len(msg) > MaxMessage {
		cut := MaxMessage
		for cut > 0 && !isRuneStart(msg[cut]) {
			cut--
		}
		msg = msg[:cut] + "…"
	}
	return msg
}

// mediaType is the media type an answer said it had, or "an unnamed type".
func mediaType(h http.Header) string {
	if t, _, err := mime.ParseMediaType(h.Get("Content-Type")); err == nil && len(t) <= 100 {
		return t
	}
	return "an unnamed type"
}

// redirectTarget is where a redirect pointed, as scheme, host and path
// (its query and any credentials left out), or "nowhere it said".
func redirectTarget(h http.Header) string {
	u, err := url.Parse(h.Get("Location"))
	if err != nil || h.Get("Location") == "" {
		return "nowhere it said"
	}
	t := u.Path
	if u.Host != "" {
		t = u.Scheme + "://" + u.Host + u.Path
	}
	if len(t) > 200 {
		t = t[:200] + "…"
	}
	return strings.ToValidUTF8(t, "")
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// retryAfter reads how long the provider asked to wait: retry-after-ms
// (milliseconds), then retry-after (seconds, or an HTTP date).
func retryAfter(h http.Header, now time.Time) (time.Duration, bool) {
	if h == nil {
		return 0, false
	}
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second)), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

func isTimeout(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
