//go:build !linux

package store

import (
	"os"
	"testing"
)

// asSomeoneElse runs f when the test is not root; root ignores file modes,
// and only Linux lets one thread become another user.
func asSomeoneElse(t *testing.T, dir string, f func() error) error {
	t.Helper()
	if os.Geteuid() == 0 {
		t.Skip("root ignores file modes, and this system cannot run the test as another user")
	}
	return f()
}
