package blueprint

import (
	"fmt"

	"beaweb/internal/fault"
)

// ErrInvalid is what every refusal of a build's arguments matches with
// errors.Is. The refusal itself is a fault.CodeInvalid whose sentence is the
// bare answer, with no package prefix: the model reads it, the game sides
// (the practice world by its own code) answer FAILURE_INVALID with the same
// words, and the test vectors in testdata/minecraft_blueprints hold it byte
// for byte (fault.Message).
var ErrInvalid = fault.New(fault.CodeInvalid, "The build's arguments are not valid.")

func invalid(format string, a ...any) error {
	return fault.Wrap(fault.CodeInvalid, ErrInvalid, fmt.Sprintf(format, a...))
}

// quote writes s between double quotes without escaping anything, so the
// sentence reads the same from any implementation.
func quote(s string) string { return `"` + s + `"` }
