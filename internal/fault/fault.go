// Package fault is the one coded error of beaweb. An *Error carries a Code,
// which says what kind of failure it is (bad input, nothing there, ...), and
// the sentence a person or the model reads; it wraps the cause, if any, for
// the logs and for errors.Is and errors.As.
//
// The layers below say what went wrong in words; only package web turns a
// Code into an HTTP status, in one table. A sentence is written for whoever
// reads it, so it never starts with a Go package name.
package fault

import (
	"context"
	"errors"
	"fmt"
)

// Code is the kind of a failure.
type Code string

// The codes. An error without one is CodeInternal.
const (
	// CodeInvalid: the input is wrong; the sentence says how to fix it.
	CodeInvalid Code = "invalid"
	// CodeNotFound: what was asked for is not there.
	CodeNotFound Code = "not_found"
	// CodeConflict: it clashes with what is already there (a name taken).
	CodeConflict Code = "conflict"
	// CodeRefused: understood, but not allowed as things stand (a setting
	// fixed by the environment, a feature switched off).
	CodeRefused Code = "refused"
	// CodeUnavailable: something it needs is not there right now (the game,
	// the model); trying again later may work.
	CodeUnavailable Code = "unavailable"
	// CodeInternal: a failure inside beaweb that the reader cannot fix.
	CodeInternal Code = "internal"
)

// Error is a failure with its code, its sentence and its cause.
type Error struct {
	Code Code
	// Message is the sentence a person or the model reads.
	Message string
	// Err is the cause, or nil.
	Err error
}

// Error is the sentence, followed by the cause's text for the logs unless
// the cause is itself a fault (a sentinel the sentence already speaks for).
func (e *Error) Error() string {
	if e.Err == nil {
		return e.Message
	}
	if e.Message == "" {
		return e.Err.Error()
	}
	if _, sentinel := e.Err.(*Error); sentinel {
		return e.Message
	}
	return e.Message + ": " + e.Err.Error()
}

// Unwrap is the cause.
func (e *Error) Unwrap() error { return e.Err }

// New is a fault without a cause. Declared as a package variable it is a
// sentinel that errors.Is finds through every wrapping.
func New(code Code, sentence string) *Error {
	return &Error{Code: code, Message: sentence}
}

// Invalidf is bad input, with the sentence that says how to fix it,
// formatted as fmt.Sprintf does.
func Invalidf(format string, args ...any) error {
	return New(CodeInvalid, fmt.Sprintf(format, args...))
}

// Wrap gives err a code and the sentence to read in its place; err stays
// the cause, for errors.Is and the logs. A nil err gives nil.
func Wrap(code Code, err error, sentence string) error {
	if err == nil {
		return nil
	}
	return &Error{Code: code, Message: sentence, Err: err}
}

// CodeOf is the code of the outermost fault in err's chain. A deadline
// passed is CodeUnavailable; any other error is CodeInternal; nil is "".
func CodeOf(err error) Code {
	var f *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &f) && f.Code != "":
		return f.Code
	case errors.Is(err, context.DeadlineExceeded):
		return CodeUnavailable
	}
	return CodeInternal
}

// Message is the sentence of the outermost fault in err's chain that has
// one. An error that is no fault is not meant for a person's eyes, so its
// sentence is a plain one that sends them to the log.
func Message(err error) string {
	for e := err; e != nil; {
		var f *Error
		if !errors.As(e, &f) {
			break
		}
		if f.Message != "" {
			return f.Message
		}
		e = f.Err
	}
	switch {
	case err == nil:
		return ""
	case errors.Is(err, context.DeadlineExceeded):
		return "That took too long; try again in a moment."
	}
	return "Something went wrong inside beaweb; its log says what."
}
