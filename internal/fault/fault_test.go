package fault_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"beaweb/internal/fault"
)

var errGone = fault.New(fault.CodeNotFound, "There is nothing here: it may have been deleted.")

func TestCodeAndMessageThroughWrapping(t *testing.T) {
	cause := fmt.Errorf("open x: %w", fs.ErrPermission)
	tests := []struct {
		name string
		err  error
		code fault.Code
		msg  string
	}{
		{"invalid", fault.Invalidf("Her name has %d characters; keep it to 16.", 20), fault.CodeInvalid, "Her name has 20 characters; keep it to 16."},
		{"wrapped by fmt", fmt.Errorf("store: place %q: %w", "home", errGone), fault.CodeNotFound, "There is nothing here: it may have been deleted."},
		{"wrap keeps the sentence", fmt.Errorf("cmd: %w", fault.Wrap(fault.CodeUnavailable, cause, "The game is not connected.")), fault.CodeUnavailable, "The game is not connected."},
		{"a sentinel under a sentence", fault.Wrap(fault.CodeNotFound, errGone, "No place is called home."), fault.CodeNotFound, "No place is called home."},
		{"plain error", errors.New("web: boom"), fault.CodeInternal, "Something went wrong inside beaweb; its log says what."},
		{"deadline", fmt.Errorf("model: %w", context.DeadlineExceeded), fault.CodeUnavailable, "That took too long; try again in a moment."},
		{"nil", nil, "", ""},
	}
	for _, tt := range tests {
		if got := fault.CodeOf(tt.err); got != tt.code {
			t.Errorf("%s: CodeOf = %q, want %q", tt.name, got, tt.code)
		}
		if got := fault.Message(tt.err); got != tt.msg {
			t.Errorf("%s: Message = %q, want %q", tt.name, got, tt.msg)
		}
	}
}

func TestIsAndAsSeeTheCause(t *testing.T) {
	cause := fmt.Errorf("dial: %w", fs.ErrPermission)
	err := fmt.Errorf("outer: %w", fault.Wrap(fault.CodeUnavailable, cause, "The mod did not answer."))
	if !errors.Is(err, fs.ErrPermission) {
		t.Error("errors.Is does not reach the cause through a fault")
	}
	var f *fault.Error
	if !errors.As(err, &f) || f.Code != fault.CodeUnavailable {
		t.Errorf("errors.As = %v, %+v", errors.As(err, &f), f)
	}
	if got, want := err.Error(), "outer: The mod did not answer.: dial: permission denied"; got != want {
		t.Errorf("Error() = %q, want %q: the log keeps the cause", got, want)
	}
	sentinel := fault.Wrap(fault.CodeNotFound, errGone, "No place is called home.")
	if !errors.Is(sentinel, errGone) || sentinel.Error() != "No place is called home." {
		t.Errorf("a sentinel cause: Is = %v, Error = %q", errors.Is(sentinel, errGone), sentinel.Error())
	}
	if errors.Is(fault.New(fault.CodeInvalid, "x"), errGone) {
		t.Error("a fault matches a sentinel it does not wrap")
	}
	if fault.Wrap(fault.CodeInternal, nil, "x") != nil {
		t.Error("Wrap(nil) is not nil")
	}
}
