-- How a build's cells ended, as the game side counted them in its answer:
-- cells in the build, cells placed right, cells left undone because she ran
-- out of their block, and cells where a protected block stands. NULL for
-- every other action, for a build still running, for an answer that did
-- not count them, and for every row written before this migration: those
-- read back with no counts, as they were.

-- +goose Up
ALTER TABLE actions ADD COLUMN build_cells     INTEGER;
ALTER TABLE actions ADD COLUMN build_placed    INTEGER;
ALTER TABLE actions ADD COLUMN build_missing   INTEGER;
ALTER TABLE actions ADD COLUMN build_protected INTEGER;

-- +goose Down
ALTER TABLE actions DROP COLUMN build_protected;
ALTER TABLE actions DROP COLUMN build_missing;
ALTER TABLE actions DROP COLUMN build_placed;
ALTER TABLE actions DROP COLUMN build_cells;
