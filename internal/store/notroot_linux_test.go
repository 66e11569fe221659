//go:build linux

package store

import (
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// nobody is the user the test becomes when it runs as root.
const nobody = 65534

// asSomeoneElse runs f as an ordinary user, so that file modes hold: as
// itself when the test is not root, and when it is (CI), as the user nobody
// on a thread of its own (Linux keeps the user ids per thread) that ends
// with f. The folder of dir and the ones above it up to the test's own are
// opened to others so that nobody can reach the files in it.
func asSomeoneElse(t *testing.T, dir string, f func() error) error {
	t.Helper()
	if os.Geteuid() != 0 {
		return f()
	}
	for _, d := range []string{dir, filepath.Dir(dir)} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan error, 1)
	go func() {
		// Never unlocked: the thread ends with this goroutine, and its
		// user ids with it, so no other goroutine runs as nobody.
		runtime.LockOSThread()
		if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESGID, nobody, nobody, nobody); e != 0 {
			done <- &os.SyscallError{Syscall: "setresgid", Err: e}
			return
		}
		if _, _, e := syscall.RawSyscall(syscall.SYS_SETRESUID, nobody, nobody, nobody); e != 0 {
			done <- &os.SyscallError{Syscall: "setresuid", Err: e}
			return
		}
		if os.Geteuid() != nobody {
			done <- os.ErrPermission
			return
		}
		done <- f()
	}()
	return <-done
}
