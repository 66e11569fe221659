package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"beaweb/internal/fault"
)

// Claim is this process's hold on a database file: a lock file beside it
// (<file>.lock) that holds the process id and an exclusive lock, which the
// system lets go of when the process ends, however it ends. Two beawebs on
// one file would both drive the same game and write each other's history;
// the second refuses to start. (The places command may still write beside
// a running beaweb: it does not claim the file.)
type Claim struct {
	f *os.File
}

// ClaimFile takes the database file at path for this process, or says
// which process holds it.
func ClaimFile(path string) (*Claim, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := writable(abs); err != nil {
		return nil, err
	}
	name := abs + ".lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, cannot(abs, "its lock file %s cannot be made (%v)", name, pathCause(err))
	}
	if err := lockFile(f); err != nil {
		defer f.Close()
		if errors.Is(err, errHeld) {
			return nil, fault.New(fault.CodeConflict, fmt.Sprintf(
				"Another beaweb (%s) is using the database %s; stop it first, or give this one its own file with --db (BEA_DB).",
				holder(f), abs))
		}
		return nil, cannot(abs, "its lock file %s cannot be locked (%v)", name, err)
	}
	err = f.Truncate(0)
	if err == nil {
		_, err = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	}
	if err == nil {
		err = f.Sync()
	}
	if err != nil {
		f.Close()
		return nil, cannot(abs, "its lock file %s cannot be written (%v)", name, err)
	}
	return &Claim{f: f}, nil
}

// holder names the process in the lock file.
func holder(f *os.File) string {
	b := make([]byte, 32)
	n, _ := f.ReadAt(b, 0)
	pid := strings.TrimSpace(string(b[:n]))
	if _, err := strconv.Atoi(pid); err != nil || pid == "" {
		return "a process that has not written its id yet"
	}
	return "process " + pid
}

// Release lets go of the file; the lock file stays, empty of any lock.
func (c *Claim) Release() error {
	if c == nil || c.f == nil {
		return nil
	}
	err := c.f.Close() // closing lets go of the lock
	c.f = nil
	return err
}
