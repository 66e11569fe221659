-- A world is one server, named by the hello's world.server; her places,
-- deaths and remembered blocks belong to one world.

-- +goose Up
CREATE TABLE worlds (
    id         INTEGER PRIMARY KEY,
    server     TEXT    NOT NULL UNIQUE,
    first_seen INTEGER NOT NULL
);

CREATE TABLE places (
    id        INTEGER PRIMARY KEY,
    world_id  INTEGER NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
    name      TEXT    NOT NULL COLLATE NOCASE CHECK (length(name) BETWEEN 1 AND 64),
    dimension TEXT    NOT NULL,
    x         INTEGER NOT NULL,
    y         INTEGER NOT NULL,
    z         INTEGER NOT NULL,
    note      TEXT    NOT NULL DEFAULT '',
    created   INTEGER NOT NULL,
    updated   INTEGER NOT NULL,
    UNIQUE (world_id, name)
);

CREATE TABLE deaths (
    id        INTEGER PRIMARY KEY,
    world_id  INTEGER NOT NULL REFERENCES worlds (id) ON DELETE CASCADE,
    at        INTEGER NOT NULL,
    cause     TEXT    NOT NULL,
    dimension TEXT    NOT NULL,
    x         INTEGER NOT NULL,
    y         INTEGER NOT NULL,
    z         INTEGER NOT NULL
);
CREATE INDEX deaths_world_at ON deaths (world_id, at);

-- +goose Down
DROP TABLE deaths;
DROP TABLE places;
DROP TABLE worlds;
