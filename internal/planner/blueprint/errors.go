package blueprint

import (
	"errors"
	"fmt"
)

// ErrInvalid is what every refusal of a build's arguments matches with
// errors.Is.
var ErrInvalid = errors.New("blueprint: invalid build arguments")

// InvalidError refuses a build's arguments. Its Error is the bare sentence,
// with no package prefix, because the sentence is the answer itself: the
// model reads it, the practice world answers FAILURE_INVALID with it, and the
// test vectors in testdata/minecraft_blueprints hold it byte for byte.
type InvalidError struct {
	Sentence string
}

func (e *InvalidError) Error() string { return e.Sentence }

// Is makes every InvalidError match ErrInvalid.
func (e *InvalidError) Is(target error) bool { return target == ErrInvalid }

func invalid(format string, a ...any) error {
	return &InvalidError{Sentence: fmt.Sprintf(format, a...)}
}

// quote writes s between double quotes without escaping anything, so the
// sentence reads the same from any implementation.
func quote(s string) string { return `"` + s + `"` }
