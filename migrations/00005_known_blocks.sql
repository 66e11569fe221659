-- The spatial map: blocks she placed and useful blocks she saw, per world
-- and dimension, one row a position. family groups blocks the way she
-- recalls them (every log is "log", deepslate_iron_ore is "iron_ore").
-- The primary key leads with x so that a box around her is a range scan;
-- the two indexes carry every column (the key's come with them), so a
-- query by family or block never visits the table.

-- +goose Up
CREATE TABLE known_blocks (
    world_id  INTEGER NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
    dimension TEXT    NOT NULL,
    x         INTEGER NOT NULL,
    y         INTEGER NOT NULL,
    z         INTEGER NOT NULL,
    block     TEXT    NOT NULL,
    family    TEXT    NOT NULL,
    placed    INTEGER NOT NULL DEFAULT 0 CHECK (placed IN (0, 1)),
    last_seen INTEGER NOT NULL,
    PRIMARY KEY (world_id, dimension, x, z, y)
) WITHOUT ROWID;
CREATE INDEX known_blocks_family ON known_blocks (world_id, dimension, family, x, block, placed, last_seen);
CREATE INDEX known_blocks_block ON known_blocks (world_id, dimension, block, x, family, placed, last_seen);

-- +goose Down
DROP TABLE known_blocks;
