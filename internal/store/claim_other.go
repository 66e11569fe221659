//go:build !unix

package store

import (
	"errors"
	"os"
)

// errHeld is lockFile's answer for a file another process holds.
var errHeld = errors.New("held by another process")

// lockFile takes no lock where flock is not there: the lock file still
// names the process, but a second beaweb is not refused.
func lockFile(*os.File) error { return nil }
