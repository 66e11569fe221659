package store

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/pressly/goose/v3"

	"beaweb/migrations"
)

// newProvider is goose over the embedded migrations, with no global state:
// the Provider API keeps its registry and dialect to itself.
func newProvider(db *sql.DB) (*goose.Provider, error) {
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrations.FS,
		goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return nil, fmt.Errorf("goose: %w", err)
	}
	return p, nil
}

// migrate brings the schema up to the newest migration.
func migrate(ctx context.Context, db *sql.DB, logger *slog.Logger) error {
	p, err := newProvider(db)
	if err != nil {
		return err
	}
	results, err := p.Up(ctx)
	if err != nil {
		return err
	}
	for _, r := range results {
		logger.Debug("store: migration applied", slog.String("file", r.Source.Path), slog.Duration("took", r.Duration))
	}
	return nil
}
