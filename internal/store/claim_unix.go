//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// errHeld is lockFile's answer for a file another process holds.
var errHeld = syscall.EWOULDBLOCK

// lockFile takes an exclusive lock on f without waiting; the system lets it
// go when the process ends.
func lockFile(f *os.File) error {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EAGAIN) {
		return errHeld
	}
	return err
}
