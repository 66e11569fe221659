package provider

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"unicode/utf8"

	"beaweb/internal/agent"
)

// What beaweb takes of one model answer. A model that runs away (or a
// server that is no model) could otherwise fill her memory, her history in
// the database and the dashboard with one answer: 50 MB of text made
// beaweb 6.6 GB large, its database 787 MB larger and the live page 524 MB.
// A real answer stays far inside them: 4,096 tokens of output are about
// 16 KB of words.
const (
	// MaxAnswerBytes bounds what is read of an answer's body; past it
	// the call fails and nothing of the answer is used.
	MaxAnswerBytes = 1 << 20
	// MaxAnswerText bounds the words kept of one answer; past it they
	// are cut, with a sentence that says so.
	MaxAnswerText = 64 << 10
	// MaxToolCalls bounds the tool calls run from one answer; the rest
	// are dropped, with a sentence that says so.
	MaxToolCalls = 32
	// MaxToolArgs bounds one tool call's arguments; a call with more is
	// dropped, with a sentence that says so.
	MaxToolArgs = 64 << 10
)

// errAnswerTooLong is what reading an answer past MaxAnswerBytes gives the
// SDK, which fails the call with it.
var errAnswerTooLong = errors.New("the answer ran past " + strconv.Itoa(MaxAnswerBytes>>20) + " MB")

// cappedBody reads at most MaxAnswerBytes of an answer, then fails, noting
// it on the call's watch.
type cappedBody struct {
	io.ReadCloser
	left int64
	a    *Attempts
}

func (b *cappedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more says whether the answer ends here or runs on.
		var one [1]byte
		if n, _ := b.ReadCloser.Read(one[:]); n > 0 {
			b.a.tooLong = true
			return 0, errAnswerTooLong
		}
		return b.ReadCloser.Read(p)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	return n, err
}

// Bound keeps what beaweb takes of an answer: its words cut at
// MaxAnswerText, its first MaxToolCalls tool calls, none whose arguments
// run past MaxToolArgs. What was cut is said at the end of the words the
// model reads back in her history, and logged as a warning; cut is that
// sentence, or "" when nothing was. r.Cut says what was cut for a person,
// for the live page ("it ran to 100 KB of words, and beaweb keeps the first
// 64 KB.").
func (e *Endpoint) Bound(r *agent.ModelResponse) (cut string) {
	var notes, told []string
	if len(r.Text) > MaxAnswerText {
		end := MaxAnswerText
		for end > 0 && !utf8.RuneStart(r.Text[end]) {
			end--
		}
		notes = append(notes, fmt.Sprintf("its words were cut here, at %d KB of %d KB", MaxAnswerText>>10, len(r.Text)>>10))
		told = append(told, fmt.Sprintf("it ran to %d KB of words, and beaweb keeps the first %d KB", len(r.Text)>>10, MaxAnswerText>>10))
		r.Text = r.Text[:end]
	}
	kept := r.ToolCalls[:0]
	dropped := 0
	for _, c := range r.ToolCalls {
		switch {
		case len(kept) >= MaxToolCalls:
			dropped++
		case len(c.Args) > MaxToolArgs:
			notes = append(notes, fmt.Sprintf("the call to %s was dropped: its arguments ran to %d KB, over %d KB", toolName(c.Name), len(c.Args)>>10, MaxToolArgs>>10))
			told = append(told, fmt.Sprintf("one of the things it asked her to do ran to %d KB and was left undone", len(c.Args)>>10))
		default:
			kept = append(kept, c)
		}
	}
	if dropped > 0 {
		notes = append(notes, fmt.Sprintf("%d tool calls after the first %d were dropped", dropped, MaxToolCalls))
		told = append(told, fmt.Sprintf("it asked her to do %d things at once, and beaweb does the first %d", dropped+MaxToolCalls, MaxToolCalls))
	}
	r.ToolCalls = kept
	if len(notes) == 0 {
		return ""
	}
	cut = "The model's answer was too long for beaweb: " + join(notes) + "."
	if r.Text != "" {
		r.Text += "\n\n"
	}
	r.Text += "[" + cut + "]"
	r.Cut = join(told) + "."
	e.Log.Warn(e.Name+": the model's answer was cut", slog.String("model", e.Model), slog.String("cut", cut))
	return cut
}

// toolName is a tool's name as the model wrote it, kept short: it is the
// model's text.
func toolName(name string) string {
	if len(name) > 64 || !utf8.ValidString(name) {
		return "a tool"
	}
	return name
}

func join(notes []string) string {
	switch len(notes) {
	case 1:
		return notes[0]
	case 2:
		return notes[0] + " and " + notes[1]
	}
	out := ""
	for i, n := range notes {
		switch {
		case i == len(notes)-1:
			out += ", and " + n
		case i > 0:
			out += ", " + n
		default:
			out = n
		}
	}
	return out
}
