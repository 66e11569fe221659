package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"beaweb/internal/fault"
)

// writable says in a sentence why the database file at abs cannot be
// opened for writing, before SQLite gets to answer with words that name
// neither the file nor the cause ("no such file or directory" for a file
// that is there but read-only). nil when it can be.
func writable(abs string) error {
	dir := filepath.Dir(abs)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return cannot(abs, "its folder %s does not exist; create it, or point --db (BEA_DB) at a file in a folder that does", dir)
	case err != nil:
		return cannot(abs, "its folder %s cannot be read (%v)", dir, pathCause(err))
	case !st.IsDir():
		return cannot(abs, "%s is a file, not a folder", dir)
	}
	if st, err := os.Stat(abs); err == nil && st.IsDir() {
		return cannot(abs, "it is a folder; point --db (BEA_DB) at a file, such as %s", filepath.Join(abs, "beaweb.db"))
	}
	if f, err := os.OpenFile(abs, os.O_RDWR, 0); err == nil {
		f.Close()
	} else if !errors.Is(err, fs.ErrNotExist) {
		return cannot(abs, "the file cannot be written (%v); make it writable (chmod u+w %s), or point --db (BEA_DB) at another file", pathCause(err), abs)
	}
	// SQLite writes its journal beside the file (-wal, -shm), so the folder
	// must take new files even when the database exists.
	probe, err := os.CreateTemp(dir, ".beaweb-probe-*")
	if err != nil {
		return cannot(abs, "its folder %s does not take new files (%v), and SQLite keeps its journal beside the database; make the folder writable, or point --db (BEA_DB) elsewhere", dir, pathCause(err))
	}
	probe.Close()
	_ = os.Remove(probe.Name())
	return nil
}

// openFailed is the sentence for a database SQLite would not open or
// write.
func openFailed(abs string, err error) error {
	return cannot(abs, "SQLite refused it (%v); check that the file is a beaweb database, that the disk has room, and that the file and its folder are writable", err)
}

func cannot(abs, format string, args ...any) error {
	return fault.New(fault.CodeUnavailable, fmt.Sprintf("cannot use the database %s: ", abs)+fmt.Sprintf(format, args...)+".")
}

// pathCause is the operating system's words for err without the path,
// which the sentence already names.
func pathCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// interruptedNote is the message of an action a crash cut off.
const interruptedNote = "beaweb stopped before this action ended (a crash, a kill, or the machine went down), so how it ended is not known"

// InterruptLeftRunning marks every action still without an answer as
// interrupted at at, and says how many there were. Call it at start, once
// this process holds the database (Claim): no action of an earlier run can
// still be running then, and one left "running" by a crash would otherwise
// stay so in the history for ever.
func (s *Store) InterruptLeftRunning(ctx context.Context, at time.Time) (int64, error) {
	// "INTERRUPTED" is protocol.Interrupted: the store does not import the
	// wire's package.
	res := s.w.WithContext(ctx).Exec(`UPDATE actions SET finished = ?, result = 'INTERRUPTED', message = ? WHERE finished IS NULL`,
		ms(at), interruptedNote)
	if res.Error != nil {
		return 0, fmt.Errorf("store: marking the actions a crash cut off: %w", translate(res.Error))
	}
	return res.RowsAffected, nil
}
