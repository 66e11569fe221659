package store

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
)

// fileMode is the mode of the database and its WAL and SHM files: hers
// alone. The file holds an API key saved from the dashboard and every word
// said to her; another account on the machine has no business reading it.
const fileMode = 0o600

// ownFile creates the database file at abs with fileMode before SQLite
// opens it (SQLite would make it 0644, and gives the WAL and SHM files the
// mode of the database), and takes group and world access away from one
// made before, with its WAL and SHM. A file it cannot create or change is
// left to SQLite, which says why it cannot open it.
func ownFile(abs string, logger *slog.Logger) {
	f, err := os.OpenFile(abs, os.O_RDWR|os.O_CREATE|os.O_EXCL, fileMode)
	if err == nil {
		_ = f.Close()
		return
	}
	if !errors.Is(err, fs.ErrExist) {
		return
	}
	for _, p := range []string{abs, abs + "-wal", abs + "-shm"} {
		info, err := os.Stat(p)
		if err != nil || !info.Mode().IsRegular() || info.Mode().Perm()&0o077 == 0 {
			continue
		}
		if err := os.Chmod(p, info.Mode().Perm()&^0o077); err != nil {
			logger.Warn("the database file is readable by others and could not be made private", slog.String("file", p), slog.Any("error", err))
			continue
		}
		logger.Info("the database file was readable by others; it is now hers alone", slog.String("file", p))
	}
}
