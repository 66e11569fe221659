// Package migrations holds the database schema as goose SQL files, the only
// source of truth for it: the store runs them and never derives tables from
// its Go types.
//
// Every time is kept as INTEGER milliseconds since the Unix epoch, so that
// times compare as numbers in SQL, and every flag as INTEGER 0 or 1.
package migrations

import "embed"

// FS holds every migration, named NNNNN_what.sql.
//
//go:embed *.sql
var FS embed.FS
